"""Compiled evaluation: each rule becomes closures over precomputed card tables, once.

The rulebook changes once a round while plays happen constantly, so
:class:`Rulebook` compiles every condition when it is built: card tests become
bitmasks over the 53 card kinds and relations become 53x53 tables, and a check
is then a handful of index look-ups.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from rules.call_order import judge_calls
from rules.cards import ALL_KINDS, KIND_COUNT, Card
from rules.conditions import (
    ActiveSuitIs,
    All,
    Always,
    Any_,
    CardSet,
    CardTest,
    Cases,
    Compare,
    Condition,
    FollowsActiveSuit,
    HandCount,
    Iff,
    IsAuthor,
    IsJoker,
    Not,
    OnStarter,
    Relation,
    card_mask,
    card_set,
    walk,
)
from rules.context import PlayContext, Settings
from rules.counting import Count, Difference, Position, Sum, Window
from rules.effects import Effect
from rules.phrases import (
    Heard,
    Phrase,
    Template,
    compile_template,
    expand,
    perfect_words,
)
from rules.spec import (
    Call,
    InstantWin,
    Permission,
    Restriction,
    Rule,
    SpeechSpec,
    Talking,
    Trigger,
)
from rules.speech import Moment, SpeechVerdict, judge_play_talk, judge_speech, owed_replies

Predicate = Callable[[PlayContext], bool]
Compiler = Callable[[Condition, Settings, "int | None"], Predicate]
COMPILERS: dict[type[Condition], Compiler] = {}
DEFAULT_SETTINGS = Settings()
_OPS = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
        ">": operator.gt, ">=": operator.ge}


def compiles(cls: type[Condition]) -> Callable[[Compiler], Compiler]:
    """Register the compiler of one condition node type."""

    def register(fn: Compiler) -> Compiler:
        COMPILERS[cls] = fn
        return fn

    return register


def compile_condition(cond: Condition, settings: Settings = DEFAULT_SETTINGS,
                      author: int | None = None) -> Predicate:
    """Turn a condition into a fast predicate over :class:`PlayContext`."""
    if not any(isinstance(n, IsJoker) for n in walk(cond)):
        found = card_set(cond, settings.aces_high)
        if found is not None:
            return _mask_predicate(next(iter(cond.reads())), found)
    compiler = COMPILERS.get(type(cond))
    if compiler is None:
        raise TypeError(f"no compiler for condition type {type(cond).__name__}")
    return compiler(cond, settings, author)


def _mask_predicate(subject: str, found: CardSet) -> Predicate:
    """A look-up of one card in a :class:`CardSet` (its verdict when the card is missing)."""
    mask, missing = found.mask, found.missing
    if subject == "played":
        return lambda ctx: bool(mask >> ctx.played.index & 1)
    if subject == "top":
        return lambda ctx: bool(mask >> ctx.pile[-1].index & 1) if ctx.pile else missing
    depth = int(subject[4:])
    return lambda ctx: (bool(mask >> ctx.pile[-depth].index & 1) if len(ctx.pile) >= depth
                        else missing)


@compiles(Always)
def _always(cond: Condition, settings: Settings, author: int | None) -> Predicate:
    return lambda ctx: True


@compiles(All)
def _all(cond: Condition, settings: Settings, author: int | None) -> Predicate:
    assert isinstance(cond, All)
    parts = tuple(compile_condition(c, settings, author) for c in cond.of)
    return lambda ctx: all(p(ctx) for p in parts)


@compiles(Any_)
def _any(cond: Condition, settings: Settings, author: int | None) -> Predicate:
    assert isinstance(cond, Any_)
    parts = tuple(compile_condition(c, settings, author) for c in cond.of)
    return lambda ctx: any(p(ctx) for p in parts)


@compiles(Not)
def _not(cond: Condition, settings: Settings, author: int | None) -> Predicate:
    assert isinstance(cond, Not)
    inner = compile_condition(cond.of, settings, author)
    return lambda ctx: not inner(ctx)


@compiles(Iff)
def _iff(cond: Condition, settings: Settings, author: int | None) -> Predicate:
    assert isinstance(cond, Iff)
    one, other = (compile_condition(c, settings, author) for c in cond.of)
    return lambda ctx: one(ctx) == other(ctx)


@compiles(Cases)
def _cases(cond: Condition, settings: Settings, author: int | None) -> Predicate:
    assert isinstance(cond, Cases)
    table = tuple((compile_condition(when, settings, author),
                   compile_condition(then, settings, author)) for when, then in cond.cases)
    otherwise = compile_condition(cond.otherwise, settings, author)

    def decide(ctx: PlayContext) -> bool:
        for when, then in table:
            if when(ctx):
                return then(ctx)
        return otherwise(ctx)

    return decide


@compiles(IsJoker)
def _joker(cond: Condition, settings: Settings, author: int | None) -> Predicate:
    return lambda ctx: ctx.physical.is_joker


def _card_test(cond: Condition, settings: Settings, author: int | None) -> Predicate:
    assert isinstance(cond, CardTest)
    found = card_set(cond, settings.aces_high)
    assert found is not None
    return _mask_predicate(cond.of, found)


def relation_holds(rel: str, a: Card, b: Card, aces_high: bool, n: int = 0) -> bool:
    """Whether card ``a`` stands in relation ``rel`` to card ``b`` (jokers relate to nothing)."""
    if a.is_joker or b.is_joker:
        return False
    va, vb = a.value(aces_high), b.value(aces_high)
    match rel:
        case "same_suit":
            return a.suit == b.suit
        case "same_rank":
            return a.rank == b.rank
        case "same_colour":
            return a.colour == b.colour
        case "higher":
            return va > vb
        case "lower":
            return va < vb
        case "one_higher":
            return va == vb + 1
        case "one_lower":
            return va == vb - 1
        case "adjacent":
            return abs(va - vb) == 1
        case "adjacent_wrap":
            return (a.rank - b.rank) % 13 in (1, 12)
        case "differs_by_at_least":
            return abs(va - vb) >= n
    raise ValueError(f"unknown relation {rel!r}")


@lru_cache(maxsize=128)
def _relation_table(rel: str, aces_high: bool, n: int) -> bytes:
    """Whether each card kind stands in ``rel`` to each other, row by row (worked out once)."""
    return bytes(relation_holds(rel, a, b, aces_high, n) for a in ALL_KINDS for b in ALL_KINDS)


@compiles(Relation)
def _relation(cond: Condition, settings: Settings, author: int | None) -> Predicate:
    assert isinstance(cond, Relation)
    table = _relation_table(cond.rel, settings.aces_high, cond.n)
    if (cond.a, cond.b) == ("played", "top"):
        return lambda ctx: bool(ctx.pile) and bool(
            table[ctx.played.index * KIND_COUNT + ctx.pile[-1].index])
    a_subject, b_subject = cond.a, cond.b

    def holds(ctx: PlayContext) -> bool:
        a, b = ctx.card(a_subject), ctx.card(b_subject)
        return a is not None and b is not None and bool(table[a.index * KIND_COUNT + b.index])

    return holds


@compiles(FollowsActiveSuit)
def _follows(cond: Condition, settings: Settings, author: int | None) -> Predicate:
    return lambda ctx: ctx.played.suit == ctx.active_suit


@compiles(ActiveSuitIs)
def _active(cond: Condition, settings: Settings, author: int | None) -> Predicate:
    assert isinstance(cond, ActiveSuitIs)
    suits = frozenset(cond.suits)
    return lambda ctx: ctx.active_suit in suits


@compiles(Compare)
def _compare(cond: Condition, settings: Settings, author: int | None) -> Predicate:
    assert isinstance(cond, Compare)
    op, value, get = _OPS[cond.op], cond.value, operator.attrgetter(cond.what)
    return lambda ctx: bool(op(get(ctx), value))


@compiles(OnStarter)
def _on_starter(cond: Condition, settings: Settings, author: int | None) -> Predicate:
    return lambda ctx: ctx.on_starter


@compiles(IsAuthor)
def _is_author(cond: Condition, settings: Settings, author: int | None) -> Predicate:
    return lambda ctx: author is not None and ctx.player == author


@compiles(HandCount)
def _hand_count(cond: Condition, settings: Settings, author: int | None) -> Predicate:
    assert isinstance(cond, HandCount)
    mask = card_mask(cond.where, settings.aces_high)
    assert mask is not None
    op, value = _OPS[cond.op], cond.value
    return lambda ctx: bool(op(sum(mask >> c.index & 1 for c in ctx.hand), value))


def _recorded(window: Window) -> Callable[[PlayContext], bytes]:
    """The record's part of a window (without the played card), as kind indices."""
    if not window.last:
        return lambda ctx: ctx.record_kinds
    # At least one ("the last card including this one" is refused as the played card).
    keep = window.last - window.with_played
    return lambda ctx: ctx.record_kinds[-keep:]


def _counter(masks: Sequence[int], window: Window) -> Callable[[PlayContext], int]:
    """How many cards of the window pass: the record's part with the cards that fail
    deleted, in C (a translation that drops them), and the played card by its bit.
    ``masks`` holds the kinds counted per kind of played card (all alike but for a count
    of cards sharing something with it)."""
    tables = {mask: bytes(k for k in range(256) if not (k < KIND_COUNT and mask >> k & 1))
              for mask in set(masks)}
    failing = tuple(tables[mask] for mask in masks)
    recorded = _recorded(window)
    if window.with_played:
        return lambda ctx: (len(recorded(ctx).translate(None, failing[ctx.played.index]))
                            + (masks[ctx.played.index] >> ctx.played.index & 1))
    return lambda ctx: len(recorded(ctx).translate(None, failing[ctx.played.index]))


@compiles(Position)
def _position(cond: Condition, settings: Settings, author: int | None) -> Predicate:
    assert isinstance(cond, Position)
    holds = cond.holds
    return lambda ctx: holds(ctx.position)


@compiles(Count)
def _count(cond: Condition, settings: Settings, author: int | None) -> Predicate:
    assert isinstance(cond, Count)
    count = _counter(cond.masks(settings.aces_high), cond.window)
    if cond.than_where is not None and cond.than_window is not None:
        op = _OPS[cond.op]
        other_mask = card_mask(cond.than_where, settings.aces_high)
        assert other_mask is not None
        other = _counter([other_mask] * KIND_COUNT, cond.than_window)
        return lambda ctx: bool(op(count(ctx), other(ctx)))
    holds = cond.holds
    return lambda ctx: holds(count(ctx))


@compiles(Sum)
def _sum(cond: Condition, settings: Settings, author: int | None) -> Predicate:
    assert isinstance(cond, Sum)
    values = tuple(card.value(settings.aces_high) for card in ALL_KINDS)
    holds = cond.holds
    if cond.cards:
        subjects, than = cond.cards, cond.than

        def named(ctx: PlayContext) -> bool:
            total = 0
            for subject in subjects:
                card = ctx.card(subject)
                if card is None:
                    return False
                total += values[card.index]
            if not than:
                return holds(total)
            if than == "position":
                return holds(total, ctx.position)
            other = ctx.card(than)
            return other is not None and holds(total, values[other.index])

        return named
    window = cond.window or Window()
    # Each kind's value as a byte (at most 14): the window's total is a sum over bytes.
    table = bytes(values[k] if k < KIND_COUNT else 0 for k in range(256))
    recorded = _recorded(window)
    if window.with_played:
        return lambda ctx: holds(sum(recorded(ctx).translate(table))
                                 + values[ctx.played.index])
    return lambda ctx: holds(sum(recorded(ctx).translate(table)))


@compiles(Difference)
def _difference(cond: Condition, settings: Settings, author: int | None) -> Predicate:
    assert isinstance(cond, Difference)
    table = bytes(cond.holds(a.value(settings.aces_high), b.value(settings.aces_high))
                  for a in ALL_KINDS for b in ALL_KINDS)
    a_subject, b_subject = cond.a, cond.b

    def holds(ctx: PlayContext) -> bool:
        a, b = ctx.card(a_subject), ctx.card(b_subject)
        return a is not None and b is not None and bool(table[a.index * KIND_COUNT + b.index])

    return holds


for _test_type in CardTest.__subclasses__():
    COMPILERS.setdefault(_test_type, _card_test)


@dataclass(frozen=True, slots=True)
class CallVerdict:
    """How one call rule judged what a player said with a legal play, among all the call
    rules of the rulebook (:func:`rules.phrases.judge`): ``phrase`` is its words for this
    play as a perfect caller says them; ``said`` whether the words said count as making
    the call (for a required call: its phrase found in words no other required call took;
    for one not required: its phrase in words no required call took, and not naming the
    card)."""

    rule: Rule
    required: bool
    phrase: str
    said: bool
    #: The phrase as the rule writes it (letter case kept), for quoting it back.
    written: str = ""
    #: Copies of the rule's counted word a short saying left out (0: not said short).
    short: int = 0
    #: The words of the call said last that this one came after (``""``: in time).
    late: str = ""
    #: Stated while another required call was missing or late (its ``early_penalty``).
    early: bool = False
    #: A missed call whose charge an early statement's covers (it costs nothing itself).
    covered: bool = False

    @property
    def penalty(self) -> int:
        """The cards a breach costs: nothing when an early statement's charge covers it,
        that charge for the early statement, one per copy left out when said short, else
        the rule's penalty."""
        spec = self.rule.spec
        if self.covered:
            return 0
        if self.early and isinstance(spec, Call) and spec.early_penalty is not None:
            return spec.early_penalty
        return self.short or getattr(spec, "penalty", 1)

    @property
    def broken(self) -> bool:
        """A required call not made (or made late), a call made when it was not required
        (needless), or a call stated too early."""
        return self.required != self.said or self.early


class Rulebook:
    """Every rule in force, compiled for one game's settings."""

    def __init__(self, rules: Sequence[Rule], settings: Settings = DEFAULT_SETTINGS) -> None:
        self.rules = tuple(rules)
        self.settings = settings
        self._refusals: list[tuple[Rule, Predicate]] = []
        self._triggers: list[tuple[Rule, Predicate, tuple[Effect, ...]]] = []
        self._permissions: list[tuple[Rule, Predicate, Predicate, int, int]] = []
        self._calls: list[tuple[Rule, Predicate, Template]] = []
        self._wins: list[tuple[Rule, Predicate]] = []
        self._speech: list[Rule] = []
        for rule in self.rules:
            self._add(rule)

    def _add(self, rule: Rule) -> None:
        spec, settings = rule.spec, self.settings

        def cond(c: Condition) -> Predicate:
            return compile_condition(c, settings, rule.author)

        if isinstance(spec, Restriction):
            self._refusals.append((rule, refusal_predicate(spec, settings, rule.author)))
        elif isinstance(spec, Trigger):
            self._triggers.append((rule, cond(spec.when), spec.effects))
        elif isinstance(spec, Permission):
            self._permissions.append(
                (rule, cond(spec.each), cond(spec.step), spec.least, spec.most))
        elif isinstance(spec, Call):
            self._calls.append((rule, cond(spec.when), compile_template(spec.say)))
        elif isinstance(spec, InstantWin):
            self._wins.append((rule, cond(spec.hand)))
        elif isinstance(spec, SpeechSpec):
            self._speech.append(rule)

    def owed_replies(self, reasons: Sequence[str]) -> list[Rule]:
        """The reply rules owed after draws for ``reasons`` (:func:`rules.speech.owed_replies`)."""
        return owed_replies(self._speech, reasons)

    def speech(self, owed: Sequence[Rule], said: str | None, moment: Moment = "round",
               racing: Sequence[Phrase] = (), with_play: bool = False,
               hand: int | None = None, reasons: Sequence[str] = (),
               stuck: bool = False) -> list[SpeechVerdict]:
        """How the speech rules judge an action (:func:`rules.speech.judge_speech`)."""
        return judge_speech(self._speech, owed, said, moment, racing, with_play, hand,
                            reasons, stuck)

    @property
    def has_speech(self) -> bool:
        """Whether any rule judges speech outside a play."""
        return bool(self._speech)

    def broken(self, ctx: PlayContext) -> list[Rule]:
        """The restrictions this play breaks, in rulebook order (empty: the play is legal)."""
        return [rule for rule, refuses in self._refusals if refuses(ctx)]

    def is_legal(self, ctx: PlayContext) -> bool:
        """Whether no restriction refuses this play."""
        return not any(refuses(ctx) for _, refuses in self._refusals)

    def fired(self, ctx: PlayContext) -> list[tuple[Rule, tuple[Effect, ...]]]:
        """Triggers whose condition holds for this (legal) play, in rulebook order."""
        return [(rule, effects) for rule, when, effects in self._triggers if when(ctx)]

    def _heard(self, ctx: PlayContext) -> list[Heard]:
        return [Heard(template.expand(ctx.played, ctx.run_after), when(ctx), template.names_card,
                      spec.each_missing, spec.last, spec.combines, spec.early_penalty)
                for rule, when, template in self._calls
                if isinstance(spec := rule.spec, Call)]

    def calls(self, ctx: PlayContext, said: str, taken: Sequence[Phrase] = ()
              ) -> list[CallVerdict]:
        """How the call rules, judged together, take the words ``said`` with this play
        (in rulebook order; see :func:`rules.phrases.judge`), once the replies those
        words answered (``taken``) have taken theirs."""
        heard = self._heard(ctx)
        judged = judge_calls(heard, said, ctx.played, taken)
        # A late call quotes the last call it came after as that rule writes it.
        written = {h.phrase.text: template.written(ctx.played, ctx.run_after)
                   for (_, _, template), h in zip(self._calls, heard, strict=True)}
        return [CallVerdict(rule, h.required, h.phrase.text, m,
                            template.written(ctx.played, ctx.run_after), short,
                            written.get(late, late), early, covered)
                for (rule, _, template), h, m, short, late, early, covered
                in zip(self._calls, heard, judged.made, judged.short, judged.late,
                       judged.early, judged.covered, strict=True)]

    def play_talk(self, ctx: PlayContext, said: str, taken: Sequence[Phrase] = (),
                  racing: Sequence[Phrase] = ()) -> list[SpeechVerdict]:
        """How the talking rules that judge words said with a play judge ``said`` with this
        (legal) play: the words no required call, needless call (already charged by its
        rule) or answered reply (``taken``) took (:func:`rules.speech.judge_play_talk`);
        none when a required call was missed, its charge being for those words."""
        if not any(getattr(rule.spec, "play_talk", "free") == "judged" for rule in self._speech):
            return []
        heard = self._heard(ctx)
        judged = judge_calls(heard, said, ctx.played, taken)
        # With a required call missed, the words were that call said wrong: one mistake,
        # one charge; a selective rule's oath or question is no call said wrong.
        missed = any(call.required and not made
                     for call, made in zip(heard, judged.made, strict=True))
        free = judged.free
        for call, made in zip(heard, judged.made, strict=True):
            if made and not call.required and (span := call.phrase.find(judged.heard, free)):
                free[span[0]:span[1]] = [False] * (span[1] - span[0])
        return [v for v in judge_play_talk(self._speech, judged.heard, free, racing, said)
                if not missed or (isinstance(v.rule.spec, Talking) and v.rule.spec.selective)]

    def words_left(self, ctx: PlayContext, said: str) -> list[str]:
        """The words ``said`` with this play that no required call takes and that do not
        name the card played: what else the player said (a suit named with a jack)."""
        judged = judge_calls(self._heard(ctx), said, ctx.played)
        name = expand("{card}", ctx.played, 1) if not ctx.played.is_joker else None
        free = judged.free
        while name is not None and (span := name.find(judged.heard, free)) is not None:
            free[span[0]:span[1]] = [False] * (span[1] - span[0])
        return judged.left()

    def required_say(self, ctx: PlayContext) -> str:
        """What a perfect caller says with this play (:func:`rules.phrases.perfect_words`)."""
        return perfect_words(self._heard(ctx))

    def group_permission(self, cards: Sequence[Card]) -> Rule | None:
        """The permission rule that lets ``cards`` (effective, in play order) go down at once."""
        for rule, each, step, least, most in self._permissions:
            if not least <= len(cards) <= most:
                continue
            ok = all(each(PlayContext(c, ())) for c in cards) and all(
                step(PlayContext(c, (prev,))) for prev, c in zip(cards, cards[1:], strict=False))
            if ok:
                return rule
        return None

    def winning_hand(self, hand: Sequence[Card]) -> Rule | None:
        """The instant-win rule this hand satisfies, if any."""
        ctx = PlayContext(hand[0] if hand else ALL_KINDS[0], (), hand=tuple(hand),
                          hand_before=len(hand))
        for rule, holds in self._wins:
            if holds(ctx):
                return rule
        return None

    @property
    def has_permissions(self) -> bool:
        """Whether any rule allows playing several cards at once."""
        return bool(self._permissions)


def refusal_predicate(spec: Restriction, settings: Settings = DEFAULT_SETTINGS,
                      author: int | None = None) -> Predicate:
    """A predicate that is true exactly when ``spec`` refuses the play."""
    when = compile_condition(spec.when, settings, author)
    must = compile_condition(spec.must, settings, author)
    if isinstance(spec.when, Always):
        if spec.negate:
            return must
        return lambda ctx: not must(ctx)
    if spec.negate:
        return lambda ctx: when(ctx) and must(ctx)
    return lambda ctx: when(ctx) and not must(ctx)
