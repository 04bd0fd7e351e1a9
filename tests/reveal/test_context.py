"""Assembling the reveal from a stored game, without HTTP."""

from __future__ import annotations

import pytest

from games.engine.actions import EndGame, WriteRule
from games.engine.events import (
    Dealt,
    Event,
    Fired,
    Hand,
    Played,
    Refused,
    RuleWritten,
    Tie,
    event_from_json,
)
from games.engine.settings import GameSettings
from games.engine.visibility import RuleSummary
from games.lobby.services import open_game
from games.models import LOBBY, Game, Hypothesis, Note
from games.reveal.context import (
    RevealedRule,
    hand_table,
    highlight,
    log_rounds,
    refusal_marks,
    reveal_context,
    round_marks,
    rule_marks_of,
    rules_of,
)
from games.store.errors import ServiceError
from games.store.reads import game_log, load_state
from games.store.writes import submit_action
from rules.cards import card_of
from rules.english import describe
from tests.factories import new_holder
from tests.reveal.helpers import TANGLE, TANGLE_EXACT, TANGLE_WIDE, start
from tests.rules.helpers import example

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
    game = open_game(GameSettings(players=3), "Ann", new_holder())
    assert game.phase == LOBBY

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
    assert texts == [event.text for event in game_log(locked) if not isinstance(event, Hand)]
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
                          first_broken=None, rule=example("01")[0])
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


def test_a_trigger_tells_its_first_firing(hosted: Game) -> None:
    state = load_state(hosted)
    rules = {r.summary.jargon: r for r in reveal_context(hosted.code)["rules"]}
    fiver, tangle = rules["Fiver"], rules["Tangle"]
    fired = next(e for e in game_log(hosted) if isinstance(e, Fired))

    assert fiver.summary.fired == state.stats[2].fired > 0
    assert (fiver.shows_broken, fiver.fired_label, fiver.first_label) == (False, "Fired",
                                                                          "First fired")
    assert fiver.first.startswith("Round 2, turn ")
    assert fiver.first.endswith(f"{state.names[fired.seat or 0]} played "
                                f"{card_of(fired.card or '').symbol}")
    assert (tangle.shows_broken, tangle.fired_label, tangle.first) == (
        True, "", state.stats[1].first_broken)


def test_a_trigger_that_never_fired_says_so() -> None:
    summary = RuleSummary(id=1, jargon="Pip", author=0, author_name="Ann", round=1,
                          kind="trigger", text="", broken=0, fired=0, first_broken=None,
                          rule=example("03")[0])
    (pip,) = rules_of([summary])

    assert (pip.first, pip.never) == ("", "Never fired.")


def test_rule_marks_are_the_actions_that_wrote_each_rule(hosted: Game) -> None:
    actions = _events(hosted)
    marks = rule_marks_of(load_state(hosted), actions)

    assert [jargon for _, jargon in marks] == ["Tangle", "Fiver"]
    for action, _ in marks:
        assert any(isinstance(e, RuleWritten) for e in actions[action - 1])
    # Each rule was written by the action that dealt its round.
    assert [a for a, _ in marks] == [a for a, _ in round_marks(actions)]


def test_refusal_marks_are_the_actions_with_a_refused_play(locked: Game) -> None:
    actions = _events(locked)
    marks = refusal_marks(actions)

    assert marks and len(marks) == load_state(locked).stats[1].broken
    assert all(any(isinstance(e, Refused) for e in actions[a - 1]) for a in marks)
    assert f" {len(marks)} plays refused, the first at action {marks[0]} " in reveal_context(
        locked.code)["chart_summary"]


def test_the_round_the_game_ended_in_agrees_with_the_rounds_played(hosted: Game,
                                                                    locked: Game) -> None:
    ended_between = reveal_context(hosted.code)
    ended_in_play = reveal_context(locked.code)

    # Cy won round 2 and the host ended the game before round 3 was dealt.
    assert ended_between["rounds_played"] == 2
    assert ended_between["end_when"] == "after round 2, while the next rule was being written"
    assert ended_in_play["rounds_played"] == 2
    assert ended_in_play["end_when"] == "in round 2"


def test_a_game_ended_before_its_first_deal_played_no_round() -> None:
    game = start()
    submit_action(game, EndGame(0), game.version)

    context = reveal_context(game.code)

    assert (context["rounds_played"], context["end_when"]) == (
        0, "before the first round was dealt")


def test_the_most_held_row_names_everyone_tied() -> None:
    table = hand_table([[5, 5, 3], [7, 5, 3], [2, 7, 3]], [(1, 1)], ["Ann", "Bob", "Cy"])

    most = table[-1]
    assert (most.label, most.cards, most.note) == ("Most held", (7, 7, 3),
                                                   "the most: Ann and Bob, 7")
    assert [c.top for c in most.cells] == [True, True, False]


def test_hand_lines_stay_out_of_the_log(locked: Game) -> None:
    log = reveal_context(locked.code)["log"]
    hands = [e.text for e in game_log(locked) if isinstance(e, Hand)]

    lines = [line for group in log for action in group.actions for line in action.lines]
    assert hands and not any("picks up" in line.text for line in lines)
    assert not any(line.kind == "hand" for line in lines)


def test_own_notes_and_hypotheses_are_for_their_holder_only(hosted: Game) -> None:
    holder, other = new_holder(), new_holder()
    Note.objects.create(game=hosted, holder=holder, jargon="", text="Watch Cy.")
    Note.objects.create(game=hosted, holder=holder, jargon="Tangle", text="Suit or rank?")
    Note.objects.create(game=hosted, holder=other, jargon="Fiver", text="Fives!")
    Hypothesis.objects.create(game=hosted, holder=holder, jargon="Tangle", spec=TANGLE_WIDE)
    Hypothesis.objects.create(game=hosted, holder=holder, jargon="Tangle", spec=TANGLE_EXACT)

    mine = reveal_context(hosted.code, holder)
    rules = {r.summary.jargon: r for r in mine["rules"]}

    assert mine["general_note"] == "Watch Cy."
    tangle = rules["Tangle"].mine
    assert tangle is not None and tangle.note == "Suit or rank?"
    assert [h.score.verdict for h in tangle.hypotheses] == ["every_play", "exact"]
    assert rules["Fiver"].mine is None
    for viewer in (None, new_holder()):
        theirs = reveal_context(hosted.code, viewer)
        assert theirs["general_note"] == ""
        assert all(r.mine is None for r in theirs["rules"])
