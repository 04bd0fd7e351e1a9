"""Rows of docs/presets/lynnfield.md on what is said: "Go Fish", the holiday greetings,
Consideration's thanks, points of order called and ended in words, and the races' web
equivalents. The seed's words (quoted in each docstring) are played through the engine
under the ``lynnfield`` preset."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given
from hypothesis import strategies as st

from games.engine.actions import CallOrder, Play, Respond, Say
from games.engine.events import (
    CallBroken,
    Drew,
    Event,
    OrderCalled,
    OrderEnded,
    RaceOpened,
    SpeechBroken,
)
from games.engine.visibility import player_view
from rules.phrases import HOLIDAYS
from tests.engine.helpers import act, arrange, kinds, of_kind, only, pass_, play, refusal
from tests.examples import share
from tests.presets.test_lynnfield_example import (
    AVA,
    BEN,
    CAL,
    CHAIRMAN,
    dealt,
    speech,
    table,
)

HANDS = [["2C", "3D"], ["6H", "5C", "3H"], ["4D", "7D", "KC"], ["8C", "6C", "9C"]]


def penalised(events: Sequence[Event]) -> list[str]:
    return [e.jargon for e in events if isinstance(e, CallBroken | SpeechBroken)]


def test_row_13() -> None:
    """"If the card taken cannot be placed in the pile, then you may say 'Go Fish' if
    desired." Said by the player holding the card a pass drew that cannot be played, it is
    allowed; with a card drawn that can be played, or by anyone else, it is talk."""
    stuck, events = pass_(table(HANDS, ["9D"], draws=("QS",)), AVA)
    assert kinds(events) == ["drew"] and stuck.current == AVA
    state, events = act(stuck, Say(AVA, "Go fish!"))
    assert speech(events) == [] and len(state.hands[AVA]) == 4
    state, events = pass_(state, AVA)
    assert kinds(events) == ["kept"] and state.current == BEN
    _, events = act(stuck, Say(BEN, "Go fish"))
    assert penalised(events) == ["No Speaking"]
    playable, _ = pass_(table(HANDS, ["9D"], draws=("QD",)), AVA)
    _, events = act(playable, Say(AVA, "Go fish"))
    assert penalised(events) == ["No Speaking"]
    _, events = act(table(HANDS, ["9D"]), Say(AVA, "Go fish"))
    assert penalised(events) == ["No Speaking"]


def test_row_27() -> None:
    """"Any player can call a point of order by simply saying 'Point of Order'." The words
    call one as the button does: play stops and every hand goes face down. "Furthermore,
    it cannot be abbreviated in any form or way": "POO" calls nothing (and is talk)."""
    state, events = act(table(HANDS, ["9H"]), Say(CAL, "Point of order!"), 1_000)
    assert speech(events) == []
    assert only(events, OrderCalled).text == ("Cal calls a point of order: play stops and "
                                              "every hand is face down.")
    assert state.order.current is not None and state.order.current.caller == CAL
    assert refusal(state, Play(AVA, ("6H",), say="Happy Holidays")) == "order/paused"
    state, events = act(table(HANDS, ["9H"]), Say(CAL, "P.O.O."), 1_000)
    assert state.order.current is None and penalised(events) == ["No Speaking"]


def test_row_28() -> None:
    """"All players put down their cards ... The players have 3 seconds to put down their
    cards." "A player must state 'Cards during Condition' if any player fails to put down
    their cards." The point of order puts every hand face down at once on every screen (no
    card can be played until it ends), so no player fails to, and the talk is in the third
    person."""
    state, _ = act(table(HANDS, ["9H"]), CallOrder(BEN), 1_000)
    assert all(player_view(state, seat).hand == () for seat in range(4))
    assert refusal(state, Play(AVA, ("6H",))) == "order/paused"
    state, events = act(state, Say(CAL, "Cards during condition"), 2_000)
    assert speech(events) == []
    _, events = act(state, Say(CAL, "You forgot your cards"), 3_000)
    assert penalised(events) == ["Third Person"]


def test_row_29() -> None:
    """"During a Point of Order, the words 'Point of Order' may not be used except to state
    the end of one. Furthermore, it cannot be abbreviated in any form or way." "A point of
    order is ended when any player says 'End point of order'.\""""
    state, _ = act(table(HANDS, ["9H"]), Say(CAL, "Point of order"), 1_000)
    state, events = act(state, Say(BEN, "Ben calls a point of order on Cal"), 2_000)
    assert speech(events) == ["Chairman: that's a No Speaking! Ben said “point of order” in "
                              "a point of order."]
    assert len(state.hands[BEN]) == 4 and state.order.current is not None
    state, events = act(state, Say(AVA, "End POO"), 3_000)
    assert speech(events) == [] and state.order.current is not None
    state, events = act(state, Say(AVA, "End point of order"), 4_000)
    assert speech(events) == []
    assert only(events, OrderEnded).text == ("Ava ends Cal's point of order: play resumes "
                                            "with Ava to play.")
    # Outside one, the words end nothing and cost nothing.
    state, events = act(state, Say(CAL, "End point of order"), 5_000)
    assert speech(events) == [] and kinds(events) == ["said"]


def test_row_38() -> None:
    """Deuces: "A player cannot keep only their middle and index fingers on the table at all
    times." Fingers go to the table with the race's button, which exists only while a two's
    race is open: nobody can press it before the two (the race itself:
    ``test_deuces_the_last_to_touch_the_table_draws``)."""
    state = table(HANDS, ["9H"])
    assert refusal(state, Respond(BEN, 1)) == "action/race_closed"
    hands = [["2C", "3D"], ["2H", "5C", "3C"], ["4D", "7D"], ["6H", "8D"]]
    state, events = act(table(hands, ["9H"]), Play(AVA, ("2H",)), 1_000)
    assert [e.jargon for e in of_kind(events, RaceOpened)] == ["Deuces"]
    state, _ = act(state, Respond(BEN, 1), 1_200)
    assert refusal(state, Respond(BEN, 1), 1_300) == "action/race_answered"


def test_row_39() -> None:
    """"A six requires the player to say 'Merry Christmas', 'Happy Hanukkah', 'Happy
    Holidays', or another holiday name depending on a number of factors including religion
    and time of year." Any holiday greeting will do, and a holiday's name said alone;
    outside a play, too, a greeting is no talk."""
    for greeting in ("Happy Diwali!", "Eid Mubarak", "HAPPY NEW YEAR", "Feliz Navidad",
                     "Happy Thanksgiving", "Lunar New Year", "Kwanzaa"):
        _, events = play(table(HANDS, ["9H"]), AVA, "6H", say=greeting)
        assert kinds(events) == ["played"], greeting
        _, said = act(table(HANDS, ["9H"]), Say(BEN, greeting))
        assert speech(said) == [], greeting
    _, events = play(table(HANDS, ["9H"]), AVA, "6H", say="Happy Birthday")
    assert penalised(events) == ["Holidays"]


def _thanked(run: int, said: str) -> list[Event]:
    """Ava plays the seven completing a run of ``run`` sevens; Ben, who draws one card per
    seven, then says ``said``."""
    under = ["7C", "7S", "7D"][:run - 1]
    hands = [["2C", "3D"], ["7H", "5C", "3H"], ["4D", "9D", "KC"], ["8C", "6C", "9C"]]
    state = table(hands, ["9H", *under], draws=("QS", "2S", "3S", "4S"))
    state, events = play(state, AVA, "7H", say=f"Have a {'very ' * (run - 1)}nice day")
    assert [(e.seat, e.count) for e in events if isinstance(e, Drew)] == [(BEN, run)]
    _, events = act(state, Say(BEN, said))
    return events


def test_row_40() -> None:
    """Consideration: "The next person will receive a penalty card (and say 'Thank You') ...
    If the next card is a 7, the next player will take two cards and say 'Have a Very Nice
    Day' with a respective 'Thank you Very Much'. If the third is a seven, the next player
    will draw three cards and add another Very to each statement, etc." The thanks count
    their "very"s: one per seven beyond the first."""
    for run, thanks in ((1, "Thank you"), (2, "Thank you very much"),
                        (3, "Thank you VERY very much!"), (4, "thank you very very very much")):
        assert speech(_thanked(run, thanks)) == [], thanks
    events = _thanked(2, "Thank you")
    assert speech(events) == ["Chairman: that's a Very Much! Ben did not say “thank you very "
                              "much”."]
    assert [e.count for e in events if isinstance(e, Drew)] == [1]


@given(st.integers(1, 4), st.integers(1, 5), st.sampled_from([str, str.upper, str.title]))
@share(0.5)
def test_the_thanks_for_sevens_are_judged_by_their_verys(run: int, verys: int, case: type[str]
                                                        ) -> None:
    """The thanks with a "very" per seven beyond the first are never penalised; with any
    other count they cost one card (a reply missed), never a second for talking."""
    thanks = "Thank you" if verys == 1 else f"Thank you {'very ' * (verys - 1)}much"
    events = _thanked(run, case(thanks))
    drawn = [e.count for e in events if isinstance(e, Drew)]
    if verys == run:
        assert penalised(events) == [] and drawn == []
    else:
        assert penalised(events) == ["Very Much"] and drawn == [1]


@given(st.sampled_from(HOLIDAYS), st.sampled_from([str, str.upper, str.lower]),
       st.sampled_from(["", "!", "."]))
@share(0.5)
def test_every_holiday_greeting_makes_holidays_and_is_no_talk(greeting: str, case: type[str],
                                                              end: str) -> None:
    said = case(greeting) + end
    _, events = play(table(HANDS, ["9H"]), AVA, "6H", say=said)
    assert kinds(events) == ["played"]
    _, events = act(table(HANDS, ["9H"]), Say(CHAIRMAN, said))
    assert penalised(events) == []


def test_row_71() -> None:
    """"Players may not explain the rules during gameplay of the game, unless a player needs
    a short refreshing on a certain rule." The refresher is given in a point of order, where
    the table talks (in the third person); explaining in play is talk, a card. The house
    rules stay on the table for everyone to read."""
    refresher = "A player says Chauncey when two cards of a number are played in a row"
    _, events = act(table(HANDS, ["9H"]), Say(BEN, refresher), 1_000)
    assert penalised(events) == ["No Speaking"]
    state, _ = act(table(HANDS, ["9H"]), Say(CAL, "Point of order"), 1_000)
    state, events = act(state, Say(BEN, refresher), 2_000)
    assert speech(events) == [] and len(state.hands[BEN]) == 3
    view = player_view(state, AVA)
    assert "Chauncey" in [rule.jargon for rule in view.house_rules]



CASES = st.sampled_from([str, str.upper, str.lower, str.title])
ENDS = st.sampled_from(["", "!", ".", "?!"])


@given(CASES, ENDS, st.booleans())
@share(0.5)
def test_go_fish_costs_nothing_only_with_a_card_drawn_that_cannot_be_played(
        case: type[str], end: str, playable: bool) -> None:
    drawn = "QD" if playable else "QS"
    state, _ = pass_(table(HANDS, ["9D"], draws=(drawn,)), AVA)
    _, events = act(state, Say(AVA, case("Go fish") + end))
    assert penalised(events) == (["No Speaking"] if playable else [])


@given(CASES, ENDS, st.sampled_from([AVA, BEN, CAL, CHAIRMAN]))
@share(0.5)
def test_point_of_order_said_calls_one_and_end_point_of_order_ends_it(
        case: type[str], end: str, seat: int) -> None:
    state, events = act(table(HANDS, ["9H"]), Say(seat, case("Point of order") + end), 1_000)
    assert penalised(events) == [] and state.order.current is not None
    state, events = act(state, Say(CAL, case("End point of order") + end), 2_000)
    assert penalised(events) == [] and state.order.current is None


@given(CASES, st.sampled_from(["Point of order", "Ben asks for a point of order",
                               "POINT OF ORDER, point of order"]))
@share(0.5)
def test_point_of_order_said_in_one_but_to_end_it_always_costs_a_card(
        case: type[str], words: str) -> None:
    state, _ = act(table(HANDS, ["9H"]), CallOrder(CAL), 1_000)
    state, events = act(state, Say(BEN, case(words)), 2_000)
    assert penalised(events) == ["No Speaking"] and state.order.current is not None


def test_row_62() -> None:
    """"Any cursing results in a penalty card. This includes putting up the middle finger."
    An oath costs a card (Cursing) said with a play, outside one (where speaking costs a card
    of its own: No Speaking) and in a point of order; the app has no gesture to make."""
    state, events = play(table(HANDS, ["9H"]), AVA, "6H", say="Happy Holidays. Damn!")
    assert kinds(events)[0] == "played"
    assert speech(events) == ["Chairman: that's a Cursing! Ava said “damn”."]
    _, events = act(state, Say(CAL, "What the hell"))
    assert penalised(events) == ["No Speaking", "Cursing"]
    state, _ = act(table(HANDS, ["9H"]), CallOrder(CAL), 1_000)
    _, events = act(state, Say(BEN, "Bloody Cal"), 2_000)
    assert speech(events) == ["Chairman: that's a Cursing! Ben said “bloody” in a point of "
                              "order."]


OATHS = ("damn", "Hell", "SHIT", "crap", "bloody", "fucking")


@given(st.sampled_from(OATHS), st.sampled_from(["with a play", "outside", "in order"]),
       st.sampled_from(["Happy Holidays", "Eid Mubarak"]))
@share(0.5)
def test_an_oath_always_costs_a_card_and_a_greeting_never(oath: str, where: str,
                                                          greeting: str) -> None:
    state = table(HANDS, ["9H"])
    if where == "in order":
        state, _ = act(state, CallOrder(CAL), 1_000)
    for said, cursed in ((greeting, False), (f"{greeting}, {oath}!", True)):
        if where == "with a play":
            _, events = play(state, AVA, "6H", say=said)
        else:
            _, events = act(state, Say(AVA, said), 2_000)
        assert ("Cursing" in penalised(events)) == cursed, said
        if not cursed:
            assert penalised(events) == []


def test_where_only_the_host_calls_one_the_words_call_nothing() -> None:
    state, _ = dealt(order_callers="host")
    state = arrange(state, HANDS, [["9H"]], current=AVA)
    state, events = act(state, Say(CHAIRMAN, "Point of order"), 1_000)
    assert state.order.current is None and penalised(events) == []


def test_point_of_order_said_past_the_limit_calls_nothing_and_the_thanks_stand() -> None:
    """Past a player's limit of points of order (three a round), the words call nothing,
    cost nothing, and the "Thank you" said with them answers the penalty card owed."""
    state = table(HANDS, ["9H"])
    for k in range(3):
        state, _ = act(state, Say(CAL, "Point of order"), 1_000 + 40_000 * k)
        state, _ = act(state, Say(CAL, "End point of order"), 2_000 + 40_000 * k)
    state, events = act(state, Say(CAL, "Talking!"), 200_000)
    assert penalised(events) == ["No Speaking"]
    state, events = act(state, Say(CAL, "Point of order. Thank you"), 201_000)
    assert state.order.current is None and speech(events) == []
