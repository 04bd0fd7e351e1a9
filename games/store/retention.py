"""Retention: which stored games are old enough to delete, and deleting them.

Three kinds of game go: lobbies never started that nobody has touched for a while (their
``updated`` time), games that ended long ago (their ``ended_at``), and games abandoned in
play (``writing`` or ``playing``) that nobody has moved for much longer (their ``updated``
time, which every accepted action sets). Deleting a game deletes its seats, rounds, rules and
log with it (the foreign keys cascade; the append-only log's own ``delete()`` is never
called by a cascade). ``manage.py purge_games`` runs :func:`purge`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from games.models import ENDED, IN_PLAY, LOBBY, Game, LogEntry, Round, Rule, Seat


@dataclass(frozen=True, slots=True)
class Periods:
    """How long games are kept: a lobby never started for ``lobby_hours`` idle hours, a
    finished game for ``ended_days`` days after its end, a game in play for ``idle_days``
    days after its last move. Each must be at least 1 (``ValueError``; 0 would delete a
    lobby opened a second ago, or a game between two moves)."""

    lobby_hours: int
    ended_days: int
    idle_days: int

    def __post_init__(self) -> None:
        if min(self.lobby_hours, self.ended_days, self.idle_days) < 1:
            raise ValueError("retention periods must be at least 1 (hour or day)")


@dataclass(frozen=True, slots=True)
class Purged:
    """What a purge deleted (or, in a dry run, would delete): games of each kind, and every
    row that went with them (seats, rounds, rules, log entries), by model label."""

    lobbies: int
    ended: int
    abandoned: int
    rows: dict[str, int]


def expired(periods: Periods, now: datetime | None = None) -> QuerySet[Game]:
    """The games a purge at ``now`` deletes: lobbies untouched for ``lobby_hours`` hours,
    games ended ``ended_days`` days ago or more, and games in play untouched for
    ``idle_days`` days."""
    now = now or timezone.now()
    old_lobby = Q(phase=LOBBY, updated__lt=now - timedelta(hours=periods.lobby_hours))
    # ended_at is set with the phase (games.store.writes); a game ended without one is kept.
    old_ended = Q(phase=ENDED, ended_at__lt=now - timedelta(days=periods.ended_days))
    abandoned = Q(phase__in=IN_PLAY, updated__lt=now - timedelta(days=periods.idle_days))
    return Game.objects.filter(old_lobby | old_ended | abandoned)


def purge(periods: Periods, *, dry_run: bool = False, now: datetime | None = None) -> Purged:
    """Delete the :func:`expired` games (nothing when ``dry_run``) and say what went."""
    games = expired(periods, now)
    with transaction.atomic():
        # Lock the chosen rows (PostgreSQL; SQLite's IMMEDIATE transaction is the lock there)
        # so that no lobby starts, and no abandoned game is moved, between choosing it and
        # deleting it: a change holding the lock first sets its `updated` time, and the
        # locking query then no longer selects the game.
        # The queries below repeat the same filter (its cutoffs are fixed): no list of ids,
        # which could outgrow SQLite's limit on a query's parameters.
        list(games.select_for_update().values_list("pk", flat=True))
        lobbies = games.filter(phase=LOBBY).count()
        ended = games.filter(phase=ENDED).count()
        abandoned = games.filter(phase__in=IN_PLAY).count()
        if dry_run:
            rows = _rows_of(games)
        else:
            _, deleted = games.delete()
            rows = {label: count for label, count in deleted.items() if count}
    return Purged(lobbies, ended, abandoned, rows)


def _rows_of(games: QuerySet[Game]) -> dict[str, int]:
    """The rows deleting ``games`` would delete, counted as ``QuerySet.delete()`` counts."""
    counts = {Game._meta.label: games.count()}
    for model in (Seat, Round, Rule, LogEntry):
        counts[model._meta.label] = model._base_manager.filter(game__in=games).count()
    return {label: count for label, count in counts.items() if count}
