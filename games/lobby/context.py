"""What the lobby page and its live fragment show one viewer: display rows only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.models import Game, Seat
from games.presets.display import house_rule_rows
from games.presets.registry import presets
from games.store.reads import game_settings
from games.store.rows import seat_row, seat_rows


def lobby_context(game: Game, seat: Seat | None, link: str, error: str = "",
                  seats: Sequence[Seat] | None = None, notice: str = "") -> dict[str, Any]:
    """What the lobby page and its live fragment show one viewer (``seats`` read if not given).

    ``notice``: why this viewer lost the seat it held (games.store.seating), or "".

    Plain values and :class:`~games.store.rows.SeatRow` rows, never the models. The
    preset's title and house rules (public) show to everyone; never which law it starts
    with (secret until the reveal).
    """
    seats = list(game.seats.order_by("index") if seats is None else seats)
    settings = game_settings(game)
    size = settings.players
    # A game opened from a preset since removed still shows its lobby (as Mini Mao).
    preset = presets().get(settings.preset)
    return {"code": game.code, "phase": game.phase, "version": game.version,
            "me": seat_row(seat, seat) if seat is not None else None,
            "seats": seat_rows(seats, seat), "empty": range(size - len(seats)),
            "is_host": seat is not None and seat.is_host, "size": size, "error": error,
            "link": link, "hand_size": settings.hand_size, "two_decks": settings.decks == 2,
            "jokers": settings.jokers, "aces_high": settings.aces_high, "notice": notice,
            "preset_title": preset.title if preset is not None else settings.preset,
            "preset_summary": preset.summary if preset is not None else "",
            "house_rules": house_rule_rows(preset) if preset is not None else ()}
