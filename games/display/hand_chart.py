"""The hand-size chart of the reveal: an inline SVG drawn on the server, no script.

One line per player told apart by colour *and* dash, broken at each deal and nudged apart
where lines coincide; rules and refusals marked under the axis by shape. Pure (no Django).

>>> svg = hand_chart(["Ann", "Bob"], [[5, 5], [4, 5], [4, 6]], [(1, 1)],
...                  rule_marks=[(1, "Pip")], refusal_marks=[2])
>>> svg.count('<path class="series'), svg.count('came in at action'), svg.count('<title>Refused')
(2, 1, 1)
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
#: The tracks of marks under the axis (rules that came in, refused plays), when drawn:
#: the centre of each track, and how far they push the legend down.
RULE_TRACK = 258
#: How far under its diamond a crowded rule's label goes.
LABEL_DROP = 15
REFUSAL_TRACK = 294
TRACKS_HEIGHT = 60
#: Refusals are drawn in a burnt orange of 7:1 on the light page (reveal.css lightens it
#: for dark mode through the ``refusal-mark`` class).
REFUSAL_COLOUR = "#9a3412"
#: About how wide a character of a 12 px label is, to keep labels from overlapping.
CHAR_WIDTH = 6.6
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


def most_held(names: Sequence[str], history: Sequence[Sequence[int]]) -> str:
    """Who held the most cards and when: everyone who reached the peak, each with the first
    action after which they held it.

    >>> most_held(["Ann", "Bob", "Cy"], [[5, 6, 5], [6, 6, 5]])
    'Ann and Bob, 6 (Bob after action 1, Ann after action 2)'
    >>> most_held(["Ann", "Bob"], [[5, 6], [6, 6]][1:])
    'Ann and Bob, 6, after action 1'
    """
    if not history:
        return ""
    peak = max(max(row) for row in history)
    first: dict[int, int] = {}
    for action, row in enumerate(history, start=1):
        for seat, cards in enumerate(row):
            if cards == peak and seat < len(names):
                first.setdefault(seat, action)
    order = sorted(first, key=lambda seat: (first[seat], seat))
    holders = _and([names[seat] for seat in sorted(first)])
    if len(set(first.values())) == 1:
        return f"{holders}, {peak}, after action {first[order[0]]}"
    return f"{holders}, {peak} (" + ", ".join(
        f"{names[seat]} after action {first[seat]}" for seat in order) + ")"


def describe_chart(names: Sequence[str], history: Sequence[Sequence[int]],
                   rounds: int = 0, rule_marks: Sequence[tuple[int, str]] = (),
                   refusal_marks: Sequence[int] = (),
                   gone: Sequence[tuple[int, int]] = ()) -> str:
    """A sentence or three saying what the chart shows, for its ``<desc>`` and captions.

    >>> describe_chart(["Ann", "Bob"], [[5, 5], [4, 6]])
    'Cards in hand of Ann and Bob after each of 2 actions. Most cards held: Bob, 6, \
after action 2. At the end: Ann 4, Bob 6.'
    >>> describe_chart(["Ann", "Bob"], [[5, 5], [6, 5]], 1, [(1, "Pip")], [2])
    'Cards in hand of Ann and Bob after each of 2 actions in 1 round. Most cards held: \
Ann, 6, after action 2. At the end: Ann 6, Bob 5. Rules came in: Pip at action 1. \
1 play refused: at action 2.'
    >>> describe_chart(["Ann", "Bob", "Cy"], [[5, 5, 5], [4, 0, 6]], gone=[(1, 2)])
    'Cards in hand of Ann, Bob and Cy after each of 2 actions. Most cards held: Cy, 6, \
after action 2. At the end: Ann 4, Cy 6. Bob left the game at action 2.'
    """
    if not history:
        return f"Cards in hand of {_and(list(names))}: no action was played."
    span = f" in {rounds} round{'s' if rounds != 1 else ''}" if rounds else ""
    count = len(history)
    text = (f"Cards in hand of {_and(list(names))} after each of {count} "
            f"action{'s' if count != 1 else ''}{span}.")
    text += f" Most cards held: {most_held(names, history)}."
    left = {seat for seat, action in gone if 1 <= action <= count}
    final = ", ".join(f"{name} {n}" for seat, (name, n) in enumerate(
        zip(names, history[-1], strict=False)) if seat not in left)
    text += f" At the end: {final}."
    for seat, action in sorted(gone, key=lambda g: g[1]):
        if seat in left and seat < len(names):
            text += f" {names[seat]} left the game at action {action}."
    # Only marks the chart draws are told (an action holds at most one play).
    came_in = sorted((a, j) for a, j in rule_marks if 1 <= a <= count)
    if came_in:
        text += " Rules came in: " + _and([f"{jargon} at action {action}"
                                           for action, jargon in came_in]) + "."
    refused = sorted({a for a in refusal_marks if 1 <= a <= count})
    if len(refused) == 1:
        text += f" 1 play refused: at action {refused[0]}."
    elif refused:
        text += (f" {len(refused)} plays refused, the first at action {refused[0]} and the "
                 f"last at action {refused[-1]}.")
    elif came_in:
        text += " No play was refused."
    return text


def hand_chart(names: Sequence[str], history: Sequence[Sequence[int]],
               round_marks: Sequence[tuple[int, int]] = (), *,
               rule_marks: Sequence[tuple[int, str]] = (), refusal_marks: Sequence[int] = (),
               gone: Sequence[tuple[int, int]] = (), chart_id: str = "hand-chart") -> str:
    """The hand-size chart as an SVG string (well-formed XML, safe to inline in HTML).

    ``history[i]``: every seat's hand size after action ``i + 1``; ``round_marks``
    ``(action, round)``, ``rule_marks`` ``(action, jargon)``, ``refusal_marks`` actions and
    ``gone`` ``(seat, action)`` mark the deals, rules, refusals and departures. ``chart_id``
    prefixes the element ids. Text is escaped.
    """
    players = len(names)
    count = len(history)
    tracks = bool(history) and bool(rule_marks or refusal_marks)
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

    shown = sorted((a, j) for a, j in rule_marks if 1 <= a <= count)
    labels = _rule_labels(shown, x_at, right)
    # Every rule's label is drawn: crowded ones take further lines, which push down the
    # refusals' track and the legend.
    extra = max([0, *(line - 1 for _, line in labels)]) * LABEL_DROP
    legend_top = LEGEND_TOP + (TRACKS_HEIGHT + extra if tracks else 0)
    rows = (math.ceil(players / LEGEND_COLUMNS) if players else 0) + (1 if tracks else 0)
    height = legend_top + rows * LEGEND_ROW + 4

    title_id, desc_id = f"{chart_id}-title", f"{chart_id}-desc"
    desc = describe_chart(names, history, len(round_marks), rule_marks, refusal_marks, gone)
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
    out.append(_lines(history, players, round_marks, x_at, y_at, dict(gone)))
    if tracks:
        out.append(_tracks(shown, labels, refusal_marks, count, x_at, right, extra))
    out.append(_legend(names, legend_top, tracks))
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
           round_marks: Sequence[tuple[int, int]], x_at: _Scale, y_at: _Scale,
           gone: dict[int, int] | None = None) -> str:
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
        # A seat that left the game holds no hand from the action it left in.
        end = (gone or {}).get(seat, len(history) + 1) - 1
        commands = []
        for start, stop in ((a, min(b, end)) for a, b in segments if a < end):
            points = [f"{_fmt(x_at(i + 1))},{_fmt(y_at(values[i]) - offset)}"
                      for i in _simplified(values, start, stop)]
            if len(points) == 1:
                points.append(points[0])  # a zero-length segment: with round caps, a dot
            commands.append(f"M{points[0]} " + " ".join(f"L{p}" for p in points[1:]))
        if not commands:
            continue  # it left before the first action: nothing to draw
        dash = DASHES[seat % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<path class="series series-{seat}" data-seat="{seat}" '
                     f'stroke="{COLOURS[seat % len(COLOURS)]}"{dash_attr} '
                     f'd="{" ".join(commands)}"/>')
    parts.append("</g>")
    return "".join(parts)


def _diamond(x: float, y: float, size: float = 5) -> str:
    return (f"M{_fmt(x)},{_fmt(y - size)} L{_fmt(x + size)},{_fmt(y)} "
            f"L{_fmt(x)},{_fmt(y + size)} L{_fmt(x - size)},{_fmt(y)} Z")


def _tick(x: float, y: float) -> str:
    return f"M{_fmt(x)},{_fmt(y - 6)} L{_fmt(x)},{_fmt(y + 6)}"


def _rule_labels(shown: Sequence[tuple[int, str]], x_at: _Scale, right: float
                 ) -> list[tuple[float, int]]:
    """Where each rule's label goes: its x and its line (0: right of its diamond, if it
    ends before the next diamond; else the first line under the track with room for it,
    starting under its diamond)."""
    placed: list[tuple[float, int]] = []
    ends: list[float] = []  # how far each line under the track is taken
    for i, (action, jargon) in enumerate(shown):
        x = x_at(action)
        width = len(jargon) * CHAR_WIDTH
        next_x = x_at(shown[i + 1][0]) if i + 1 < len(shown) else right + RIGHT
        if x + 8 + width <= next_x - 7:
            placed.append((x + 8, 0))
            continue
        start = min(x - 4, right - width)
        line = next((n for n, end in enumerate(ends) if start > end + 6), len(ends))
        if line == len(ends):
            ends.append(start + width)
        else:
            ends[line] = start + width
        placed.append((start, line + 1))
    return placed


def _tracks(shown: Sequence[tuple[int, str]], labels: Sequence[tuple[float, int]],
            refusal_marks: Sequence[int], count: int, x_at: _Scale, right: float,
            extra: int = 0) -> str:
    """The rules track (a named diamond per rule, labels placed by :func:`_rule_labels`)
    and the refusals track (a tick per action with a refused play, ``extra`` lower for
    labels on further lines), each on a faint baseline."""
    refusal_track = REFUSAL_TRACK + extra
    parts = ['<g class="chart-marks">']
    for y in (RULE_TRACK, refusal_track):
        parts.append(f'<line x1="{LEFT}" x2="{_fmt(right)}" y1="{y}" y2="{y}" '
                     'stroke="currentColor" stroke-opacity="0.15"/>')
    for (action, jargon), (at, line) in zip(shown, labels, strict=True):
        parts.append(f'<path class="rule-mark" d="{_diamond(x_at(action), RULE_TRACK)}" '
                     f'fill="currentColor"><title>{escape(jargon)} came in at action '
                     f'{action}</title></path>')
        parts.append(f'<text x="{_fmt(at)}" y="{RULE_TRACK + line * LABEL_DROP}" '
                     f'dy="0.35em" font-size="12" fill="currentColor">{escape(jargon)}</text>')
    refused = sorted({a for a in refusal_marks if 1 <= a <= count})
    if refused:
        ticks = " ".join(_tick(x_at(a), refusal_track) for a in refused)
        actions = _and([str(a) for a in refused])
        parts.append(f'<path class="refusal-mark" d="{ticks}" stroke="{REFUSAL_COLOUR}" '
                     f'stroke-width="2" fill="none"><title>Refused plays: at action'
                     f'{"s" if len(refused) > 1 else ""} {actions}</title></path>')
    parts.append("</g>")
    return "".join(parts)


def _legend(names: Sequence[str], top: int = LEGEND_TOP, marks: bool = False) -> str:
    parts = ['<g class="chart-legend" fill="currentColor">']
    column_width = (WIDTH - LEFT - RIGHT) / LEGEND_COLUMNS
    if marks:
        # The key to the tracks comes first, right under them.
        parts.append(f'<path class="rule-mark" d="{_diamond(LEFT + 15, top)}" '
                     'fill="currentColor"/>')
        parts.append(f'<text x="{LEFT + 38}" y="{top}" dy="0.35em">A rule came in</text>')
        x = LEFT + column_width
        parts.append(f'<path class="refusal-mark" d="{_tick(x + 15, top)}" '
                     f'stroke="{REFUSAL_COLOUR}" stroke-width="2"/>')
        parts.append(f'<text x="{_fmt(x + 38)}" y="{top}" dy="0.35em">A play refused</text>')
        top += LEGEND_ROW
    for seat, name in enumerate(names):
        x = LEFT + (seat % LEGEND_COLUMNS) * column_width
        y = top + (seat // LEGEND_COLUMNS) * LEGEND_ROW
        dash = DASHES[seat % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<line class="series series-{seat}" x1="{_fmt(x)}" x2="{_fmt(x + 30)}" '
                     f'y1="{y}" y2="{y}" stroke="{COLOURS[seat % len(COLOURS)]}"{dash_attr} '
                     'stroke-width="2.5" stroke-linecap="round"/>')
        parts.append(f'<text x="{_fmt(x + 38)}" y="{y}" dy="0.35em">{escape(_short(name))}'
                     f'<title>{escape(name)}</title></text>')
    parts.append("</g>")
    return "".join(parts)

