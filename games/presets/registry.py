"""The presets the app offers, read from ``data/<name>.json`` and validated when first asked
for (a broken data file is a bug the tests catch, never a page that half works)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Final

from games.presets.format import Preset, PresetError, load_preset

DATA: Final = Path(__file__).resolve().parent / "data"
#: The preset a game is opened from unless the host picks another: Mini Mao, unchanged.
DEFAULT: Final = "mini-mao"
#: The order the lobby lists them in (the default first); others follow by name.
ORDER: Final = ("mini-mao", "teaching", "penn-state", "five-card", "lynnfield")


@cache
def presets() -> dict[str, Preset]:
    """Every preset by name, in :data:`ORDER` (then by name)."""
    found: dict[str, Preset] = {}
    for path in sorted(DATA.glob("*.json")):
        preset = load_preset(json.loads(path.read_text(encoding="utf-8")))
        if preset.name != path.stem:
            raise PresetError(f"is {preset.name!r} in {path.name}", path="preset.name",
                              code="preset/bad_name")
        found[preset.name] = preset
    rank = {name: i for i, name in enumerate(ORDER)}
    return dict(sorted(found.items(), key=lambda item: (rank.get(item[0], len(ORDER)),
                                                         item[0])))


def preset(name: str) -> Preset:
    """The preset called ``name``; :class:`PresetError` (``preset/unknown``) if none is."""
    found = presets().get(name)
    if found is None:
        raise PresetError(f"there is no preset {name!r}", path="preset", code="preset/unknown")
    return found
