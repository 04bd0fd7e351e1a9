"""Ended games for the reveal tests, played through the real write path."""

from __future__ import annotations

import pytest

from games.models import Game
from tests.reveal.helpers import FIVER, LOCK, TANGLE, play, start


@pytest.fixture
def locked() -> Game:
    """Three players; Ann writes Tangle, Cy wins round 1 and writes Gridlock, which locks
    the game up in round 2 (no card can be played)."""
    return play(start(3, seed=4), [TANGLE, LOCK], ("oracle", "experimenter"))


@pytest.fixture
def hosted() -> Game:
    """Three players; Ann writes Tangle, Cy wins round 1 and writes Fiver, wins round 2 too,
    and Ann (the host) ends the game while Cy would write a third rule."""
    return play(start(3, seed=104), [TANGLE, FIVER], ("oracle", "experimenter"))
