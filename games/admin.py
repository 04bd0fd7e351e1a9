"""The admin of games: browse games, seats, rounds, rules and the (read-only) log.

Games are changed only by :mod:`games.services`, so states, versions and the mirrors are
read-only here; seats stay editable (a name, a session) for support. Log entries can be
neither added, changed nor deleted (the log is append-only), nor can games.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from games.models import Game, LogEntry, Round, Rule, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("index", "name", "is_host", "is_bot", "bot_kind", "session_key", "joined")
    readonly_fields = ("index", "joined")


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0
    can_delete = False
    fields = ("number", "rule_maker", "winner", "how", "started", "ended")
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("code", "phase", "version", "player_count", "created", "updated", "ended_at")
    list_filter = ("phase", "created", "ended_at")
    search_fields = ("code", "seats__name")
    date_hierarchy = "created"
    readonly_fields = ("code", "seed", "settings", "state", "version", "phase", "created",
                       "updated", "ended_at")
    inlines = [SeatInline, RoundInline]

    @admin.display(description="players")
    def player_count(self, game: Game) -> int:
        return len(game.state.get("names", []))

    def has_add_permission(self, request: HttpRequest) -> bool:
        # New games come from services.create_game, which runs the engine.
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        # A game is a record with an append-only log; purge from a shell if ever needed.
        return False


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ("name", "game", "index", "is_host", "is_bot", "bot_kind", "joined")
    list_filter = ("is_bot", "bot_kind", "is_host")
    search_fields = ("name", "game__code", "session_key")
    list_select_related = ("game",)
    readonly_fields = ("game", "index", "joined")


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("game", "number", "rule_maker", "winner", "how", "started", "ended")
    list_filter = ("how",)
    search_fields = ("game__code",)
    list_select_related = ("game",)
    readonly_fields = ("game", "number", "rule_maker", "winner", "how", "started", "ended")


@admin.register(Rule)
class RuleAdmin(admin.ModelAdmin):
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
class LogEntryAdmin(admin.ModelAdmin):
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
