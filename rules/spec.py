"""Rule specs: the eight kinds of secret rule, and a rule's versioned JSON form.

A stored rule is ``{"version": 1, "jargon": "Pip", "rule": {"kind": ...}}``.
:func:`load_rule` validates it completely (every problem is a
:class:`~rules.errors.RuleError` naming its field) and :func:`dump_rule` writes
the canonical form back, so ``load_rule(dump_rule(r)) == r``. Older format
versions are upgraded through :data:`UPGRADES` so stored rules keep loading.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from rules.conditions import (
    All,
    Always,
    Condition,
    Not,
    card_mask,
    read_condition,
    walk,
)
from rules.effects import Effect, read_effect
from rules.errors import RuleError
from rules.fields import Fields
from rules.phrases import (
    MAX_PHRASE,
    SPEECH_PLACEHOLDERS,
    check_template,
    counted_word,
    speech_template,
)

FORMAT_VERSION: Final = 1
KINDS: Final = ("restriction", "trigger", "permission", "call", "instant_win", "talking",
                 "reply", "third_person")
#: When words said outside a play are judged by a third-person rule: during a point of
#: order, while the round is played (outside one), or both.
MOMENTS: Final = ("order", "round", "always")
#: What a talking rule makes of words said with a play: they are free (the call rules alone
#: judge them), or the words no call needs cost as words outside a play do.
PLAY_TALK: Final = ("free", "judged")
#: What a reply rule answers: a player's draw, by its reason (the engine's draw reasons), or
#: (``one_left``) a card given away to a stock that ran out leaving the player one card.
DRAW_REASONS: Final = ("penalty", "effect", "pass", "one_left")
#: A reply may count the cards drawn that owe it: ``{very}`` says one "very" per card
#: beyond the first (:func:`rules.speech.reply_phrase`).
REPLY_PLACEHOLDERS: Final = SPEECH_PLACEHOLDERS | {"very"}
#: Most allowed phrases a talking (or third-person) rule lists.
MAX_ALLOWED: Final = 12
MAX_JARGON: Final = 40
MAX_GROUP: Final = 13
#: Upgrades from an older format version to the next one, applied in turn on load.
UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


@dataclass(frozen=True, slots=True)
class Restriction:
    """When ``when`` holds, the played card must (or, with ``negate``, must not) meet ``must``."""

    must: Condition
    when: Condition = Always()
    negate: bool = False
    kind: str = field(default="restriction", init=False)

    def body(self) -> dict[str, Any]:
        """JSON fields apart from ``kind``."""
        key = "must_not" if self.negate else "must"
        return {"when": self.when.to_json(), key: self.must.to_json()}


@dataclass(frozen=True, slots=True)
class Trigger:
    """When a card meeting ``when`` is legally played, ``effects`` happen in order."""

    when: Condition
    effects: tuple[Effect, ...]
    kind: str = field(default="trigger", init=False)

    def body(self) -> dict[str, Any]:
        """JSON fields apart from ``kind``."""
        return {"when": self.when.to_json(), "effects": [e.to_json() for e in self.effects]}


@dataclass(frozen=True, slots=True)
class Permission:
    """A player may play ``least``..``most`` cards at once when each meets ``each`` and each
    card after the first meets ``step`` (read with ``played`` as that card and ``top`` as the
    card before it). The first card must be legal on the pile as usual."""

    each: Condition
    step: Condition
    least: int = 2
    most: int = MAX_GROUP
    kind: str = field(default="permission", init=False)

    def body(self) -> dict[str, Any]:
        """JSON fields apart from ``kind``."""
        return {"each": self.each.to_json(), "step": self.step.to_json(),
                "min": self.least, "max": self.most}


@dataclass(frozen=True, slots=True)
class Call:
    """When ``when`` holds for a legal play, the player must say ``say`` (a phrase template);
    missing it, or saying it when not required, draws ``penalty`` cards."""

    when: Condition
    say: str
    penalty: int = 1
    #: A word of ``say`` counted: the phrase said with copies of it left out costs a card
    #: per copy left out instead of ``penalty`` (``None``: no such word).
    each_missing: str | None = None
    #: Said after every other call the play requires; another said after it is missing.
    last: bool = False
    #: Stated while another required call is missing or after it, the play costs this
    #: many cards for all of them, in place of their own penalties (``None``: no such
    #: charge).
    early_penalty: int | None = None
    #: Its words may be said within another required call's words ("Happy Mao Day").
    combines: bool = False
    kind: str = field(default="call", init=False)

    def body(self) -> dict[str, Any]:
        """JSON fields apart from ``kind`` (the optional ones only when given)."""
        data: dict[str, Any] = {"when": self.when.to_json(), "say": self.say,
                                "penalty": self.penalty}
        if self.each_missing is not None:
            data["each_missing"] = self.each_missing
        if self.last:
            data["last"] = True
        if self.early_penalty is not None:
            data["early_penalty"] = self.early_penalty
        if self.combines:
            data["combines"] = True
        return data


@dataclass(frozen=True, slots=True)
class InstantWin:
    """A player whose hand meets ``hand`` may reveal it and win the round at once."""

    hand: Condition
    kind: str = field(default="instant_win", init=False)

    def body(self) -> dict[str, Any]:
        """JSON fields apart from ``kind``."""
        return {"hand": self.hand.to_json()}


@dataclass(frozen=True, slots=True)
class Talking:
    """Words said outside a play (a :class:`~games.engine.actions.Say`) cost the speaker
    ``penalty`` cards, unless every word belongs to a phrase of ``allow`` or to a reply the
    speaker owes (see :mod:`rules.speech`); with ``play_talk`` ``judged``, so do words said
    with a legal play that no call, reply or race of the play takes."""

    allow: tuple[str, ...] = ()
    penalty: int = 1
    play_talk: str = "free"
    #: When given, only these phrases (and questions, with ``questions``) left over cost
    #: the penalty; other words are free (see :mod:`rules.speech`).
    only: tuple[str, ...] = ()
    questions: bool = False
    #: Phrases allowed to a speaker holding exactly one card.
    allow_one: tuple[str, ...] = ()
    #: Phrases allowed to a speaker who drew a card by passing and cannot play it.
    allow_stuck: tuple[str, ...] = ()
    #: Phrases that cost the penalty when said during a point of order, unless an allowed
    #: phrase holds them (other words said in one are free).
    in_order: tuple[str, ...] = ()
    kind: str = field(default="talking", init=False)

    @property
    def selective(self) -> bool:
        """Whether only what ``only`` and ``questions`` name is penalised."""
        return bool(self.only) or self.questions

    def body(self) -> dict[str, Any]:
        """JSON fields apart from ``kind`` (the optional ones only when not their default)."""
        data: dict[str, Any] = {"allow": list(self.allow), "penalty": self.penalty}
        if self.play_talk != "free":
            data["play_talk"] = self.play_talk
        if self.only:
            data["only"] = list(self.only)
        if self.questions:
            data["questions"] = True
        if self.allow_one:
            data["allow_one"] = list(self.allow_one)
        if self.allow_stuck:
            data["allow_stuck"] = list(self.allow_stuck)
        if self.in_order:
            data["in_order"] = list(self.in_order)
        return data


@dataclass(frozen=True, slots=True)
class Reply:
    """A player who draws for one of the reasons ``after`` owes the words ``say``: their
    next action must be speech holding them, else they draw ``penalty`` cards (see
    :mod:`rules.speech`)."""

    say: str
    after: tuple[str, ...] = ("penalty",)
    penalty: int = 1
    kind: str = field(default="reply", init=False)

    def body(self) -> dict[str, Any]:
        """JSON fields apart from ``kind``."""
        return {"say": self.say, "after": list(self.after), "penalty": self.penalty}


@dataclass(frozen=True, slots=True)
class ThirdPerson:
    """Words said outside a play ``during`` a point of order (``order``), the rest of the
    round (``round``) or both (``always``) cost the speaker ``penalty`` cards when a first-
    or second-person pronoun (I, me, we, you...) is left once the replies the speaker owes
    and the phrases of ``allow`` have taken their words (see :mod:`rules.speech`)."""

    during: str = "order"
    allow: tuple[str, ...] = ()
    penalty: int = 1
    kind: str = field(default="third_person", init=False)

    def body(self) -> dict[str, Any]:
        """JSON fields apart from ``kind``."""
        return {"during": self.during, "allow": list(self.allow), "penalty": self.penalty}


RuleSpec = (Restriction | Trigger | Permission | Call | InstantWin | Talking | Reply
            | ThirdPerson)
#: The kinds that judge speech outside a play rather than a card.
SpeechSpec = Talking | Reply | ThirdPerson


@dataclass(frozen=True, slots=True)
class Rule:
    """A secret rule: its spec, its public jargon name, and its author's seat (if known)."""

    spec: RuleSpec
    jargon: str
    author: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The canonical JSON form (see :func:`dump_rule`)."""
        return dump_rule(self)


def spec_to_json(spec: RuleSpec) -> dict[str, Any]:
    """A spec as JSON data, ``kind`` first."""
    return {"kind": spec.kind, **spec.body()}


def read_spec(data: Any, path: str = "rule") -> RuleSpec:
    """Parse and validate one rule spec (the ``rule`` object)."""
    fields = Fields(data, path, "a rule")
    kind = fields.text("kind", KINDS)
    spec: RuleSpec
    if kind == "restriction":
        spec = _read_restriction(fields)
    elif kind == "trigger":
        when = _cond(fields, "when")
        effects = tuple(read_effect(item, f"{fields.at('effects')}[{i}]")
                        for i, item in enumerate(fields.items("effects")))
        spec = Trigger(when, effects)
    elif kind == "permission":
        spec = _read_permission(fields)
    elif kind == "call":
        say = fields.string("say", MAX_PHRASE)
        check_template(say, fields.at("say"))
        early = None if fields.raw("early_penalty", None) is None else fields.integer(
            "early_penalty", 1, 5)
        spec = Call(_cond(fields, "when"), say, fields.integer("penalty", 1, 5, 1),
                    _read_counted(fields, say), fields.boolean("last", False), early,
                    fields.boolean("combines", False))
    elif kind == "talking":
        spec = _read_talking(fields)
    elif kind == "reply":
        spec = _read_reply(fields)
    elif kind == "third_person":
        spec = ThirdPerson(fields.text("during", MOMENTS, "order"), _read_allowed(fields),
                           fields.integer("penalty", 1, 5, 1))
    else:
        hand = _cond(fields, "hand")
        if hand.reads() - {"hand", "hand_before"}:
            raise RuleError("may only look at the player's hand (hand_count, hand size)",
                            path=fields.at("hand"), code="spec/bad_subject")
        spec = InstantWin(hand)
    fields.done()
    return spec


def _cond(fields: Fields, key: str, default: Any = ...) -> Condition:
    raw = fields.raw(key, default)
    if raw is None:
        return Always()
    condition = read_condition(raw, fields.at(key))
    check_satisfiable(condition, fields.at(key))
    return condition


def _read_restriction(fields: Fields) -> RuleSpec:
    has_must, has_not = fields.has("must"), fields.has("must_not")
    if has_must == has_not:
        problem = "both" if has_must else "neither"
        raise RuleError(f"needs exactly one of 'must' and 'must_not', got {problem}",
                        path=fields.at("must"), code="spec/contradictory")
    key = "must" if has_must else "must_not"
    when = _cond(fields, "when", None)
    return Restriction(_cond(fields, key), when, negate=has_not)


def _read_permission(fields: Fields) -> RuleSpec:
    each, step = _cond(fields, "each"), _cond(fields, "step")
    if each.reads() - {"played"}:
        raise RuleError("may only test each card of the group (\"of\": \"played\")",
                        path=fields.at("each"), code="spec/bad_subject")
    if step.reads() - {"played", "top"}:
        raise RuleError("may only relate a card (played) to the one before it (top)",
                        path=fields.at("step"), code="spec/bad_subject")
    least = fields.integer("min", 2, MAX_GROUP, 2)
    most = fields.integer("max", 2, MAX_GROUP, MAX_GROUP)
    if most < least:
        raise RuleError(f"is {most}, below min {least}", path=fields.at("max"),
                        code="spec/contradictory")
    return Permission(each, step, least, most)


def _read_talking(fields: Fields) -> Talking:
    return Talking(_read_allowed(fields), fields.integer("penalty", 1, 5, 1),
                   fields.text("play_talk", PLAY_TALK, "free"), _read_allowed(fields, "only"),
                   fields.boolean("questions", False), _read_allowed(fields, "allow_one"),
                   _read_allowed(fields, "allow_stuck"), _read_allowed(fields, "in_order"))


def _read_counted(fields: Fields, say: str) -> str | None:
    """A call's ``each_missing``: one word its phrase says (for some card and run)."""
    raw = fields.raw("each_missing", None)
    if raw is None:
        return None
    word = fields.string("each_missing", MAX_PHRASE).strip().lower()
    if not counted_word(say, word):
        raise RuleError(f"is {raw!r}, not a word the phrase says", path=fields.at("each_missing"),
                        code="spec/bad_choice")
    return word


def _read_allowed(fields: Fields, key: str = "allow") -> tuple[str, ...]:
    """A speech rule's list of phrases ``key``: at most :data:`MAX_ALLOWED` (default none)."""
    raw = fields.raw(key, [])
    if not isinstance(raw, list):
        raise RuleError("must be a list", path=fields.at(key), code="spec/not_list")
    if len(raw) > MAX_ALLOWED:
        raise RuleError(f"lists {len(raw)} phrases, at most {MAX_ALLOWED} allowed",
                        path=fields.at(key), code="spec/too_long")
    return tuple(speech_template(item, f"{fields.at(key)}[{i}]")
                 for i, item in enumerate(raw))


def _read_reply(fields: Fields) -> Reply:
    say = speech_template(fields.raw("say"), fields.at("say"), REPLY_PLACEHOLDERS)
    raw = fields.raw("after", ["penalty"])
    path = fields.at("after")
    if not isinstance(raw, list):
        raise RuleError("must be a list", path=path, code="spec/not_list")
    if not raw:
        raise RuleError("must name at least one reason to draw", path=path, code="spec/empty")
    after: list[str] = []
    for i, item in enumerate(raw):
        if item not in DRAW_REASONS:
            raise RuleError(f"is {item!r}, not one of {', '.join(DRAW_REASONS)}",
                            path=f"{path}[{i}]", code="spec/bad_choice")
        if item in after:
            raise RuleError(f"names {item!r} twice", path=f"{path}[{i}]",
                            code="spec/contradictory")
        after.append(item)
    # Canonical order, so two ways of writing one rule load equal.
    ordered = tuple(r for r in DRAW_REASONS if r in after)
    return Reply(say, ordered, fields.integer("penalty", 1, 5, 1))


def check_satisfiable(condition: Condition, path: str) -> None:
    """Reject a card test that no card can pass under either ace setting (e.g. a black heart)."""
    for sub in walk(condition):
        if isinstance(sub, Not):
            continue
        masks = [card_mask(sub, aces_high) for aces_high in (False, True)]
        if masks[0] == 0 and masks[1] == 0:
            what = "these card tests together" if isinstance(sub, All) else "this card test"
            raise RuleError(f"{what} can never be true: no card passes them", path=path,
                            code="spec/contradictory")


def load_rule(data: Any) -> Rule:
    """Validate a stored rule (``version``, ``jargon``, optional ``author``, ``rule``)."""
    fields = Fields(data, "$", "a rule file")
    version = fields.integer("version", 1, FORMAT_VERSION)
    upgraded = dict(data)
    while version < FORMAT_VERSION:
        upgraded = UPGRADES[version](upgraded)
        version += 1
    fields = Fields(upgraded, "$", "a rule file")
    fields.raw("version")
    jargon = fields.string("jargon", MAX_JARGON, "").strip()
    author_raw = fields.raw("author", None)
    author = None if author_raw is None else fields.integer("author", 0, 7)
    spec = read_spec(fields.raw("rule"), "rule")
    fields.done()
    if not jargon:
        raise RuleError("must not be empty (suggest_jargon() offers one)", path="jargon",
                        code="spec/empty")
    return Rule(spec, jargon, author)


def dump_rule(rule: Rule) -> dict[str, Any]:
    """The canonical JSON form of a rule; :func:`load_rule` reads it back unchanged."""
    data: dict[str, Any] = {"version": FORMAT_VERSION, "jargon": rule.jargon}
    if rule.author is not None:
        data["author"] = rule.author
    data["rule"] = spec_to_json(rule.spec)
    return data


def canonical_text(spec: RuleSpec) -> str:
    """A canonical string of a spec, equal for specs that are written the same."""
    return json.dumps(spec_to_json(spec), sort_keys=True, separators=(",", ":"))


def load_rules_document(data: Any) -> list[Rule]:
    """Read a rule file holding one rule, or ``{"version": 1, "rules": [...]}``."""
    if isinstance(data, dict) and "rules" in data:
        fields = Fields(data, "$", "a rule file")
        fields.integer("version", 1, FORMAT_VERSION)
        items = fields.items("rules")
        fields.done()
        rules = []
        for i, item in enumerate(items):
            try:
                rules.append(load_rule(item))
            except RuleError as exc:
                raise RuleError(exc.detail, path=f"rules[{i}].{exc.path}", code=exc.code) from None
        return rules
    return [load_rule(data)]


def conditions_of(spec: RuleSpec) -> tuple[Condition, ...]:
    """The top-level conditions of a spec, in field order."""
    if isinstance(spec, Restriction):
        return (spec.when, spec.must)
    if isinstance(spec, Trigger | Call):
        return (spec.when,)
    if isinstance(spec, Permission):
        return (spec.each, spec.step)
    if isinstance(spec, SpeechSpec):
        # Speech rules judge words, not a situation: they have no condition.
        return ()
    return (spec.hand,)
