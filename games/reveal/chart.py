"""The hand-size chart of the reveal: an inline SVG drawn on the server, no script.

:func:`hand_chart` is pure (no Django): names, the hand sizes of every seat after
each accepted action (``GameState.history``) and the actions that dealt a round
in, an SVG string out. One ``<path>`` per player, each with its own colour *and*
dash pattern (so the lines stay apart without colour vision, and in black and
white print), a legend, labelled axes and a dashed mark where each round was
dealt. A line breaks at each deal (a new hand is no gradual change). Hand sizes
are small whole numbers, so lines often lie on top of each other: each line is
nudged a few pixels up or down (never by half a card) so that every player stays
visible.

>>> svg = hand_chart(["Ann", "Bob"], [[5, 5], [4, 5], [4, 6]], [(1, 1)])
>>> svg.count('<path class="series')
2
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from html import escape

#: Okabe-Ito hues, darkened where needed to reach 3:1 on the light page; reveal.css
#: swaps in lighter ones for dark mode (through the ``series-N`` classes).
COLOURS = ("#0072B2", "#D55E00", "#007A5A", "#B2478F", "#A86B00", "#3D9AD1", "#3B3B3B",
           "#857800")
#: One dash pattern per player (``""``: solid), distinct at a glance.
DASHES = ("", "8 4", "2 3", "10 3 2 3", "4 2", "14 3 3 3 3 3", "1 5", "16 5")

WIDTH = 420
LEFT, RIGHT, TOP = 40, 12, 26
#: Room above the highest value, so that nudged lines stay inside the plot.
HEADROOM = 6
PLOT_BOTTOM = 200
LEGEND_TOP = 250
LEGEND_ROW = 24
LEGEND_COLUMNS = 2
NAME_CHARS = 18
MIN_LABEL_GAP = 26

type _Scale = Callable[[float], float]


def _nice_step(span: float, ticks: int) -> int:
    """A whole-number tick step of 1, 2 or 5 times a power of ten, giving about ``ticks``."""
    raw = max(span / ticks, 1.0)
    magnitude = 10 ** math.floor(math.log10(raw))
    for multiple in (1, 2, 5, 10):
        if multiple * magnitude >= raw:
            return int(multiple * magnitude)
    return int(10 * magnitude)  # pragma: no cover (the loop always returns)


def _fmt(value: float) -> str:
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _and(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _short(name: str) -> str:
    return name if len(name) <= NAME_CHARS else name[:NAME_CHARS - 1].rstrip() + "…"


def _simplified(values: Sequence[int], start: int, stop: int) -> list[int]:
    """Indexes of ``values[start:stop]`` worth drawing: a point inside a flat run adds
    nothing to a line."""
    last = stop - 1
    return [i for i in range(start, stop)
            if i in (start, last) or values[i] != values[i - 1] or values[i] != values[i + 1]]


def _segments(count: int, round_marks: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """``(start, stop)`` index ranges of the history between deals."""
    cuts = sorted({action - 1 for action, _ in round_marks if 1 < action <= count})
    bounds = [0, *cuts, count]
    return [(a, b) for a, b in zip(bounds, bounds[1:], strict=False) if b > a]


def describe_chart(names: Sequence[str], history: Sequence[Sequence[int]],
                   rounds: int = 0) -> str:
    """A sentence or three saying what the chart shows, for its ``<desc>`` and captions.

    >>> describe_chart(["Ann", "Bob"], [[5, 5], [4, 6]])
    'Cards in hand of Ann and Bob after each of 2 actions. Most cards held: Bob, 6, \
after action 2. At the end: Ann 4, Bob 6.'
    """
    if not history:
        return f"Cards in hand of {_and(list(names))}: no action was played."
    span = f" in {rounds} round{'s' if rounds != 1 else ''}" if rounds else ""
    count = len(history)
    text = (f"Cards in hand of {_and(list(names))} after each of {count} "
            f"action{'s' if count != 1 else ''}{span}.")
    peak = max(max(row) for row in history)
    action = next(i for i, row in enumerate(history) if peak in row)
    holders = [names[s] for s, n in enumerate(history[action]) if n == peak]
    text += f" Most cards held: {_and(holders)}, {peak}, after action {action + 1}."
    final = ", ".join(f"{name} {n}" for name, n in zip(names, history[-1], strict=False))
    return text + f" At the end: {final}."


def hand_chart(names: Sequence[str], history: Sequence[Sequence[int]],
               round_marks: Sequence[tuple[int, int]] = (), *,
               chart_id: str = "hand-chart") -> str:
    """The hand-size chart as an SVG string (well-formed XML, safe to inline in HTML).

    ``history[i]`` holds every seat's hand size after action ``i + 1``;
    ``round_marks`` lists ``(action, round)``: the action (1-based) whose deal
    started that round. ``chart_id`` prefixes the element ids (one chart per id).
    Names are escaped; long ones are shortened in the legend (in full in its
    tooltip and in the description).
    """
    players = len(names)
    count = len(history)
    rows = math.ceil(players / LEGEND_COLUMNS) if players else 0
    height = LEGEND_TOP + rows * LEGEND_ROW + 4
    right = WIDTH - RIGHT
    peak = max([1, *(n for row in history for n in row)])
    y_step = _nice_step(peak, 5)
    y_max = math.ceil(peak / y_step) * y_step
    # Actions sit at 1..count with half an action of air at both ends, so a round mark
    # between two actions (k - 1/2) always falls inside the plot.
    x_min, x_max = 0.5, max(count, 1) + 0.5

    def x_at(action: float) -> float:
        return LEFT + (action - x_min) / (x_max - x_min) * (right - LEFT)

    def y_at(cards: float) -> float:
        return PLOT_BOTTOM - cards / y_max * (PLOT_BOTTOM - TOP - HEADROOM)

    title_id, desc_id = f"{chart_id}-title", f"{chart_id}-desc"
    desc = describe_chart(names, history, len(round_marks))
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="hand-chart" id="{escape(chart_id)}" '
        f'viewBox="0 0 {WIDTH} {height}" role="img" '
        f'aria-labelledby="{escape(title_id)} {escape(desc_id)}" '
        f'font-family="system-ui, sans-serif" font-size="14">',
        f'<title id="{escape(title_id)}">Cards in hand over the game</title>',
        f'<desc id="{escape(desc_id)}">{escape(desc)}</desc>',
    ]
    out.append('<g class="chart-grid" stroke="currentColor" stroke-opacity="0.15">')
    out += [f'<line x1="{LEFT}" x2="{right}" y1="{_fmt(y_at(v))}" y2="{_fmt(y_at(v))}"/>'
            for v in range(y_step, y_max + 1, y_step)]
    out.append("</g>")
    out.append(_axes(count, y_max, y_step, x_at, y_at, right))
    out.append(_rounds(round_marks, count, x_at, right))
    out.append(_lines(history, players, round_marks, x_at, y_at))
    out.append(_legend(names))
    if not history:
        out.append(f'<text x="{_fmt((LEFT + right) / 2)}" y="{_fmt((TOP + PLOT_BOTTOM) / 2)}" '
                   f'text-anchor="middle" fill="currentColor">No action was played.</text>')
    out.append("</svg>")
    return "".join(out)


def _axes(count: int, y_max: int, y_step: int, x_at: _Scale, y_at: _Scale,
          right: float) -> str:
    x_step = _nice_step(count, 6)
    x_ticks = [1] if count <= 1 else [v for v in range(0, count + 1, x_step) if v >= 1]
    if x_step > 1 and 1 not in x_ticks:
        x_ticks.insert(0, 1)
        if len(x_ticks) > 1 and x_at(x_ticks[1]) - x_at(1) < MIN_LABEL_GAP:
            x_ticks.pop(1)
    parts = ['<g class="chart-axes" fill="currentColor">',
             f'<line x1="{LEFT}" x2="{_fmt(right)}" y1="{PLOT_BOTTOM}" y2="{PLOT_BOTTOM}" '
             'stroke="currentColor"/>',
             f'<line x1="{LEFT}" x2="{LEFT}" y1="{TOP}" y2="{PLOT_BOTTOM}" stroke="currentColor"/>']
    for v in range(0, y_max + 1, y_step):
        y = _fmt(y_at(v))
        parts.append(f'<text x="{LEFT - 6}" y="{y}" dy="0.35em" text-anchor="end" '
                     f'font-size="13">{v}</text>')
    for v in x_ticks:
        x = _fmt(x_at(v))
        parts.append(f'<line x1="{x}" x2="{x}" y1="{PLOT_BOTTOM}" y2="{PLOT_BOTTOM + 4}" '
                     'stroke="currentColor"/>')
        parts.append(f'<text x="{x}" y="{PLOT_BOTTOM + 18}" text-anchor="middle" '
                     f'font-size="13">{v}</text>')
    parts.append(f'<text x="{_fmt((LEFT + right) / 2)}" y="{PLOT_BOTTOM + 38}" '
                 'text-anchor="middle">Actions</text>')
    middle = _fmt((TOP + PLOT_BOTTOM) / 2)
    parts.append(f'<text x="12" y="{middle}" text-anchor="middle" '
                 f'transform="rotate(-90 12 {middle})">Cards</text>')
    parts.append("</g>")
    return "".join(parts)


def _rounds(round_marks: Sequence[tuple[int, int]], count: int, x_at: _Scale,
            right: float) -> str:
    parts = ['<g class="chart-rounds" fill="currentColor" stroke="currentColor">']
    last_label = -math.inf
    for action, number in sorted(round_marks):
        if not 1 <= action <= max(count, 1):
            continue
        x = x_at(action - 0.5)
        parts.append(f'<line x1="{_fmt(x)}" x2="{_fmt(x)}" y1="{TOP - 4}" y2="{PLOT_BOTTOM}" '
                     'stroke-opacity="0.45" stroke-dasharray="3 3"/>')
        if x - last_label >= MIN_LABEL_GAP:
            # Labels sit right of their line, or left of it at the right edge.
            at_edge = x > right - MIN_LABEL_GAP
            label_x, anchor = (x - 3, "end") if at_edge else (x + 3, "start")
            parts.append(f'<text x="{_fmt(label_x)}" y="{TOP - 9}" text-anchor="{anchor}" '
                         f'stroke="none" font-size="12">R{number}'
                         f'<title>Round {number} dealt</title></text>')
            last_label = x
    parts.append("</g>")
    return "".join(parts)


def _lines(history: Sequence[Sequence[int]], players: int,
           round_marks: Sequence[tuple[int, int]], x_at: _Scale, y_at: _Scale) -> str:
    unit = y_at(0) - y_at(1)
    # Equal hand sizes would hide lines behind each other: spread them (at most 3 px and
    # never more than 40% of a card apart in total).
    nudge = min(3.0, 0.4 * unit / max(players - 1, 1))
    segments = _segments(len(history), round_marks)
    parts = ['<g class="chart-lines" fill="none" stroke-width="2.5" stroke-linejoin="round" '
             'stroke-linecap="round">']
    for seat in range(players if history else 0):
        values = [row[seat] if seat < len(row) else 0 for row in history]
        offset = (seat - (players - 1) / 2) * nudge
        commands = []
        for start, stop in segments:
            points = [f"{_fmt(x_at(i + 1))},{_fmt(y_at(values[i]) - offset)}"
                      for i in _simplified(values, start, stop)]
            if len(points) == 1:
                points.append(points[0])  # a zero-length segment: with round caps, a dot
            commands.append(f"M{points[0]} " + " ".join(f"L{p}" for p in points[1:]))
        dash = DASHES[seat % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<path class="series series-{seat}" data-seat="{seat}" '
                     f'stroke="{COLOURS[seat % len(COLOURS)]}"{dash_attr} '
                     f'd="{" ".join(commands)}"/>')
    parts.append("</g>")
    return "".join(parts)


def _legend(names: Sequence[str]) -> str:
    parts = ['<g class="chart-legend" fill="currentColor">']
    column_width = (WIDTH - LEFT - RIGHT) / LEGEND_COLUMNS
    for seat, name in enumerate(names):
        x = LEFT + (seat % LEGEND_COLUMNS) * column_width
        y = LEGEND_TOP + (seat // LEGEND_COLUMNS) * LEGEND_ROW
        dash = DASHES[seat % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<line class="series series-{seat}" x1="{_fmt(x)}" x2="{_fmt(x + 30)}" '
                     f'y1="{y}" y2="{y}" stroke="{COLOURS[seat % len(COLOURS)]}"{dash_attr} '
                     'stroke-width="2.5" stroke-linecap="round"/>')
        parts.append(f'<text x="{_fmt(x + 38)}" y="{y}" dy="0.35em">{escape(_short(name))}'
                     f'<title>{escape(name)}</title></text>')
    parts.append("</g>")
    return "".join(parts)

