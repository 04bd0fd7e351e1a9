"""Bots: an experimenter who knows no rule but its own, and an oracle who is told them all.

Every bot decides from its own seat's :class:`~games.engine.visibility.PlayerView`; the oracle
is also told every rule through one explicit door, a :data:`RuleInsight`. Bots write readable
rules of their kind's grade (:mod:`games.engine.bot_rules`), vetted against their
:class:`~games.engine.vetting.AuthorKnowledge` as an author's are in the builder, say the
calls and replies they know (:func:`words_for`, :func:`reply_for`) and answer races
(:func:`race_for`). Kinds above the engine register with :func:`register_kind`.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import lru_cache
from random import Random
from typing import Protocol

from games.engine.actions import (
    ClaimWin,
    Deal,
    Pass,
    Play,
    PlayerAction,
    Respond,
    Say,
    WriteRule,
)
from games.engine.bot_rules import builder_warning, draft, readable
from games.engine.events import Event, Refused
from games.engine.penalty_wait import playable
from games.engine.vetting import AuthorKnowledge
from games.engine.visibility import PlayerView
from rules.cards import STANDARD_CARDS, Card, card_of, parse
from rules.context import PlayContext, Settings
from rules.evaluation import DEFAULT_SETTINGS, Rulebook
from rules.phrases import speech_phrase
from rules.spec import Call, Rule, Trigger, dump_rule, load_rule
from rules.speech import owed_replies, perfect_reply

#: What a bot that knows every rule is told: the rulebook in force when it asks (and
#: nothing else of the game: hands and the stock stay out of its reach). Give it a
#: :class:`KnownRules`, never a state's own ``rulebook`` method, whose ``__self__`` is the
#: whole state.
RuleInsight = Callable[[], Rulebook]


class KnownRules:
    """A :data:`RuleInsight` that holds the compiled rulebook in force and nothing else:
    whoever runs the table tells it of each new rulebook (:meth:`update`)."""

    __slots__ = ("_rulebook",)

    def __init__(self, rulebook: Rulebook) -> None:
        self._rulebook = rulebook

    def __call__(self) -> Rulebook:
        """The rulebook in force, as last told."""
        return self._rulebook

    def update(self, rulebook: Rulebook) -> None:
        """A rule came into force: this is the rulebook now."""
        self._rulebook = rulebook


#: The rules a bot knows in full (their text, not just their jargon), read from its seat's
#: view; it makes every call among them that a play requires.
RuleKnowledge = Callable[[PlayerView], Sequence[Rule]]
#: The bot kinds a seat can hold.
BOT_KINDS = ("experimenter", "oracle", "detective")
#: What a bot writing a rule may consult, asked when it writes: its own rules and the one
#: bit about every rule in force (:func:`games.engine.vetting.author_knowledge`).
AuthorKnowledgeSource = Callable[[], AuthorKnowledge]
#: Makes a bot of a registered kind: ``maker(seat, seed, author_knowledge)``.
BotMaker = Callable[[int, int, AuthorKnowledgeSource | None], "Bot"]
#: Kinds that live above the engine, by name (see :func:`register_kind`).
_MAKERS: dict[str, BotMaker] = {}


class Bot(Protocol):
    """Anything that can take a seat: it decides from its own seat's view."""

    seat: int

    def act(self, view: PlayerView) -> PlayerAction | None:
        """The bot's action now, or ``None`` when it has nothing to do."""

    def observe(self, events: Sequence[Event]) -> None:
        """Learn from what happened (the events as this seat saw them)."""


#: How many drafts a bot makes before it settles for :data:`FALLBACK_RULE`.
MAX_DRAFTS = 200
#: A plain rule that passes every check on its own ("a seven skips the next player").
FALLBACK_RULE = {"kind": "trigger", "when": {"type": "rank", "of": "played", "in": ["7"]},
                 "effects": [{"type": "skip"}]}
#: The plain rule of a game whose rule-makers write only restrictions ("no seven on a
#: seven": a card of the seven's suit always follows it).
FALLBACK_RESTRICTION = {"kind": "restriction",
                        "when": {"type": "rank", "of": "top", "in": ["7"]},
                        "must_not": {"type": "rank", "of": "played", "in": ["7"]}}


def rule_action(seat: int, rng: Random, author_knowledge: AuthorKnowledge | None = None,
                settings: Settings = DEFAULT_SETTINGS, players: int | None = None,
                kind: str = "experimenter", kinds: tuple[str, ...] | None = None
                ) -> WriteRule:
    """A readable rule of the grade of a bot of ``kind`` (:func:`games.engine.bot_rules.draft`)
    that passes the checks an author's draft must pass against ``author_knowledge``
    (:meth:`~games.engine.vetting.AuthorKnowledge.objection`: the rules the bot may consult,
    then the one bit) and the builder's warnings about the bot's own rules
    (:func:`~games.engine.bot_rules.builder_warning`), of one of the ``kinds`` the game
    allows (``rule_kinds``; ``None``: any); the engine suggests its jargon."""
    author_knowledge = author_knowledge or AuthorKnowledge()
    for _ in range(MAX_DRAFTS):
        spec = draft(rng, kind)
        if kinds is not None and spec["kind"] not in kinds:
            continue
        try:
            rule = load_rule({"version": 1, "jargon": "Draft", "author": seat, "rule": spec})
        except ValueError:
            continue
        if (readable(rule, kind)
                and builder_warning(rule, author_knowledge.own, settings) is None
                and author_knowledge.objection(rule, settings, players) is None):
            return WriteRule(seat, {"jargon": "", "rule": dump_rule(rule)["rule"]})
    fallback = FALLBACK_RULE if kinds is None or "trigger" in kinds else FALLBACK_RESTRICTION
    return WriteRule(seat, {"jargon": "", "rule": fallback})


def rules_known(view: PlayerView) -> tuple[Rule, ...]:
    """The rules whose text the seat of ``view`` knows: its own, house rules and disclosed
    ones (the view shows no other before the reveal)."""
    public = [s for s in (*view.house_rules, *view.disclosed) if s.retired is None]
    return tuple(summary.rule for summary in (*view.my_rules, *public))


@lru_cache(maxsize=256)
def _call_book(rules: tuple[Rule, ...], aces_high: bool) -> Rulebook:
    """The call rules among ``rules``, compiled (they change once a round at most)."""
    return Rulebook([r for r in rules if isinstance(r.spec, Call)], Settings(aces_high))


def known_calls(known: RuleKnowledge, view: PlayerView) -> Rulebook:
    """The call rules a bot knows (``known`` read from ``view``), as a rulebook."""
    return _call_book(tuple(known(view)), view.settings.aces_high)


def words_for(calls: Rulebook, ctx: PlayContext, wished: Sequence[str] = ()) -> str:
    """What a bot says with the play ``ctx``: the words that make every call of ``calls``
    that the play requires (:meth:`~rules.evaluation.Rulebook.required_say`), then each
    ``wished`` phrase that none of ``calls`` would judge needless or in the way."""
    said = calls.required_say(ctx)
    for phrase in wished:
        trial = ". ".join(w for w in (said, phrase) if w)
        if not any(v.broken for v in calls.calls(ctx, trial)):
            said = trial
    return said


def play_context(view: PlayerView, card: Card, stands: Card, pile: int = 0) -> PlayContext:
    """The play of ``card`` (standing for ``stands``) on pile ``pile`` as the rules will
    judge it, from the player's own view (the engine counts the turn before judging)."""
    assert view.viewer is not None
    hand = tuple(parse(c) for c in view.hand)
    on = view.piles[pile]
    return PlayContext(stands, tuple(parse(c) for c in on.cards), physical=card,
                       active_suit=on.suit, hand=hand, hand_before=len(hand),
                       player=view.viewer, players=view.table_size, turn=view.turn + 1,
                       round=view.round, record=tuple(parse(c) for c in view.record),
                       pending=view.pending, on_starter=on.on_starter)


def write_for(seat: int, view: PlayerView, rng: Random,
              author_knowledge: AuthorKnowledge | None = None,
              kind: str = "experimenter") -> WriteRule:
    """A new rule by a bot of ``kind`` at this table (its settings and size), vetted against
    ``author_knowledge`` and, in detail, against the rules everyone knows from the view (a
    preset's house rules, secret rules disclosed and in force; where the new law replaces
    the laws in force, only the house rules stay beside it)."""
    author_knowledge = author_knowledge or AuthorKnowledge()
    public = [r for r in view.house_rules if r.retired is None]
    if view.settings.rule_making != "replace":
        public += [r for r in view.disclosed if r.retired is None]
    known = (*author_knowledge.own, *(r.rule for r in public if r.rule not in author_knowledge.own))
    # Once a seat has left, seats are no longer numbered from 0 up: vet for every size.
    players = len(view.names) if not view.out else None
    return rule_action(seat, rng, replace(author_knowledge, own=known),
                       Settings(aces_high=view.settings.aces_high), players, kind,
                       view.settings.rule_kinds)


def reply_for(seat: int, view: PlayerView, rules: Sequence[Rule]) -> Say | None:
    """The reply a bot owes under the reply rules among ``rules`` (what it knows), said as
    its next action, on its turn or not; ``None`` when it owes none. It says nothing else
    outside a play, so a talking rule never costs it a card."""
    if view.phase != "playing":
        return None
    owed = owed_replies(rules, view.unanswered)
    return Say(seat, perfect_reply(owed, view.unanswered)) if owed else None


def race_for(seat: int, view: PlayerView) -> Respond | None:
    """The answer a bot gives to a race it has not answered (a race is public: every bot
    sees the big button, as a player does), the oldest first; in a race to name a suit, the
    suit it holds most of. ``None``: no race waits for it. When to give it is the table's
    business (:func:`reaction_ms`)."""
    for race in view.races:
        if race.waits_for(seat):
            suit = held_most(view.hand) if race.means == "suit" else None
            return Respond(seat, race.number, suit)
    return None


#: A bot's reaction to a race: the median and spread of a person's (ms, a log-normal), and
#: the earliest it may come. It always comes within three quarters of the window, so a bot
#: that races is never late for want of trying.
REACTION_MEDIAN = 900
REACTION_SPREAD = 0.35
REACTION_FLOOR = 300


def reaction_ms(seed: int, race: int, seat: int, window_ms: int) -> int:
    """How long after race ``race`` opened the bot at ``seat`` answers it (ms): a person's
    reaction, seeded by the game, the race and the seat (the same on every run), never
    before :data:`REACTION_FLOOR` nor after three quarters of the window."""
    rng = Random(f"{seed}/reaction/{race}/{seat}")
    ms = int(rng.lognormvariate(math.log(REACTION_MEDIAN), REACTION_SPREAD))
    return max(min(REACTION_FLOOR, window_ms // 2), min(ms, window_ms * 3 // 4))


def held_most(hand: Sequence[str]) -> str:
    """The suit a hand holds most of (spades on a tie, else the first in club, diamond,
    heart, spade order): the suit a bot names."""
    held = Counter(card_of(c).suit for c in hand if c != "JK")
    return max("CDHS", key=lambda s: (held[s], s == "S"))


@lru_cache(maxsize=256)
def _race_book(rules: tuple[Rule, ...], aces_high: bool) -> Rulebook:
    """The triggers among ``rules`` that open a race to say something, compiled."""
    return Rulebook([r for r in rules if isinstance(r.spec, Trigger) and any(
        e.race is not None and e.race.answer == "say" for e in r.spec.effects)],
        Settings(aces_high))


def race_words(rules: Sequence[Rule], ctx: PlayContext, aces_high: bool = False) -> list[str]:
    """The phrases of the races that the play ``ctx`` sets off under ``rules`` (those a bot
    knows), to say with the play: they answer the races for it at once."""
    book = _race_book(tuple(rules), aces_high)
    return [speech_phrase(e.race.words).text for _, effects in book.fired(ctx)
            for e in effects if e.race is not None and e.race.answer == "say"]


def deal_for(seat: int, view: PlayerView) -> Deal | None:
    """A bot dealer deals at once: the seat after it plays first, clockwise."""
    if view.phase == "dealing" and view.dealer == seat:
        return Deal(seat)
    return None


def duty_for(seat: int, view: PlayerView, rng: Random, knows: RuleKnowledge,
             author_knowledge: AuthorKnowledgeSource | None,
             kind: str = "experimenter") -> PlayerAction | None:
    """What a bot of ``kind`` does before it may play: write its rule (of its kind's grade),
    deal, or answer a race or a reply it owes (its next action must be the words); ``None``
    when it owes nothing now."""
    if view.phase == "writing" and seat in view.writers:
        return write_for(seat, view, rng, author_knowledge() if author_knowledge else None,
                         kind)
    if view.phase == "dealing":
        return deal_for(seat, view)
    return race_for(seat, view) or reply_for(seat, view, knows(view))


def to_play(seat: int, view: PlayerView) -> bool:
    """Whether ``seat`` plays now: its turn in play, with no race open."""
    return view.phase == "playing" and view.current == seat and not view.races


class Experimenter:
    """Knows no rule but those it is told of (``knows``: by default its own): tries
    untested cards, remembers refusals, passes when out of ideas; makes the calls of the
    rules it knows, and now and then says "Mao" with its last but one card to see.

    ``refused`` is its notebook: the (top, card) pairs it has seen refused; a caller that
    keeps the notebook elsewhere (the live table's bot driver) may hand it in.
    """

    def __init__(self, seat: int, seed: int,
                 refused: set[tuple[str, str]] | None = None,
                 knows: RuleKnowledge = rules_known,
                 author_knowledge: AuthorKnowledgeSource | None = None) -> None:
        self.seat = seat
        self.rng = Random(seed)
        self.refused: set[tuple[str, str]] = set() if refused is None else refused
        self.tried: tuple[str, str] | None = None
        self.knows = knows
        self.author_knowledge = author_knowledge

    def act(self, view: PlayerView) -> PlayerAction | None:
        """Choose from the bot's own view."""
        duty = duty_for(self.seat, view, self.rng, self.knows, self.author_knowledge,
                        "experimenter")
        if duty is not None or not to_play(self.seat, view):
            return duty
        top = view.piles[0].top
        # After a pass that may be played on (``play_drawn``), only the card drawn.
        choosable = ((view.drawn,) if view.drawn is not None
                     else playable(view.hand, view.waiting))
        options = [c for c in choosable if (top, c) not in self.refused]
        if not options or self.rng.random() < 0.05:
            return Pass(self.seat)
        card = self.rng.choice(options)
        named = self.rng.choice(STANDARD_CARDS) if card == "JK" else None
        self.tried = (top, card)
        wished = ["Mao"] if len(view.hand) == 2 and self.rng.random() < 0.5 else []
        held = parse(card)
        ctx = play_context(view, held, held if named is None else named)
        known = self.knows(view)
        wished += race_words(known, ctx, view.settings.aces_high)
        say = words_for(known_calls(self.knows, view), ctx, wished)
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

    def act(self, view: PlayerView) -> PlayerAction | None:
        """Choose a legal play from the view and the rules it was told."""
        # Told every rule, it consults them all in detail when it writes.
        duty = duty_for(self.seat, view, self.rng, lambda _: self.insight().rules,
                        lambda: AuthorKnowledge(self.insight().rules), "oracle")
        if duty is not None:
            return duty
        if view.phase != "playing" or view.is_out(self.seat) or view.races:
            return None
        if view.current != self.seat:
            return self.multiple(view)
        rulebook = self.insight()
        hand = [parse(c) for c in view.hand]
        if rulebook.winning_hand(hand) is not None:
            return ClaimWin(self.seat)
        if view.drawn is not None:
            hand = [parse(view.drawn)]  # after a pass that may be played on, only its card
        elif view.waiting:
            hand = [parse(c) for c in playable(view.hand, view.waiting)]
        order = list(range(len(hand)))
        self.rng.shuffle(order)
        for index in range(len(view.piles)):
            base = play_context(view, STANDARD_CARDS[0], STANDARD_CARDS[0], index)
            for i in order:
                card = hand[i]
                for stands in (STANDARD_CARDS if card.is_joker else (card,)):
                    ctx = base.with_played(stands, card)
                    if rulebook.is_legal(ctx):
                        named = str(stands) if card.is_joker else None
                        races = race_words(rulebook.rules, ctx, view.settings.aces_high)
                        return Play(self.seat, (str(card),), (named,),
                                    words_for(rulebook, ctx, races), self.rng.choice("CDHS"),
                                    index)
        return Pass(self.seat)

    def multiple(self, view: PlayerView) -> Play | None:
        """Off its turn, a card identical to the top of a pile where the game lets one go
        down out of turn (``multiples``), if the rules let it go down there; else nothing:
        it never plays out of turn when that is not legal."""
        if not view.settings.multiples:
            return None
        rulebook = self.insight()
        for index, pile in enumerate(view.piles):
            top = pile.last(1)[0]
            if top == "JK" or top.startswith("JK=") or top not in view.hand:
                continue
            card = parse(top)
            ctx = play_context(view, card, card, index)
            if rulebook.is_legal(ctx):
                return Play(self.seat, (top,), (None,), words_for(rulebook, ctx),
                            self.rng.choice("CDHS"), index)
        return None

    def observe(self, events: Sequence[Event]) -> None:
        """The oracle needs no notes."""


def register_kind(kind: str, maker: BotMaker) -> None:
    """Let :func:`make_bot` seat a kind of bot that lives above the engine."""
    _MAKERS[kind] = maker


def make_bot(kind: str, seat: int, seed: int, insight: RuleInsight | None = None,
             author_knowledge: AuthorKnowledgeSource | None = None) -> Bot:
    """A bot by kind name: ``experimenter``, ``oracle`` (which needs the ``insight``), or a
    registered kind (``detective``, registered by :mod:`games.autoplay.detective_bot`).
    ``author_knowledge`` is what a bot that is not told the rules consults when it writes one
    (none: nothing)."""
    if kind == "oracle":
        if insight is None:
            raise ValueError("an oracle bot must be told the rules (insight)")
        return Oracle(seat, seed, insight)
    if kind == "experimenter":
        return Experimenter(seat, seed, author_knowledge=author_knowledge)
    maker = _MAKERS.get(kind)
    if maker is not None:
        return maker(seat, seed, author_knowledge)
    if kind in BOT_KINDS:
        raise ValueError(f"the {kind} bot is made above the engine: import "
                         f"games.bots.{kind} first")
    raise ValueError(f"unknown bot kind {kind!r}")
