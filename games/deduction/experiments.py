"""Experiments: which card of your hand would test a hypothesis, or split two.

From the table as the player sees it now (the pile, the round so far, their own hand) and
the hypotheses they hold for one jargon: the cards one hypothesis predicts refused (or
setting the rule off, or owing words), and the cards two hypotheses disagree on, so that
playing one tells them apart. Only the player's own view and hypotheses go in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.cards import card_of
from rules.context import PlayContext, Settings
from rules.evaluation import DEFAULT_SETTINGS, compile_condition, refusal_predicate
from rules.spec import Call, Restriction, Rule, Trigger


@dataclass(frozen=True, slots=True)
class Table:
    """The table as one player sees it before their next play."""

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
    """A card to play, and what it would show."""

    card: str
    note: str


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
          "call": ("asks for words with {}", "asks for nothing with {}")}


def experiments(hypotheses: Sequence[tuple[str, Rule]], table: Table,
                settings: Settings = DEFAULT_SETTINGS) -> tuple[Experiment, ...]:
    """Cards worth playing to test ``hypotheses`` (each with the name the player gave it).

    With one hypothesis: the cards it says the rule speaks on. With several: the cards on
    which they disagree. Jokers are left out (their card is the player's to name).
    """
    found: list[Experiment] = []
    cards = sorted({c for c in table.hand if c != "JK"}, key=lambda c: card_of(c).index)
    for card in cards:
        ctx = _context(table, card)
        verdicts = [(name, rule, _speaks(rule, ctx, settings)) for name, rule in hypotheses]
        known = [(name, rule, said) for name, rule, said in verdicts if said is not None]
        symbol = card_of(card).symbol
        if len(known) == 1:
            name, rule, said = known[0]
            if said:
                does = _VERBS[rule.spec.kind][0].format(symbol)
                found.append(Experiment(card, f"{name} {does} here: play it to test it."))
        elif len({said for *_, said in known}) > 1:
            parts = [f"{name} {_VERBS[rule.spec.kind][0 if said else 1].format('it')}"
                     for name, rule, said in known]
            found.append(Experiment(card, f"{symbol} splits them: " + "; ".join(parts) + "."))
    return tuple(found)
