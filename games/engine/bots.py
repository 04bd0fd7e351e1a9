"""Bots: an experimenter who knows no rule, and an oracle who knows them all.

The experimenter plays as a newcomer would: from its own view only, trying cards
it has not yet seen refused on that top, and keeping a notebook of refusals. The
oracle reads the whole state (for tests and load only) and always plays legally
when it can, saying every required call. Both write random valid rules when they
win a round. Randomness is a ``random.Random`` each bot owns.
"""

from __future__ import annotations

from random import Random
from typing import Protocol

from games.engine.actions import Action, ClaimWin, Pass, Play, WriteRule
from games.engine.events import Event
from games.engine.state import GameState
from games.engine.views import PlayerView
from rules.cards import STANDARD_CARDS
from rules.context import PlayContext
from rules.generate import random_spec
from rules.spec import dump_rule, load_rule


class Bot(Protocol):
    """Anything that can take a seat."""

    seat: int

    def act(self, state: GameState, view: PlayerView) -> Action | None:
        """The bot's action now, or ``None`` when it has nothing to do."""

    def observe(self, events: list[Event]) -> None:
        """Learn from what happened."""


def _rule_action(seat: int, rng: Random) -> WriteRule:
    """A random valid rule; the engine suggests its jargon."""
    while True:
        spec = random_spec(rng)
        try:
            rule = load_rule({"version": 1, "jargon": "Draft", "rule": spec})
        except ValueError:
            continue
        return WriteRule(seat, {"jargon": "", "rule": dump_rule(rule)["rule"]})


class Experimenter:
    """Knows no rule: tries untested cards, remembers refusals, passes when out of ideas."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = Random(seed)
        self.refused: set[tuple[str, str]] = set()
        self.tried: tuple[str, str] | None = None

    def act(self, state: GameState, view: PlayerView) -> Action | None:
        """Choose from the bot's own view (``state`` is not read)."""
        if view.phase == "writing" and self.seat in view.writers:
            return _rule_action(self.seat, self.rng)
        if view.phase != "playing" or view.current != self.seat:
            return None
        top = view.piles[0]["top"]
        options = [c for c in view.hand if (top, c) not in self.refused]
        if not options or self.rng.random() < 0.05:
            return Pass(self.seat)
        card = self.rng.choice(options)
        named = self.rng.choice(STANDARD_CARDS) if card == "JK" else None
        self.tried = (top, card)
        say = "Mao" if len(view.hand) == 2 and self.rng.random() < 0.5 else ""
        return Play(self.seat, (card,), (None if named is None else str(named),), say,
                    self.rng.choice("CDHS"), 0)

    def observe(self, events: list[Event]) -> None:
        """Note a refusal of the card just tried on that top."""
        for event in events:
            if event.kind == "refused" and event.seat == self.seat and self.tried:
                self.refused.add(self.tried)


class Oracle:
    """Knows every rule: plays a legal card whenever one is held, with every required call."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = Random(seed)

    def act(self, state: GameState, view: PlayerView) -> Action | None:
        """Choose with full knowledge of ``state``."""
        if state.phase == "writing" and self.seat in state.writers:
            return _rule_action(self.seat, self.rng)
        if state.phase != "playing" or state.current != self.seat:
            return None
        rulebook = state.rulebook()
        hand = state.hand_cards(self.seat)
        if rulebook.winning_hand(hand) is not None:
            return ClaimWin(self.seat)
        order = list(range(len(hand)))
        self.rng.shuffle(order)
        for index, pile in enumerate(state.piles):
            for i in order:
                card = hand[i]
                for stands in (STANDARD_CARDS if card.is_joker else (card,)):
                    ctx = PlayContext(stands, pile.effective(), physical=card,
                                      active_suit=pile.suit, hand=tuple(hand),
                                      hand_before=len(hand), player=self.seat,
                                      players=state.players, turn=state.turn + 1,
                                      round=state.round)
                    if rulebook.is_legal(ctx):
                        say = " ".join(v.phrase for v in rulebook.calls(ctx, "") if v.required)
                        named = str(stands) if card.is_joker else None
                        return Play(self.seat, (str(card),), (named,), say,
                                    self.rng.choice("CDHS"), index)
        return Pass(self.seat)

    def observe(self, events: list[Event]) -> None:
        """The oracle needs no notes."""


def make_bot(kind: str, seat: int, seed: int) -> Bot:
    """A bot by kind name: ``experimenter`` or ``oracle``."""
    if kind == "oracle":
        return Oracle(seat, seed)
    if kind == "experimenter":
        return Experimenter(seat, seed)
    raise ValueError(f"unknown bot kind {kind!r}")

