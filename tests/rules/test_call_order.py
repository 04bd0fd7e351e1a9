"""The order of a play's calls (rules/call_order.py): calls said last, early statements and
calls said within another, judged on their own and through the perfect caller."""

from __future__ import annotations

from hypothesis import assume, given
from hypothesis import strategies as st

from rules.call_order import judge_calls, said_without
from rules.cards import parse
from rules.phrases import Heard, expand, perfect_words, plain
from tests.examples import share

SPADE = Heard(plain("five of spades"), True, True)
MAO = Heard(plain("mao"), True, last=True)
ENDED = Heard(plain("the game has ended"), True, last=True, early_penalty=3)


def test_a_call_said_after_a_last_call_is_late_and_missing() -> None:
    judged = judge_calls([SPADE, MAO], "Mao. Five of spades")
    assert judged.made == [False, True] and judged.late == ["mao", ""]


def test_a_last_call_said_again_after_the_others_is_in_time() -> None:
    judged = judge_calls([SPADE, MAO], "Mao. Five of spades. Mao!")
    assert judged.made == [True, True] and judged.late == ["", ""]


def test_an_early_statement_covers_the_missed_and_late_calls() -> None:
    late = judge_calls([SPADE, ENDED], "The game has ended. Five of spades")
    assert late.early == [False, True] and late.covered == [True, False]
    missed = judge_calls([SPADE, ENDED], "The game has ended")
    assert missed.early == [False, True] and missed.covered == [True, False]
    silent = judge_calls([SPADE, ENDED], "")
    assert silent.early == [False, False] and silent.covered == [False, False]


def test_a_combining_call_is_made_within_another_and_needless_only_by_choice() -> None:
    holidays = Heard(expand("(Happy Holidays|Happy Mao Day)", parse("6H"), 1), True)
    combined = Heard(plain("mao"), True, combines=True)
    assert judge_calls([holidays, combined], "Happy Mao Day").made == [True, True]
    spare = Heard(plain("mao"), False, combines=True)
    assert judge_calls([holidays, spare], "Happy Mao Day").made == [True, True]  # needless
    ended = Heard(plain("the game of mao has ended"), True)
    assert judge_calls([ended, spare], "The game of Mao has ended").made == [True, False]


def test_a_phrase_that_must_hold_the_words_is_not_said_without_them() -> None:
    assert said_without(expand("(Happy Holidays|Happy Mao Day)", parse("6H"), 1), plain("mao"))
    assert not said_without(plain("the game of mao has ended"), plain("mao"))


@st.composite
def calls(draw: st.DrawFn) -> list[Heard]:
    """Up to five calls on words of their own, some required, some said last, one of them
    perhaps stated early at a charge."""
    count = draw(st.integers(1, 5))
    found = []
    for i in range(count):
        size = draw(st.integers(1, 3))
        found.append(Heard(plain(" ".join(f"w{i}x{j}" for j in range(size))),
                           draw(st.booleans()), last=draw(st.booleans()),
                           combines=draw(st.booleans()),
                           early_penalty=draw(st.none() | st.integers(1, 5))))
    return found


@given(calls())
@share(1)
def test_the_perfect_caller_is_never_late_early_or_missing(heard: list[Heard]) -> None:
    judged = judge_calls(heard, perfect_words(heard))
    assert judged.made == [h.required for h in heard]
    assert not any(judged.late) and not any(judged.early) and not any(judged.covered)


@given(calls(), st.data())
@share(1)
def test_a_required_call_said_after_every_last_call_is_late(heard: list[Heard],
                                                           data: st.DataObject) -> None:
    ends = [h.phrase.text for h in heard if h.required and h.last]
    others = [h.phrase.text for h in heard if h.required and not h.last]
    assume(ends and others)
    judged = judge_calls(heard, ". ".join([*ends, *others]))
    assert all(judged.late[i] for i, h in enumerate(heard) if h.required and not h.last)
