"""``manage.py purge_games``: delete lobbies never started, games that ended long ago and
games abandoned in play."""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from games.store.retention import Periods, purge


class Command(BaseCommand):
    """Delete lobbies idle for ``MAO_PURGE_LOBBY_HOURS`` hours, games ended
    ``MAO_PURGE_ENDED_DAYS`` days ago and games in play nobody has moved for
    ``MAO_PURGE_IDLE_DAYS`` days (with their seats, rounds, rules and log). Prints the
    counts; ``--dry-run`` prints them and deletes nothing."""

    help = ("Delete lobbies never started and idle for MAO_PURGE_LOBBY_HOURS hours, games "
            "that ended MAO_PURGE_ENDED_DAYS days ago, and games in play that nobody has "
            "moved for MAO_PURGE_IDLE_DAYS days.")

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--dry-run", action="store_true",
                            help="count what would be deleted, delete nothing")
        parser.add_argument("--lobby-hours", type=int, default=None,
                            help="idle hours after which a lobby goes "
                                 "(default: MAO_PURGE_LOBBY_HOURS)")
        parser.add_argument("--ended-days", type=int, default=None,
                            help="days after its end that a game goes "
                                 "(default: MAO_PURGE_ENDED_DAYS)")
        parser.add_argument("--idle-days", type=int, default=None,
                            help="days after its last move that a game in play goes "
                                 "(default: MAO_PURGE_IDLE_DAYS)")

    def handle(self, *args: Any, **options: Any) -> None:
        periods = Periods(
            _period(options["lobby_hours"], "--lobby-hours", settings.MAO_PURGE_LOBBY_HOURS,
                    "MAO_PURGE_LOBBY_HOURS"),
            _period(options["ended_days"], "--ended-days", settings.MAO_PURGE_ENDED_DAYS,
                    "MAO_PURGE_ENDED_DAYS"),
            _period(options["idle_days"], "--idle-days", settings.MAO_PURGE_IDLE_DAYS,
                    "MAO_PURGE_IDLE_DAYS"))
        dry_run = options["dry_run"]
        done = purge(periods, dry_run=dry_run)
        verb = "Would delete" if dry_run else "Deleted"
        self.stdout.write(
            f"{verb} {_count(done.lobbies, 'lobby', 'lobbies')} never started (idle over "
            f"{periods.lobby_hours} h), {_count(done.ended, 'ended game', 'ended games')} "
            f"(ended over {periods.ended_days} days ago) and "
            f"{_count(done.abandoned, 'game', 'games')} abandoned in play (no move for over "
            f"{periods.idle_days} days).")
        if done.rows:
            self.stdout.write("Rows: " + ", ".join(
                f"{label} {count}" for label, count in sorted(done.rows.items())))
        if dry_run:
            self.stdout.write("Dry run: nothing was deleted.")


def _period(option: int | None, flag: str, setting: int, name: str) -> int:
    """The option if given, else the setting; refused below 1 (0 would delete every lobby,
    even one opened a second ago). The settings are checked when they are read, too."""
    value, source = (setting, name) if option is None else (option, flag)
    if value < 1:
        raise CommandError(f"{source} must be at least 1 (it is {value}).", returncode=2)
    return value


def _count(number: int, one: str, many: str) -> str:
    return f"{number} {one if number == 1 else many}"
