"""Calls judged together: required words are taken once, needless words are only those left
over, and a phrase naming the card is never needless (cases from the seeds)."""

from __future__ import annotations

from random import Random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import STANDARD_CARDS, Card, parse
from rules.context import PlayContext
from rules.errors import RuleError
from rules.evaluation import Rulebook
from rules.generate import random_condition
from rules.phrases import Heard, Phrase, judge, perfect_words, plain
from rules.spec import Rule, load_rule
from tests.rules.helpers import ctx

ALWAYS: dict[str, Any] = {"type": "always"}


def call(jargon: str, say: str, when: dict[str, Any] = ALWAYS, author: int = 0) -> Rule:
    return load_rule({"version": 1, "jargon": jargon, "author": author,
                      "rule": {"kind": "call", "when": when, "say": say}})


def rank(*ranks: str) -> dict[str, Any]:
    return {"type": "rank", "of": "played", "in": list(ranks)}


def left(op: str, n: int) -> dict[str, Any]:
    return {"type": "compare", "what": "hand_after", "op": op, "value": n}


SPADES = call("Spade Call", "{rank} of {suit}", {"type": "suit", "of": "played", "in": ["S"]})
#: Penn State's multiples: "two" for a card played on the same exact card.
TWO = call("Multiples", "two", {"type": "all", "of": [
    {"type": "relation", "rel": "same_rank"}, {"type": "relation", "rel": "same_suit"}]})
#: Penn State's tens and the Lynnfield kings.
NICE_DAY = call("Nice Day", "Have a {very} nice day", rank("10"))
KINGS = call("Royalty", "All hail the [most] [honorable] (Chairman|Chairwoman), {card}",
             rank("K"))
MAO_ONE, MAO_LAST = call("Mao", "Mao", left("==", 1)), call("Last Mao", "Mao", left("==", 0))


def broken(rules: list[Rule], play: PlayContext, said: str) -> list[str]:
    return [v.rule.jargon for v in Rulebook(rules).calls(play, said) if v.broken]


def test_naming_a_card_that_is_no_spade_is_no_needless_spade_call() -> None:
    assert broken([SPADES], ctx("5H", "5C"), "Five of hearts") == []
    assert broken([SPADES], ctx("5S", "5C"), "Five of hearts") == ["Spade Call"]
    assert broken([SPADES], ctx("5S", "5C"), "five of spades") == []


def test_a_king_call_naming_the_card_is_no_needless_spade_call() -> None:
    rules = [SPADES, KINGS]
    assert broken(rules, ctx("KH", "5H"), "All hail the chairman, king of hearts") == []
    # A king of spades asks for both calls: the king call names the spade, which makes
    # the spade call inside its words (Lynnfield, "..., King/Queen of ___").
    assert broken(rules, ctx("KS", "5S"), "All hail the chairman, king of spades") == []
    assert broken(rules, ctx("KS", "5S"),
                  "All hail the chairman, king of spades. King of spades!") == []
    assert broken(rules, ctx("KS", "5S"), "All hail the chairman, king of hearts") == [
        "Spade Call", "Royalty"]
    assert broken(rules, ctx("KS", "5S"), "King of spades") == ["Royalty"]


def test_two_inside_a_required_two_of_spades_costs_nothing() -> None:
    rules = [TWO, SPADES]
    assert broken(rules, ctx("2S", "9S"), "Two of spades") == []
    assert broken(rules, ctx("2H", "9H"), "Two") == ["Multiples"]
    # On the same exact card (two decks) both are asked for, each with its own words.
    assert broken(rules, ctx("2S", "2S"), "Two of spades") == ["Multiples"]
    assert broken(rules, ctx("2S", "2S"), "Two of spades, two") == []
    assert broken(rules, ctx("2S", "2S"), "Two. Two of spades") == []


def test_mao_with_one_card_left_and_mao_with_the_last_never_contradict() -> None:
    rules = [MAO_ONE, MAO_LAST]
    assert broken(rules, ctx("5H", "5C", hand_before=2), "Mao!") == []
    assert broken(rules, ctx("5H", "5C", hand_before=1), "Mao!") == []
    assert broken(rules, ctx("5H", "5C", hand_before=2), "") == ["Mao"]
    assert broken(rules, ctx("5H", "5C", hand_before=1), "") == ["Last Mao"]
    # Said once more than asked for, it is needless, whichever rule counts it.
    assert broken(rules, ctx("5H", "5C", hand_before=2), "Mao Mao") == ["Last Mao"]
    assert broken(rules, ctx("5H", "5C", hand_before=4), "Mao") == ["Mao", "Last Mao"]


def test_chairman_or_chairwoman_honorable_or_not_in_any_case_and_punctuation() -> None:
    play = ctx("KD", "5D")
    for said in ("ALL HAIL THE CHAIRWOMAN, KING OF DIAMONDS!",
                 "all hail the most honorable chairman... king of diamonds",
                 "All hail the Honorable Chairwoman - King of Diamonds.",
                 "all hail, the most, chairman: king, of, diamonds"):
        assert broken([KINGS], play, said) == [], said
    assert broken([KINGS], play, "All hail the chair, king of diamonds") == ["Royalty"]


def test_ten_of_spades_have_a_nice_day_makes_both_calls() -> None:
    rules = [SPADES, NICE_DAY]
    assert broken(rules, ctx("10S", "4S"), "Ten of Spades, have a nice day.") == []
    assert broken(rules, ctx("10S", "10H"), "Ten of spades, have a very nice day") == []
    assert broken(rules, ctx("10S", "10H"), "Ten of spades, have a nice day") == ["Nice Day"]
    assert broken(rules, ctx("10H", "4H"), "Have a nice day") == []


def test_the_order_of_unrelated_calls_does_not_matter() -> None:
    rules = [SPADES, MAO_ONE]
    play = ctx("5S", "5C", hand_before=2)
    assert broken(rules, play, "Mao. Five of spades") == []
    assert broken(rules, play, "five of spades, mao") == []


def test_a_fixed_phrase_said_without_need_is_still_needless() -> None:
    assert broken([NICE_DAY, MAO_ONE], ctx("5H", "4C", hand_before=5), "have a nice day") == [
        "Nice Day"]
    assert broken([MAO_ONE], ctx("5H", "4C", hand_before=5), "mao") == ["Mao"]


def test_identical_required_phrases_share_one_occurrence() -> None:
    cheer = call("Cheer", "mao", rank("5"))
    assert broken([MAO_ONE, cheer], ctx("5H", "5C", hand_before=2), "Mao") == []
    assert Rulebook([MAO_ONE, cheer]).required_say(ctx("5H", "5C", hand_before=2)) == "mao"


def test_the_longest_required_phrase_takes_its_words_first() -> None:
    double = call("Double", "Mao Mao", rank("5"))
    play = ctx("5H", "5C", hand_before=2)
    assert broken([MAO_ONE, double], play, "Mao Mao Mao") == []
    assert broken([MAO_ONE, double], play, "Mao Mao") == ["Mao"]
    assert Rulebook([MAO_ONE, double]).required_say(play) == "mao mao. mao"


def test_a_phrase_with_no_words_for_this_play_is_made_by_silence() -> None:
    # {very} alone says nothing on a first seven: nothing is missing, nothing needless.
    very = call("Very", "{very}", rank("7"))
    assert broken([very], ctx("7H", "4H"), "") == []
    assert broken([very], ctx("7H", "7C"), "") == ["Very"]
    assert broken([very], ctx("7H", "7C"), "Very!") == []


def test_the_verdict_names_the_words_a_perfect_caller_says() -> None:
    verdicts = Rulebook([KINGS]).calls(ctx("KD", "5D"), "")
    assert [(v.required, v.phrase, v.said) for v in verdicts] == [
        (True, "all hail the most honorable chairman king of diamonds", False)]


def test_required_words_come_longest_first_then_alphabetically() -> None:
    rules = Rulebook([SPADES, NICE_DAY, TWO, MAO_ONE])
    assert rules.required_say(ctx("10S", "10S", hand_before=2)) == (
        "have a very nice day. ten of spades. mao. two")
    assert rules.required_say(ctx("3H", "4H", hand_before=5)) == ""


# -- properties ------------------------------------------------------------------------------

VOCABULARY = ("mao", "two", "of", "spades", "hail", "the", "nice")
choice = st.lists(st.sampled_from(VOCABULARY), min_size=0, max_size=3).map(tuple)
slot = st.lists(choice, min_size=1, max_size=3, unique=True).map(tuple)
phrase_st = st.lists(slot, min_size=0, max_size=4).map(lambda s: Phrase(tuple(s)))
heard_st = st.builds(Heard, phrase_st, st.booleans(), st.booleans())


@st.composite
def overlapping(draw: st.DrawFn) -> list[Heard]:
    """Calls whose phrases often hold one another: some drawn at will, the others copies or
    pieces of their canonical words, in any order."""
    calls = draw(st.lists(heard_st, min_size=1, max_size=4))
    for _ in range(draw(st.integers(0, 4))):
        source = draw(st.sampled_from(calls)).phrase.canonical
        if source:
            start = draw(st.integers(0, len(source) - 1))
            end = draw(st.integers(start + 1, len(source)))
            calls.append(Heard(plain(" ".join(source[start:end])), draw(st.booleans()),
                               draw(st.booleans())))
    return list(draw(st.permutations(calls)))


@given(st.lists(heard_st, max_size=6) | overlapping())
def test_a_perfect_caller_is_never_judged_broken(calls: list[Heard]) -> None:
    assert judge(calls, perfect_words(calls)) == [c.required for c in calls]


@given(st.lists(heard_st, max_size=6) | overlapping(), st.randoms(use_true_random=False))
def test_the_perfect_words_are_judged_alike_in_any_order_of_the_rules(
        calls: list[Heard], rng: Random) -> None:
    shuffled = list(calls)
    rng.shuffle(shuffled)
    assert judge(shuffled, perfect_words(calls)) == [c.required for c in shuffled]


def _fixed(words: list[str]) -> Phrase:
    return plain(" ".join(words))


@given(st.lists(st.tuples(st.booleans(), st.booleans(), st.booleans()), min_size=1,
                max_size=5), st.lists(st.sampled_from(("um", "well", "ok")), max_size=3),
       st.randoms(use_true_random=False))
def test_judging_does_not_depend_on_the_order_unrelated_calls_are_said_in(
        flags: list[tuple[bool, bool, bool]], noise: list[str], rng: Random) -> None:
    # Phrases with no word in common, each said or not, required or not.
    calls = [Heard(_fixed([f"w{i}", f"x{i}"][:1 + i % 2]), required, names)
             for i, (required, names, _) in enumerate(flags)]
    spoken = [c.phrase.text for c, (_, _, said) in zip(calls, flags, strict=True) if said]
    first = judge(calls, ". ".join([*spoken, *noise]))
    parts = [*spoken, *noise]
    rng.shuffle(parts)
    assert judge(calls, ", ".join(parts)) == first
    assert first == [said and (required or not names) for required, names, said in flags]


CALLS = ("Mao", "Mao Mao", "two", "{rank} of {suit}", "{card}", "Have a {very} nice day",
         "{rank}", "(Mao|Mau) [Mao]", "All hail the [most honorable] (Chairman|Chairwoman)",
         "[all] hail the {colour} {suit_one}", "spades", "{suit}", "of", "a {very} (good|nice)")


@settings(deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_a_perfect_caller_takes_no_call_penalty_under_any_call_rules(seed: int) -> None:
    rng = Random(seed)
    rules = [call(f"C{i}", rng.choice(CALLS), ALWAYS) for i in range(rng.randint(1, 6))]
    for i in range(len(rules)):
        # Some random conditions can never hold: keep those that load.
        when = random_condition(rng, 1)
        if rng.random() < 0.8 and loads(when):
            rules[i] = call(f"C{i}", rng.choice(CALLS), when)
    book = Rulebook(rules)
    for _ in range(8):
        pile = tuple(rng.sample(STANDARD_CARDS, rng.randint(1, 3)))
        played: Card = rng.choice([*STANDARD_CARDS, pile[-1]])
        play = PlayContext(played, pile, hand_before=rng.randint(1, 4),
                           hand=tuple(rng.sample(STANDARD_CARDS, 3)))
        assert not any(v.broken for v in book.calls(play, book.required_say(play)))


def loads(when: dict[str, Any]) -> bool:
    try:
        call("Probe", "mao", when)
    except RuleError:
        return False
    return True


def test_the_perfect_words_stand_even_when_one_phrase_straddles_two_others() -> None:
    # Said in rule order, "p q. r s. q r s" would let "q r s" take words of the others.
    rules = [call("A", "p q"), call("B", "r s"), call("C", "q r s")]
    play = ctx(parse("5H"), parse("5C"))
    assert broken(rules, play, "p q. r s. q r s") == ["A"]
    assert broken(rules, play, Rulebook(rules).required_say(play)) == []


def test_a_rank_in_figures_and_of_left_out_make_a_card_call() -> None:
    for said in ("five of spades", "5 of spades", "five spades", "5 Spades!"):
        assert broken([SPADES], ctx("5S", "5C"), said) == [], said
    for said in ("6 of spades", "five of clubs", "five", "55 spades"):
        assert broken([SPADES], ctx("5S", "5C"), said) == ["Spade Call"], said


#: Lynnfield's Shine On, which footnote 4 lets a hail of the king of diamonds make.
SHINE = call("Shine On", "(Shine bright like a diamond|May he shine bright|May she shine "
             "bright|shining)", {"type": "suit", "of": "played", "in": ["D"]})
HAIL = call("Royalty", "All hail the [most honorable|honorable|shining] "
            "(Chairman|Chairwoman), {card}", rank("K"))


def test_a_hail_that_names_the_card_may_hold_the_shine() -> None:
    rules = [HAIL, SHINE]
    assert broken(rules, ctx("KD", "5D"), "All hail the shining chairman, king of diamonds") == []
    assert broken(rules, ctx("KD", "5D"), "All hail the chairman, king of diamonds. May she "
                  "shine bright") == []
    assert broken(rules, ctx("KD", "5D"), "All hail the chairman, king of diamonds") == [
        "Shine On"]
    # Words that are not the hail's are no shine: the call must be made.
    assert broken(rules, ctx("KD", "5D"), "All hail the chairman, king of diamonds, shiny") == [
        "Shine On"]
