"""The sixteen acceptance rules, each enforced exactly as written over every relevant card pair."""

from __future__ import annotations

import itertools

import pytest

from rules.cards import STANDARD_CARDS, Card, parse, parse_many
from rules.effects import Effect
from tests.rules.helpers import book, ctx, jargons

PAIRS = list(itertools.product(STANDARD_CARDS, STANDARD_CARDS))


def fired_effects(name: str, played: Card, top: Card) -> list[Effect]:
    return [e for _, effects in book(name).fired(ctx(played, top)) for e in effects]


def test_01_no_face_card_on_a_face_card() -> None:
    rulebook = book("01")
    for top, played in PAIRS:
        assert rulebook.is_legal(ctx(played, top)) == (not (top.is_face and played.is_face))


def test_02_follow_suit_or_rank() -> None:
    rulebook = book("02")
    for top, played in PAIRS:
        expected = played.suit == top.suit or played.rank == top.rank
        assert rulebook.is_legal(ctx(played, top)) == expected


def test_03_anyone_playing_a_five_draws_a_card() -> None:
    for top, played in PAIRS:
        expected = [Effect("draw", who="player", count=1)] if played.rank == 5 else []
        assert fired_effects("03", played, top) == expected


def test_04_an_eight_passes_every_hand_right() -> None:
    for top, played in PAIRS:
        expected = [Effect("pass_hands", direction="right")] if played.rank == 8 else []
        assert fired_effects("04", played, top) == expected


def test_05_ascending_runs_of_number_cards_go_down_at_once() -> None:
    rulebook = book("05")
    for first, second in PAIRS:
        expected = first.is_number and second.is_number and second.rank == first.rank + 1
        assert (rulebook.group_permission([first, second]) is not None) == expected
    assert rulebook.group_permission(parse_many("3H 4C 5D 6S")) is not None
    assert rulebook.group_permission(parse_many("9H 10C JD")) is None
    assert rulebook.group_permission(parse_many("3H 5C")) is None
    assert rulebook.group_permission(parse_many("3H")) is None


def test_06_a_ten_starts_an_additional_pile() -> None:
    for top, played in PAIRS:
        expected = [Effect("new_pile")] if played.rank == 10 else []
        assert fired_effects("06", played, top) == expected


def test_07_four_aces_win_instantly() -> None:
    rulebook = book("07")
    aces = parse_many("AC AD AH AS")
    assert rulebook.winning_hand([*aces, parse("5H")]) is not None
    for others in itertools.combinations(STANDARD_CARDS[4:12], 2):
        for missing in range(4):
            hand = [*aces[:missing], *aces[missing + 1:], *others]
            assert rulebook.winning_hand(hand) is None
            assert rulebook.winning_hand([*aces, *others]) is not None


def test_08_no_heart_on_a_club() -> None:
    rulebook = book("08")
    for top, played in PAIRS:
        expected = not (top.suit == "C" and played.suit == "H")
        assert rulebook.is_legal(ctx(played, top)) == expected


def test_09_after_a_queen_the_next_card_is_black_and_matches() -> None:
    rulebook = book("09")
    for top, played in PAIRS:
        matches = played.suit == top.suit or played.rank == top.rank
        expected = matches and not (top.rank == 12 and played.colour == "red")
        assert rulebook.is_legal(ctx(played, top)) == expected


def test_09_teaching_example_only_the_black_queen_follows_the_red_queen() -> None:
    rulebook = book("09")
    legal = [c for c in parse_many("9H QC 4S") if rulebook.is_legal(ctx(c, "QH"))]
    assert legal == [parse("QC")]
    # The law applies again after the black queen: a red queen may not follow it.
    assert not rulebook.is_legal(ctx("QD", "QH", "QC"))
    assert rulebook.is_legal(ctx("QS", "QH", "QC"))


@pytest.mark.parametrize("aces_high", [False, True])
def test_10_a_number_card_may_not_be_lower_than_the_number_card_below(aces_high: bool) -> None:
    rulebook = book("10", aces_high)
    for top, played in PAIRS:
        lower = played.value(aces_high) < top.value(aces_high)
        expected = not (top.is_number and played.is_number and lower)
        assert rulebook.is_legal(ctx(played, top)) == expected


def test_11_an_ace_skips_and_a_two_reverses() -> None:
    for top, played in PAIRS:
        expected = {1: [Effect("skip")], 2: [Effect("reverse")]}.get(played.rank, [])
        assert fired_effects("11", played, top) == expected


def test_12_sevens_stack_the_draw() -> None:
    rulebook = book("12")
    for top, played in PAIRS:
        fired = rulebook.fired(ctx(played, top))
        assert bool(fired) == (played.rank == 7)
    (_, (effect,)), = rulebook.fired(ctx("7S", "3C"))
    assert effect.who == "next"
    assert effect.draws_for(ctx("7S", "3C").run_after) == 1
    assert effect.draws_for(ctx("7S", "3C", "7H").run_after) == 2
    assert effect.draws_for(ctx("7S", "7D", "7H").run_after) == 3
    assert effect.draws_for(ctx("7S", "7D", "5H", "7H").run_after) == 2


def test_13_a_jack_is_wild_and_may_not_follow_a_jack() -> None:
    rulebook = book("13")
    for top, played in PAIRS:
        for named in "CDHS":
            play = ctx(played, top, active_suit=named)
            expected = played.suit == named and played.rank != 11 if top.rank == 11 else True
            assert rulebook.is_legal(play) == expected
            assert jargons([r for r, _ in rulebook.fired(play)]) == (
                ["Wild"] if played.rank == 11 else [])


def test_14_say_the_spade_and_say_mao() -> None:
    rulebook = book("14")
    for top, played in PAIRS:
        phrase = f"{played.name.lower()}"
        play = ctx(played, top, hand_before=5)
        said_right = phrase if played.suit == "S" else ""
        assert not any(v.broken for v in rulebook.calls(play, said_right))
        if played.suit == "S":
            assert [v.rule.jargon for v in rulebook.calls(play, "") if v.broken] == ["Spade Call"]
        else:
            # Naming a card that is not a spade is table talk, not a needless spade call.
            assert not any(v.broken for v in rulebook.calls(play, phrase))
    last_but_one = ctx("5S", "5H", hand_before=2)
    assert not any(v.broken for v in rulebook.calls(last_but_one, "Five of spades. Mao!"))
    broken = [v.rule.jargon for v in rulebook.calls(last_but_one, "five of spades") if v.broken]
    assert broken == ["Mao"]
    needless = [v.rule.jargon for v in rulebook.calls(ctx("5H", "5C"), "Mao") if v.broken]
    assert needless == ["Mao"]


def test_15_a_four_moves_to_the_bottom() -> None:
    for top, played in PAIRS:
        expected = [Effect("to_bottom")] if played.rank == 4 else []
        assert fired_effects("15", played, top) == expected


def test_16_a_two_makes_the_next_player_draw_two() -> None:
    for top, played in PAIRS:
        expected = [Effect("draw", who="next", count=2)] if played.rank == 2 else []
        assert fired_effects("16", played, top) == expected
