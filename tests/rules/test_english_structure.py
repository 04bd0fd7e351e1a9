"""English keeps the grouping of any/all trees: every sentence has one reading.

Checked by reading the structure back: a small parser that knows only the grouping words
(``both ... and``, ``either ... or``, commas, ``and``/``or`` before the last member,
parentheses, ``it is not the case that``), and no rule at all, rebuilds the tree from the
English of random condition trees; the rebuilt tree must be the tree described, leaf for
leaf. A sentence with two readings ("A, either B or C and D") cannot pass.
"""

from __future__ import annotations

import itertools
from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.conditions import (
    All,
    Always,
    Any_,
    Cases,
    Condition,
    HandCount,
    Iff,
    Not,
    RankIs,
    Relation,
    read_condition,
)
from rules.counting import Count
from rules.effects import Effect
from rules.english import (
    CASE_NEXT,
    CASE_PLAYED,
    CASE_THEN,
    CASE_WHEN,
    EITHER,
    EXACTLY_WHEN,
    OTHERWISE,
    SUBJECT_NAMES,
    clause,
    describe,
    describe_effect,
    noun,
    verb,
)
from rules.errors import RuleError
from rules.generate import random_any_condition, random_condition
from rules.spec import Restriction, Trigger

Shape = str | tuple[str, tuple["Shape", ...]]


CARD = {"played": "the card"}


def shape(cond: Condition, names: dict[str, str] = SUBJECT_NAMES) -> Shape:
    """The tree as the parser should find it: groups by kind, leaves by their English, and
    a count of cards that no noun names by the trees its cards must pass."""
    said = clause(cond, names)
    if isinstance(cond, Any_) and said.startswith(f"{names['played']} {EITHER}"):
        # alternatives of one card, said as its verb phrases
        return ("or", tuple(_verb_leaf(c, names) for c in cond.of))
    if isinstance(cond, Any_) and said.startswith(f"{names['played']} is {EITHER}"):
        # ... all of them "is ...": "is either a face card or a five"
        return ("or", tuple(_verb_leaf(c, names)[3:] for c in cond.of))
    if isinstance(cond, All | Any_) and noun(cond) is None:  # (card tests of one card make
        if len(cond.of) == 1:                                 # one noun: "a red five")
            return shape(cond.of[0], names)
        return ("and" if isinstance(cond, All) else "or",
                tuple(shape(c, names) for c in cond.of))
    if isinstance(cond, Not) and clause(cond, names).startswith("it is not the case that "):
        return ("not", (shape(cond.of, names),))
    if isinstance(cond, Iff):
        return ("iff", tuple(shape(c, names) for c in cond.of))
    if isinstance(cond, Cases):
        return ("cases", (*(shape(c, names) for case in cond.cases for c in case),
                          shape(cond.otherwise, names)))
    if isinstance(cond, Count | HandCount):
        wheres = [cond.where, *([cond.than_where] if isinstance(cond, Count)
                                and cond.than_where is not None else [])]
        tested = tuple(shape(w, CARD) for w in wheres if w is not None and noun(w) is None)
        if tested:
            return ("count", tested)
    return clause(cond, names)


def _verb_leaf(cond: Condition, names: dict[str, str]) -> str:
    phrase = verb(cond, names)
    assert phrase is not None
    return phrase.third


def _kind(found: Shape) -> str:
    return found[0] if isinstance(found, tuple) else "leaf"


def _top_level(text: str, words: tuple[str, ...]) -> list[tuple[int, str]]:
    """Where each of ``words`` occurs outside parentheses."""
    found, depth = [], 0
    for i, ch in enumerate(text):
        depth += ch == "("
        depth -= ch == ")"
        if depth == 0:
            found += [(i, w) for w in words if text.startswith(w, i)]
    return found


def _tree(rng: Random, depth: int) -> Condition:
    """A condition tree like the rules people write, or (half the time) of every node type
    and form, counts of grouped card tests among them; drawn again until valid."""
    while True:
        data = (random_condition(rng, depth, ("played", "top", "pile2")) if rng.random() < 0.5
                else random_any_condition(rng, depth))
        try:
            return read_condition(data, "$")
        except RuleError:
            continue


MARKERS = (("both ", " and ", "and"), ("either ", " or ", "or"))
LISTS = (("all of these hold: ", "and"), ("one of these holds: ", "or"))
NOT = "it is not the case that "


def _wrapped(text: str) -> bool:
    """Whether parentheses wrap the whole of ``text``."""
    if not (text.startswith("(") and text.endswith(")")):
        return False
    depth = 0
    for i, ch in enumerate(text):
        depth += (ch == "(") - (ch == ")")
        if depth == 0 and i < len(text) - 1:
            return False
    return True


def _member(text: str) -> Shape:
    """A member of a group: a group, a "not" or a case table by its opening words, or an
    "exactly when" by its joining words; else a leaf."""
    inner = text[1:-1] if _wrapped(text) else text
    if inner.startswith((NOT, CASE_WHEN, *VERB_SUBJECTS, *(m[0] for m in MARKERS),
                         *(m[0] for m in LISTS))) or _top_level(inner, (EXACTLY_WHEN,)):
        return parse(inner)
    return _leaf(inner)


def _cases(text: str) -> Shape:
    """``when A: B; when C: D; otherwise E``: cases split at the top-level "; ", each at its
    one top-level ": "."""
    found: list[Shape] = []
    starts = [0, *(at + len(CASE_NEXT) for at, _ in _top_level(text, (CASE_NEXT,)))]
    parts = [text[a:b - len(CASE_NEXT)] for a, b in zip(starts, starts[1:], strict=False)]
    parts.append(text[starts[-1]:])
    *cases, last = parts
    for part in cases:
        assert part.startswith(CASE_WHEN), f"not a case: {part!r}"
        body = part[len(CASE_WHEN):]
        splits = _top_level(body, (CASE_THEN,))
        assert len(splits) == 1, f"two readings of {text!r}"
        at = splits[0][0]
        found += [_member(body[:at]), _member(body[at + len(CASE_THEN):])]
    assert last.startswith(OTHERWISE), f"no otherwise in {text!r}"
    found.append(_member(last[len(OTHERWISE):]))
    return ("cases", tuple(found))


FOR_WHICH = " for which "


def _leaf(text: str) -> Shape:
    """A leaf, or a count whose cards must pass a test: each test after "for which" read as
    a member (in brackets, or the last one running to the end)."""
    starts = [at for at, _ in _top_level(text, (FOR_WHICH,))]
    if not starts:
        return text
    tested = []
    for at in starts:
        rest = text[at + len(FOR_WHICH):]
        if rest.startswith("("):
            depths = itertools.accumulate((ch == "(") - (ch == ")") for ch in rest)
            piece = rest[:next(i for i, d in enumerate(depths) if d == 0) + 1]
        else:  # only the last test of a count goes without brackets, to the end
            piece = rest
        tested.append(_member(piece))
    return ("count", tuple(tested))


def _list(text: str, kind: str) -> Shape:
    """``A, B and C`` (or ``A, B or C``): members split at the separators outside brackets."""
    commas = _top_level(text, (", ",))
    assert commas, f"not a list: {text!r}"
    parts, start = [], 0
    for at, _ in commas:
        parts.append(text[start:at])
        start = at + 2
    last = text[start:]
    ends = _top_level(last, (f" {kind} ",))
    assert len(ends) == 1 and not _top_level(last, (" and ", " or "))[1:], \
        f"two readings of {text!r}"
    at = ends[0][0]
    parts += [last[:at], last[at + len(kind) + 2:]]
    return (kind, tuple(_member(p) for p in parts))


#: The subjects of alternatives said as verb phrases ("the played card either ...").
VERB_SUBJECTS = tuple(f"{name} {verb_}{EITHER}" for name in (SUBJECT_NAMES["played"],
                                                              CARD["played"])
                      for verb_ in ("", "is "))


def _alternatives(text: str) -> Shape:
    """``either A or B``, ``either A, B or C`` after a card's name: verb phrases."""
    rest = text.split(EITHER, 1)[1]
    if _top_level(rest, (", ",)):
        return _list(rest, "or")
    splits = _top_level(rest, (" or ",))
    assert len(splits) == 1, f"two readings of {text!r}"
    at = splits[0][0]
    return ("or", (_member(rest[:at]), _member(rest[at + 4:])))


def parse(text: str) -> Shape:
    """The grouping a reader finds in ``text``, the English of a group, a "not", a case
    table or an "exactly when"."""
    if text.startswith(CASE_WHEN):
        return _cases(text)
    sides = _top_level(text, (EXACTLY_WHEN,))
    if sides:
        assert len(sides) == 1, f"two readings of {text!r}"
        at = sides[0][0]
        return ("iff", (_member(text[:at]), _member(text[at + len(EXACTLY_WHEN):])))
    if text.startswith(VERB_SUBJECTS):
        return _alternatives(text)
    if text.startswith(NOT):
        return ("not", (_member(text.removeprefix(NOT)),))
    for opener, joiner, kind in MARKERS:
        if text.startswith(opener):
            rest = text[len(opener):]
            splits = _top_level(rest, (joiner,))
            assert len(splits) == 1, f"two readings of {text!r}"
            at = splits[0][0]
            return (kind, (_member(rest[:at]), _member(rest[at + len(joiner):])))
    for opener, kind in LISTS:
        if text.startswith(opener):
            return _list(text[len(opener):], kind)
    kind = "and" if _top_level(text, (" and ",)) else "or"
    return _list(text, kind)


@settings(deadline=None)
@given(seed=st.integers(0, 2**32))
def test_the_grouping_of_a_condition_tree_can_be_read_back_from_its_english(seed: int) -> None:
    rng = Random(seed)
    cond = _tree(rng, 3)
    while _kind(shape(cond)) in ("leaf", "count"):  # the grouping of groups is at stake
        cond = read_condition({"type": rng.choice(["all", "any"]), "of": [
            _tree(rng, 2).to_json() for _ in range(3)]}, "$")
    text = clause(cond)
    assert parse(text) == shape(cond), text


def test_a_nested_group_is_put_in_parentheses() -> None:
    red, face, five = ({"type": "colour", "of": "top", "is": "red"},
                       {"type": "face", "of": "played"},
                       {"type": "rank", "of": "played", "in": ["5"]})
    text = clause(read_condition({"type": "all", "of": [red, {"type": "any", "of": [
        face, five]}]}, "$"))
    assert text == ("both the top card is red and (the played card is either a face "
                    "card or a five)")


def test_a_member_that_is_a_list_itself_is_put_in_parentheses() -> None:
    hearts_or_diamonds = {"type": "suit", "of": "top", "in": ["H", "D"]}
    face = {"type": "face", "of": "played"}
    text = clause(read_condition({"type": "all", "of": [hearts_or_diamonds, face]}, "$"))
    assert text == ("both (the top card is a diamond or heart) and the played card is a "
                    "face card")


# -- whole sentences -----------------------------------------------------------------------------
#
# A rule's sentence wraps its conditions in a frame ("When W, a play is legal only if M.",
# "When a heart is played while W, E."). Read back as a reader would: find where the frame
# words split the sentence (exactly one place may), then read each part's grouping.

VERDICTS = (", a play is legal only if ", ", a play is illegal if ")
#: How the subject of a "must" sentence begins ("a card played", "every card played", "a red
#: five played on a face card"); no clause begins so.
SUBJECT_START = ("a ", "an ", "every ")


def _clause_part(when: Condition, trigger: bool = False) -> list[Condition]:
    """The conjuncts of ``when`` a "must" or trigger sentence says as a clause: all but the
    played card's and the top card's tests, which make nouns of its subject ("a red five
    played on a face card"), unless they make no noun together (as :mod:`rules.english`
    splits them)."""
    parts = list(when.of) if isinstance(when, All) else [] if isinstance(when, Always) else [
        when]

    def card_only(p: Condition, subject: str) -> bool:
        return noun(p) is not None and p.reads() == {subject}

    def one_noun(tests: list[Condition]) -> bool:
        flat = [t for p in tests for t in (p.of if isinstance(p, All) else [p])]
        return noun(All(tuple(flat)) if len(flat) > 1 else flat[0]) is not None

    played = [p for p in parts if card_only(p, "played")]
    top = [p for p in parts if card_only(p, "top")]
    rest = [p for p in parts if p not in played and p not in top]
    if trigger:  # a trigger's subject keeps the noun that works, the other leads the clause
        played_noun = bool(played) and one_noun(played)
        if played and not played_noun:
            rest = played + rest
        rest = top + rest if top and not one_noun(top) else rest
        return _subject_takes(rest, played if played_noun else [], bool(top))
    if (played and not one_noun(played)) or (top and not one_noun(top)):
        return rest + played + top
    return rest


def _subject_takes(rest: list[Condition], played: list[Condition], top: bool) -> list[Condition]:
    """What a trigger's subject also says, taken from its clause: the top card's rank for a
    card of one rank ("a king played on a king"); else, with no noun for the played card,
    what it shares with the top card ("a card of the same rank as the top card") or the
    one kind it is not ("a card other than a jack")."""
    same = [p for p in rest if isinstance(p, Relation) and p.rel in _SAME
            and (p.a, p.b) == ("played", "top")]
    if played:
        one_rank = (len(played) == 1 and isinstance(played[0], RankIs)
                    and len(set(played[0].ranks)) == 1)
        ranks = [p for p in same if p.rel == "same_rank"]
        return [p for p in rest if p not in ranks] if one_rank and ranks and not top else rest
    if same:
        return [p for p in rest if p not in same]
    unlike = [p for p in rest if isinstance(p, Not) and p.of.reads() == {"played"}
              and noun(p.of) is not None]
    return [p for p in rest if p not in unlike] if len(unlike) == 1 else rest


def _read(text: str, expected: Shape) -> Shape:
    """A part of a sentence read back: a leaf must be itself, a group its grouping."""
    if isinstance(expected, str):
        return text[1:-1] if _wrapped(text) else text
    if not _wrapped(text) and _kind(expected) in ("and", "or"):
        return parse(text)
    return _member(text)


def _one_split(body: str, heads: tuple[str, ...]) -> int:
    """The one place a top-level ", " is followed by one of ``heads`` (two: two readings)."""
    found = _splits(body, heads)
    assert len(found) == 1, f"{len(found)} readings of {body!r}"
    return found[0]


def _splits(body: str, heads: tuple[str, ...]) -> list[int]:
    """Where a top-level ", " is followed by one of ``heads``."""
    return [at for at, _ in _top_level(body, (", ",)) if body[at + 2:].startswith(heads)]


BELOW = SUBJECT_NAMES | {"top": "the card below it"}
_SAME = ("same_suit", "same_rank", "same_colour")


def _verb_shape(cond: Condition) -> Shape:
    """The grouping of a "must" sentence's verb phrases ("be a heart or have ..."): a group
    of them, unless it is one noun ("be a red five") or one relation of several aspects
    ("have the same suit or rank as the card below it")."""
    phrase = verb(cond, BELOW)
    assert phrase is not None
    if not isinstance(cond, All | Any_) or len(cond.of) < 2 or noun(cond) is not None:
        return phrase.base
    rels = [c for c in cond.of if isinstance(c, Relation)] if isinstance(cond, Any_) else []
    if rels and len(rels) == len(cond.of) and all(r.rel in _SAME for r in rels) and (
            {(r.a, r.b) for r in rels} == {("played", rels[0].b)}):
        return phrase.base
    return ("and" if isinstance(cond, All) else "or", tuple(_verb_shape(c) for c in cond.of))


def _check_case_table(spec: Restriction, body: str) -> bool:
    """A restriction whose ``must`` is a case table said case by case: "after a red card, a
    black card; ..." (card nouns only) or "when W, a card played must V; ...; otherwise it
    must V": each part splits in one way. False for a table said as a clause."""
    if not isinstance(spec.must, Cases) or not isinstance(spec.when, Always):
        return False
    starts = [0, *(at + len(CASE_NEXT) for at, _ in _top_level(body, (CASE_NEXT,)))]
    parts = [body[a:b - len(CASE_NEXT)] for a, b in zip(starts, starts[1:], strict=False)]
    parts.append(body[starts[-1]:])
    if body.startswith("after "):
        assert len(parts) in (len(spec.must.cases), len(spec.must.cases) + 1), body
        return True
    if not (body.startswith(CASE_WHEN) and _top_level(body, (CASE_PLAYED,))):
        return False
    modal = " must not " if spec.negate else " must "
    for part, (when, then) in zip(parts, spec.must.cases, strict=False):
        splits = _top_level(part, (CASE_PLAYED,))
        assert len(splits) == 1, f"{len(splits)} readings of {part!r}"
        at = splits[0][0]
        said_when = part[len(CASE_WHEN):at]
        said_when = said_when[1:-1] if _wrapped(said_when) else said_when
        assert _read(said_when, shape(when)) == shape(when), body
        said = part[at + len(CASE_PLAYED) + len(modal) - 1:]
        assert _read(said, _verb_shape(then)) == _verb_shape(then), body
    return True


def _check_restriction(spec: Restriction, text: str) -> None:
    body = text[0].lower() + text[1:-1]
    if _check_case_table(spec, body):
        return
    heads = tuple(v[2:] for v in VERDICTS)
    if body.startswith(heads) or _splits(body, heads):
        # "[When W, ]a play is legal only if M." / "... is illegal if M."
        if body.startswith("when "):
            at = _one_split(body, heads)
            when_text, must_text = body[5:at], body[at + 2:].split(" if ", 1)[1]
            assert _read(when_text, shape(spec.when)) == shape(spec.when), text
        else:
            must_text = body.split(" if ", 1)[1]
        assert _read(must_text, shape(spec.must)) == shape(spec.must), text
        return
    if " must " not in body:
        return  # "A heart may not be played on a face card.": card nouns only
    # "[When W, ]<subject> must [not] <verb phrases>."
    rest = _clause_part(spec.when)
    if rest:
        at = _one_split(body, SUBJECT_START)
        expected = shape(All(tuple(rest)))
        assert _read(body[5:at], expected) == expected, text
    phrases = body.split(" must not " if spec.negate else " must ", 1)[1]
    assert _read(phrases, _verb_shape(spec.must)) == _verb_shape(spec.must), text


def _check_trigger(spec: Trigger, text: str) -> None:
    body = text[0].lower() + text[1:-1]
    effects = [describe_effect(e) for e in spec.effects]
    said = " and ".join(effects) if len(effects) < 3 else ", then ".join(effects)
    assert body.endswith(", " + said), text
    rest = _clause_part(spec.when, trigger=True)
    if not rest:
        return
    head = body[:-len(said) - 2]
    whiles = _top_level(head, (" while ",))
    assert len(whiles) == 1, text
    expected = shape(All(tuple(rest)))
    assert _read(head[whiles[0][0] + len(" while "):], expected) == expected, text


def _sentence_tree(rng: Random) -> Condition:
    return _tree(rng, 2) if rng.random() < 0.5 else read_condition(
        {"type": rng.choice(["all", "any"]),
         "of": [_tree(rng, 1).to_json() for _ in range(rng.randint(2, 3))]}, "$")


@settings(deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_rule_sentence_splits_into_its_conditions_in_one_way(seed: int) -> None:
    rng = Random(seed)
    when = _sentence_tree(rng)
    if rng.random() < 0.5:
        refusal = Restriction(_sentence_tree(rng), when, negate=rng.random() < 0.5)
        _check_restriction(refusal, describe(refusal))
    else:
        effects = tuple(Effect(kind) for kind in rng.sample(["skip", "reverse", "play_again"],
                                                            rng.randint(1, 3)))
        trigger = Trigger(when, effects)
        _check_trigger(trigger, describe(trigger))


@settings(deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_case_table_sentence_splits_into_its_cases_in_one_way(seed: int) -> None:
    rng = Random(seed)
    cases = [(_tree(rng, 1), _sentence_tree(rng) if rng.random() < 0.3 else read_condition(
        rng.choice([{"type": "colour", "is": "red"}, {"type": "relation", "rel": "same_suit"},
                    {"type": "any", "of": [{"type": "face"}, {"type": "relation",
                                                               "rel": "higher"}]}]), "$"))
             for _ in range(rng.randint(1, 3))]
    otherwise = rng.choice([Always(), _tree(rng, 1), read_condition({"type": "face"}, "$")])
    spec = Restriction(Cases(tuple(cases), otherwise), negate=rng.random() < 0.5)
    _check_restriction(spec, describe(spec))


def test_a_case_table_of_colours_reads_as_players_say_it() -> None:
    def colour(of: str, is_: str) -> dict[str, str]:
        return {"type": "colour", "of": of, "is": is_}

    table = {"type": "cases", "cases": [{"if": colour("top", "red"), "then": colour(
        "played", "black")}, {"if": colour("top", "black"), "then": colour("played", "red")}]}
    spec = Restriction(read_condition(table, "$"))
    assert describe(spec) == "After a red card, a black card; after a black card, a red card."
    refusal = Restriction(read_condition(table, "$"), negate=True)
    assert describe(refusal) == ("After a red card, no black card; after a black card, no red "
                                 "card; otherwise no card.")
