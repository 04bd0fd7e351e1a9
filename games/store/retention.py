"""Retention: which stored games are old enough to delete, and deleting them.

Two kinds of game go: lobbies never started that nobody has touched for a while (their
``updated`` time), and games that ended long ago (their ``ended_at``). A game in play
(``writing`` or ``playing``) is never deleted, however old. Deleting a game deletes its seats,
rounds, rules and log with it (the foreign keys cascade; the append-only log's own
``delete()`` is never called by a cascade). ``manage.py purge_games`` runs :func:`purge`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from games.models import LOBBY, Game, LogEntry, Round, Rule, Seat

#: The phase of a finished game.
ENDED = "ended"


@dataclass(frozen=True, slots=True)
class Purged:
    """What a purge deleted (or, in a dry run, would delete): games of each kind, and every
    row that went with them (seats, rounds, rules, log entries), by model label."""

    lobbies: int
    ended: int
    rows: dict[str, int]


def expired(lobby_hours: int, ended_days: int, now: datetime | None = None) -> QuerySet[Game]:
    """The games a purge at ``now`` deletes: lobbies untouched for ``lobby_hours`` hours and
    games ended ``ended_days`` days ago or more. Never a game in play."""
    now = now or timezone.now()
    old_lobby = Q(phase=LOBBY, updated__lt=now - timedelta(hours=lobby_hours))
    # ended_at is set with the phase (games.store.writes); a game ended without one is kept.
    old_ended = Q(phase=ENDED, ended_at__lt=now - timedelta(days=ended_days))
    return Game.objects.filter(old_lobby | old_ended)


def purge(lobby_hours: int, ended_days: int, *, dry_run: bool = False,
          now: datetime | None = None) -> Purged:
    """Delete the :func:`expired` games (nothing when ``dry_run``) and say what went."""
    if lobby_hours < 1 or ended_days < 1:
        raise ValueError("retention periods must be at least 1 (hour or day)")
    games = expired(lobby_hours, ended_days, now)
    with transaction.atomic():
        # Lock the chosen rows (PostgreSQL; SQLite's IMMEDIATE transaction is the lock there)
        # so that no lobby starts between choosing it and deleting it: a start holding the
        # lock first leaves a game in play, which the locking query then no longer selects.
        # The queries below repeat the same filter (its cutoffs are fixed): no list of ids,
        # which could outgrow SQLite's limit on a query's parameters.
        list(games.select_for_update().values_list("pk", flat=True))
        lobbies = games.filter(phase=LOBBY).count()
        ended = games.filter(phase=ENDED).count()
        if dry_run:
            rows = _rows_of(games)
        else:
            _, deleted = games.delete()
            rows = {label: count for label, count in deleted.items() if count}
    return Purged(lobbies, ended, rows)


def _rows_of(games: QuerySet[Game]) -> dict[str, int]:
    """The rows deleting ``games`` would delete, counted as ``QuerySet.delete()`` counts."""
    counts = {Game._meta.label: games.count()}
    for model in (Seat, Round, Rule, LogEntry):
        counts[model._meta.label] = model._base_manager.filter(game__in=games).count()
    return {label: count for label, count in counts.items() if count}
