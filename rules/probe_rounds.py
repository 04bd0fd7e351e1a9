"""Rounds so far for the probe space: records of the round that meet every region a test of
the round's sequence can tell apart.

Each count or windowed sum is landed on and either side of every constant it is compared
with; a region no record can reach gets none, so "never" is exact. Counts over different
windows are built segment by segment.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.cards import STANDARD_CARDS, Card
from rules.conditions import Condition, card_mask, walk
from rules.counting import Count, Position, Sum, Window

Record = tuple[Card, ...]
#: A record left as it is: the probe's pile is all the round there was.
PILE_ONLY: Record | None = None
#: One card of each rank (1 to 13), to make up a total.
_OF_RANK = {card.rank: card for card in reversed(STANDARD_CARDS)}
#: The longest record a position is probed with (rules compare positions up to 1000).
_LONGEST = 1000


def probe_records(conditions: Sequence[Condition]) -> tuple[list[Record | None], bool]:
    """Rounds so far (records) meeting, for each test of the round's sequence, every region
    of its verdict: positions on and either side of each compared one; windows holding a
    count of matching cards on and either side of each compared number (or of the other
    count); windows adding up to each compared sum, either side of it, or to every
    remainder. Exact only when at most one such test is involved (their regions are covered
    one test at a time, not jointly)."""
    nodes = [n for c in conditions for n in walk(c)]
    sequence = [n for n in nodes if isinstance(n, Position | Count)
                or (isinstance(n, Sum) and (not n.cards or n.than == "position"))]
    records: list[Record | None] = []
    seen: set[Record] = set()
    for n in sequence:
        for record in _records_for(n):
            if record not in seen:
                seen.add(record)
                records.append(record)
    # The pile as the whole round serves where nothing reads the round; where something
    # does, the records above meet every region of it already.
    return records or [PILE_ONLY], len(sequence) <= 1


def _records_for(node: Condition) -> list[Record]:
    if isinstance(node, Position):
        wanted = list(node.values) if node.values else [node.value]
        if node.mod:
            lengths = set(range(1, 2 * node.mod + 1))
        else:
            lengths = {v + d for v in wanted for d in (-1, 0, 1)}
        return [(STANDARD_CARDS[0],) * n for n in sorted(lengths) if 1 <= n <= _LONGEST]
    if isinstance(node, Count):
        return count_records(node)
    if isinstance(node, Sum) and node.than == "position":
        # Every position the named cards' total can meet (or, with mod, every remainder),
        # and one past the highest.
        longest = 2 * node.mod if node.mod else 14 * len(node.cards) + 1
        return [(STANDARD_CARDS[0],) * n for n in range(1, min(longest, _LONGEST) + 1)]
    if isinstance(node, Sum):
        return sum_records(node)
    return []


# -- sums --------------------------------------------------------------------------------------


def sum_records(node: Sum) -> list[Record]:
    """Records whose part in the sum's window adds up to every total on which the verdict
    can turn (for each value the played card may add), or to every remainder; without
    aces where they can (so that one record serves both ace settings)."""
    window = node.window or Window()
    # How many cards of the record the window holds at most (``None``: all of them).
    room = window.last - window.with_played if window.last else None
    found: list[Record] = []
    for aces_high in (False, True):
        low, high = (2, 14) if aces_high else (1, 13)
        played = range(low, high + 1) if window.with_played else range(0, 1)
        if node.mod:
            top = room * high if room else low + 2 * node.mod
            # The lowest total of each remainder the window can reach.
            firsts = {t % node.mod: t for t in range(top, low - 1, -1)}
            totals = sorted(firsts.values())
        else:
            # The verdict compares the record's total plus the played card's value with the
            # constant: it can turn only where that lands on or beside the constant, and a
            # total below (or above) all of those acts as the lowest (or highest) of them.
            top = room * high if room else node.value + 2
            span = range(node.value - max(played) - 1, node.value - min(played) + 2)
            totals = sorted({min(max(t, low), top) for t in span})
        for total in totals:
            record = _adding_up(total, room, aces_high)
            if record is not None and record not in found:
                found.append(record)
    return found


def _adding_up(total: int, room: int | None, aces_high: bool) -> Record | None:
    """The fewest cards (at least one, at most ``room``) whose values add up to ``total``:
    twos to kings where they can (worth the same under either ace setting), else with aces
    worth 1 (or, ``aces_high``, 14)."""
    for low, high in ((2, 13), (2, 14) if aces_high else (1, 13)):
        size = max(1, -(-total // high))
        if size * low <= total and (room is None or size <= room):
            break
    else:
        return None
    values, left = [], total
    for slot in range(size, 0, -1):
        value = min(high, left - low * (slot - 1))
        values.append(value)
        left -= value
    return tuple(_OF_RANK[1 if v == 14 else v] for v in values)


# -- counts ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Span:
    """Whole numbers from ``low`` to ``high`` in steps of ``step``: what the cards of a
    segment (or several) can add to a count, or take from it."""

    low: int
    high: int
    step: int = 1

    def __add__(self, other: _Span) -> _Span:
        if self.low == self.high:
            step = other.step
        elif other.low == other.high:
            step = self.step
        else:
            step = 2 if self.step == other.step == 2 else 1
        return _Span(self.low + other.low, self.high + other.high, step)

    def __contains__(self, n: object) -> bool:
        return isinstance(n, int) and self.low <= n <= self.high and (
            n - self.low) % self.step == 0

    def members(self) -> range:
        """Every number of the span, lowest first."""
        return range(self.low, self.high + 1, self.step)

    def at_most(self, n: int) -> int | None:
        """The highest member not above ``n``."""
        top = min(n, self.high)
        top -= (top - self.low) % self.step
        return top if top >= self.low else None

    def at_least(self, n: int) -> int | None:
        """The lowest member not below ``n``."""
        bottom = max(n, self.low)
        bottom += -(bottom - self.low) % self.step
        return bottom if bottom <= self.high else None


def _span(values: frozenset[int], length: int) -> _Span:
    """What ``length`` cards, each adding one of ``values`` (-1, 0 or 1), add up to."""
    if length == 0:
        return _Span(0, 0)
    if len(values) == 1:
        (only,) = values
        return _Span(only * length, only * length)
    if values == {-1, 1}:
        return _Span(-length, length, 2)
    return _Span(min(values) * length, max(values) * length)


def _values_adding_up(values: frozenset[int], length: int, total: int) -> list[int]:
    """``length`` members of ``values`` adding up to ``total`` (a member of their span)."""
    if len(values) == 1:
        return [next(iter(values))] * length
    if values == {-1, 1}:
        ups = (length + total) // 2
        return [1] * ups + [-1] * (length - ups)
    sign = 1 if total > 0 else -1
    return [sign] * abs(total) + [0] * (length - abs(total))


#: The regions of (count - constant) in which a verdict may differ, once the played card
#: has added -1, 0 or 1: at most -2, each of -1, 0 and 1, at least 2.
_REGIONS = ((None, -2), (-1, -1), (0, 0), (1, 1), (2, None))


def count_records(node: Count) -> list[Record]:
    """Records on which ``count - constant`` (or one count minus the other) falls in each
    region a verdict can tell apart (with ``mod``, around every remainder), for either ace
    setting and, for a count of cards sharing something with the played card, for each
    kind of card it may be; the shortest that do."""
    found: list[Record] = []
    offsets = range(node.mod) if node.mod else [node.value]
    for aces_high in (False, True):
        counted = {node.masks(aces_high)[card.index] for card in STANDARD_CARDS}
        for mask in sorted(counted):
            for offset in offsets:
                for record in _count_records(node, mask, aces_high, offset):
                    if record not in found:
                        found.append(record)
    return found


def _count_records(node: Count, mask: int, aces_high: bool, offset: int) -> list[Record]:
    """:func:`count_records` for one set of counted kinds (``mask``) and one constant."""
    sides: list[tuple[int, Window, int]] = [(mask, node.window, 1)]
    if node.than_where is not None and node.than_window is not None:
        sides.append((card_mask(node.than_where, aces_high) or 0, node.than_window, -1))
        offset = 0
    # Where the windows end, counted back from the newest card of the record.
    ends = sorted({w.last - w.with_played for _, w, _ in sides if w.last})
    whole = any(not w.last for _, w, _ in sides)
    rooms = [b - a for a, b in zip([0, *ends], ends, strict=False)]
    rooms.append(offset + 2 * sum(rooms) + 4 if whole else 0)
    masks = [m for m, _, _ in sides]
    segments: list[dict[int, Card]] = []
    for i in range(len(rooms)):
        end = ends[i] if i < len(ends) else None
        inside = [sign if not w.last or (end is not None and w.last - w.with_played >= end)
                  else 0 for _, w, sign in sides]
        by_value: dict[int, Card] = {}
        for card in STANDARD_CARDS:
            added = sum(s * (m >> card.index & 1) for s, m in zip(inside, masks, strict=True))
            by_value.setdefault(added, card)
        segments.append(by_value)
    return _region_records(segments, rooms, offset)


def _region_records(segments: list[dict[int, Card]], rooms: list[int],
                    offset: int) -> list[Record]:
    """For each region of :data:`_REGIONS`, the shortest record (the newest segment filled
    first) whose count minus ``offset`` falls in it, if any does."""
    values = [frozenset(s) for s in segments]
    left = {region: region for region in _REGIONS}
    made: list[Record] = []
    full = _Span(0, 0)
    for u, room in enumerate(rooms):
        for length in range(1, room + 1):  # a record holds the starter at least
            lengths = [*rooms[:u], length]
            spans = [_span(values[i], n) for i, n in enumerate(lengths)]
            total = full + spans[-1]
            for region in list(left):
                low, high = region
                if low is None:
                    pick = total.at_most(offset + (high or 0))
                elif high is None:
                    pick = total.at_least(offset + low)
                else:
                    pick = offset + low if offset + low in total else None
                if pick is not None:
                    del left[region]
                    made.append(_build(segments, values, lengths, spans, pick))
            if not left:
                return made
        full = full + _span(values[u], room)
    return made


def _build(segments: list[dict[int, Card]], values: list[frozenset[int]], lengths: list[int],
           spans: list[_Span], total: int) -> Record:
    """A record whose segments (newest first, of ``lengths``) add up to ``total``."""
    parts: list[list[Card]] = []
    for i, length in enumerate(lengths):
        rest = sum(spans[i + 1:], _Span(0, 0))
        share = next(t for t in spans[i].members() if total - t in rest)
        parts.append([segments[i][v] for v in _values_adding_up(values[i], length, share)])
        total -= share
    return tuple(card for part in reversed(parts) for card in part)
