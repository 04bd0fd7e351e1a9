"""A trigger's effect rows and effect JSON, both ways, derived from the rule language's
description of effects (:data:`rules.language.EFFECTS`): each field's ``control`` names the
effect row's input that enters it, and :data:`CONTROLS` says how each input travels.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, Protocol

from games.authoring.fields import number
from games.authoring.model import EffectRow
from rules.language import EFFECTS
from rules.language import Field as LanguageField


class Control(Protocol):
    """One input of an effect row and the effect fields it becomes, both ways."""

    def write(self, field: LanguageField, effect: EffectRow) -> dict[str, Any]: ...

    def read(self, field: LanguageField, data: dict[str, Any], effect: EffectRow) -> None: ...


@dataclass(frozen=True, slots=True)
class Pick:
    """A select's choice (or a text) as it is."""

    input: str

    def write(self, field: LanguageField, effect: EffectRow) -> dict[str, Any]:
        return {field.name: getattr(effect, self.input)}

    def read(self, field: LanguageField, data: dict[str, Any], effect: EffectRow) -> None:
        if field.name in data:
            setattr(effect, self.input, data[field.name])


@dataclass(frozen=True, slots=True)
class Number:
    """A typed number (the rule language refuses what is not one)."""

    input: str

    def write(self, field: LanguageField, effect: EffectRow) -> dict[str, Any]:
        return {field.name: number(getattr(effect, self.input))}

    def read(self, field: LanguageField, data: dict[str, Any], effect: EffectRow) -> None:
        if field.name in data:
            setattr(effect, self.input, str(data[field.name]))


@dataclass(frozen=True, slots=True)
class Flag:
    """A checkbox, written only when ticked (unticked is the field's default)."""

    input: str

    def write(self, field: LanguageField, effect: EffectRow) -> dict[str, Any]:
        return {field.name: True} if getattr(effect, self.input) else {}

    def read(self, field: LanguageField, data: dict[str, Any], effect: EffectRow) -> None:
        setattr(effect, self.input, bool(data.get(field.name, field.default)))


@dataclass(frozen=True, slots=True)
class Answer:
    """How a race is answered: the ``answer`` select and its ``words``. The select's values
    are the answering fields' names, but a choice field's one choice (``name: suit`` is
    ``suit``); the words go to a field that holds words."""

    def write(self, field: LanguageField, effect: EffectRow) -> dict[str, Any]:
        for other in EFFECTS[effect.type].fields:
            if other.control == "answer" and other.shape == "choice" and (
                    effect.answer in other.choices):
                return {other.name: effect.answer}
        # An answer the language does not know is written as it is, for it to refuse.
        return {effect.answer: effect.words}

    def read(self, field: LanguageField, data: dict[str, Any], effect: EffectRow) -> None:
        if field.name not in data:
            return
        if field.shape == "choice":
            effect.answer = str(data[field.name])
        else:
            effect.answer, effect.words = field.name, str(data[field.name])


#: How each control of :data:`rules.language.EFFECTS` travels, by its name.
CONTROLS: Final[dict[str, Control]] = {
    "who": Pick("who"), "count": Number("count"), "per_run": Flag("per_run"),
    "direction": Pick("direction"), "answer": Answer(), "seconds": Number("seconds"),
    "penalty": Number("penalty"),
}
#: The text inputs of an effect row in the order the page posts them
#: (``effects-<i>-<input>``; ``per_run`` is a checkbox, and an answer brings its words).
EFFECT_INPUTS: Final = ("type", *dict.fromkeys(
    name for control in dict.fromkeys(f.control for node in EFFECTS.values()
                                      for f in node.fields)
    if not isinstance(CONTROLS[control], Flag)
    for name in ((control, "words") if control == "answer" else (control,))))


def effect_to_json(effect: EffectRow) -> dict[str, Any]:
    """One effect row as an effect object (an unknown type bare, for the language to name)."""
    data: dict[str, Any] = {"type": effect.type}
    node = EFFECTS.get(effect.type)
    written: set[str] = set()
    for field in node.fields if node else ():
        if field.control in written or any(name in data for name in field.without):
            continue
        written.add(field.control)
        data |= CONTROLS[field.control].write(field, effect)
    return data


def effect_from_json(data: dict[str, Any]) -> EffectRow:
    """An effect object as an effect row (inputs it has no field for keep their defaults)."""
    effect = EffectRow(type=data["type"])
    for field in EFFECTS[effect.type].fields:
        CONTROLS[field.control].read(field, data, effect)
    return effect
