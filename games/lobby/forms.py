"""Forms of the games app: opening a new table under a preset.

The form is built for one preset (:class:`~games.presets.format.Preset`): it offers only the
settings that preset lets the lobby choose, within its ranges, and the preset's choice of
law where it offers one. Nothing here names a preset: every field comes from the data.
"""

from __future__ import annotations

from typing import Any

from django import forms

from games.engine.settings import GameSettings
from games.engine.setup import MAX_NAME
from games.presets.format import CHOOSABLE, Choice, Preset, PresetError
from games.presets.opening import settings_for
from games.presets.registry import DEFAULT, presets

#: The label of each setting the lobby may choose (the order of :data:`CHOOSABLE`).
LABELS = {"players": "Seats at the table", "hand_size": "Cards in each hand",
          "decks": "Decks", "jokers": "Play with jokers", "aces_high": "Aces are high",
          "turn_seconds": "Turn clock", "game_minutes": "Length of the game",
          "order_callers": "Points of order"}
#: How an option reads, where it needs more than the number or word (``None``: off).
OPTION_TEXT: dict[str, dict[int | str | None, str]] = {
    "decks": {1: "One deck", 2: "Two decks"},
    "turn_seconds": {None: "Off: take your time"},
    "game_minutes": {None: "Until it locks up"},
    "order_callers": {"anyone": "Any player may call one", "host": "Only I may call one",
                      "nobody": "None: play never stops"}}
#: How an option of a setting counted in a unit reads ("30 seconds a turn").
OPTION_UNIT = {"turn_seconds": "{n} seconds a turn", "game_minutes": "{n} minutes"}
#: The law choice's value for "no law: the first rule-maker writes one".
NO_LAW = ""


def chosen_preset(name: str | None) -> Preset:
    """The preset called ``name``, else the default (never an error page)."""
    return presets().get(name or DEFAULT) or presets()[DEFAULT]


def _choice_field(key: str, choice: Choice) -> forms.Field | None:
    """The field of one lobby choice, or ``None`` when it offers a single option (fixed)."""
    if len(choice.options) < 2:
        return None
    if isinstance(choice.default, bool):
        return forms.BooleanField(label=LABELS[key], required=False, initial=choice.default)
    if isinstance(choice.default, str):
        # Not required: a form posted without it (an older page) takes the default.
        return forms.ChoiceField(label=LABELS[key], initial=choice.default, required=False,
                                 choices=[(o, option_text(key, o)) for o in choice.options
                                          if isinstance(o, str)])
    return forms.TypedChoiceField(
        label=LABELS[key], coerce=_whole_or_off, empty_value=None,
        required=None not in choice.options,
        initial="" if choice.default is None else choice.default,
        choices=[("" if n is None else n, option_text(key, n)) for n in choice.options])


def option_text(key: str, option: int | bool | str | None) -> str:
    """How one option of a lobby choice reads ("Two decks", "30 seconds a turn", "Off")."""
    texts = OPTION_TEXT.get(key, {})
    if option is None or isinstance(option, bool):
        return texts.get(None, "Off") if option is None else str(option)
    if isinstance(option, str):
        return texts.get(option, option)
    if option in texts:
        return texts[option]
    unit = OPTION_UNIT.get(key)
    return unit.format(n=option) if unit else str(option)


def _whole_or_off(value: str) -> int | None:
    """A posted option: a whole number, or "" for off."""
    return None if value == "" else int(value)


class NewGameForm(forms.Form):
    """The host's name, the preset's choosable settings and law, and the first rule-maker.

    ``preset`` is the way to play the form is for; :meth:`settings` gives the engine
    settings, checked by :func:`~games.presets.opening.settings_for` in :meth:`clean` (a
    combination the preset refuses is a form error, never a 500).
    """

    name = forms.CharField(label="Your name", max_length=MAX_NAME,
                           widget=forms.TextInput(attrs={"autocomplete": "nickname",
                                                         "placeholder": "e.g. Gogol"}))
    preset = forms.CharField(widget=forms.HiddenInput, required=False)

    def __init__(self, data: Any = None, *, preset: Preset | None = None) -> None:
        super().__init__(data)
        if preset is None:
            preset = chosen_preset(data.get("preset") if data is not None else None)
        self.preset_data = preset
        self.fields["preset"].initial = preset.name
        #: The names of the setting fields, in the order they are drawn.
        self.setting_names: list[str] = []
        self.check_names: list[str] = []
        for key in CHOOSABLE:
            choice = preset.choices.get(key)
            field = _choice_field(key, choice) if choice is not None else None
            if field is None:
                continue
            self.fields[key] = field
            names = self.check_names if isinstance(field, forms.BooleanField) else \
                self.setting_names
            names.append(key)
        if preset.law_choice:
            self.fields["law"] = forms.ChoiceField(
                label="The secret law", initial=NO_LAW, required=False,
                choices=[(NO_LAW, "The first rule-maker writes one"),
                         *((r.jargon, f"Start with the law {r.jargon}") for r in preset.laws)])
            self.setting_names.append("law")
        writes = preset.settings.rule_making != "none" or preset.law_choice
        self.fields["first_rule_maker"] = forms.ChoiceField(
            label="Who writes the first rule" if writes else "Who deals first",
            initial="random", choices=[("random", "Chosen at random"), ("host", "Me")])
        self.setting_names.append("first_rule_maker")
        self._settings: GameSettings | None = None

    def clean(self) -> dict[str, Any]:
        """Check the combination against the preset (``PresetError`` → a form error)."""
        data = super().clean() or {}
        if self.errors:
            return data
        posted = data.get("preset") or self.preset_data.name
        if posted != self.preset_data.name:
            raise forms.ValidationError("There is no such way to play: choose one of the list.")
        chosen = {key: data[key] if data[key] != "" else self.preset_data.choices[key].default
                  for key in CHOOSABLE if key in self.fields}
        law = data.get("law") or None
        try:
            self._settings = settings_for(
                self.preset_data, law=law,
                first_rule_maker=0 if data.get("first_rule_maker") == "host" else None,
                **chosen)
        except PresetError as exc:
            label = LABELS.get(exc.path, "The law" if exc.path == "law" else "The settings")
            raise forms.ValidationError(f"{label}: {exc.detail}") from None
        return data

    def settings(self) -> GameSettings:
        """The engine settings from the cleaned data (after a successful ``is_valid``)."""
        if self._settings is None:
            raise ValueError("the form has not been validated")
        return self._settings
