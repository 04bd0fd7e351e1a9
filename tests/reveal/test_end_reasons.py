"""Every reason a game can end for has its own headline on the reveal."""

from __future__ import annotations

from typing import get_args

from games.engine.events import EndReason
from games.reveal.context import END_HEADLINES


def test_every_end_reason_has_a_headline() -> None:
    assert set(END_HEADLINES) == set(get_args(EndReason))
    assert END_HEADLINES["stalled"] != END_HEADLINES["no_way_out"]
