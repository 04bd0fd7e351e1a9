"""The admin of games: browse games (lobbies included), seats, rounds, rules and the log.

Games are changed only by :mod:`games.store.writes` (and the lobby), so states, versions
and the mirrors are read-only here; a seat's name stays editable for support. Who holds a
seat (the hash of a token in a player's session) is never shown nor searchable. Log entries
can be neither added, changed nor deleted one by one (the log is append-only); a whole game
can be deleted, and its seats, rounds, rules and log go with it.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import Count, QuerySet
from django.http import HttpRequest

from games.models import Game, LogEntry, Round, Rule, Seat


class SeatInline(admin.TabularInline[Seat, Game]):
    model = Seat
    extra = 0
    fields = ("index", "name", "is_host", "is_bot", "bot_kind", "joined")
    readonly_fields = ("index", "is_host", "is_bot", "bot_kind", "joined")

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class RoundInline(admin.TabularInline[Round, Game]):
    model = Round
    extra = 0
    can_delete = False
    fields = ("number", "rule_maker", "winner", "how", "started", "ended")
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin[Game]):
    list_display = ("code", "phase", "version", "player_count", "created", "updated", "ended_at")
    list_filter = ("phase", "created", "ended_at")
    search_fields = ("code", "seats__name")
    date_hierarchy = "created"
    readonly_fields = ("code", "seed", "settings", "state", "version", "phase", "created",
                       "updated", "ended_at")
    inlines = [SeatInline, RoundInline]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Game]:
        # Seats are counted in the query: a lobby has no engine state to read them from.
        return super().get_queryset(request).annotate(seat_count=Count("seats"))

    @admin.display(description="players", ordering="seat_count")
    def player_count(self, game: Game) -> int:
        return int(getattr(game, "seat_count", 0))

    def has_add_permission(self, request: HttpRequest) -> bool:
        # New games come from the lobby, which runs the engine at the start.
        return False

    def get_deleted_objects(self, objs: Any, request: HttpRequest) -> Any:
        """Deleting a game takes its append-only log with it: no separate permission is
        needed for those rows (they cannot be deleted one by one)."""
        deleted, model_count, perms_needed, protected = super().get_deleted_objects(objs, request)
        perms_needed = {name for name in perms_needed
                        if name != LogEntry._meta.verbose_name_plural
                        and name != LogEntry._meta.verbose_name}
        return deleted, model_count, perms_needed, protected


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin[Seat]):
    list_display = ("name", "game", "index", "is_host", "is_bot", "bot_kind", "joined")
    list_filter = ("is_bot", "bot_kind", "is_host")
    search_fields = ("name", "game__code")
    list_select_related = ("game",)
    fields = ("game", "index", "name", "is_host", "is_bot", "bot_kind", "joined")
    readonly_fields = ("game", "index", "is_host", "is_bot", "bot_kind", "joined")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin[Round]):
    list_display = ("game", "number", "rule_maker", "winner", "how", "started", "ended")
    list_filter = ("how",)
    search_fields = ("game__code",)
    list_select_related = ("game",)
    readonly_fields = ("game", "number", "rule_maker", "winner", "how", "started", "ended")


@admin.register(Rule)
class RuleAdmin(admin.ModelAdmin[Rule]):
    list_display = ("jargon", "game", "engine_id", "author", "round_written", "kind", "created")
    list_filter = ("round_written",)
    search_fields = ("jargon", "game__code")
    list_select_related = ("game",)
    readonly_fields = ("game", "engine_id", "author", "round_written", "jargon", "spec",
                       "created")

    @admin.display(description="kind")
    def kind(self, rule: Rule) -> str:
        return str(rule.spec.get("rule", {}).get("kind", ""))


@admin.register(LogEntry)
class LogEntryAdmin(admin.ModelAdmin[LogEntry]):
    list_display = ("game", "seq", "action_type", "seat", "event_count", "created")
    list_filter = ("created",)
    search_fields = ("game__code",)
    list_select_related = ("game",)
    readonly_fields = ("game", "seq", "action", "events", "created")
    ordering = ("game", "seq")

    @admin.display(description="action")
    def action_type(self, entry: LogEntry) -> str:
        return str(entry.action.get("type", ""))

    @admin.display(description="seat")
    def seat(self, entry: LogEntry) -> Any:
        return entry.action.get("seat")

    @admin.display(description="events")
    def event_count(self, entry: LogEntry) -> int:
        return len(entry.events)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
