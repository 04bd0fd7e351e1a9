"""The Suggest button's jargon: a name the writer knows no rule by, the same for the same
requests.

Only names the writer knows are avoided (:meth:`~games.engine.state.GameState.known_jargons`):
leaving out a name nobody has heard would tell them that a rule of that name exists.
"""

from __future__ import annotations

from random import Random

from django.utils.crypto import salted_hmac

from games.engine.state import GameState
from rules.jargon import suggest_jargon


def suggestion(state: GameState, seat: int, count: int, current: str = "") -> str:
    """The ``count``-th jargon suggestion for ``seat`` this round (never one its player knows,
    nor ``current``), keyed by the server's secret so it tells nothing of the seed."""
    key = f"{state.seed}/{seat}/{state.stint_of(seat)}/{state.round}/{count}"
    rng = Random(salted_hmac("games.builder.naming", key, algorithm="sha256").hexdigest())
    return suggest_jargon(rng, [*state.known_jargons(seat), current])
