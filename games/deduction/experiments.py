"""Experiments: which card of your hand would test a hypothesis, or split two.

From the table as the player sees it now (each discard pile, the round so far, their own
hand) and the hypotheses they hold for one jargon: the cards one hypothesis predicts
refused (or setting the rule off, or owing words), on each pile, and the cards two
hypotheses disagree on, so that playing one tells them apart. For a permission, the groups
of the hand it lets go down together (or that split two); for an instant win, whether the
hand would win if revealed now. Only the player's own view and hypotheses go in.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from rules.cards import Card, card_of
from rules.context import PlayContext, Settings
from rules.evaluation import DEFAULT_SETTINGS, Rulebook, compile_condition, refusal_predicate
from rules.spec import Call, InstantWin, Permission, Restriction, Rule, Trigger

#: Groups of the hand tried for a permission: at most this many cards at once...
_GROUP_CARDS = 4
#: ...and at most this many groups suggested per jargon (the first found, shortest first).
_GROUPS_SHOWN = 3


@dataclass(frozen=True, slots=True)
class Table:
    """The table as one player sees it before their next play, on one discard pile."""

    seat: int
    hand: tuple[str, ...]
    under: tuple[str, ...]
    record: tuple[str, ...]
    turn: int
    round: int
    players: int
    active_suit: str | None = None


@dataclass(frozen=True, slots=True)
class Experiment:
    """What to play (``cards``: one card, a group, or none for revealing the hand), and
    what it would show."""

    note: str
    cards: tuple[str, ...] = ()

    @property
    def card(self) -> str:
        """The (first) card to play; ``""`` for revealing the hand."""
        return self.cards[0] if self.cards else ""


def _context(table: Table, card: str) -> PlayContext:
    hand = tuple(card_of(c) for c in table.hand)
    return PlayContext(card_of(card), tuple(card_of(c) for c in table.under), hand=hand,
                       hand_before=len(hand), player=table.seat, players=table.players,
                       turn=table.turn, round=table.round, active_suit=table.active_suit,
                       record=tuple(card_of(c) for c in table.record))


def _speaks(rule: Rule, ctx: PlayContext, settings: Settings) -> bool | None:
    """Whether ``rule`` would speak (refuse, fire, ask for words) on this play."""
    spec = rule.spec
    if isinstance(spec, Restriction):
        return refusal_predicate(spec, settings, rule.author)(ctx)
    if isinstance(spec, Trigger | Call):
        return compile_condition(spec.when, settings, rule.author)(ctx)
    return None


#: What a hypothesis would do with a card, and what it would not (``{}``: the card).
_VERBS = {"restriction": ("refuses {}", "lets {} through"),
          "trigger": ("fires on {}", "stays quiet on {}"),
          "call": ("asks for words with {}", "asks for nothing with {}"),
          "permission": ("lets {} go down together", "does not let {} go down together"),
          "instant_win": ("makes {} a winner", "does not make {} a winner")}


def _verdicts(found: list[Experiment], judged: Sequence[tuple[str, Rule, bool]],
              cards: tuple[str, ...], what: str, play: str, where: str = "",
              here: str = "") -> None:
    """Add the experiment that ``judged`` (each hypothesis's name, rule and verdict on the
    cards ``what``, played ``where``) makes of them: with one hypothesis, when it speaks
    (``here``: ``where`` for one table); with several, when they disagree."""
    if len(judged) == 1:
        name, rule, said = judged[0]
        if said:
            does = _VERBS[rule.spec.kind][0].format(what)
            found.append(Experiment(f"{name} {does}{where or here}: {play} to test it.", cards))
    elif len({said for *_, said in judged}) > 1:
        parts = [f"{name} {_VERBS[rule.spec.kind][0 if said else 1].format('it')}"
                 for name, rule, said in judged]
        found.append(Experiment(f"{what[0].upper()}{what[1:]} splits them{where}: "
                                + "; ".join(parts) + ".", cards))


def experiments(hypotheses: Sequence[tuple[str, Rule]], table: Table | Sequence[Table],
                settings: Settings = DEFAULT_SETTINGS) -> tuple[Experiment, ...]:
    """Things worth trying to test ``hypotheses`` (each with the name the player gave it),
    on the table (one :class:`Table` per discard pile).

    With one hypothesis: the cards it says the rule speaks on, on each pile (the groups a
    permission allows, the hand an instant win makes a winner). With several: the cards
    (groups, the hand) on which they disagree. Jokers are left out (their card is the
    player's to name).
    """
    tables = (table,) if isinstance(table, Table) else tuple(table)
    if not tables:
        return ()
    found: list[Experiment] = []
    cards = sorted({c for c in tables[0].hand if c != "JK"}, key=lambda c: card_of(c).index)
    plays = [(n, r) for n, r in hypotheses if isinstance(r.spec, Restriction | Trigger | Call)]
    for card in cards:
        for pile, on in enumerate(tables):
            ctx = _context(on, card)
            judged = [(name, rule, said) for name, rule in plays
                      if (said := _speaks(rule, ctx, settings)) is not None]
            where = "" if len(tables) == 1 else f" on pile {pile + 1}"
            _verdicts(found, judged, (card,), card_of(card).symbol, "play it", where, " here")
    groups = [(n, r) for n, r in hypotheses if isinstance(r.spec, Permission)]
    if groups:
        found += _group_experiments(groups, cards, settings)
    wins = [(n, r) for n, r in hypotheses if isinstance(r.spec, InstantWin)]
    hand = tuple(card_of(c) for c in tables[0].hand)
    if wins and hand:
        judged = [(name, rule, Rulebook([rule], settings).winning_hand(hand) is not None)
                  for name, rule in wins]
        _verdicts(found, judged, (), "your hand", "reveal it", here=" now")
    return tuple(found)


def _group_experiments(hypotheses: Sequence[tuple[str, Rule]], cards: Sequence[str],
                       settings: Settings) -> list[Experiment]:
    """Groups of the hand the permission hypotheses allow (one) or disagree on (several),
    shortest first, a few at most."""
    books = [(name, rule, Rulebook([rule], settings)) for name, rule in hypotheses]
    specs = [r.spec for _, r in hypotheses if isinstance(r.spec, Permission)]
    longest = min(_GROUP_CARDS, len(cards), max(s.most for s in specs))
    shortest = min(s.least for s in specs)
    found: list[Experiment] = []
    for size in range(shortest, longest + 1):
        for group in itertools.permutations(cards, size):
            effective: list[Card] = [card_of(c) for c in group]
            judged = [(name, rule, book.group_permission(effective) is not None)
                      for name, rule, book in books]
            shown = " ".join(c.symbol for c in effective)
            _verdicts(found, judged, tuple(group), shown, "play them at once")
            if len(found) >= _GROUPS_SHOWN:
                return found
    return found
