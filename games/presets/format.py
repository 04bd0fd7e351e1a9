"""The preset format: a way to play, as versioned JSON data, validated like a rule.

The stored form (version 1) is described in docs/presets/README.md, "The format". Each of
:data:`CHOOSABLE` is a value or a choice; ``law_choice``: the lobby may start with one of
``laws``, else all are in force. Older versions upgrade through :data:`UPGRADES`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, Final

from games.engine.errors import EngineError
from games.engine.settings import PRESET_NAME, GameSettings
from rules.errors import RuleError
from rules.fields import Fields
from rules.spec import Rule, dump_rule, load_rule

FORMAT_VERSION: Final = 1
#: Upgrades from an older format version to the next one, applied in turn on load.
UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}
#: Settings the lobby may let the host choose, within the preset's ranges.
CHOOSABLE: Final = ("players", "hand_size", "decks", "jokers", "aces_high", "turn_seconds",
                     "game_minutes", "order_callers")
#: Settings a preset never fixes: the lobby's (the first rule-maker, the law chosen) and the
#: game's own record of where it came from.
NOT_PRESET: Final = ("first_rule_maker", "preset", "law")
MAX_TITLE: Final = 40
MAX_SUMMARY: Final = 160
MAX_DESCRIPTION: Final = 2000
MAX_RULES: Final = 40


class PresetError(ValueError):
    """A preset is malformed: ``path`` names the field (``settings.players.min``), ``code``
    is stable (``preset/out_of_range``)."""

    def __init__(self, message: str, *, path: str = "preset",
                 code: str = "preset/invalid") -> None:
        self.path = path
        self.code = code
        self.detail = message
        super().__init__(f"{path}: {message}")


@dataclass(frozen=True, slots=True)
class Choice:
    """A setting the lobby may choose: its ``default`` and every value allowed, in order
    (``None``, where the setting allows it, is "off": no turn clock, an untimed game; a
    word for a setting that takes one: who may call a point of order)."""

    default: int | bool | str | None
    options: tuple[int | bool | str | None, ...]

    def to_json(self) -> dict[str, Any]:
        """``{"default", "min", "max"}`` for a run of whole numbers, ``{"default",
        "options"}`` else (true/false, a list with gaps or "off")."""
        numbers = [o for o in self.options if isinstance(o, int) and not isinstance(o, bool)]
        if len(numbers) == len(self.options) and numbers == list(
                range(min(numbers), max(numbers) + 1)):
            return {"default": self.default, "min": min(numbers), "max": max(numbers)}
        return {"default": self.default, "options": list(self.options)}


@dataclass(frozen=True, slots=True)
class Preset:
    """One way to play (see the module doc). ``settings`` are the defaults, every choice at
    its default and ``preset`` the preset's name; ``choices`` the settings the lobby may
    choose."""

    name: str
    title: str
    summary: str
    description: str
    settings: GameSettings
    seed: str | None = None
    choices: Mapping[str, Choice] = field(default_factory=dict)
    house_rules: tuple[Rule, ...] = ()
    laws: tuple[Rule, ...] = ()
    law_choice: bool = False

    def law(self, jargon: str) -> Rule | None:
        """The law called ``jargon`` (case as written), if the preset has one."""
        return next((r for r in self.laws if r.jargon == jargon), None)


def _fields(data: Any, path: str, what: str) -> Fields:
    try:
        return Fields(data, path, what)
    except RuleError as exc:
        raise _preset_error(exc) from None


def _preset_error(exc: RuleError) -> PresetError:
    return PresetError(exc.detail, path=exc.path, code=exc.code.replace("spec/", "preset/"))


def load_preset(data: Any) -> Preset:
    """Validate a stored preset completely; every problem is a :class:`PresetError`."""
    try:
        return _load(data)
    except RuleError as exc:
        raise _preset_error(exc) from None


def _load(data: Any) -> Preset:
    top = _fields(data, "preset", "a preset")
    version = top.integer("version", 1, FORMAT_VERSION)
    upgraded = dict(data)
    while version < FORMAT_VERSION:
        upgraded = UPGRADES[version](upgraded)
        version += 1
    top = _fields(upgraded, "preset", "a preset")
    top.raw("version")
    name = top.string("name", 40)
    if not PRESET_NAME.match(name):
        raise PresetError("must be lower-case words joined by hyphens (penn-state)",
                          path=top.at("name"), code="preset/bad_name")
    title = _text(top, "title", MAX_TITLE)
    summary = _text(top, "summary", MAX_SUMMARY)
    description = _text(top, "description", MAX_DESCRIPTION)
    seed = top.raw("seed", None)
    if seed is not None and not (isinstance(seed, str) and len(seed) == 3 and seed.isdigit()):
        raise PresetError(f"must be a seed document's number (\"003\") or null, got {seed!r}",
                          path=top.at("seed"), code="preset/bad_seed")
    settings, choices = _read_settings(top.raw("settings", {}), top.at("settings"), name)
    house = _read_rules(top, "house_rules")
    laws = _read_rules(top, "laws")
    law_choice = top.boolean("law_choice", False)
    top.done()
    if law_choice and not laws:
        raise PresetError("offers a choice of law, but lists no law", path=top.at("law_choice"),
                          code="preset/no_law")
    seen: set[str] = set()
    for key, rules in (("house_rules", house), ("laws", laws)):
        for i, rule in enumerate(rules):
            if rule.jargon.casefold() in seen:
                raise PresetError(f"the jargon {rule.jargon!r} is used twice",
                                  path=f"preset.{key}[{i}].jargon", code="preset/jargon_taken")
            seen.add(rule.jargon.casefold())
    return Preset(name=name, title=title, summary=summary, description=description,
                  settings=settings, seed=seed, choices=choices, house_rules=house, laws=laws,
                  law_choice=law_choice)


def _text(fields: Fields, key: str, most: int) -> str:
    value = fields.string(key, most)
    if not value.strip() or value != value.strip():
        raise PresetError("must be text without blank space around it", path=fields.at(key),
                          code="preset/empty")
    return value


def _read_settings(data: Any, path: str, name: str) -> tuple[GameSettings, dict[str, Choice]]:
    """The preset's defaults (every choice at its default) and its choices."""
    known = [f.name for f in fields(GameSettings)]
    block = _fields(data, path, "the preset's settings")
    for key in sorted(set(block.data)):
        if key in NOT_PRESET:
            raise PresetError("is chosen in the lobby or by the game, never by a preset",
                              path=block.at(key), code="preset/not_a_preset_setting")
        if key not in known:
            raise PresetError(f"unknown setting {key!r}", path=block.at(key),
                              code="preset/unknown_field")
    fixed: dict[str, Any] = {}
    choices: dict[str, Choice] = {}
    for key in known:
        if key not in block.data:
            continue
        value = block.raw(key)
        if isinstance(value, dict):
            if key not in CHOOSABLE:
                raise PresetError(f"is fixed by a preset (only {', '.join(CHOOSABLE)} may be "
                                  "chosen in the lobby)", path=block.at(key),
                                  code="preset/not_choosable")
            choices[key] = _read_choice(value, block.at(key), key)
            fixed[key] = choices[key].default
        else:
            fixed[key] = value
    block.done()
    fixed["preset"] = name
    settings = _settings(fixed, path)
    # Each choice's every option must make a game with the other settings at their
    # defaults (the lobby checks the host's combination: 8 hands of 7 need two decks).
    for key, choice in choices.items():
        for option in choice.options:
            _settings(fixed | {key: option}, f"{path}.{key}")
    return settings, choices


def _settings(values: dict[str, Any], path: str) -> GameSettings:
    try:
        return GameSettings.from_json(values)
    except EngineError as exc:
        raise PresetError(str(exc), path=path, code="preset/bad_settings") from None


def _read_choice(data: dict[str, Any], path: str, key: str) -> Choice:
    choice = _fields(data, path, "a choice")
    options: tuple[int | bool | str | None, ...]
    if isinstance(getattr(GameSettings(), key), bool):
        default: int | bool | str | None = choice.boolean("default")
        raw = choice.items("options")
        if any(not isinstance(v, bool) for v in raw) or len(set(raw)) != len(raw):
            raise PresetError("must list true and/or false, each once", path=choice.at("options"),
                              code="preset/bad_choice")
        options = tuple(raw)
    elif isinstance(getattr(GameSettings(), key), str):
        # Words (each checked by the settings below, with the preset's other settings).
        default = choice.raw("default")
        raw = choice.items("options")
        if not raw or len(set(raw)) != len(raw) or any(not isinstance(v, str) for v in raw):
            raise PresetError("must list words, each once", path=choice.at("options"),
                              code="preset/bad_choice")
        options = tuple(raw)
    elif "options" in choice.data:
        # A list of whole numbers, with null for "off" where the setting has an off.
        default = choice.raw("default")
        raw = choice.items("options")
        if not raw or len(set(raw)) != len(raw) or any(
                v is not None and (isinstance(v, bool) or not isinstance(v, int)) for v in raw):
            raise PresetError("must list whole numbers (or null for off), each once",
                              path=choice.at("options"), code="preset/bad_choice")
        options = tuple(raw)
    else:
        default = choice.integer("default", 0, 99)
        least, most = choice.integer("min", 0, 99), choice.integer("max", 0, 99)
        if most < least:
            raise PresetError(f"is {most}, below min {least}", path=choice.at("max"),
                              code="preset/contradictory")
        options = tuple(range(least, most + 1))
    choice.done()
    if default not in options or isinstance(default, bool) != isinstance(options[0], bool) or (
            isinstance(default, str) != isinstance(options[0], str)):
        raise PresetError(f"{default!r} is not among the options", path=choice.at("default"),
                          code="preset/out_of_range")
    return Choice(default, options)


def _read_rules(top: Fields, key: str) -> tuple[Rule, ...]:
    items = top.raw(key, [])
    if not isinstance(items, list) or len(items) > MAX_RULES:
        raise PresetError(f"must be a list of at most {MAX_RULES} rules", path=top.at(key),
                          code="preset/not_list")
    rules = []
    for i, item in enumerate(items):
        where = f"{top.at(key)}[{i}]"
        if isinstance(item, dict) and "author" in item:
            raise PresetError("a preset's rule has no player author", path=f"{where}.author",
                              code="preset/author")
        try:
            rules.append(load_rule(item))
        except RuleError as exc:
            raise PresetError(exc.detail, path=f"{where}.{exc.path.removeprefix('$.')}",
                              code=exc.code) from None
    return tuple(rules)


def dump_preset(preset: Preset) -> dict[str, Any]:
    """The canonical JSON form of a preset; :func:`load_preset` reads it back equal."""
    defaults = GameSettings()
    settings: dict[str, Any] = {}
    for item in fields(GameSettings):
        key = item.name
        if key in NOT_PRESET:
            continue
        if key in preset.choices:
            settings[key] = preset.choices[key].to_json()
        elif getattr(preset.settings, key) != getattr(defaults, key):
            settings[key] = getattr(preset.settings, key)
    return {"version": FORMAT_VERSION, "name": preset.name, "title": preset.title,
            "seed": preset.seed, "summary": preset.summary, "description": preset.description,
            "settings": settings, "house_rules": [dump_rule(r) for r in preset.house_rules],
            "laws": [dump_rule(r) for r in preset.laws], "law_choice": preset.law_choice}
