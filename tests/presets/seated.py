"""A preset's table laid out for one play through the engine: any preset, four seats, the
hands and the pile given, seat 1 to play, nothing racing, owed or pending."""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.actions import Deal
from games.engine.apply import apply
from games.engine.races import forget
from games.engine.state import GameState
from games.presets.opening import open_preset, settings_for
from games.presets.registry import preset
from tests.engine.helpers import arrange

NAMES = ("Dee", "Ava", "Ben", "Cal")
#: The seat that plays, and the one after it.
AVA, BEN = 1, 2


def seated(name: str, hands: Sequence[Sequence[str]], pile: Sequence[str],
           draws: Sequence[str] = ()) -> GameState:
    """Preset ``name`` dealt for four (the chair dealing, Ava first), then ``hands`` and
    ``pile`` (bottom first) laid out, Ava to play clockwise."""
    # The teaching profile's tutorial law is chosen in the lobby.
    law = {"law": "Wrong Colour"} if preset(name).law_choice else {}
    state, _ = open_preset(settings_for(preset(name), players=4, first_rule_maker=0, **law),
                           NAMES, 1)
    if state.phase == "dealing":
        state, _ = apply(state, Deal(0, first=AVA))
    forget(state)  # a starter's race (five-card turns a jack up) is not this test's
    state = arrange(state, hands, [pile], draws=draws, current=AVA)
    state.direction, state.pending, state.unanswered = 1, 0, {}
    return state
