"""What a browser posts to ``/g/<code>/act/`` when its player plays or passes.

The table's ``#play-form`` (``templates/games/table.html``) holds ``type``, ``say``, ``suit``,
``named`` (only while the hand holds a joker: the joker row's select) and ``pile`` (only with
several piles); ``static/js/table.js`` sets ``type`` and adds one hidden ``cards`` field per
card played, and htmx adds ``#version`` (``hx-include``). :func:`play_form` builds the same
fields from what the player's screen shows; ``tests/scripts/loadtest/test_forms.py`` keeps it
and the page from drifting apart.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: The named fields of the table's ``#play-form`` (the page's, not the script's).
PLAY_FORM_FIELDS = frozenset({"type", "say", "suit", "named", "pile"})
#: Fields the page adds when it submits: the script's ``cards``, htmx's ``version``.
SUBMIT_FIELDS = frozenset({"cards", "version"})


def play_form(kind: str, version: int, payload: Mapping[str, Any], *, joker_in_hand: bool,
              piles: int) -> dict[str, list[str]]:
    """The form fields of a ``play`` or ``pass`` at ``version``, as the browser sends them.

    ``payload`` is the move (``cards``, ``named``, ``say``, ``suit``, ``pile``);
    ``joker_in_hand`` and ``piles`` say whether the page shows the joker row and the pile
    row (fields of a hidden row are not in the form, so the browser does not send them).
    """
    if kind not in ("play", "pass"):
        raise ValueError(f"the play form sends a play or a pass, not {kind!r}")
    playing = kind == "play"
    form: dict[str, list[str]] = {
        "type": [kind],
        "say": [str(payload.get("say") or "") if playing else ""],
        "suit": [str(payload.get("suit") or "") if playing else ""],  # "": its own suit
    }
    if joker_in_hand:
        named = [n for n in payload.get("named") or () if n] if playing else []
        form["named"] = [named[0] if named else ""]  # "": "Choose a card…"
    if piles > 1:
        form["pile"] = [str(payload.get("pile", 0) if playing else 0)]
    if playing:
        form["cards"] = [str(card) for card in payload["cards"]]
    form["version"] = [str(version)]
    return form
