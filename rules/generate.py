"""Random valid rules, for property tests, bot games and benchmarks (seeded, never global)."""

from __future__ import annotations

from random import Random
from typing import Any, Final

from rules.cards import RANK_TEXT, SUITS
from rules.conditions import RELATIONS, VALUE_SETS
from rules.counting import SHARED
from rules.effects import DRAWERS, EFFECT_KINDS
from rules.errors import RuleError
from rules.fields import OPERATORS, QUANTITIES, SUBJECTS
from rules.jargon import suggest_jargon
from rules.phrases import PLACEHOLDERS
from rules.spec import KINDS, Rule, load_rule

_CARD_TESTS = ("rank", "suit", "colour", "face", "number", "value", "parity")


def random_card_test(rng: Random, subject: str = "played") -> dict[str, Any]:
    """A random test of one card's own properties."""
    tag = rng.choice(_CARD_TESTS)
    data: dict[str, Any] = {"type": tag, "of": subject}
    if tag == "rank":
        data["in"] = rng.sample(list(RANK_TEXT.values()), rng.randint(1, 3))
    elif tag == "suit":
        data["in"] = rng.sample(SUITS, rng.randint(1, 2))
    elif tag == "colour":
        data["is"] = rng.choice(("red", "black"))
    elif tag == "value":
        data |= {"op": rng.choice(OPERATORS), "value": rng.randint(2, 12)}
    elif tag == "parity":
        data["is"] = rng.choice(("even", "odd"))
    return data


def random_condition(rng: Random, depth: int = 2, subjects: tuple[str, ...] = (
        "played", "top", "pile2")) -> dict[str, Any]:
    """A random condition tree of at most ``depth`` levels of combinators."""
    roll = rng.random()
    if depth > 0 and roll < 0.25:
        tag = rng.choice(("all", "any", "not"))
        if tag == "not":
            return {"type": "not", "of": random_condition(rng, depth - 1, subjects)}
        return {"type": tag, "of": [random_condition(rng, depth - 1, subjects)
                                    for _ in range(rng.randint(2, 3))]}
    if roll < 0.65 or len(subjects) == 1:
        return random_card_test(rng, rng.choice(subjects))
    if roll < 0.8 and "top" in subjects:
        rel = rng.choice(RELATIONS)
        data: dict[str, Any] = {"type": "relation", "rel": rel}
        if rel == "differs_by_at_least":
            data["n"] = rng.randint(1, 6)
        return data
    if roll < 0.9 and "top" in subjects:
        return random_sequence_test(rng, subjects)
    return rng.choice([
        {"type": "compare", "what": rng.choice(QUANTITIES), "op": rng.choice(OPERATORS),
         "value": rng.randint(0, 6)},
        {"type": "is_author"},
        {"type": "follows_active_suit"},
        {"type": "on_starter"},
        {"type": "active_suit", "in": rng.sample(SUITS, rng.randint(1, 3))},
        {"type": "always"},
    ])


def random_window(rng: Random) -> dict[str, Any]:
    """A random window of the round's record (the last k cards, or the whole round)."""
    data: dict[str, Any] = {}
    if rng.random() < 0.7:
        data["last"] = rng.randint(2, 8)
    if rng.random() < 0.5:
        data["with_played"] = True
    return data


def random_sequence_test(rng: Random, subjects: tuple[str, ...] = ("played", "top")
                         ) -> dict[str, Any]:
    """A random test of the round's sequence: a position, a count, a sum or a difference."""
    tag = rng.choice(("position", "count", "sum", "difference"))
    if tag == "position":
        if rng.random() < 0.4:
            mod = rng.randint(2, 5)
            return {"type": "position", "mod": mod, "op": rng.choice(("==", "!=")),
                    "value": rng.randrange(mod)}
        return {"type": "position", "op": rng.choice(OPERATORS), "value": rng.randint(1, 8)}
    if tag == "count":
        data: dict[str, Any] = {"type": "count", "where": random_card_test(rng),
                                **random_window(rng), "op": rng.choice(OPERATORS)}
        if rng.random() < 0.3:
            other = {"where": random_card_test(rng), **random_window(rng)}
            mine = {k: v for k, v in data.items() if k in ("where", "last", "with_played")}
            if other != mine:
                return data | {"than": other}
        return data | {"value": rng.randint(0, 4)}
    if tag == "sum":
        named = [s for s in subjects if s != "played"]
        data = ({"type": "sum", "of": ["played", rng.choice(named)]} if named
                and rng.random() < 0.6 else {"type": "sum", **random_window(rng)})
        if rng.random() < 0.3:
            mod = rng.randint(2, 13)
            return data | {"mod": mod, "op": rng.choice(("==", "!=")), "value": rng.randrange(mod)}
        return data | {"op": rng.choice(OPERATORS), "value": rng.randint(5, 30)}
    return {"type": "difference", "a": "played", "b": "top", "op": rng.choice(OPERATORS),
            "value": rng.randint(0, 6)}


#: Every card a condition may name, the played card and the top first.
ALL_SUBJECTS: Final = SUBJECTS


def random_card_group(rng: Random, depth: int = 1, jokers: bool = True) -> dict[str, Any]:
    """What a count counts with: card tests of ``played``, maybe grouped or negated (and,
    with ``jokers``, maybe the joker test). Some draws no card passes (a black heart): the
    language refuses those, and callers draw again."""
    roll = rng.random()
    if depth > 0 and roll < 0.3:
        if roll < 0.1:
            return {"type": "not", "of": random_card_group(rng, depth - 1, jokers)}
        return {"type": rng.choice(("all", "any")),
                "of": [random_card_group(rng, depth - 1, jokers)
                       for _ in range(rng.randint(2, 3))]}
    if jokers and rng.random() < 0.1:
        return {"type": "joker"}
    return random_card_test(rng)


def random_any_condition(rng: Random, depth: int = 3,
                         subjects: tuple[str, ...] = ALL_SUBJECTS) -> dict[str, Any]:
    """A random condition tree drawing every node type and every form of it, for property
    tests (:func:`random_condition` draws the rules people write). A few draws are refused
    by the language: callers draw again."""
    roll = rng.random()
    if depth > 0 and roll < 0.3:
        tag = rng.choice(("all", "any", "not"))
        if tag == "not":
            return {"type": "not", "of": random_any_condition(rng, depth - 1, subjects)}
        return {"type": tag, "of": [random_any_condition(rng, depth - 1, subjects)
                                    for _ in range(rng.randint(2, 4))]}
    if rng.random() < 0.3:
        return _random_further(rng, depth, subjects)
    tag = rng.choice(("card", "card", "joker", "relation", "situation", "hand_count",
                      "position", "count", "count", "sum", "difference"))
    if tag == "card":
        return random_card_test(rng, rng.choice(subjects))
    if tag == "joker":
        return {"type": "joker"}
    if tag == "relation":
        a, b = rng.sample(subjects, 2)
        rel = rng.choice(RELATIONS)
        data: dict[str, Any] = {"type": "relation", "rel": rel, "a": a, "b": b}
        return data | ({"n": rng.randint(1, 12)} if rel == "differs_by_at_least" else {})
    if tag == "situation":
        return rng.choice([
            {"type": "compare", "what": rng.choice(QUANTITIES), "op": rng.choice(OPERATORS),
             "value": rng.randint(0, 9)},
            {"type": "is_author"}, {"type": "follows_active_suit"}, {"type": "always"},
            {"type": "active_suit", "in": rng.sample(SUITS, rng.randint(1, 3))}])
    if tag == "hand_count":
        return {"type": "hand_count", "where": random_card_group(rng), "op":
                rng.choice(OPERATORS), "value": rng.randint(0, 4)}
    if tag == "position":
        mod = rng.choice((0, 0, rng.randint(2, 7)))
        data = {"type": "position"} | ({"mod": mod} if mod else {})
        if rng.random() < 0.35:
            high = mod - 1 if mod else 14
            return data | {"in": sorted(rng.sample(range(0 if mod else 1, high + 1),
                                                   rng.randint(1, min(3, high))))}
        if mod:
            return data | {"op": rng.choice(("==", "!=")), "value": rng.randrange(mod)}
        return data | {"op": rng.choice(OPERATORS), "value": rng.randint(1, 14)}
    if tag == "count":
        data = {"type": "count", "where": random_card_group(rng, jokers=False),
                **_any_window(rng), "op": rng.choice(OPERATORS)}
        if rng.random() < 0.35:
            return data | {"than": {"where": random_card_group(rng, jokers=False),
                                    **_any_window(rng)}}
        return data | {"value": rng.randint(0, 12)}
    if tag == "sum":
        if rng.random() < 0.5:
            data = {"type": "sum", "of": rng.sample(subjects, rng.randint(2, 4))}
        else:
            data = {"type": "sum", **_any_window(rng)}
        if rng.random() < 0.3:
            mod = rng.randint(2, 13)
            return data | {"mod": mod, "op": rng.choice(("==", "!=")),
                           "value": rng.randrange(mod)}
        return data | {"op": rng.choice(OPERATORS), "value": rng.randint(2, 60)}
    a, b = rng.sample(subjects, 2)
    data = {"type": "difference", "a": a, "b": b, "absolute": rng.random() < 0.5}
    if rng.random() < 0.3:
        mod = rng.randint(2, 6)
        return data | {"mod": mod, "op": rng.choice(("==", "!=")), "value": rng.randrange(mod)}
    low = 0 if data["absolute"] else -12
    return data | {"op": rng.choice(OPERATORS), "value": rng.randint(low, 12)}


def _random_further(rng: Random, depth: int = 2,
                    subjects: tuple[str, ...] = ALL_SUBJECTS) -> dict[str, Any]:
    """For :func:`random_any_condition`: ``iff``, a case table, a named set of values, a count
    with a remainder or of cards sharing something with the played card, or a sum compared
    with a card's value or the position. Its parts are drawn by
    :func:`random_any_condition`."""
    def part() -> dict[str, Any]:
        return random_any_condition(rng, max(depth - 1, 0), subjects)

    # ``iff`` and case tables are combinators: none at depth 0.
    tag = rng.choice(("iff", "cases", "value_set", "count", "count", "sum")[
        0 if depth > 0 else 2:])
    if tag == "iff":
        return {"type": "iff", "of": [part(), part()]}
    if tag == "cases":
        data: dict[str, Any] = {"type": "cases", "cases": [
            {"if": part(), "then": part()} for _ in range(rng.randint(1, 3))]}
        return data | ({"otherwise": part()} if rng.random() < 0.6 else {})
    if tag == "value_set":
        return {"type": "value_set", "of": rng.choice(subjects),
                "is": rng.choice(tuple(VALUE_SETS))}
    if tag == "count":
        data = {"type": "count", **_any_window(rng)}
        if rng.random() < 0.6:
            data["where"] = random_card_group(rng, jokers=False)
        if "where" not in data or rng.random() < 0.5:
            data["same"] = rng.choice(SHARED)
        if rng.random() < 0.5:
            mod = rng.randint(2, 5)
            return data | {"mod": mod, "op": rng.choice(("==", "!=")),
                           "value": rng.randrange(mod)}
        return data | {"op": rng.choice(OPERATORS), "value": rng.randint(0, 4)}
    than = rng.choice((*subjects, "position"))
    cards = [s for s in subjects if s != than]
    data = {"type": "sum", "of": rng.sample(cards, rng.randint(1, 3)), "than": than}
    if rng.random() < 0.4:
        return data | {"mod": rng.randint(2, 13), "op": rng.choice(("==", "!="))}
    return data | {"op": rng.choice(OPERATORS)}


def _any_window(rng: Random) -> dict[str, Any]:
    """Any window: the last 2 to 12 cards or up to 60, or the whole round; with the played
    card or not."""
    data: dict[str, Any] = {}
    if rng.random() < 0.7:
        data["last"] = rng.choice((rng.randint(2, 12), rng.randint(13, 60)))
    if rng.random() < 0.5:
        data["with_played"] = True
    return data


#: The effects random rules have: every kind but races, which are table talk rather than a
#: secret to guess (a race is announced when it opens), as speech rules are.
RANDOM_EFFECTS = tuple(kind for kind in EFFECT_KINDS if kind != "race")


def random_effect(rng: Random) -> dict[str, Any]:
    """A random trigger effect (never a race: :data:`RANDOM_EFFECTS`)."""
    kind = rng.choice(RANDOM_EFFECTS)
    if kind == "draw":
        return {"type": "draw", "who": rng.choice(DRAWERS), "count": rng.randint(1, 3),
                "per_run": rng.random() < 0.3}
    if kind == "pass_hands":
        return {"type": "pass_hands", "direction": rng.choice(("left", "right"))}
    if kind == "owe":
        return {"type": "owe", "count": rng.randint(1, 4)}
    return {"type": kind}


#: Phrases of random speech rules (allowed words, replies), some inside one another.
SPEECH_PHRASES = ("Thank you", "Thank you very much", "Point of order", "Mao",
                  "All hail the [most honorable] (Chairman|Chairwoman)")


def random_spec(rng: Random, kind: str | None = None) -> dict[str, Any]:
    """Random spec data of ``kind`` (any kind if ``None``); may be invalid (contradictory)."""
    # Weighted like rules people write: mostly restrictions and triggers. Speech rules
    # (talking, replies, the third person) are table manners, not secret rules to guess:
    # only on request.
    kind = kind or rng.choices(KINDS[:5], weights=(4, 3, 1, 1, 1))[0]
    if kind == "restriction":
        key = rng.choice(("must", "must_not"))
        return {"kind": kind, "when": random_condition(rng, 1), key: random_condition(rng)}
    if kind == "trigger":
        return {"kind": kind, "when": random_condition(rng, 1),
                "effects": [random_effect(rng) for _ in range(rng.randint(1, 2))]}
    if kind == "permission":
        return {"kind": kind, "each": random_condition(rng, 1, ("played",)),
                "step": random_condition(rng, 1, ("played", "top")),
                "min": rng.randint(2, 3), "max": rng.randint(3, 13)}
    if kind == "call":
        words = rng.choice(("Mao", "Have a {very} nice day", "{rank} of {suit}", "{card}",
                            "pass the " + "{" + rng.choice(list(PLACEHOLDERS)) + "}"))
        return {"kind": kind, "when": random_condition(rng, 1), "say": words,
                "penalty": rng.randint(1, 2)}
    if kind == "talking":
        allow = rng.sample(SPEECH_PHRASES, rng.randint(0, 2))
        return {"kind": kind, "allow": allow, "penalty": rng.randint(1, 2)}
    if kind == "reply":
        after = rng.sample(("penalty", "effect", "pass"), rng.randint(1, 2))
        return {"kind": kind, "say": rng.choice(SPEECH_PHRASES), "after": after,
                "penalty": rng.randint(1, 2)}
    if kind == "third_person":
        return {"kind": kind, "during": rng.choice(("order", "round", "always")),
                "allow": rng.sample(SPEECH_PHRASES, rng.randint(0, 2)),
                "penalty": rng.randint(1, 2)}
    return {"kind": kind, "hand": {"type": "hand_count", "where": random_card_test(rng),
                                   "op": rng.choice((">=", "==")), "value": rng.randint(3, 4)}}


def random_rule(rng: Random, kind: str | None = None, author: int | None = None,
                taken: tuple[str, ...] = ()) -> Rule:
    """A random *valid* rule (contradictory drafts are drawn again)."""
    for _ in range(1000):
        data = {"version": 1, "jargon": suggest_jargon(rng, taken), "rule": random_spec(rng, kind)}
        if author is not None:
            data["author"] = author
        try:
            return load_rule(data)
        except RuleError:
            continue
    raise RuntimeError("could not draw a valid rule")
