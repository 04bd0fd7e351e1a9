"""Everything the reveal page shows, assembled from the stored game (no HTTP here).

The reveal is public: once a game has ended every rule and every hand count may be
shown to anyone with the link. Until then :func:`reveal_context` refuses with
``ServiceError("reveal/not_ended")`` before it reads the state, so nothing secret can
slip onto the page early. Rules, winners and the end come through the engine's
:func:`~games.engine.views.spectator_view` (the one door out of the engine, which
opens every rule once the game has ended); the log is read per accepted action, so
that it lines up with ``GameState.history`` (one entry per action) for the chart.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from django.utils.safestring import mark_safe

from games.engine.events import Dealt, Event, RuleWritten, Tie
from games.engine.state import RoundWin
from games.engine.views import RuleSummary, spectator_view
from games.reveal.chart import describe_chart, hand_chart
from games.store.errors import ServiceError
from games.store.reads import GameRef, game_actions, game_state, get_game

END_HEADLINES = {
    "no_card": "Locked up: no card can be played",
    "no_way_out": "Locked up: nobody can ever go out",
    "host": "Ended by the host",
}
HOW_WORDS = {
    "emptied": "emptied their hand",
    "instant": "revealed a winning hand",
    "effect": "was declared the winner by a rule",
    "no_supply": "held the fewest cards when the stock ran dry",
}
KIND_WORDS = {
    "restriction": "Restriction",
    "trigger": "Trigger",
    "permission": "Permission",
    "call": "Call",
    "instant_win": "Instant win",
}
#: A log of at most this many lines opens fully; a longer one shows its rounds folded.
LOG_OPEN_LIMIT = 80


@dataclass(frozen=True, slots=True)
class LogLine:
    """One public line of the reveal's log."""

    kind: str
    text: str


@dataclass(slots=True)
class LogAction:
    """The public lines of one accepted action (numbered like the chart's x axis)."""

    number: int
    lines: list[LogLine] = field(default_factory=list)


@dataclass(slots=True)
class LogRound:
    """The part of the log that belongs to one round."""

    number: int
    actions: list[LogAction] = field(default_factory=list)
    outcome: str = ""

    @property
    def size(self) -> int:
        """Number of lines."""
        return sum(len(a.lines) for a in self.actions)

    @property
    def span(self) -> str:
        """The actions this round covers, as text ("actions 3-40")."""
        first, last = self.actions[0].number, self.actions[-1].number
        return f"action {first}" if first == last else f"actions {first}–{last}"


@dataclass(frozen=True, slots=True)
class RevealedRule:
    """A rule on the reveal: its summary and its kind in words ("Restriction")."""

    summary: RuleSummary
    kind_label: str


@dataclass(frozen=True, slots=True)
class Highlight:
    """The rule of the game: the one broken (or fired) most, and how it compares."""

    rule: RevealedRule
    what: Literal["broken", "fired"]
    count: int
    compared: str


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How one round ended: ``won`` (by ``name`` at ``seat``), ``tie`` or ``unfinished``."""

    round: int
    outcome: Literal["won", "tie", "unfinished"]
    how_words: str
    short: str
    seat: int | None = None
    name: str = ""
    how: str = ""
    names: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class HandRow:
    """A row of the hand-size table: a label, the action it shows (if one), cards per seat."""

    label: str
    action: int | None
    cards: tuple[int, ...]


def reveal_context(ref: GameRef) -> dict[str, Any]:
    """The reveal of an ended game, as template context.

    Raises ``ServiceError`` ``game/not_found`` for an unknown game and
    ``reveal/not_ended`` for a game still in its lobby or being played.
    """
    game = get_game(ref)
    if game.phase != "ended" or game.state is None:
        raise ServiceError("reveal/not_ended",
                           "This game is still being played: the rules are revealed when it ends.")
    state = game_state(game)
    if state.phase != "ended":
        raise ServiceError("reveal/not_ended",
                           "This game is still being played: the rules are revealed when it ends.")
    actions = game_actions(game)
    view = spectator_view(state)
    names = view.names
    marks = round_marks(actions)
    results = round_results(names, view.winners, actions)
    log = log_rounds(actions)
    outcomes = {r.round: r.short for r in results}
    for group in log:
        group.outcome = outcomes.get(group.number, "")
    rules = rules_of(view.rules)
    return {
        "code": game.code,
        "names": names,
        "players": len(names),
        "action_count": len(actions),
        "rounds_played": len(marks),
        "ended_at": game.ended_at,
        "end": view.end,
        "end_headline": END_HEADLINES.get(view.end.reason if view.end else "",
                                          "The game is over"),
        "rules": rules,
        "highlight": highlight(rules),
        "results": results,
        # Safe: hand_chart escapes every name it writes.
        "chart": mark_safe(hand_chart(names, state.history, marks)),
        "chart_summary": describe_chart(names, state.history, len(marks)),
        "hand_table": hand_table(state.history, marks),
        "log": log,
        "log_size": sum(r.size for r in log),
        "log_open": sum(r.size for r in log) <= LOG_OPEN_LIMIT,
    }


def rules_of(summaries: Sequence[RuleSummary]) -> list[RevealedRule]:
    """The revealed rules in the order they were written (by round, then id)."""
    return [RevealedRule(r, KIND_WORDS.get(r.kind, r.kind))
            for r in sorted(summaries, key=lambda r: (r.round, r.id))]


def highlight(rules: Sequence[RevealedRule]) -> Highlight | None:
    """The rule of the game: the most broken (the earliest on a tie), else the most fired.

    ``None`` when no rule was ever broken or fired.
    """
    for what in ("broken", "fired"):
        def count(rule: RevealedRule, what: str = what) -> int:
            return rule.summary.broken if what == "broken" else rule.summary.fired

        best = max(rules, key=count, default=None)
        if best is None or count(best) == 0:
            continue
        equals = [r.summary.jargon for r in rules if r is not best and count(r) == count(best)]
        if equals:
            compared = f"as often as {_and(equals)}"
        elif len(rules) > 1:
            compared = "more than any other rule"
        else:
            compared = ""
        return Highlight(best, "broken" if what == "broken" else "fired", count(best), compared)
    return None


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def round_marks(actions: Sequence[Sequence[Event]]) -> list[tuple[int, int]]:
    """``(action, round)`` for every deal: the action (1-based) whose events dealt the round."""
    return [(number, event.round)
            for number, events in enumerate(actions, start=1)
            for event in events if isinstance(event, Dealt)]


def log_rounds(actions: Sequence[Sequence[Event]]) -> list[LogRound]:
    """Every event's public text in order, grouped by round.

    An event belongs to the round it speaks of: a deal or a new rule opens the round it
    is for, so "X wins round 1" closes round 1 and the winner's new rule opens round 2,
    even when both come from one action. The private forms (a player's own cards) are
    never shown: the reveal is public.
    """
    rounds: list[LogRound] = []
    current = 1
    for number, events in enumerate(actions, start=1):
        for event in events:
            if isinstance(event, Dealt | RuleWritten):
                current = event.round
            if not rounds or rounds[-1].number != current:
                rounds.append(LogRound(current))
            group = rounds[-1]
            if not group.actions or group.actions[-1].number != number:
                group.actions.append(LogAction(number))
            group.actions[-1].lines.append(LogLine(event.kind, event.text_for(None)))
    return rounds


def round_results(names: Sequence[str], winners: Sequence[RoundWin],
                  actions: Sequence[Sequence[Event]]) -> list[RoundResult]:
    """How each round that was dealt ended: a winner and how, a tie, or cut short."""
    dealt = [r for _, r in round_marks(actions)]
    won = {w.round: w for w in winners}
    ties: dict[int, tuple[int, ...]] = {}
    current = 1
    for events in actions:
        for event in events:
            if isinstance(event, Dealt):
                current = event.round
            elif isinstance(event, Tie):
                ties[current] = event.tied
    results = []
    for number in sorted(set(dealt) | set(won)):
        if number in won:
            win = won[number]
            results.append(RoundResult(number, "won", HOW_WORDS.get(win.how, win.how),
                                       f"won by {names[win.seat]}", seat=win.seat,
                                       name=names[win.seat], how=win.how))
        elif number in ties:
            results.append(RoundResult(number, "tie", "tied for fewest cards: nobody won",
                                       "a tie", names=tuple(names[s] for s in ties[number])))
        else:
            results.append(RoundResult(number, "unfinished",
                                       "unfinished: the game ended during this round",
                                       "unfinished"))
    return results


def hand_table(history: Sequence[Sequence[int]],
               marks: Sequence[tuple[int, int]]) -> list[HandRow]:
    """The chart as a small table: every seat's cards at the end of each round, and the most
    each one held."""
    if not history:
        return []
    count = len(history)
    starts = sorted((a, r) for a, r in marks if 1 <= a <= count)
    rows = []
    for i, (action, number) in enumerate(starts):
        last = starts[i + 1][0] - 1 if i + 1 < len(starts) else count
        if last < action:
            continue
        label = f"End of round {number}" if i + 1 < len(starts) else "When the game ended"
        rows.append(HandRow(label, last, tuple(history[last - 1])))
    if not rows:
        rows.append(HandRow("When the game ended", count, tuple(history[-1])))
    seats = len(history[-1])
    rows.append(HandRow("Most held", None,
                        tuple(max(row[s] for row in history) for s in range(seats))))
    return rows
