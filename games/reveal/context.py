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
from typing import Any

from django.utils.safestring import mark_safe

from games.engine.events import Event
from games.engine.state import GameState
from games.engine.views import spectator_view
from games.models import LogEntry
from games.reveal.chart import describe_chart, hand_chart
from games.store.errors import ServiceError
from games.store.reads import GameRef, get_game

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


@dataclass(slots=True)
class LogAction:
    """The public lines of one accepted action (numbered like the chart's x axis)."""

    number: int
    lines: list[dict[str, str]] = field(default_factory=list)


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


def reveal_context(ref: GameRef) -> dict[str, Any]:
    """The reveal of an ended game, as template context.

    Raises ``ServiceError`` ``game/not_found`` for an unknown game and
    ``reveal/not_ended`` for a game still in its lobby or being played.
    """
    game = get_game(ref)
    if game.phase != "ended" or not game.state or game.state.get("phase") != "ended":
        raise ServiceError("reveal/not_ended",
                           "This game is still being played: the rules are revealed when it ends.")
    state = GameState.from_json(game.state)
    actions = [[Event.from_json(data) for data in events] for events in
               LogEntry.objects.filter(game=game).order_by("seq").values_list("events", flat=True)]
    view = spectator_view(state)
    names = view.names
    marks = round_marks(actions)
    results = round_results(names, view.winners, actions)
    log = log_rounds(actions)
    outcomes = {r["round"]: r["short"] for r in results}
    for group in log:
        group.outcome = outcomes.get(group.number, "")
    rules = rules_of(view.rules)
    end = dict(view.end or {})
    return {
        "code": game.code,
        "names": names,
        "players": len(names),
        "action_count": len(actions),
        "rounds_played": len(marks),
        "ended_at": game.ended_at,
        "end": end,
        "end_headline": END_HEADLINES.get(str(end.get("reason")), "The game is over"),
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


def rules_of(summaries: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The revealed rules in the order they were written (by round, then id)."""
    rules = [dict(r, kind_label=KIND_WORDS.get(r["kind"], r["kind"])) for r in summaries]
    return sorted(rules, key=lambda r: (r["round"], r["id"]))


def highlight(rules: Sequence[dict[str, Any]]) -> dict[str, Any] | None:
    """The rule of the game: the most broken (the earliest on a tie), else the most fired.

    ``None`` when no rule was ever broken or fired.
    """
    for what in ("broken", "fired"):
        best = max(rules, key=lambda r: r[what], default=None)
        if best is None or best[what] == 0:
            continue
        equals = [r["jargon"] for r in rules if r is not best and r[what] == best[what]]
        if equals:
            compared = f"as often as {_and(equals)}"
        elif len(rules) > 1:
            compared = "more than any other rule"
        else:
            compared = ""
        return {"rule": best, "what": what, "count": best[what], "compared": compared}
    return None


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def round_marks(actions: Sequence[Sequence[Event]]) -> list[tuple[int, int]]:
    """``(action, round)`` for every deal: the action (1-based) whose events dealt the round."""
    return [(number, int(event.data["round"]))
            for number, events in enumerate(actions, start=1)
            for event in events if event.kind == "dealt"]


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
            if event.kind in ("dealt", "rule_written") and "round" in event.data:
                current = int(event.data["round"])
            if not rounds or rounds[-1].number != current:
                rounds.append(LogRound(current))
            group = rounds[-1]
            if not group.actions or group.actions[-1].number != number:
                group.actions.append(LogAction(number))
            group.actions[-1].lines.append({"kind": event.kind, "text": event.text_for(None)})
    return rounds


def round_results(names: Sequence[str], winners: Sequence[dict[str, Any]],
                  actions: Sequence[Sequence[Event]]) -> list[dict[str, Any]]:
    """How each round that was dealt ended: a winner and how, a tie, or cut short."""
    dealt = [r for _, r in round_marks(actions)]
    won = {int(w["round"]): w for w in winners}
    ties: dict[int, list[int]] = {}
    current = 1
    for events in actions:
        for event in events:
            if event.kind == "dealt":
                current = int(event.data["round"])
            elif event.kind == "tie":
                ties[current] = [int(s) for s in event.data.get("tied", [])]
    results = []
    for number in sorted(set(dealt) | set(won)):
        if number in won:
            seat = int(won[number]["seat"])
            how = str(won[number]["how"])
            results.append({"round": number, "outcome": "won", "seat": seat,
                            "name": names[seat], "how": how,
                            "how_words": HOW_WORDS.get(how, how),
                            "short": f"won by {names[seat]}"})
        elif number in ties:
            tied = [names[s] for s in ties[number]]
            results.append({"round": number, "outcome": "tie", "names": tied,
                            "how_words": "tied for fewest cards: nobody won",
                            "short": "a tie"})
        else:
            results.append({"round": number, "outcome": "unfinished",
                            "how_words": "unfinished: the game ended during this round",
                            "short": "unfinished"})
    return results


def hand_table(history: Sequence[Sequence[int]],
               marks: Sequence[tuple[int, int]]) -> list[dict[str, Any]]:
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
        rows.append({"label": label, "action": last, "cards": list(history[last - 1])})
    if not rows:
        rows.append({"label": "When the game ended", "action": count,
                     "cards": list(history[-1])})
    seats = len(history[-1])
    rows.append({"label": "Most held", "action": None,
                 "cards": [max(row[s] for row in history) for s in range(seats)]})
    return rows
