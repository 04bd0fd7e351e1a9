"""Rules no player wrote (house rules, preset laws) are spoken for by the chair: refusals,
triggers, calls and instant wins name it, and old logs with authors read back unchanged."""

from __future__ import annotations

from dataclasses import replace

from games.engine.events import Breach, CallBroken, ClaimWon, Fired, Refused, event_from_json
from games.engine.state import GameState
from games.engine.visibility import player_view
from tests.engine.helpers import arrange, claim, example, only, play, rank_played, start, trigger

MATCH, MOURNING = example("09")
_, MAO = example("14")
(FULL_HOUSE,) = example("07")
FIVER = trigger("Fiver", rank_played("5"), {"type": "draw", "who": "player", "count": 1})


def authorless(state: GameState, *ids: int, house: bool = True) -> GameState:
    """The rules ``ids`` made into rules no player wrote (house rules unless ``house`` is
    false: laws), as a preset opens them."""
    for entry in state.rules:
        if entry.id in ids:
            entry.author, entry.house = None, house
    state.settings = replace(state.settings, chair="Referee")
    return state


def dealt(*rules: dict[str, object]) -> GameState:
    return start([(0, rule) for rule in rules])


def test_a_house_rule_refuses_in_the_chairs_name() -> None:
    state = authorless(dealt(MATCH), 1)
    state = arrange(state, [["2C"], ["9D", "3D"], ["4C"]], [["5H"]], current=1)
    _, events = play(state, 1, "9D")
    refused = only(events, Refused)
    assert refused.text == "Bob tries 9♦ on 5♥. Referee: that's a Match!"
    assert refused.broken == (Breach("Match", None, "Referee", 1),)


def test_a_house_trigger_fires_in_the_chairs_name() -> None:
    state = authorless(dealt(FIVER), 1)
    state = arrange(state, [["2C"], ["5D", "3D"], ["4C"]], [["5H"]], current=1)
    _, events = play(state, 1, "5D")
    fired = only(events, Fired)
    assert fired.text == "Referee: Fiver! (its player draws a card)"
    assert fired.author is None


def test_a_house_call_is_judged_in_the_chairs_name() -> None:
    state = authorless(dealt(MAO), 1)
    state = arrange(state, [["2C"], ["5D", "3D"], ["4C"]], [["5H"]], current=1)
    _, events = play(state, 1, "5D")
    broken = only(events, CallBroken)
    assert broken.text == "Referee: that's a Mao! Bob missed a call."
    assert broken.author is None


def test_a_law_wins_an_instant_win_in_the_chairs_name() -> None:
    state = authorless(dealt(FULL_HOUSE), 1, house=False)
    state = arrange(state, [["2C"], ["AD", "AC", "AH", "AS"], ["4C"]], [["5H"]], current=1)
    _, events = claim(state, 1)
    won = only(events, ClaimWon)
    assert won.text.endswith("Referee: that's a Full House!")
    assert won.author is None


def test_a_chair_refusal_reads_back_from_json() -> None:
    state = authorless(dealt(MATCH), 1)
    state = arrange(state, [["2C"], ["9D", "3D"], ["4C"]], [["5H"]], current=1)
    _, events = play(state, 1, "9D")
    refused = only(events, Refused)
    assert event_from_json(refused.to_json()) == refused


def test_an_old_logged_refusal_keeps_its_author() -> None:
    data = {"kind": "refused", "text": "Bob tries 9♦ on 5♥. Ann: that's a Match!", "seat": 1,
            "to": None, "private": None, "secret": {},
            "data": {"cards": ["9D"], "as": ["9D"], "top": "5H", "pile": 0,
                     "broken": [{"jargon": "Match", "author": 0, "author_name": "Ann",
                                 "rule": 1}]}}
    event = event_from_json(data)
    assert isinstance(event, Refused)
    assert event.broken == (Breach("Match", 0, "Ann", 1),)


def test_a_rule_no_player_wrote_is_known_by_the_chairs_name() -> None:
    state = authorless(dealt(MATCH), 1)
    state = arrange(state, [["2C"], ["9D", "3D"], ["4C"]], [["5H"]], current=1)
    state, _ = play(state, 1, "9D")
    (known,) = player_view(state, 2).known_rules
    assert (known.author, known.author_name) == (None, "Referee")


def test_triggers_of_rules_no_player_wrote_come_after_every_authors() -> None:
    first = trigger("First", rank_played("5"), {"type": "draw", "who": "next", "count": 1})
    second = trigger("Second", rank_played("5"), {"type": "skip"})
    state = start([(0, first), (2, second)])
    state = authorless(state, 1)
    state = arrange(state, [["2C"], ["5D", "3D"], ["4C"]], [["5H"]], current=1)
    _, events = play(state, 1, "5D")
    # Cat (seat 2) is first clockwise from Bob; the house rule waits for every author.
    assert [e.jargon for e in events if isinstance(e, Fired)] == ["Second", "First"]
