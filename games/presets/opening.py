"""Opening a game from a preset: the settings the host chose within the preset's ranges,
then the game's first state, with the preset's house rules and the chosen law in force."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields, replace
from typing import Any, Final

from games.engine.errors import EngineError
from games.engine.events import Event
from games.engine.settings import GameSettings
from games.engine.setup import open_game
from games.engine.state import GameState
from games.presets.format import NOT_PRESET, Preset, PresetError
from games.presets.registry import preset as find_preset

#: The action a stored log gives the opening of a game dealt at once (no rule to write
#: first): no seat's action, so no engine action; a replay skips it (the settings open the
#: game again) and readers of actions skip it too.
OPENING: Final = {"type": "open"}


def is_opening(action: Any) -> bool:
    """Whether a logged action is a game's :data:`OPENING`."""
    return isinstance(action, dict) and action.get("type") == OPENING["type"]


def settings_for(preset: Preset, *, first_rule_maker: int | None = None,
                 law: str | None = None, **chosen: Any) -> GameSettings:
    """The settings of a game of ``preset``: its own, with the host's ``chosen`` values for
    the settings it lets the lobby choose (``players=5``), the first rule-maker (``None``:
    drawn at random) and the law to start with (a jargon of its laws, where it offers one).

    Anything the preset does not allow is a :class:`PresetError` naming the setting.
    """
    for key, value in chosen.items():
        choice = preset.choices.get(key)
        if choice is None:
            raise PresetError(f"{preset.title} does not let the lobby choose this",
                              path=key, code="preset/not_choosable")
        if value not in choice.options or isinstance(value, bool) != isinstance(
                choice.default, bool):
            shown = ", ".join(str(o).lower() for o in choice.options)
            raise PresetError(f"must be one of {shown} in {preset.title}", path=key,
                              code="preset/out_of_range")
    if law is not None and (not preset.law_choice or preset.law(law) is None):
        offered = ", ".join(r.jargon for r in preset.laws) if preset.law_choice else "none"
        raise PresetError(f"{preset.title} offers no law {law!r} (laws offered: {offered})",
                          path="law", code="preset/unknown_law")
    try:
        return replace(preset.settings, first_rule_maker=first_rule_maker, law=law, **chosen)
    except EngineError as exc:
        raise PresetError(str(exc), path="settings", code="preset/bad_settings") from None


def check_settings(preset: Preset, settings: GameSettings) -> None:
    """Refuse settings that ``preset`` would not give (a fixed setting changed, a choice
    out of its range, a law it does not offer), naming the setting."""
    for item in fields(GameSettings):
        key = item.name
        if key in NOT_PRESET:
            continue
        value = getattr(settings, key)
        choice = preset.choices.get(key)
        allowed = choice.options if choice else (getattr(preset.settings, key),)
        if value not in allowed or (choice and isinstance(value, bool) != isinstance(
                choice.default, bool)):
            raise PresetError(f"is {value!r}, which {preset.title} does not allow",
                              path=key, code="preset/mismatch")
    if settings.law is not None and (not preset.law_choice or preset.law(settings.law) is None):
        raise PresetError(f"{preset.title} offers no law {settings.law!r}", path="law",
                          code="preset/unknown_law")


def open_preset(settings: GameSettings, names: Sequence[str], seed: int) -> tuple[GameState,
                                                                                  list[Event]]:
    """The first state of a game opened from the preset ``settings.preset`` (with its house
    rules, and the laws it puts in force: the one chosen, ``settings.law``, where the preset
    offers a choice; every law it lists where it does not), and what happened (the deal,
    when there is one). The settings alone decide it, so a replay opens the same game.
    """
    found = find_preset(settings.preset)
    check_settings(found, settings)
    if found.law_choice:
        chosen = found.law(settings.law) if settings.law is not None else None
        laws = [chosen] if chosen is not None else []
    else:
        laws = list(found.laws)
    return open_game(settings, names, seed, found.house_rules, laws)
