"""Experiments: which card of your hand would test a hypothesis, or split two.

From the table as the player sees it now (each discard pile, the round so far, their own
hand) and the hypotheses they hold for one jargon: the plays that best tell them from each
other and from the simplest rival rules that fit the evidence, with what each outcome
would rule out (:mod:`games.deduction.advice`). For a permission, the groups
of the hand it lets go down together (or that split two); for an instant win, whether the
hand would win if revealed now. Only the player's own view and hypotheses go in.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from games.deduction.advice import splits
from rules.cards import Card, card_of
from rules.context import PlayContext, Settings
from rules.evaluation import DEFAULT_SETTINGS, Rulebook
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
    #: The discard pile to play on (0-based).
    pile: int = 0

    @property
    def card(self) -> str:
        """The (first) card to play; ``""`` for revealing the hand."""
        return self.cards[0] if self.cards else ""


def context_of(table: Table, card: str) -> PlayContext:
    """The situation of playing ``card`` at ``table``."""
    hand = tuple(card_of(c) for c in table.hand)
    return PlayContext(card_of(card), tuple(card_of(c) for c in table.under), hand=hand,
                       hand_before=len(hand), player=table.seat, players=table.players,
                       turn=table.turn, round=table.round, active_suit=table.active_suit,
                       record=tuple(card_of(c) for c in table.record))


#: What a hypothesis would do with a card, and what it would not (``{}``: the card).
_VERBS = {"permission": ("lets {} go down together", "does not let {} go down together"),
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
                settings: Settings = DEFAULT_SETTINGS, rivals: Sequence[Rule] = (),
                jargon: str = "the rule") -> tuple[Experiment, ...]:
    """Things worth trying to test ``hypotheses`` for ``jargon`` (each with the name the
    player gave it), on the table (one :class:`Table` per discard pile).

    For rules about single plays: the plays that best split the hypotheses and the
    ``rivals`` (other rules that fit the evidence), never one they all agree on
    (:func:`games.deduction.advice.splits`). For permissions and instant wins: with one
    hypothesis, the groups it allows (the hand it makes a winner), against the table's
    default of refusing them; with several, those they disagree on. Jokers are left out
    (their card is the player's to name).
    """
    tables = (table,) if isinstance(table, Table) else tuple(table)
    if not tables:
        return ()
    found: list[Experiment] = []
    cards = sorted({c for c in tables[0].hand if c != "JK"}, key=lambda c: card_of(c).index)
    plays = [(n, r) for n, r in hypotheses if isinstance(r.spec, Restriction | Trigger | Call)]
    if plays:
        contexts = [[(card, context_of(on, card)) for card in cards] for on in tables]
        found += [Experiment(s.note, (s.card,), s.pile)
                  for s in splits(jargon, plays, rivals, contexts, settings)]
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
