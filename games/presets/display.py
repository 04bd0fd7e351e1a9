"""What a screen shows of a preset: plain rows for the lobby and the home page (no Django).

House rules are public: their jargon and their English sentence may go to anyone. A
preset's laws are secret, so no row here ever holds one's text.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from games.presets.format import Preset
from rules.english import describe
from rules.spec import Rule


@dataclass(frozen=True, slots=True)
class HouseRuleRow:
    """A house rule as everyone reads it: its jargon and what it says in English."""

    jargon: str
    text: str


@dataclass(frozen=True, slots=True)
class PresetRow:
    """A way to play as the home page lists it (``chosen``: the form below is for it)."""

    name: str
    title: str
    summary: str
    description: str
    chosen: bool
    house_rules: tuple[HouseRuleRow, ...]


def house_rule_rows(preset: Preset) -> tuple[HouseRuleRow, ...]:
    """The preset's house rules, in its order, as everyone reads them."""
    return tuple(HouseRuleRow(r.jargon, _english(r)) for r in preset.house_rules)


@lru_cache(maxsize=256)
def _english(rule: Rule) -> str:
    """A house rule's English, once (every home page and lobby push shows them)."""
    return describe(rule)


def preset_rows(all_presets: Mapping[str, Preset], chosen: str) -> list[PresetRow]:
    """Every preset as the home page lists it, ``chosen`` marked."""
    return [PresetRow(p.name, p.title, p.summary, p.description, p.name == chosen,
                      house_rule_rows(p)) for p in all_presets.values()]


def house_of(name: str) -> dict[str, str]:
    """The house rules of the preset ``name`` by jargon, in English (none for a name the
    registry no longer lists): what every tool may treat as known."""
    from games.presets.registry import presets

    found = presets().get(name)
    return {row.jargon: row.text for row in house_rule_rows(found)} if found else {}
