"""Trigger effects: skip, reverse, play again, passing hands, wild suits, to the bottom, a new
pile, stacking draws, winning, and instant-win claims."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine.errors import EngineError
from games.engine.events import ClaimFailed, Drew, Hand, Refused
from games.engine.state import GameState, RoundWin
from tests.engine.helpers import (
    arrange,
    claim,
    example,
    kinds,
    only,
    play,
    rank_played,
    start,
    tops,
    trigger,
)

ANN, BOB, CAT, DAN = 0, 1, 2, 3
FOUR = ("Ann", "Bob", "Cat", "Dan")
HANDS = [["AC", "2C", "4C", "8C"], ["AD", "2D", "4D", "8D"], ["AH", "2H", "4H", "8H"],
         ["AS", "2S", "4S", "8S"]]


def game(*rules: dict[str, Any], current: int = BOB, pile: tuple[str, ...] = ("3D", "9C"),
         hands: list[list[str]] | None = None) -> GameState:
    state = start([(ANN, r) for r in rules], names=FOUR, jokers=False)
    return arrange(state, hands or HANDS, [list(pile)], draws=["KC", "KD", "KH", "KS"],
                   current=current)


def test_skip_passes_over_the_next_player() -> None:
    state, events = play(game(*example("11")), BOB, "AD")
    assert state.current == DAN
    assert only(events, "skipped").text == "Cat is skipped."


def test_reverse_turns_play_around() -> None:
    state, _ = play(game(*example("11")), BOB, "2D")
    assert (state.direction, state.current) == (-1, ANN)


def test_after_a_reverse_play_goes_the_other_way() -> None:
    state, _ = play(game(*example("11")), BOB, "2D")
    state, _ = play(state, ANN, "8C")
    assert state.current == DAN


def test_play_again_keeps_the_turn() -> None:
    again = trigger("Encore", rank_played("8"), {"type": "play_again"})
    state, events = play(game(again), BOB, "8D")
    assert state.current == BOB
    assert only(events, "again").text == "Bob plays again."


def test_passing_hands_right_gives_each_seat_the_hand_on_its_right() -> None:
    state, events = play(game(example("04")[0]), BOB, "8D")
    after_play = [h[:] for h in HANDS]
    after_play[BOB].remove("8D")
    assert state.hands == [after_play[1], after_play[2], after_play[3], after_play[0]]
    assert only(events, "passed_hands").text == "Everyone passes their hand to the right."


def test_passing_hands_left_gives_each_seat_the_hand_on_its_left() -> None:
    left = trigger("Swap", rank_played("8"), {"type": "pass_hands", "direction": "left"})
    state, _ = play(game(left), BOB, "8D")
    after_play = [h[:] for h in HANDS]
    after_play[BOB].remove("8D")
    assert state.hands == [after_play[3], after_play[0], after_play[1], after_play[2]]


def test_passing_hands_tells_each_seat_its_new_hand_privately() -> None:
    _, events = play(game(example("04")[0]), BOB, "8D")
    hand_events = [e for e in events if isinstance(e, Hand)]
    assert [(e.to, e.cards) for e in hand_events][0] == (ANN, ("AD", "2D", "4D"))
    assert hand_events[0].text == "Ann picks up Bob's hand."
    assert hand_events[0].private == "You pick up Bob's hand: A♦ 2♦ 4♦."


JACKS = example("13")
JACK_HANDS = [["2C"], ["JD", "5D", "5S", "JS", "3C"], ["5C", "6S", "JH", "5H"], ["2S"]]


def after_wild_jack(suit: str | None = "S") -> GameState:
    state = game(*JACKS, hands=JACK_HANDS, pile=("3D",))
    state, _ = play(state, BOB, "JD", suit=suit)
    return state


def test_a_wild_jack_names_the_active_suit() -> None:
    state = game(*JACKS, hands=JACK_HANDS, pile=("3D",))
    state, events = play(state, BOB, "JD", suit="S")
    assert state.piles[0].suit == "S"
    assert only(events, "named_suit").text == "Bob names spades ♠."


def test_the_named_suit_must_be_followed() -> None:
    _, events = play(after_wild_jack("S"), CAT, "5H")
    assert only(events, Refused).broken[0].jargon == "Compass"


def test_the_named_suit_may_differ_from_the_jacks_suit() -> None:
    state, events = play(after_wild_jack("S"), CAT, "6S")
    assert kinds(events) == ["played"]
    assert state.piles[0].suit is None


def test_a_wild_jack_without_a_named_suit_keeps_its_own() -> None:
    state = after_wild_jack(None)
    assert state.piles[0].suit == "D"


def test_to_bottom_moves_the_card_under_the_pile() -> None:
    state, _ = play(game(example("15")[0]), BOB, "4D")
    assert state.piles[0].cards == ["4D", "3D", "9C"]


def test_new_pile_starts_a_second_pile() -> None:
    state, _ = play(game(example("06")[0], hands=[*HANDS[:1], ["10D", "5D"], *HANDS[2:]]),
                    BOB, "10D")
    assert [p.cards for p in state.piles] == [["3D", "9C"], ["10D"]]


def test_a_play_on_the_second_pile_says_so() -> None:
    state, _ = play(game(example("06")[0], hands=[*HANDS[:1], ["10D", "5D"], *HANDS[2:]]),
                    BOB, "10D")
    state, events = play(state, CAT, "4H", pile=1)
    assert only(events, "played").text == "Cat plays 4♥ on 10♦ (pile 2)."
    assert tops(state) == ["9C", "4H"]


def test_there_is_no_third_pile_to_play_on() -> None:
    state, _ = play(game(example("06")[0], hands=[*HANDS[:1], ["10D", "5D"], *HANDS[2:]]),
                    BOB, "10D")
    with pytest.raises(EngineError) as caught:
        play(state, CAT, "4H", pile=2)
    assert caught.value.code == "action/bad_pile"


SEVEN_HANDS = [["2C"], ["7D", "5D"], ["5C"], ["2S"]]


@pytest.mark.parametrize(("pile", "drawn"), [(("3D",), 1), (("3D", "7C"), 2),
                                             (("7S", "7C"), 3)])
def test_stacking_sevens_draw_one_card_per_seven_in_the_run(
        pile: tuple[str, ...], drawn: int) -> None:
    state, events = play(game(example("12")[0], hands=SEVEN_HANDS, pile=pile), BOB, "7D")
    drew = only(events, Drew)
    assert (drew.seat, drew.count) == (CAT, drawn)
    assert len(state.hands[CAT]) == 1 + drawn


def test_a_win_effect_wins_the_round_with_cards_in_hand() -> None:
    crown = trigger("Crown", rank_played("8"), {"type": "win"})
    state, events = play(game(crown), BOB, "8D")
    assert only(events, "won_round").text == (
        "Bob is declared the winner and wins round 1! Bob is writing a new secret rule…")
    assert state.winners == [RoundWin(1, BOB, "effect")]
    assert state.hands[BOB] == ["AD", "2D", "4D"]


ACES = [["2C"], ["AC", "AD", "AH", "AS", "5D"], ["5C"], ["2S"]]


def test_an_instant_win_claim_with_four_aces_wins() -> None:
    state, events = claim(game(example("07")[0], hands=ACES), BOB)
    assert only(events, "claim_won").text == "Bob reveals A♣ A♦ A♥ A♠ 5♦. Ann: that's a Full House!"
    assert state.winners == [RoundWin(1, BOB, "instant")]


def test_a_failed_claim_draws_a_penalty_and_ends_the_turn() -> None:
    state, events = claim(game(example("07")[0]), BOB)
    assert kinds(events) == ["claim_failed", "drew"]
    assert only(events, "claim_failed").text == (
        "Bob reveals their hand (A♦ 2♦ 4♦ 8♦), but no rule makes it a winner.")
    assert state.hands[BOB] == ["AD", "2D", "4D", "8D", "KC"]
    assert state.current == CAT


def test_a_failed_claim_shows_the_hand_but_not_the_penalty_card() -> None:
    _, events = claim(game(example("07")[0]), BOB)
    assert only(events, ClaimFailed).hand == ("AD", "2D", "4D", "8D")


def test_an_instant_win_must_be_claimed_on_ones_turn() -> None:
    with pytest.raises(EngineError) as caught:
        claim(game(example("07")[0], hands=ACES), ANN)
    assert caught.value.code == "action/not_your_turn"
