"""Bots: an experimenter who knows no rule, and an oracle who is told them all.

Every bot decides from its own seat's view (:class:`~games.engine.views.PlayerView`):
its hand, the piles, the public log. The experimenter plays as a newcomer would, trying
cards it has not yet seen refused on that top, and keeping a notebook of its refusals.
The oracle is also told every rule in force, through one explicit door, a
:data:`RuleInsight` given when it is made (and shown as such at the table): it always
plays legally when it can, saying every required call. Both write random valid rules when
they win a round. Randomness is a ``random.Random`` each bot owns.

A kind of bot that reasons with more than the engine (the detective, which works the rules
out with :mod:`games.deduction`, a layer above the engine) lives above it and registers
its maker here (:func:`register_kind`), so that :func:`make_bot` and the simulations can
seat it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random
from typing import Protocol

from games.engine.actions import Action, ClaimWin, Pass, Play, WriteRule
from games.engine.events import Event, Refused
from games.engine.views import PlayerView
from rules.cards import STANDARD_CARDS, parse
from rules.context import PlayContext
from rules.evaluation import Rulebook
from rules.generate import random_spec
from rules.spec import dump_rule, load_rule

#: What a bot that knows every rule is told: the rulebook in force when it asks (and
#: nothing else of the game: hands and the stock stay out of its reach).
RuleInsight = Callable[[], Rulebook]
#: The bot kinds a seat can hold.
BOT_KINDS = ("experimenter", "oracle", "detective")
#: Makes a bot of a registered kind: ``maker(seat, seed)``.
BotMaker = Callable[[int, int], "Bot"]
#: Kinds that live above the engine, by name (see :func:`register_kind`).
_MAKERS: dict[str, BotMaker] = {}


class Bot(Protocol):
    """Anything that can take a seat: it decides from its own seat's view."""

    seat: int

    def act(self, view: PlayerView) -> Action | None:
        """The bot's action now, or ``None`` when it has nothing to do."""

    def observe(self, events: Sequence[Event]) -> None:
        """Learn from what happened (the events as this seat saw them)."""


def rule_action(seat: int, rng: Random) -> WriteRule:
    """A random valid rule; the engine suggests its jargon."""
    while True:
        spec = random_spec(rng)
        try:
            rule = load_rule({"version": 1, "jargon": "Draft", "rule": spec})
        except ValueError:
            continue
        return WriteRule(seat, {"jargon": "", "rule": dump_rule(rule)["rule"]})


class Experimenter:
    """Knows no rule: tries untested cards, remembers refusals, passes when out of ideas.

    ``refused`` is its notebook: the (top, card) pairs it has seen refused; a caller that
    keeps the notebook elsewhere (the live table's bot driver) may hand it in.
    """

    def __init__(self, seat: int, seed: int,
                 refused: set[tuple[str, str]] | None = None) -> None:
        self.seat = seat
        self.rng = Random(seed)
        self.refused: set[tuple[str, str]] = set() if refused is None else refused
        self.tried: tuple[str, str] | None = None

    def act(self, view: PlayerView) -> Action | None:
        """Choose from the bot's own view."""
        if view.phase == "writing" and self.seat in view.writers:
            return rule_action(self.seat, self.rng)
        if view.phase != "playing" or view.current != self.seat:
            return None
        top = view.piles[0].top
        options = [c for c in view.hand if (top, c) not in self.refused]
        if not options or self.rng.random() < 0.05:
            return Pass(self.seat)
        card = self.rng.choice(options)
        named = self.rng.choice(STANDARD_CARDS) if card == "JK" else None
        self.tried = (top, card)
        say = "Mao" if len(view.hand) == 2 and self.rng.random() < 0.5 else ""
        return Play(self.seat, (card,), (None if named is None else str(named),), say,
                    self.rng.choice("CDHS"), 0)

    def observe(self, events: Sequence[Event]) -> None:
        """Note a refusal of one of its own plays (the top and the card, both public)."""
        for event in events:
            if isinstance(event, Refused) and event.seat == self.seat and event.cards:
                self.refused.add((event.top, event.cards[0]))


class Oracle:
    """Told every rule: plays a legal card whenever one is held, with every required call.

    It sees what its seat sees (the view) and, through ``insight``, the rules in force.
    """

    def __init__(self, seat: int, seed: int, insight: RuleInsight) -> None:
        self.seat = seat
        self.rng = Random(seed)
        self.insight = insight

    def act(self, view: PlayerView) -> Action | None:
        """Choose a legal play from the view and the rules it was told."""
        if view.phase == "writing" and self.seat in view.writers:
            return rule_action(self.seat, self.rng)
        if view.phase != "playing" or view.current != self.seat:
            return None
        rulebook = self.insight()
        hand = [parse(c) for c in view.hand]
        if rulebook.winning_hand(hand) is not None:
            return ClaimWin(self.seat)
        order = list(range(len(hand)))
        self.rng.shuffle(order)
        recorded = tuple(parse(c) for c in view.record)
        for index, pile in enumerate(view.piles):
            below = tuple(parse(c) for c in pile.cards)
            for i in order:
                card = hand[i]
                for stands in (STANDARD_CARDS if card.is_joker else (card,)):
                    ctx = PlayContext(stands, below, physical=card, active_suit=pile.suit,
                                      hand=tuple(hand), hand_before=len(hand),
                                      player=self.seat, players=len(view.names),
                                      turn=view.turn + 1, round=view.round, record=recorded)
                    if rulebook.is_legal(ctx):
                        say = " ".join(v.phrase for v in rulebook.calls(ctx, "") if v.required)
                        named = str(stands) if card.is_joker else None
                        return Play(self.seat, (str(card),), (named,), say,
                                    self.rng.choice("CDHS"), index)
        return Pass(self.seat)

    def observe(self, events: Sequence[Event]) -> None:
        """The oracle needs no notes."""


def register_kind(kind: str, maker: BotMaker) -> None:
    """Let :func:`make_bot` seat a kind of bot that lives above the engine."""
    _MAKERS[kind] = maker


def make_bot(kind: str, seat: int, seed: int, insight: RuleInsight | None = None) -> Bot:
    """A bot by kind name: ``experimenter``, ``oracle`` (which needs the ``insight``), or a
    registered kind (``detective``, registered by :mod:`games.bots.detective`)."""
    if kind == "oracle":
        if insight is None:
            raise ValueError("an oracle bot must be told the rules (insight)")
        return Oracle(seat, seed, insight)
    if kind == "experimenter":
        return Experimenter(seat, seed)
    maker = _MAKERS.get(kind)
    if maker is not None:
        return maker(seat, seed)
    if kind in BOT_KINDS:
        raise ValueError(f"the {kind} bot is made above the engine: import "
                         f"games.bots.{kind} first")
    raise ValueError(f"unknown bot kind {kind!r}")
