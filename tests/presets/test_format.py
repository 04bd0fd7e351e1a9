"""The preset format: every shipped preset loads, every field is validated with an error
that names it, and any valid preset round-trips through its canonical JSON."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.settings import GameSettings
from games.presets.format import (
    UPGRADES,
    Choice,
    Preset,
    PresetError,
    dump_preset,
    load_preset,
)
from games.presets.registry import DATA, DEFAULT, preset, presets
from rules.spec import load_rule
from tests.engine.helpers import example


def stored(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    return data


def test_every_data_file_loads_and_the_default_comes_first() -> None:
    found = presets()
    assert list(found) == [DEFAULT, "teaching", "penn-state", "five-card", "lynnfield"]
    assert {p.stem for p in DATA.glob("*.json")} == set(found)


def test_mini_mao_is_todays_game() -> None:
    mini = preset("mini-mao")
    assert mini.settings == GameSettings()
    assert (mini.house_rules, mini.laws, mini.law_choice) == ((), (), False)
    assert mini.choices["players"] == Choice(4, tuple(range(2, 9)))
    assert mini.choices["jokers"] == Choice(True, (True, False))


@pytest.mark.parametrize("name", sorted(p.stem for p in DATA.glob("*.json")))


def test_a_shipped_preset_is_stored_in_canonical_form(name: str) -> None:
    data = stored(name)
    assert load_preset(dump_preset(load_preset(data))) == load_preset(data)
    assert dump_preset(load_preset(data))["house_rules"] == [
        load_rule(r).to_json() for r in data["house_rules"]]


def test_an_unknown_preset_is_refused_with_its_code() -> None:
    with pytest.raises(PresetError) as caught:
        preset("calvinball")
    assert caught.value.code == "preset/unknown"


def broken(change: dict[str, Any]) -> dict[str, Any]:
    data = stored("teaching")
    for path, value in change.items():
        target = data
        keys = path.split(".")
        for key in keys[:-1]:
            target = target[int(key)] if isinstance(target, list) else target[key]
        last = keys[-1]
        if value is DELETE:
            del target[last]
        elif isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value
    return data


class _Delete:
    """A change that removes the field. Its repr names it: the test ids below must be the
    same in every process (pytest-xdist's workers compare them), which an object's
    address is not."""

    def __repr__(self) -> str:
        return "DELETE"


DELETE = _Delete()


@pytest.mark.parametrize(("change", "path", "code"), [
    ({"version": 2}, "preset.version", "preset/out_of_range"),
    ({"name": "Teaching Mao"}, "preset.name", "preset/bad_name"),
    ({"name": 3}, "preset.name", "preset/not_text"),
    ({"title": ""}, "preset.title", "preset/empty"),
    ({"summary": "x" * 161}, "preset.summary", "preset/too_long"),
    ({"description": DELETE}, "preset.description", "preset/missing_field"),
    ({"seed": "3"}, "preset.seed", "preset/bad_seed"),
    ({"colour": "red"}, "preset.colour", "preset/unknown_field"),
    ({"settings.players.min": 1}, "preset.settings.players", "preset/bad_settings"),
    ({"settings.players.max": 2}, "preset.settings.players.max", "preset/contradictory"),
    ({"settings.players.default": 7}, "preset.settings.players.default",
     "preset/out_of_range"),
    ({"settings.players": "four"}, "preset.settings", "preset/bad_settings"),
    ({"settings.rule_making": "often"}, "preset.settings", "preset/bad_settings"),
    ({"settings.chair": {"default": "Referee"}}, "preset.settings.chair",
     "preset/not_choosable"),
    ({"settings.first_rule_maker": 0}, "preset.settings.first_rule_maker",
     "preset/not_a_preset_setting"),
    ({"settings.law": "Wrong Colour"}, "preset.settings.law", "preset/not_a_preset_setting"),
    ({"settings.speed": 3}, "preset.settings.speed", "preset/unknown_field"),
    ({"settings.jokers": {"default": True, "options": [1]}},
     "preset.settings.jokers.options", "preset/bad_choice"),
    ({"house_rules": {}}, "preset.house_rules", "preset/not_list"),
    ({"house_rules.0.author": 0}, "preset.house_rules[0].author", "preset/author"),
    ({"house_rules.1.jargon": ""}, "preset.house_rules[1].jargon", "spec/empty"),
    ({"house_rules.0.rule.kind": "law"}, "preset.house_rules[0].rule.kind",
     "spec/bad_choice"),
    ({"laws.0.jargon": "misplay"}, "preset.laws[0].jargon", "preset/jargon_taken"),
    ({"laws": []}, "preset.law_choice", "preset/no_law"),
    ({"law_choice": "yes"}, "preset.law_choice", "preset/not_boolean"),
], ids=str)


def test_a_bad_field_is_refused_naming_it(change: dict[str, Any], path: str,
                                          code: str) -> None:
    with pytest.raises(PresetError) as caught:
        load_preset(broken(change))
    assert (caught.value.path, caught.value.code) == (path, code)
    assert str(caught.value).startswith(f"{path}: ")


def test_a_preset_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(PresetError) as caught:
        load_preset(["teaching"])
    assert caught.value.code == "preset/not_object"


def test_an_older_version_is_upgraded_on_load(monkeypatch: pytest.MonkeyPatch) -> None:
    """Were the format at version 2, a version 1 file would pass through ``UPGRADES[1]``."""
    import games.presets.format as fmt

    monkeypatch.setattr(fmt, "FORMAT_VERSION", 2)
    monkeypatch.setitem(UPGRADES, 1, lambda data: {**data, "version": 2,
                                                   "title": data["title"] + " (old)"})
    assert load_preset(stored("teaching")).title == "Teaching Mao (old)"
    assert load_preset(stored("teaching") | {"version": 2}).title == "Teaching Mao"


# Any valid preset round-trips.

RULES = [load_rule({"version": 1, **r}) for name in ("02", "03", "09", "14")
         for r in example(name)]


@st.composite
def any_preset(draw: st.DrawFn) -> Preset:
    players = draw(st.integers(2, 6))
    least = draw(st.integers(2, players))
    most = draw(st.integers(players, 8))
    choices: dict[str, Choice] = {}
    if draw(st.booleans()):
        choices["players"] = Choice(players, tuple(range(least, most + 1)))
    if draw(st.booleans()):
        choices["jokers"] = Choice(draw(st.booleans()), (True, False))
    base = GameSettings(
        players=players, hand_size=draw(st.integers(3, 5)), jokers=choices.get(
            "jokers", Choice(draw(st.booleans()), (True,))).default is True,
        rule_making=draw(st.sampled_from(["add", "may_add", "replace", "none"])),
        reveal=draw(st.sampled_from(["end", "round"])),
        match_wins=draw(st.none() | st.integers(1, 20)), dealer_rotates=draw(st.booleans()),
        name_start=draw(st.booleans()), penalty=draw(st.sampled_from(["per_refusal",
                                                                       "per_rule"])),
        penalty_cap=draw(st.none() | st.integers(1, 10)),
        starter_triggers=draw(st.booleans()),
        chair=draw(st.sampled_from(["Dealer", "Chairman", "Referee"])), preset="some-preset")
    picked = draw(st.lists(st.sampled_from(range(len(RULES))), unique=True, max_size=5))
    split = draw(st.integers(0, len(picked)))
    house = tuple(RULES[i] for i in picked[:split])
    laws = tuple(RULES[i] for i in picked[split:])
    jargons = [r.jargon.casefold() for r in (*house, *laws)]
    if len(set(jargons)) != len(jargons):
        laws = ()
    law_choice = bool(laws) and draw(st.booleans())
    return Preset(name="some-preset", title=draw(st.sampled_from(["Some Mao", "Mao"])),
                  summary="A way to play.", description="A longer account of it.",
                  settings=base, seed=draw(st.none() | st.sampled_from(["000", "003"])),
                  choices=choices, house_rules=house, laws=laws, law_choice=law_choice)


@settings(deadline=None)
@given(any_preset())


def test_any_preset_round_trips_through_json(original: Preset) -> None:
    data = json.loads(json.dumps(dump_preset(original)))
    assert load_preset(data) == original
