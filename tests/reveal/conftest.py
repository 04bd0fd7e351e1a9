"""Ended games for the reveal tests, played through the real write path."""

from __future__ import annotations

import pytest

from games.models import Game
from tests.reveal.helpers import FIVER, LOCK, TANGLE, play, start


@pytest.fixture
def locked() -> Game:
    """Ann writes Tangle, Cy wins round 1 and writes Gridlock: no card in round 2."""
    return play(start(3, seed=4), [TANGLE, LOCK], ("oracle", "experimenter"))


@pytest.fixture
def hosted() -> Game:
    """Ann writes Tangle, Cy writes Fiver and wins again; Ann (host) ends the game."""
    return play(start(3, seed=104), [TANGLE, FIVER], ("oracle", "experimenter"))
