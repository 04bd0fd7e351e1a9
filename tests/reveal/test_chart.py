"""The hand-size chart: well-formed SVG, one line per player, sensible coordinates."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.display.hand_chart import (
    CHAR_WIDTH,
    COLOURS,
    DASHES,
    LABEL_DROP,
    LEFT,
    NAME_CHARS,
    PLOT_BOTTOM,
    RULE_TRACK,
    TOP,
    WIDTH,
    describe_chart,
    hand_chart,
)
from tests.examples import share

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def lines(root: ET.Element) -> list[ET.Element]:
    return [p for p in root.iter(f"{SVG}path") if "series" in p.attrib.get("class", "")]


def segments(line: ET.Element) -> list[list[tuple[float, float]]]:
    """The path's subpaths (``M`` starts one, ``L`` continues it) as lists of points."""
    found: list[list[tuple[float, float]]] = []
    for command, x, y in re.findall(r"([ML])(-?[\d.]+),(-?[\d.]+)", line.attrib["d"]):
        if command == "M":
            found.append([])
        found[-1].append((float(x), float(y)))
    return found


def points(line: ET.Element) -> list[tuple[float, float]]:
    return [point for segment in segments(line) for point in segment]


def test_the_chart_is_well_formed_svg_with_one_line_per_player() -> None:
    root = parse(hand_chart(["Ann", "Bob", "Cy"], [[5, 5, 5], [4, 5, 5], [4, 6, 5]]))

    assert root.tag == f"{SVG}svg"
    assert [line.attrib["data-seat"] for line in lines(root)] == ["0", "1", "2"]


def test_the_chart_is_labelled_for_assistive_technology() -> None:
    root = parse(hand_chart(["Ann", "Bob"], [[5, 5], [4, 6]], chart_id="c"))

    assert root.attrib["role"] == "img"
    assert root.attrib["aria-labelledby"] == "c-title c-desc"
    title, desc = root.find(f"{SVG}title"), root.find(f"{SVG}desc")
    assert title is not None and desc is not None
    assert title.text == "Cards in hand over the game"
    assert desc.text is not None and "Most cards held: Bob, 6" in desc.text


def test_the_axes_are_labelled() -> None:
    texts = [t.text for t in parse(hand_chart(["Ann", "Bob"], [[5, 5], [4, 6]])).iter(f"{SVG}text")]

    assert "Actions" in texts and "Cards" in texts


def test_points_follow_the_actions_left_to_right_and_cards_upwards() -> None:
    history = [[5, 1], [4, 2], [3, 3], [2, 4], [1, 5]]
    ann, bob = (points(line) for line in lines(parse(hand_chart(["Ann", "Bob"], history))))

    assert [x for x, _ in ann] == sorted(x for x, _ in ann)
    assert [y for _, y in ann] == sorted(y for _, y in ann)  # fewer cards: lower on screen
    assert [y for _, y in bob] == sorted((y for _, y in bob), reverse=True)
    for x, y in ann + bob:
        assert LEFT < x < WIDTH and TOP <= y <= PLOT_BOTTOM + 3


def test_equal_lines_are_nudged_apart_by_less_than_half_a_card() -> None:
    one, two = (points(line) for line in lines(parse(hand_chart(["A", "B"], [[5, 5], [5, 5]]))))

    gap = abs(one[0][1] - two[0][1])
    assert 0 < gap < (PLOT_BOTTOM - TOP) / 5 / 2


def test_a_single_action_is_drawn_as_a_dot_inside_the_plot() -> None:
    root = parse(hand_chart(["Ann", "Bob"], [[5, 5]]))

    for line in lines(root):
        (first, second) = points(line)
        assert first == second
        assert LEFT < first[0] < WIDTH and TOP <= first[1] <= PLOT_BOTTOM


def test_a_player_always_at_zero_lies_on_the_x_axis() -> None:
    root = parse(hand_chart(["Ann", "Bob"], [[0, 3], [0, 2], [0, 4]]))

    ys = {y for _, y in points(lines(root)[0])}
    assert len(ys) == 1 and abs(ys.pop() - PLOT_BOTTOM) <= 3


def test_everyone_always_at_zero_still_gives_a_sensible_scale() -> None:
    root = parse(hand_chart(["Ann", "Bob"], [[0, 0], [0, 0]]))

    for line in lines(root):
        assert all(TOP <= y <= PLOT_BOTTOM + 3 for _, y in points(line))


def test_eight_players_get_distinct_colours_and_dashes_and_a_legend() -> None:
    names = [f"Player {i}" for i in range(8)]
    history = [[(i + a) % 7 for i in range(8)] for a in range(30)]
    root = parse(hand_chart(names, history))

    drawn = lines(root)
    assert len(drawn) == 8
    assert len({line.attrib["stroke"] for line in drawn}) == 8
    assert len({line.attrib.get("stroke-dasharray", "") for line in drawn}) == 8
    legend = [t.text for t in root.iter(f"{SVG}text") if t.text in names]
    assert legend == names
    assert len(COLOURS) == len(DASHES) == 8


def test_lines_break_at_each_deal() -> None:
    history = [[5, 5], [3, 0], [5, 5], [4, 5], [5, 5]]
    root = parse(hand_chart(["Ann", "Bob"], history, [(1, 1), (3, 2), (5, 3)]))

    assert [len(segment) for segment in segments(lines(root)[0])] == [2, 2, 2]
    assert [len(segment) for segment in segments(lines(root)[1])] == [2, 2, 2]


def test_round_marks_are_drawn_and_labelled() -> None:
    history = [[5, 5]] * 10 + [[5, 5]] * 10
    root = parse(hand_chart(["Ann", "Bob"], history, [(1, 1), (11, 2)]))

    group = next(g for g in root.iter(f"{SVG}g") if g.attrib.get("class") == "chart-rounds")
    assert len(group.findall(f"{SVG}line")) == 2
    assert [t.text for t in group.findall(f"{SVG}text")] == ["R1", "R2"]


def test_round_marks_outside_the_history_are_ignored() -> None:
    root = parse(hand_chart(["Ann", "Bob"], [[5, 5]], [(7, 2)]))

    group = next(g for g in root.iter(f"{SVG}g") if g.attrib.get("class") == "chart-rounds")
    assert group.findall(f"{SVG}line") == []


def test_names_are_escaped_and_long_ones_shortened_in_the_legend() -> None:
    names = ['<script>alert("x")</script>', "A" * 40]
    root = parse(hand_chart(names, [[1, 2]]))

    legend = [t for t in root.iter(f"{SVG}text")
              if (title := t.find(f"{SVG}title")) is not None and title.text in names]
    assert [t.text for t in legend] == [names[0][:NAME_CHARS - 1] + "…",
                                        "A" * (NAME_CHARS - 1) + "…"]
    assert "<script>" not in hand_chart(names, [[1, 2]])


def test_flat_runs_keep_only_their_ends() -> None:
    root = parse(hand_chart(["Ann", "Bob"], [[5, 5]] * 100))

    assert all(len(points(line)) == 2 for line in lines(root))


def test_an_empty_history_still_gives_a_chart() -> None:
    root = parse(hand_chart(["Ann", "Bob"], []))

    assert lines(root) == []
    assert "No action was played." in [t.text for t in root.iter(f"{SVG}text")]


@pytest.mark.parametrize(("history", "expected"), [
    ([[5, 5], [4, 6]], "Cards in hand of Ann and Bob after each of 2 actions. Most cards held: "
                       "Bob, 6, after action 2. At the end: Ann 4, Bob 6."),
    ([[0, 0]], "Cards in hand of Ann and Bob after each of 1 action. Most cards held: "
               "Ann and Bob, 0, after action 1. At the end: Ann 0, Bob 0."),
    ([], "Cards in hand of Ann and Bob: no action was played."),
])
def test_the_description_says_what_the_chart_shows(history: list[list[int]],
                                                   expected: str) -> None:
    assert describe_chart(["Ann", "Bob"], history) == expected


def marks_group(root: ET.Element) -> ET.Element | None:
    return next((g for g in root.iter(f"{SVG}g") if g.attrib.get("class") == "chart-marks"),
                None)


def test_rules_coming_in_are_marked_at_their_action_and_named() -> None:
    history = [[5, 5]] * 30
    root = parse(hand_chart(["Ann", "Bob"], history, [(1, 1), (20, 2)],
                            rule_marks=[(1, "Tangle"), (20, "Fiver")]))
    plain = parse(hand_chart(["Ann", "Bob"], history, [(1, 1), (20, 2)]))

    group = marks_group(root)
    assert group is not None and marks_group(plain) is None
    diamonds = [p for p in group.iter(f"{SVG}path") if p.attrib["class"] == "rule-mark"]
    titles = [p.findtext(f"{SVG}title") for p in diamonds]
    assert titles == ["Tangle came in at action 1", "Fiver came in at action 20"]
    xs = [float(re.findall(r"M(-?[\d.]+),", p.attrib["d"])[0]) for p in diamonds]
    ann = points(lines(root)[0])
    assert xs == [ann[0][0], ann[2][0]]  # the diamonds stand under actions 1 and 20
    assert [t.text for t in group.iter(f"{SVG}text")] == ["Tangle", "Fiver"]
    assert all(float(t.attrib["y"]) > PLOT_BOTTOM for t in group.iter(f"{SVG}text"))


def test_crowded_rule_labels_move_under_their_diamond_each_on_a_line_with_room() -> None:
    root = parse(hand_chart(["Ann", "Bob"], [[5, 5]] * 100,
                            rule_marks=[(10, "Tangle"), (11, "Fiver"), (12, "Gridlock")]))

    group = marks_group(root)
    assert group is not None
    labels = {t.text: float(t.attrib["y"]) for t in group.iter(f"{SVG}text")}
    # Tangle would run into Fiver's diamond: it goes under; Fiver, under too, on the next
    # line (Tangle's is taken); Gridlock, the last, has the track to itself.
    assert labels == {"Tangle": RULE_TRACK + LABEL_DROP, "Fiver": RULE_TRACK + 2 * LABEL_DROP,
                      "Gridlock": RULE_TRACK}
    titles = [p.findtext(f"{SVG}title") for p in group.iter(f"{SVG}path")]
    assert [t.split()[0] for t in titles if t] == ["Tangle", "Fiver", "Gridlock"]


@share(3)
@given(st.lists(st.tuples(st.integers(1, 40), st.sampled_from(["Pip", "Fiver", "Gridlock",
                                                                "Q", "The Long Rule Name"])),
                max_size=12))
def test_every_rule_mark_is_labelled_and_no_two_labels_overlap(
        marks: list[tuple[int, str]]) -> None:
    root = parse(hand_chart(["Ann", "Bob"], [[5, 5]] * 40, rule_marks=marks,
                            refusal_marks=[3]))
    group = marks_group(root)
    assert group is not None
    texts = list(group.iter(f"{SVG}text"))
    assert sorted(t.text or "" for t in texts) == sorted(j for _, j in marks)
    spans: dict[float, list[tuple[float, float]]] = {}
    for t in texts:
        x = float(t.attrib["x"])
        spans.setdefault(float(t.attrib["y"]), []).append(
            (x, x + len(t.text or "") * CHAR_WIDTH))
    for line in spans.values():
        line.sort()
        assert all(a[1] <= b[0] for a, b in zip(line, line[1:], strict=False)), line
    # The refusals' tick and the legend stay below the lowest label.
    lowest = max(spans, default=RULE_TRACK)
    tick = next(p for p in group.iter(f"{SVG}path") if p.attrib["class"] == "refusal-mark")
    assert float(re.findall(r"M-?[\d.]+,(-?[\d.]+)", tick.attrib["d"])[0]) > lowest
    legend = next(g for g in root.iter(f"{SVG}g") if g.attrib.get("class") == "chart-legend")
    assert min(float(t.attrib["y"]) for t in legend.iter(f"{SVG}text")) > lowest


def test_refusals_are_ticks_under_their_actions_with_a_key() -> None:
    history = [[5, 5], [6, 5], [6, 5], [6, 6]]
    root = parse(hand_chart(["Ann", "Bob"], history, refusal_marks=[2, 4, 4, 9]))

    group = marks_group(root)
    assert group is not None
    (ticks,) = [p for p in group.iter(f"{SVG}path") if p.attrib["class"] == "refusal-mark"]
    assert ticks.attrib["d"].count("M") == 2  # one per action, none outside the history
    assert ticks.findtext(f"{SVG}title") == "Refused plays: at actions 2 and 4"
    assert ticks.attrib["stroke"] != ticks.attrib.get("fill")
    legend = [t.text for t in root.iter(f"{SVG}text")]
    assert "A play refused" in legend and "A rule came in" in legend
    desc = root.findtext(f"{SVG}desc")
    assert desc is not None and desc.endswith("2 plays refused, the first at action 2 and the "
                                              "last at action 4.")


def test_the_legend_moves_down_to_make_room_for_the_marks() -> None:
    def legend_ys(svg: str) -> list[float]:
        return [float(t.attrib["y"]) for t in parse(svg).iter(f"{SVG}text")
                if t.text in ("Ann", "Bob")]

    plain = legend_ys(hand_chart(["Ann", "Bob"], [[5, 5]]))
    marked = legend_ys(hand_chart(["Ann", "Bob"], [[5, 5]], refusal_marks=[1]))

    assert min(marked) > max(plain)
    root = parse(hand_chart(["Ann", "Bob"], [[5, 5]], refusal_marks=[1]))
    assert max(marked) < float(root.attrib["viewBox"].split()[3])


def test_the_description_lists_the_rules_coming_in() -> None:
    text = describe_chart(["Ann", "Bob"], [[5, 5], [6, 5]], 1, [(2, "Fiver"), (1, "Tangle")])

    assert text.endswith("Rules came in: Tangle at action 1 and Fiver at action 2. No play "
                         "was refused.")


@pytest.mark.parametrize(("history", "expected"), [
    ([[5, 5, 5], [5, 6, 5], [6, 6, 5]],
     "Most cards held: Ann and Bob, 6 (Bob after action 2, Ann after action 3)."),
    ([[5, 7, 7], [6, 6, 5]], "Most cards held: Bob and Cy, 7, after action 1."),
    ([[9, 2, 9], [2, 9, 2]],
     "Most cards held: Ann, Bob and Cy, 9 (Ann after action 1, Cy after action 1, "
     "Bob after action 2)."),
])
def test_everyone_tied_for_the_most_cards_is_named(history: list[list[int]],
                                                   expected: str) -> None:
    assert expected in describe_chart(["Ann", "Bob", "Cy"], history)
