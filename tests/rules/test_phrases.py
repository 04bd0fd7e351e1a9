"""Phrase templates: alternatives, optional words and placeholders; their checks; finding a
phrase in what was said whatever the letter case and punctuation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.cards import parse
from rules.errors import RuleError
from rules.phrases import (
    Group,
    Phrase,
    check_template,
    compile_template,
    expand,
    parse_template,
    said_contains,
    words,
)
from rules.spec import read_spec

HAIL = "All hail the [most honorable] (Chairman|Chairwoman)"


@pytest.mark.parametrize(("template", "code", "detail"), [
    ("(Chairman|)", "spec/bad_phrase", "has an alternative with no words in “(...)”: square "
     "brackets make words optional"),
    ("Hail [the|]", "spec/bad_phrase", "has an alternative with no words in “[...]”"),
    ("Hail (!|the)", "spec/bad_phrase", "has an alternative with no words in “(...)”: square "
     "brackets make words optional"),
    ("Hail ()", "spec/bad_phrase", "has an empty “()”"),
    ("Hail [ ]", "spec/bad_phrase", "has an empty “[]”"),
    ("Hail [most honorable", "spec/bad_phrase", "opens “[” and never closes it"),
    ("Hail chairman)", "spec/bad_phrase", "closes “)” that was never opened"),
    ("Hail (chairman]", "spec/bad_phrase", "opens “(” but closes “]”"),
    ("Hail (the [most] chairman)", "spec/bad_phrase",
     "has a group inside a group at “[” (groups do not nest)"),
    ("Chairman|Chairwoman", "spec/bad_phrase",
     "has “|” outside a group: put the alternatives in parentheses, as in "
     "“(Chairman|Chairwoman)”"),
    ("[Mao] [Mao]", "spec/bad_phrase",
     "has only optional words: say at least one word outside square brackets"),
    ("{rank of {suit}", "spec/bad_phrase", "is not a valid phrase (unexpected '{' in field name)"),
    ("(Mao|{bogus})", "spec/bad_placeholder", "unknown placeholder {bogus} (known: {rank}, "
     "{suit}, {suit_one}, {colour}, {card}, {very}, {holiday})"),
    ("{{holiday}}", "spec/bad_phrase", "has a brace that is not around a placeholder"),
    ("Mao }}", "spec/bad_phrase", "has a brace that is not around a placeholder"),
    ("(Mao|{holiday!r})", "spec/bad_placeholder",
     "placeholder {holiday} takes nothing after its name"),
    ("(Happy {holiday}|Mao)", "spec/bad_phrase",
     "has {holiday} with other words inside a group: it is a choice of its own"),
    ("  ", "spec/empty", "must not be empty"),
    ("!?!", "spec/empty", "has no words to say"),
])
def test_bad_templates_are_refused_with_their_code(template: str, code: str,
                                                   detail: str) -> None:
    with pytest.raises(RuleError) as caught:
        check_template(template, "rule.say")
    assert (caught.value.code, caught.value.path, caught.value.detail) == (code, "rule.say",
                                                                            detail)


def test_a_call_rule_with_a_bad_phrase_does_not_load() -> None:
    with pytest.raises(RuleError) as caught:
        read_spec({"kind": "call", "when": {"type": "always"}, "say": "Hail (chairman"})
    assert (caught.value.code, caught.value.path) == ("spec/bad_phrase", "rule.say")


def test_a_template_parses_into_text_and_groups() -> None:
    assert parse_template("All hail the [most honorable] (Chairman|Chairwoman), {rank}") == (
        "All hail the ", Group(("most honorable",), True), " ",
        Group(("Chairman", "Chairwoman")), ", {rank}")


def test_a_template_without_groups_expands_as_before() -> None:
    assert expand("{rank} of {suit}", parse("5S"), 1).text == "five of spades"
    assert expand("Have a {very} nice day!", parse("7H"), 3).text == "have a very very nice day"
    assert expand("{card}, {colour} {suit_one}", parse("QD"), 1).text == (
        "queen of diamonds red diamond")


def test_the_canonical_words_take_every_optional_word_and_the_first_longest_choice() -> None:
    phrase = expand(HAIL, parse("KH"), 1)
    assert phrase.text == "all hail the most honorable chairman"
    assert phrase.longest == 6
    assert expand("(Mau|Mao Mao) now", parse("KH"), 1).text == "mao mao now"


@pytest.mark.parametrize("said", [
    "All hail the Chairman", "ALL HAIL THE CHAIRWOMAN!", "all hail the most honorable, chairman",
    "Well... all - hail - the Most Honorable CHAIRWOMAN. Mao", "'all hail the chairman'",
])
def test_alternatives_and_optional_words_are_found_in_any_case_and_punctuation(
        said: str) -> None:
    assert said_contains(said, expand(HAIL, parse("KH"), 1))


@pytest.mark.parametrize("said", [
    "All hail the", "all hail the honorable chairman", "all hail chairman",
    "all hail the most chairwoman", "hail the chairman", "all hail the chair man",
])
def test_words_outside_the_choices_are_not_the_phrase(said: str) -> None:
    assert not said_contains(said, expand(HAIL, parse("KH"), 1))


def test_placeholders_work_inside_choices() -> None:
    phrase = expand("({card}|{rank}) [please]", parse("9C"), 1)
    assert phrase.text == "nine of clubs please"
    assert said_contains("Nine!", phrase)
    assert said_contains("nine of clubs", phrase)
    assert not said_contains("of clubs", phrase)


def test_a_phrase_reads_with_what_else_will_do() -> None:
    assert expand(HAIL, parse("KH"), 1).readable() == (
        "“all hail the most honorable chairman” (“most honorable” may be left out; "
        "“chairwoman” may replace “chairman”)")
    assert expand("(Mao|Mau) [Mao|Mau]", parse("KH"), 1).readable() == (
        "“mao mao” (“mau” may replace the first “mao”; “mau” may replace the second “mao”, "
        "which may also be left out)")
    assert expand("Mao", parse("KH"), 1).readable() == "“mao”"


def test_whether_a_template_names_the_card() -> None:
    named = ["{rank} of {suit}", "(Hail|Hi) {card}", "[{colour}] card", "a {suit_one}"]
    fixed = ["Mao", "Have a {very} nice day", "All hail the [most] (chairman|chairwoman)"]
    assert [compile_template(t).names_card for t in named] == [True] * len(named)
    assert [compile_template(t).names_card for t in fixed] == [False] * len(fixed)


# -- properties ------------------------------------------------------------------------------

VOCABULARY = ("mao", "two", "of", "spades", "hail", "the", "chairman", "nice", "day")
word = st.sampled_from(VOCABULARY)
choice = st.lists(word, min_size=0, max_size=3).map(tuple)
slot = st.lists(choice, min_size=1, max_size=3, unique=True).map(tuple)
phrases = st.lists(slot, min_size=1, max_size=4).map(lambda s: Phrase(tuple(s))).filter(
    lambda p: p.longest > 0)


@st.composite
def sayings(draw: st.DrawFn, phrase: Phrase) -> list[str]:
    """One way of saying ``phrase``: a choice per slot."""
    return [w for options in phrase.slots for w in draw(st.sampled_from(options))]


@st.composite
def disguised(draw: st.DrawFn, said: list[str]) -> str:
    """The words in random letter case, with random punctuation and spaces between."""
    out = []
    for w in said:
        cased = "".join(c.upper() if draw(st.booleans()) else c for c in w)
        out.append(cased + draw(st.sampled_from((" ", ", ", "! ", "... ", " - ", "; \"", "?  "))))
    return draw(st.sampled_from(("", "\"", "(", "-- "))) + "".join(out)


@given(st.data())
def test_any_way_of_saying_a_phrase_is_found_whatever_the_case_and_punctuation(
        data: st.DataObject) -> None:
    phrase = data.draw(phrases)
    said = data.draw(sayings(phrase))
    if not said:
        return  # every slot left out: nothing to find
    assert said_contains(data.draw(disguised(said)), phrase)
    assert said_contains(" ".join(["before", *said, "after"]), phrase)


def test_a_holiday_may_be_a_whole_option_of_a_choice() -> None:
    phrase = compile_template("({holiday}|Happy Mao Day)").expand(parse("6H"), 1)
    for greeting in ("Happy Mao Day", "Happy Easter", "Merry Christmas", "Hanukkah"):
        said = words(greeting)
        assert phrase.find(said, [True] * len(said)) is not None, greeting
    assert phrase.find(words("Happy Mao"), [True, True]) is None
