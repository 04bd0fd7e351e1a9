"""Races: a window every seat answers; the last (or whoever is silent) draws, or the first
names the suit; ties by lot; the table waits, the turn clock too; words and the button."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from games.engine.actions import (
    CallOrder,
    EndOrder,
    OpenSeat,
    Pass,
    Play,
    RemoveSeat,
    Respond,
    Say,
    Tick,
    action_to_json,
    parse_action,
)
from games.engine.clock import TURN
from games.engine.events import (
    Drew,
    Fired,
    NamedSuit,
    NoSupply,
    RaceAnswered,
    RaceClosed,
    RaceOpened,
    Said,
    SpeechBroken,
)
from games.engine.invariants import violations
from games.engine.races import lot
from games.engine.state import GameState
from games.engine.timers import freeze, thaw
from games.engine.visibility import player_view
from tests.engine.helpers import act, arrange, kinds, of_kind, only, refusal, start

#: Two cards of a rank in a row: the second one sets Lynnfield's Chauncey off.
PAIR = {"type": "all", "of": [{"type": "relation", "rel": "same_rank"},
                              {"type": "compare", "what": "run_length", "op": "==", "value": 1}]}
CHAUNCEY = {"jargon": "Chauncey", "rule": {"kind": "trigger", "when": PAIR, "effects": [
    {"type": "race", "say": "Chauncey"}]}}
HANDS_UP = {"jargon": "Musical Chairs", "rule": {"kind": "trigger", "when": {
    "type": "rank", "in": ["4"]}, "effects": [{"type": "race", "press": "Hands up",
                                                  "seconds": 3, "penalty": 2}]}}
WILD = {"jargon": "Wild Jack", "rule": {"kind": "trigger", "when": {"type": "rank", "in": ["J"]},
                                         "effects": [{"type": "race", "name": "suit"}]}}
TALKING = {"jargon": "Talking", "rule": {"kind": "talking", "allow": ["Point of order"]}}


def table(*rules: dict[str, Any], **settings: Any) -> GameState:
    """Ann, Bob and Cat with ``rules`` (written by Ann): Ann holds 7H 4C JD 2S, Bob 9D 3D 5C,
    Cat 4S 6C; the pile shows 7C; Ann to play at 0 s; the stock gives QS, KS, JS."""
    state = start([(0, rule) for rule in rules], **settings)
    return arrange(state, [["7H", "4C", "JD", "2S"], ["9D", "3D", "5C"], ["4S", "6C"]],
                   [["7C"]], draws=["QS", "KS", "JS"], current=0)


def opened(state: GameState, card: str = "7H", at: int = 1_000, **play: Any
           ) -> tuple[GameState, list[Any]]:
    """Ann plays ``card`` at ``at`` ms."""
    return act(state, Play(0, (card,), **play), at=at)


def test_a_pair_opens_a_race_for_every_seat() -> None:
    state, events = opened(table(CHAUNCEY))
    assert kinds(events)[-2:] == ["fired", "race_opened"]
    assert only(events, Fired).text == (
        "Ann: Chauncey! (everyone races to say “Chauncey” within five seconds: the last, "
        "and anyone who does not, draws a penalty card)")
    race = only(events, RaceOpened)
    assert race.text == "Race! Everyone: say “Chauncey” within 5 seconds; the last draws a card."
    assert (race.race, race.means, race.words, race.due, race.penalty) == (
        1, "say", "Chauncey", 6_000, 1)
    assert (race.jargon, race.author) == ("Chauncey", 0)
    (open_race,) = state.races.open
    assert (open_race.seats, open_race.opened, open_race.player) == ((0, 1, 2), 1_000, 0)
    assert state.timers == {"race:1": 6_000}
    assert violations(state) == []


def test_nobody_plays_while_the_table_races() -> None:
    state, _ = opened(table(CHAUNCEY))
    assert refusal(state, Pass(1), at=2_000) == "action/race_open"
    assert refusal(state, Play(1, ("9D",)), at=2_000) == "action/race_open"


def test_the_refusal_says_what_the_table_is_racing_for() -> None:
    state, _ = opened(table(CHAUNCEY))
    with pytest.raises(Exception, match="everyone is racing to say “Chauncey”"):
        act(state, Pass(1), at=2_000)


def test_the_last_to_answer_draws_and_the_race_closes_when_everyone_has() -> None:
    state, _ = opened(table(CHAUNCEY))
    state, events = act(state, Respond(1, 1), at=1_800)
    assert only(events, RaceAnswered).text == "Bob says “Chauncey” (after 0.8 s)."
    state, _ = act(state, Respond(0, 1), at=2_100)
    state, events = act(state, Respond(2, 1), at=2_500)
    closed = only(events, RaceClosed)
    assert closed.text == "Ann: Chauncey! Cat was last to say “Chauncey” and draws a card."
    assert (closed.losers, closed.tied, closed.penalty) == ((2,), (), 1)
    drew = only(events, Drew)
    assert (drew.seat, drew.reason, drew.cards) == (2, "penalty", ("QS",))
    assert state.races.open == () and "race:1" not in state.timers
    assert violations(state) == []


def test_seats_that_do_not_answer_in_time_draw_instead_of_the_last() -> None:
    state, _ = opened(table(CHAUNCEY))
    state, _ = act(state, Respond(2, 1), at=3_000)
    state, events = act(state, Tick(), at=6_000)
    closed = only(events, RaceClosed)
    assert closed.text == ("Ann: Chauncey! Ann and Bob did not say “Chauncey” in time and "
                           "draw a card each.")
    assert closed.losers == (0, 1)
    assert [(d.seat, d.count) for d in of_kind(events, Drew)] == [(0, 1), (1, 1)]
    assert state.races.open == ()


def test_an_answer_after_the_window_finds_the_race_closed() -> None:
    state, _ = opened(table(CHAUNCEY))
    assert refusal(state, Respond(1, 1), at=6_000) == "action/race_closed"
    assert refusal(state, Respond(1, 7), at=2_000) == "action/race_closed"


def test_a_seat_answers_once() -> None:
    state, _ = opened(table(CHAUNCEY))
    state, _ = act(state, Respond(1, 1), at=1_500)
    assert refusal(state, Respond(1, 1), at=1_600) == "action/race_answered"


def test_words_said_outside_a_play_answer_a_race_and_are_no_talking() -> None:
    state, _ = opened(table(CHAUNCEY, TALKING))
    state, events = act(state, Say(1, "Chauncey!"), at=1_400)
    assert kinds(events) == ["said", "race_answered"]
    assert only(events, RaceAnswered).text == "Bob says “Chauncey” (after 0.4 s)."
    state, events = act(state, Say(1, "Chauncey, chauncey"), at=1_500)
    assert of_kind(events, SpeechBroken) == []  # said again while the race is open: no talk


def test_other_words_with_the_phrase_are_still_talking() -> None:
    state, _ = opened(table(CHAUNCEY, TALKING))
    state, events = act(state, Say(1, "Chauncey, Ann!"), at=1_400)
    assert len(of_kind(events, RaceAnswered)) == 1
    assert only(events, SpeechBroken).text == "Ann: that's a Talking! Bob spoke outside a play."


def test_the_phrase_said_when_no_race_is_open_is_talking() -> None:
    state = table(CHAUNCEY, TALKING)
    state, events = act(state, Say(1, "Chauncey"), at=1_000)
    assert only(events, SpeechBroken).what == "talking"


def test_the_phrase_a_moment_too_late_costs_the_race_not_a_talking_penalty_too() -> None:
    state, _ = opened(table(CHAUNCEY, TALKING))
    state, _ = act(state, Respond(0, 1), at=1_200)
    state, _ = act(state, Respond(2, 1), at=1_300)
    state, events = act(state, Say(1, "Chauncey"), at=6_050)
    assert kinds(events)[:3] == ["race_closed", "drew", "said"]
    assert of_kind(events, RaceAnswered) == [] and of_kind(events, SpeechBroken) == []
    assert only(events, RaceClosed).losers == (1,)


def test_the_phrase_said_with_the_play_answers_for_its_player_at_once() -> None:
    state, events = opened(table(CHAUNCEY), say="Chauncey")
    assert only(events, RaceAnswered).text == "Ann says “Chauncey” (at once)."
    assert [r.seat for r in state.races.open[0].responses] == [0]


def test_a_button_race_is_answered_by_the_button_only() -> None:
    state, events = opened(table(HANDS_UP), "4C")
    assert only(events, RaceOpened).text == ("Race! Everyone: press “Hands up” within 3 "
                                             "seconds; the last draws two cards.")
    state, events = act(state, Say(1, "Hands up"), at=1_200)
    assert of_kind(events, RaceAnswered) == []
    state, events = act(state, Respond(1, 1), at=1_300)
    assert only(events, RaceAnswered).text == "Bob: hands up (after 0.3 s)."
    state, events = act(state, Tick(), at=4_000)
    assert only(events, RaceClosed).text == ("Ann: Musical Chairs! Ann and Cat did not press "
                                             "“Hands up” in time and draw two cards each.")


def test_a_tie_for_last_is_settled_by_lot_the_same_way_on_every_replay() -> None:
    state, _ = opened(table(CHAUNCEY))
    state, _ = act(state, Respond(0, 1), at=1_100)
    state, _ = act(state, Respond(1, 1), at=1_900)
    state, events = act(state, Respond(2, 1), at=1_900)
    closed = only(events, RaceClosed)
    loser = lot(state.seed, 1, (1, 2))
    assert closed.tied == (1, 2) and closed.losers == (loser,)
    other = "Bob" if loser == 2 else "Cat"
    name = "Cat" if loser == 2 else "Bob"
    assert closed.text == (f"Ann: Chauncey! Bob and Cat were last to say “Chauncey”, in the "
                           f"same instant: the lot falls on {name}, who draws a card.")
    assert other not in closed.text.split("lot falls on")[1]


def test_lots_are_not_always_the_lower_seat() -> None:
    fallen = {lot(7, number, (1, 2)) for number in range(1, 30)}
    assert fallen == {1, 2}
    assert lot(7, 3, (2, 1)) == lot(7, 3, (1, 2))


def test_the_first_to_name_a_suit_sets_it() -> None:
    state, events = opened(table(WILD), "JD")
    assert only(events, RaceOpened).text == ("Race! Anyone may name the suit within 5 "
                                             "seconds; the first to name one sets it.")
    state, events = act(state, Respond(2, 1, "S"), at=1_700)
    assert state.timers["race:1"] == 1_701  # answers of the same millisecond still tie
    state, _ = act(state, Say(1, "Hearts!"), at=1_700)
    state, events = act(state, Tick(), at=1_701)
    closed = only(events, RaceClosed)
    assert closed.tied == (1, 2) and closed.winner == lot(state.seed, 1, (1, 2))
    assert state.piles[0].suit == closed.suit == ("S" if closed.winner == 2 else "H")
    assert only(events, NamedSuit).seat == closed.winner


def test_a_tie_to_name_the_suit_goes_to_the_cards_player() -> None:
    state, _ = opened(table(WILD), "JD")
    state, _ = act(state, Respond(2, 1, "S"), at=1_700)
    state, _ = act(state, Respond(0, 1, "C"), at=1_700)
    state, events = act(state, Pass(1), at=1_900)  # the race closes first, then Bob passes
    closed = only(events, RaceClosed)
    assert closed.text == ("Ann: Wild Jack! Cat and Ann named a suit in the same instant: it "
                           "is Ann's, whose card it is.".replace("Cat and Ann", "Ann and Cat"))
    assert (closed.winner, closed.suit) == (0, "C")
    assert only(events, NamedSuit).text == "Ann names clubs ♣."


def test_a_suit_named_with_the_play_wins_at_once() -> None:
    state, events = opened(table(WILD), "JD", suit="H")
    assert only(events, RaceAnswered).text == "Ann names hearts ♥ (at once)."
    state, events = act(state, Tick(), at=1_001)
    assert only(events, RaceClosed).text == "Ann: Wild Jack! Ann named a suit first."
    assert state.piles[0].suit == "H"


def test_nobody_naming_a_suit_leaves_the_cards_own() -> None:
    state, _ = opened(table(WILD), "JD")
    state, events = act(state, Tick(), at=6_000)
    assert only(events, RaceClosed).text == ("Ann: Wild Jack! Nobody named a suit: the card's "
                                             "own suit stands.")
    assert state.piles[0].suit is None and of_kind(events, NamedSuit) == []


def test_a_suit_race_asks_for_a_suit_and_others_for_none() -> None:
    state, _ = opened(table(WILD), "JD")
    assert refusal(state, Respond(1, 1), at=1_500) == "action/malformed"
    state, _ = opened(table(CHAUNCEY))
    assert refusal(state, Respond(1, 1, "H"), at=1_500) == "action/malformed"


def test_several_races_run_at_once_each_on_its_own() -> None:
    hail = {"jargon": "Devil", "rule": {"kind": "trigger", "when": PAIR, "effects": [
        {"type": "race", "say": "Hail Satan", "seconds": 3}]}}
    state, events = opened(table(CHAUNCEY, hail))
    assert [e.race for e in of_kind(events, RaceOpened)] == [1, 2]
    state, events = act(state, Say(1, "Hail Satan. Chauncey."), at=1_200)
    assert [e.race for e in of_kind(events, RaceAnswered)] == [1, 2]
    assert refusal(state, Pass(1), at=1_300) == "action/race_open"
    state, events = act(state, Tick(), at=4_000)  # the shorter window closes first
    assert [e.race for e in of_kind(events, RaceClosed)] == [2]
    assert [r.number for r in state.races.open] == [1]
    state, events = act(state, Tick(), at=6_000)
    assert [e.race for e in of_kind(events, RaceClosed)] == [1]


def test_the_turn_clock_waits_while_the_table_races() -> None:
    state = table(CHAUNCEY, turn_seconds=5)
    state, _ = opened(state)
    assert TURN not in state.timers and state.races.turn_left == 5_000
    for seat, at in ((0, 1_500), (1, 2_000), (2, 3_000)):
        state, _ = act(state, Respond(seat, 1), at=at)
    assert state.timers[TURN] == 8_000 and state.races.turn_left is None


def test_a_point_of_order_freezes_a_race_too() -> None:
    state, _ = opened(table(CHAUNCEY))
    freeze(state, 2_000)
    thaw(state, 12_000)
    assert state.timers["race:1"] == 16_000


def test_a_reply_owed_is_not_broken_by_pressing_the_button() -> None:
    thanks = {"jargon": "Thanks", "rule": {"kind": "reply", "say": "Thank you"}}
    state, _ = opened(table(CHAUNCEY, thanks))
    state.unanswered = {1: ["penalty"]}
    state, events = act(state, Respond(1, 1), at=1_500)
    assert of_kind(events, SpeechBroken) == [] and state.unanswered == {1: ["penalty"]}
    state, events = act(state, Say(1, "Thank you"), at=1_600)
    assert of_kind(events, SpeechBroken) == []


def test_a_play_that_ends_the_round_opens_no_race() -> None:
    state = table(CHAUNCEY)
    state.hands[0] = ["7H"]
    state, events = opened(state)
    assert "won_round" in kinds(events) and of_kind(events, RaceOpened) == []
    assert state.races.open == ()


def test_a_penalty_the_stock_cannot_supply_ends_the_round_and_forgets_the_races() -> None:
    state = table(CHAUNCEY)
    state = arrange(state, [["7H", "4C"], None, ["4S"]], [["7C"]], draws=[], current=0)
    state.stock = []
    state, _ = opened(state)
    state, events = act(state, Tick(), at=6_000)
    assert "no_supply" in kinds(events) and of_kind(events, NoSupply)
    assert state.races.open == () and not any(n.startswith("race") for n in state.timers)
    assert violations(state) == []


def test_the_view_shows_every_seat_the_race_and_who_answered() -> None:
    state, _ = opened(table(CHAUNCEY))
    state, _ = act(state, Respond(2, 1), at=1_500)
    for viewer in (0, 1, None):
        (race,) = player_view(state, viewer).races
        assert (race.number, race.shown, race.due, race.answered) == (1, "Chauncey", 6_000, (2,))
        assert (race.jargon, race.author_name) == ("Chauncey", "Ann")


def test_an_open_race_round_trips_through_json() -> None:
    state, _ = opened(table(WILD), "JD", suit="H")
    assert GameState.from_json(state.to_json()) == state
    assert GameState.from_json({k: v for k, v in state.to_json().items() if k != "races"}
                               ).races == replace(state.races, open=(), count=0)


def test_respond_round_trips_as_an_action() -> None:
    for action in (Respond(1, 3), Respond(0, 1, "H")):
        assert parse_action(action_to_json(action)) == action
    for bad in ({"type": "respond", "seat": 1, "race": 0},
                {"type": "respond", "seat": 1, "race": True},
                {"type": "respond", "seat": 1, "race": 1, "suit": "X"}):
        with pytest.raises(ValueError, match="race|suit"):
            parse_action(bad)


def test_a_race_is_heard_by_everyone() -> None:
    state, events = opened(table(CHAUNCEY))
    assert all(e.to is None for e in events if e.kind.startswith("race"))
    state, events = act(state, Say(2, "chauncey"), at=1_100)
    assert only(events, Said).seat == 2


def test_a_seat_that_leaves_the_game_during_a_race_neither_answers_nor_pays() -> None:
    state, _ = opened(table(CHAUNCEY))
    state, _ = act(state, Respond(0, 1), at=1_200)
    state, _ = act(state, RemoveSeat(0, 2), at=1_300)  # Cat leaves the game
    assert refusal(state, Respond(2, 1), at=1_400) == "action/out_of_game"
    state, events = act(state, Respond(1, 1), at=1_500)
    closed = only(events, RaceClosed)
    assert closed.losers == (1,)  # Bob, the last of those still racing
    assert closed.text == "Ann: Chauncey! Bob was last to say “Chauncey” and draws a card."


def test_an_open_seat_has_nobody_to_race() -> None:
    state = table(CHAUNCEY)
    state, _ = act(state, OpenSeat(0, 2), at=500)  # Cat's player has gone
    state, _ = opened(state)
    assert state.races.open[0].seats == (0, 1)
    assert refusal(state, Respond(2, 1), at=1_200) == "action/not_racing"
    assert player_view(state, 2).races[0].waits_for(2) is False
    state, _ = act(state, Respond(1, 1), at=1_300)
    state, events = act(state, Respond(0, 1), at=1_400)
    assert only(events, RaceClosed).losers == (0,)


def test_a_point_of_order_stops_a_race_and_its_window_goes_on_after() -> None:
    state, _ = opened(table(CHAUNCEY))  # the window: 1 s to 6 s
    state, _ = act(state, Respond(1, 1), at=1_500)
    state, _ = act(state, CallOrder(2), at=2_000)
    assert refusal(state, Respond(0, 1), at=2_500) == "order/paused"
    state, _ = act(state, Say(0, "Chauncey"), at=2_600)  # the table's chat: no answer
    assert [r.seat for r in state.races.open[0].responses] == [1]
    state, _ = act(state, EndOrder(2), at=12_000)
    assert state.timers["race:1"] == 16_000  # the 4 s it had left
    assert player_view(state, 0).races[0].due == 16_000
    state, _ = act(state, Respond(0, 1), at=13_000)
    state, events = act(state, Tick(), at=16_000)
    assert only(events, RaceClosed).losers == (2,)


def test_a_suit_named_after_a_point_of_order_closes_the_race_on_time() -> None:
    state, _ = opened(table(WILD), "JD")
    state, _ = act(state, CallOrder(1), at=2_000)
    state, _ = act(state, EndOrder(1), at=30_000)
    state, _ = act(state, Respond(2, 1, "S"), at=31_000)
    assert state.timers["race:1"] == 31_001
    state, events = act(state, Tick(), at=31_001)
    assert only(events, RaceClosed).winner == 2 and state.piles[0].suit == "S"
