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
    """The ``count``-th suggestion for ``seat``'s rule this round: never a jargon the seat's
    player knows, nor ``current`` (what the field holds).

    Drawn from the game's seed, the seat and its player, the round and ``count``, keyed by
    the server's secret: the same requests get the same answers, and the answers tell
    nothing of the seed (which deals the cards).
    """
    key = f"{state.seed}/{seat}/{state.stint_of(seat)}/{state.round}/{count}"
    rng = Random(salted_hmac("games.builder.naming", key, algorithm="sha256").hexdigest())
    return suggest_jargon(rng, [*state.known_jargons(seat), current])
