"""English keeps the grouping of any/all trees: every sentence has one reading.

Checked by reading the structure back: a small parser that knows only the grouping words
(``both ... and``, ``either ... or``, commas, ``and``/``or`` before the last member,
parentheses, ``it is not the case that``), and no rule at all, rebuilds the tree from the
English of random condition trees; the rebuilt tree must be the tree described, leaf for
leaf. A sentence with two readings ("A, either B or C and D") cannot pass.
"""

from __future__ import annotations

from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.conditions import All, Any_, Condition, Not, read_condition
from rules.english import clause, noun
from rules.generate import random_condition

Shape = str | tuple[str, tuple["Shape", ...]]


def shape(cond: Condition) -> Shape:
    """The tree as the parser should find it: groups by kind, leaves by their English."""
    if isinstance(cond, All | Any_) and noun(cond) is None:  # (card tests of one card make
        if len(cond.of) == 1:                                 # one noun: "a red five")
            return shape(cond.of[0])
        return ("and" if isinstance(cond, All) else "or", tuple(shape(c) for c in cond.of))
    if isinstance(cond, Not) and clause(cond).startswith("it is not the case that "):
        return ("not", (shape(cond.of),))
    return clause(cond)


def _top_level(text: str, words: tuple[str, ...]) -> list[tuple[int, str]]:
    """Where each of ``words`` occurs outside parentheses."""
    found, depth = [], 0
    for i, ch in enumerate(text):
        depth += ch == "("
        depth -= ch == ")"
        if depth == 0:
            found += [(i, w) for w in words if text.startswith(w, i)]
    return found


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
    """A member of a group: a group or a "not" by its opening words, else a leaf."""
    inner = text[1:-1] if _wrapped(text) else text
    if inner.startswith((NOT, *(m[0] for m in MARKERS), *(m[0] for m in LISTS))):
        return parse(inner)
    return inner


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


def parse(text: str) -> Shape:
    """The grouping a reader finds in ``text``, the English of a group or a "not"."""
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


@settings(max_examples=500, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_the_grouping_of_a_condition_tree_can_be_read_back_from_its_english(seed: int) -> None:
    rng = Random(seed)
    cond = read_condition(random_condition(rng, 3, ("played", "top", "pile2")), "$")
    while not isinstance(shape(cond), tuple):  # the grouping of groups is what is at stake
        cond = read_condition({"type": rng.choice(["all", "any"]), "of": [
            random_condition(rng, 2, ("played", "top", "pile2")) for _ in range(3)]}, "$")
    text = clause(cond)
    assert parse(text) == shape(cond), text


def test_a_nested_group_is_put_in_parentheses() -> None:
    red, face, five = ({"type": "colour", "of": "top", "is": "red"},
                       {"type": "face", "of": "played"},
                       {"type": "rank", "of": "played", "in": ["5"]})
    text = clause(read_condition({"type": "all", "of": [red, {"type": "any", "of": [
        face, five]}]}, "$"))
    assert text == ("both the top card is a red card and (either the played card is a face "
                    "card or the played card is a five)")


def test_a_member_that_is_a_list_itself_is_put_in_parentheses() -> None:
    hearts_or_diamonds = {"type": "suit", "of": "top", "in": ["H", "D"]}
    face = {"type": "face", "of": "played"}
    text = clause(read_condition({"type": "all", "of": [hearts_or_diamonds, face]}, "$"))
    assert text == ("both (the top card is a diamond or heart) and the played card is a "
                    "face card")
