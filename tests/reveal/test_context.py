"""Assembling the reveal from a stored game, without HTTP."""

from __future__ import annotations

import pytest

from games.engine.actions import WriteRule
from games.engine.events import Dealt, Event, Played, Tie, event_from_json
from games.engine.views import RuleSummary
from games.models import LOBBY, Game
from games.reveal.context import (
    RevealedRule,
    highlight,
    log_rounds,
    reveal_context,
    round_marks,
)
from games.store.errors import ServiceError
from games.store.reads import game_log, load_state
from games.store.writes import submit_action
from rules.english import describe
from tests.reveal.helpers import TANGLE, start

pytestmark = pytest.mark.django_db


def refusal(ref: object) -> str:
    with pytest.raises(ServiceError) as caught:
        reveal_context(ref)  # type: ignore[arg-type]
    return caught.value.code


def test_a_game_in_play_is_not_revealed() -> None:
    game = start()
    assert refusal(game.code) == "reveal/not_ended"
    submit_action(game, WriteRule(0, TANGLE), game.version)
    assert refusal(game.code) == "reveal/not_ended"


def test_a_game_in_its_lobby_is_not_revealed() -> None:
    game = Game.objects.create(seed=1, settings={}, state=None, phase=LOBBY)

    assert refusal(game.code) == "reveal/not_ended"


def test_an_unknown_game_is_not_found() -> None:
    assert refusal("ZZZZZZ") == "game/not_found"


def test_the_end_is_told_with_a_headline(locked: Game) -> None:
    context = reveal_context(locked.code)

    assert context["end_headline"] == "Locked up: no card can be played"
    end = load_state(locked).end
    assert end is not None
    assert context["end"].text == end.text
    assert context["end"].text.startswith("No card can follow")


def test_a_host_ending_has_its_own_headline(hosted: Game) -> None:
    context = reveal_context(hosted.code)

    assert context["end_headline"] == "Ended by the host"
    assert context["end"].text == "Ann ended the game."


def test_every_rule_is_revealed_in_the_order_written(locked: Game) -> None:
    state = load_state(locked)
    rules = reveal_context(locked.code)["rules"]

    assert [(r.summary.jargon, r.summary.author_name, r.summary.round) for r in rules] == [
        ("Tangle", "Ann", 1), ("Gridlock", "Cy", 2)]
    assert [r.summary.text for r in rules] == [describe(e.rule) for e in state.rules]
    assert [(r.summary.broken, r.summary.fired, r.summary.first_broken) for r in rules] == [
        (s.broken, s.fired, s.first_broken) for s in state.stats.values()]
    assert [r.kind_label for r in rules] == ["Restriction", "Restriction"]


def test_the_most_broken_rule_is_the_rule_of_the_game(locked: Game) -> None:
    highlight = reveal_context(locked.code)["highlight"]

    assert highlight.rule.summary.jargon == "Tangle" and highlight.what == "broken"
    assert highlight.count == load_state(locked).stats[1].broken > 0


def test_round_results_name_winners_and_the_unfinished_round(hosted: Game,
                                                             locked: Game) -> None:
    assert [(r.round, r.outcome, r.name, r.how_words)
            for r in reveal_context(hosted.code)["results"]] == [
        (1, "won", "Cy", "emptied their hand"), (2, "won", "Cy", "emptied their hand")]
    assert [(r.round, r.outcome) for r in reveal_context(locked.code)["results"]] == [
        (1, "won"), (2, "unfinished")]


def test_round_marks_are_the_actions_that_dealt(locked: Game) -> None:
    state = load_state(locked)
    marks = round_marks(_events(locked))

    assert len(marks) == reveal_context(locked.code)["rounds_played"] == 2
    (first, one), (second, two) = marks
    assert (first, one, two) == (1, 1, 2)  # three players: the first rule deals at once
    assert state.history[second - 2][2] == 0  # Cy had just emptied their hand...
    assert state.history[second - 1] == (5, 5, 5)  # ...and this action dealt round 2


def test_the_log_keeps_every_public_text_in_order_grouped_by_round(locked: Game) -> None:
    log = reveal_context(locked.code)["log"]

    texts = [line.text for group in log for action in group.actions for line in action.lines]
    assert texts == [event.text for event in game_log(locked)]
    assert [group.number for group in log] == [1, 2]
    assert any("wins round 1" in line.text for action in log[0].actions
               for line in action.lines)
    assert log[1].actions[0].lines[0].text == "Cy has written a secret rule."
    assert not any("Your hand" in text for text in texts)


def test_log_rounds_split_one_action_across_a_tie_and_the_next_deal() -> None:
    actions: list[list[Event]] = [[Dealt(text="Round 1 dealt.", round=1, starter="5H", first=0)],
               [Played(text="Ann plays.", seat=0, cards=("6H",), stands_for=("6H",), pile=0),
                Tie(text="Ann and Bob tie.", tied=(0, 1)),
                Dealt(text="Round 2 dealt.", round=2, starter="7C", first=1)]]

    log = log_rounds(actions)

    assert [(g.number, [a.number for a in g.actions]) for g in log] == [(1, [1, 2]), (2, [2])]
    assert log[1].span == "action 2" and log[0].span == "actions 1–2"


def test_the_chart_covers_every_action(locked: Game) -> None:
    context = reveal_context(locked.code)

    assert context["action_count"] == len(load_state(locked).history) == locked.log.count()
    assert context["hand_table"][-1].label == "Most held"


def _events(game: Game) -> list[list[Event]]:
    return [[event_from_json(e) for e in entry.events] for entry in game.log.order_by("seq")]


def rule(jargon: str, broken: int = 0, fired: int = 0) -> RevealedRule:
    summary = RuleSummary(id=1, jargon=jargon, author=0, author_name="Ann", round=1,
                          kind="restriction", text="", broken=broken, fired=fired,
                          first_broken=None)
    return RevealedRule(summary, "Restriction")


def test_the_rule_of_the_game_is_the_most_broken() -> None:
    chosen = highlight([rule("Pip", 2), rule("Gronk", 5, 9), rule("Zing", 1)])

    assert chosen is not None
    assert (chosen.rule.summary.jargon, chosen.what, chosen.count, chosen.compared) == (
        "Gronk", "broken", 5, "more than any other rule")


def test_a_tie_for_the_rule_of_the_game_says_so() -> None:
    chosen = highlight([rule("Pip", 3), rule("Gronk", 3), rule("Zing", 3)])

    assert chosen is not None
    assert (chosen.rule.summary.jargon, chosen.compared) == ("Pip", "as often as Gronk and Zing")


def test_without_a_breaking_the_most_fired_rule_is_chosen() -> None:
    chosen = highlight([rule("Pip"), rule("Fiver", fired=4)])

    assert chosen is not None and (chosen.rule.summary.jargon, chosen.what) == ("Fiver", "fired")


def test_a_lone_rule_is_not_compared_and_a_quiet_game_has_no_rule_of_the_game() -> None:
    chosen = highlight([rule("Pip", 1)])

    assert chosen is not None and chosen.compared == ""
    assert highlight([rule("Pip"), rule("Gronk")]) is None
    assert highlight([]) is None
