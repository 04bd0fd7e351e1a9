"""What every viewer sees of a preset game: its house rules in full, always; the secret
rules disclosed at a round's end; the match score; and never a secret law (nor another
author's rule) before it is disclosed."""

from __future__ import annotations

import json
from typing import Any

from games.engine.actions import WriteRule
from games.engine.settings import GameSettings
from games.engine.setup import open_game
from games.engine.state import GameState
from games.engine.visibility import KnownRule, player_view, spectator_view
from rules.english import describe
from rules.spec import load_rule
from tests.engine.helpers import act, arrange, example, play

ANN, BOB, CAT = 0, 1, 2
NAMES = ("Ann", "Bob", "Cat")
MATCH, MOURNING = example("09")
GRONK = example("08")[0]


def opened(laws: bool = True, **settings: Any) -> GameState:
    options: dict[str, Any] = {"players": 3, "first_rule_maker": ANN, "chair": "Referee",
                               "rule_making": "replace", "reveal": "round",
                               "match_wins": 3} | settings
    state, _ = open_game(GameSettings(**options), NAMES, 4,
                         house=[load_rule({"version": 1, **MATCH})],
                         laws=[load_rule({"version": 1, **MOURNING})] if laws else [])
    return state


def text_of(state: GameState, seat: int | None) -> str:
    return json.dumps(player_view(state, seat).to_json(), ensure_ascii=False, default=str)


def won_by(state: GameState, seat: int) -> GameState:
    hands = [["2D", "3D"], ["4D", "6D"], ["7D", "8D"]]
    hands[seat] = ["9C"]
    state = arrange(state, hands, [["5C"]], current=seat)
    state, _ = play(state, seat, "9C")
    return state


def test_everyone_sees_the_house_rules_in_full() -> None:
    state = opened()
    for seat in (ANN, BOB, CAT, None):
        (house,) = player_view(state, seat).house_rules
        assert (house.jargon, house.author, house.author_name, house.house) == (
            "Match", None, "Referee", True)
        assert house.text == describe(load_rule({"version": 1, **MATCH}))


def test_no_seat_holds_a_house_rule_or_a_law_as_its_own() -> None:
    state = opened()
    assert all(player_view(state, seat).my_rules == () for seat in range(3))


def test_a_secret_law_shows_in_no_view_before_it_is_disclosed() -> None:
    state = opened()
    law = describe(load_rule({"version": 1, **MOURNING}))
    for seat in (ANN, BOB, CAT, None):
        assert law not in text_of(state, seat)
        assert player_view(state, seat).disclosed == ()


def test_the_law_is_disclosed_to_everyone_after_the_round() -> None:
    state = won_by(opened(), BOB)
    for seat in (ANN, BOB, CAT, None):
        (shown,) = player_view(state, seat).disclosed
        assert (shown.jargon, shown.author_name, shown.retired) == ("Mourning", "Referee",
                                                                    None)


def test_a_replaced_law_stays_disclosed_and_says_when_it_retired() -> None:
    state = won_by(opened(), BOB)
    state, _ = act(state, WriteRule(BOB, GRONK))
    (shown,) = spectator_view(state).disclosed
    assert (shown.jargon, shown.retired) == ("Mourning", 1)
    assert [r.jargon for r in player_view(state, BOB).my_rules] == ["Gronk"]


def test_another_authors_new_law_stays_secret_until_disclosed() -> None:
    state = won_by(opened(), BOB)
    state, _ = act(state, WriteRule(BOB, GRONK))
    gronk = describe(load_rule({"version": 1, **GRONK}))
    assert gronk not in text_of(state, CAT)
    assert gronk in text_of(state, BOB)


def test_the_match_score_is_public() -> None:
    state = won_by(opened(), BOB)
    view = spectator_view(state)
    assert (view.match_wins, view.wins) == (3, (0, 1, 0))


def test_a_rule_no_player_wrote_is_known_without_an_author() -> None:
    state = opened(laws=False)
    state, _ = act(state, WriteRule(ANN, GRONK))
    state = arrange(state, [["2C"], ["9D", "3D"], ["4C"]], [["5H"]], current=BOB)
    state, _ = play(state, BOB, "9D")
    assert KnownRule(1, "Match", None, "Referee") in player_view(state, CAT).known_rules
