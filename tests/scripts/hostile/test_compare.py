"""The hostile player's pure parts on fixed answers: the comparison across games, the bits
it counts, the mask of the random jargon suggestion, the percentile and the ratio."""

from __future__ import annotations

import pytest

from scripts.hostile.compare import Answer, bits, differing, p95, ratio, uncoded
from scripts.hostile.flood import Tally
from scripts.hostile.report import Finding

SUGGESTED = ('<div id="jargon-field"><input id="f-jargon" name="jargon" form="builder-form" '
             'type="text" maxlength="40" value="{}" autocomplete="off"></div>')


def answers(*texts: str, kind: str = "preview") -> list[Answer]:
    return [Answer(kind, 200, text) for text in texts]


def test_games_answering_alike_give_no_bit() -> None:
    same = answers("grid", "grid", "done")
    assert differing(same, list(same)) == []
    assert bits(same, list(same)) == 0


def test_each_position_answered_differently_is_one_bit() -> None:
    secret = answers("ok", "locks", "locks", "ok")
    control = answers("ok", "ok", "ok", "ok")
    assert differing(secret, control) == [1, 2]
    assert bits(secret, control) == 2


def test_a_different_status_alone_differs() -> None:
    assert bits([Answer("submit", 200, "x")], [Answer("submit", 403, "x")]) == 1


def test_a_request_only_one_game_answered_counts_as_differing() -> None:
    assert differing(answers("a", "b", "c"), answers("a")) == [1, 2]


def test_only_the_suggestion_of_a_suggest_answer_is_masked() -> None:
    secret = [Answer("jargon", 200, SUGGESTED.format("Pip"))]
    control = [Answer("jargon", 200, SUGGESTED.format("Zonk"))]
    assert bits(secret, control) == 0
    # The same field in a preview's answer is the writer's own text: not masked.
    assert bits([Answer("preview", 200, SUGGESTED.format("Pip"))],
                [Answer("preview", 200, SUGGESTED.format("Zonk"))]) == 1
    # Anything else in a Suggest answer still counts.
    assert bits([Answer("jargon", 200, SUGGESTED.format("Pip") + "taken")], control) == 1


def test_games_sent_different_requests_cannot_be_compared() -> None:
    with pytest.raises(ValueError, match="same requests"):
        differing(answers("a"), answers("a", kind="submit"))


def test_the_game_code_is_replaced_in_answers() -> None:
    assert uncoded('hx-post="/g/AB12CD/builder/preview/"', "AB12CD") == \
        'hx-post="/g/<code>/builder/preview/"'


def test_p95_and_ratio_on_fixed_durations() -> None:
    idle = [0.010] * 19 + [0.030]
    assert p95(idle) == pytest.approx(0.011)
    assert p95([]) is None
    assert ratio(0.022, 0.011) == 2.0
    assert ratio(0.5, None) is None and ratio(0.5, 0.0) is None


def test_the_flood_tally_names_answered_refused_and_other_statuses() -> None:
    tally = Tally()
    for status in (200, 200, 429, 0):
        tally.count("preview", status)
    assert tally.words("preview") == "2 answered, 1 refused (429), other {0: 1}"
    assert tally.words("difficulty") == "0 answered, 0 refused (429)"


def test_a_finding_says_whether_its_figure_is_within_the_bound() -> None:
    within = Finding("x", "1 bit", ok=True, bound="<= 1")
    assert within.text() == "x: 1 bit [within the bound: <= 1]"
    assert Finding("x", "figure").text() == "x: figure"
