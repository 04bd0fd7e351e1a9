"""What the lobby page and its live fragment show one viewer."""

from __future__ import annotations

from collections.abc import Sequence

from games.models import Game, Seat


def lobby_context(game: Game, seat: Seat | None, link: str, error: str = "",
                  seats: Sequence[Seat] | None = None) -> dict[str, object]:
    """What the lobby page and its live fragment show one viewer (``seats`` read if not given)."""
    seats = list(game.seats.order_by("index") if seats is None else seats)
    size = int(game.settings["players"])
    return {"game": game, "me": seat, "seats": seats, "empty": range(size - len(seats)),
            "is_host": seat is not None and seat.is_host, "size": size, "error": error,
            "link": link, "settings": game.settings, "version": game.version}
