"""Between the builder's form model and rule spec JSON, both ways.

:func:`form_to_spec` also notes where each row went, so an error path traces back to its
row; :func:`spec_to_form` raises :class:`Unrepresentable` for trees deeper than lists.

>>> spec = {"kind": "restriction", "when": {"type": "face", "of": "top"},
...         "must_not": {"type": "face", "of": "played"}}
>>> form_to_spec(spec_to_form(spec)).spec == spec
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.authoring.fields import Unrepresentable as Unrepresentable  # public here too
from games.authoring.fields import number, read_node, write_row
from games.authoring.model import KIND_LISTS, LIST_TESTS, CondList, EffectRow, Row, RuleForm


@dataclass(frozen=True, slots=True)
class Place:
    """Where a form input lives: a list and row (``("when", 0)``), an effect row
    (``("effects", 1)``), a whole list (``("must", None)``) or a plain field
    (``("say", None)``)."""

    area: str
    index: int | None = None


@dataclass
class Built:
    """A form's spec JSON and the map from JSON paths to the form places that wrote them."""

    spec: dict[str, Any]
    places: dict[str, Place] = field(default_factory=dict)

    def place_of(self, path: str) -> tuple[Place | None, str]:
        """The form place whose JSON path is the longest prefix of ``path``, and the rest.

        >>> b = Built({}, {"rule.when": Place("when"), "rule.when.of[1]": Place("when", 1)})
        >>> b.place_of("rule.when.of[1].in[0]")
        (Place(area='when', index=1), 'in[0]')
        """
        best = ""
        for prefix in self.places:
            if (path == prefix or path.startswith(prefix + ".")
                    or path.startswith(prefix + "[")) and len(prefix) > len(best):
                best = prefix
        if not best:
            return None, path
        return self.places[best], path[len(best):].lstrip(".")


def phrase_lines(text: str) -> list[str]:
    """The phrases of a list typed one a line (blank lines dropped).

    >>> phrase_lines("Point of order\\n\\n  Thank you  ")
    ['Point of order', 'Thank you']
    """
    return [line.strip() for line in text.splitlines() if line.strip()]


def row_to_condition(row: Row) -> dict[str, Any]:
    """One row as a condition node (inside a ``not`` when negated)."""
    data = write_row(row)
    return {"type": "not", "of": data} if row.negate else data


def list_to_condition(cond: CondList, path: str, area: str,
                      places: dict[str, Place]) -> dict[str, Any]:
    """A list of rows as one condition: ``always``, the single row, or an ``all``/``any``."""
    if not cond.rows:
        places[path] = Place(area)
        return {"type": "always"}
    if len(cond.rows) == 1:
        # One row is the whole condition: a problem anywhere in it belongs to that row.
        row_paths = [path]
        data = row_to_condition(cond.rows[0])
    else:
        places[path] = Place(area)
        row_paths = [f"{path}.of[{i}]" for i in range(len(cond.rows))]
        data = {"type": cond.join, "of": [row_to_condition(r) for r in cond.rows]}
    for i, (row, row_path) in enumerate(zip(cond.rows, row_paths, strict=True)):
        places[row_path] = Place(area, i)
        if row.negate:
            # The test itself sits one level down, inside the "not".
            places[f"{row_path}.of"] = Place(area, i)
    return data


def effect_to_json(effect: EffectRow) -> dict[str, Any]:
    """One effect row as an effect object."""
    data: dict[str, Any] = {"type": effect.type}
    if effect.type == "draw":
        data |= {"who": effect.who, "count": number(effect.count)}
        if effect.per_run:
            data["per_run"] = True
    elif effect.type == "owe":
        data["count"] = number(effect.count)
    elif effect.type == "pass_hands":
        data["direction"] = effect.direction
    elif effect.type == "race":
        data |= _race_to_json(effect)
    return data


def _race_to_json(effect: EffectRow) -> dict[str, Any]:
    """A race effect row's fields (the rule language refuses an answer it does not know)."""
    if effect.answer == "suit":
        return {"name": "suit", "seconds": number(effect.seconds)}
    return {effect.answer: effect.words, "seconds": number(effect.seconds),
            "penalty": number(effect.penalty)}


def form_to_spec(form: RuleForm) -> Built:
    """The spec JSON of ``form`` (the ``rule`` object) and where each part came from."""
    places: dict[str, Place] = {}
    spec: dict[str, Any] = {"kind": form.kind}

    def cond(name: str, key: str | None = None) -> dict[str, Any]:
        return list_to_condition(form.cond_list(name), f"rule.{key or name}", name, places)

    if form.kind == "restriction":
        spec["when"] = cond("when")
        key = "must_not" if form.mode == "must_not" else "must"
        spec[key] = cond("must", key)
    elif form.kind == "trigger":
        spec["when"] = cond("when")
        spec["effects"] = [effect_to_json(e) for e in form.effects]
        places["rule.effects"] = Place("effects")
        for i in range(len(form.effects)):
            places[f"rule.effects[{i}]"] = Place("effects", i)
    elif form.kind == "call":
        spec |= {"when": cond("when"), "say": form.say, "penalty": number(form.penalty)}
        places |= {"rule.say": Place("say"), "rule.penalty": Place("penalty")}
    elif form.kind == "permission":
        spec |= {"each": cond("each"), "step": cond("step"), "min": number(form.least),
                 "max": number(form.most)}
        places |= {"rule.min": Place("min"), "rule.max": Place("max")}
    elif form.kind == "instant_win":
        spec["hand"] = cond("hand")
    elif form.kind == "talking":
        spec |= {"allow": phrase_lines(form.allow), "penalty": number(form.penalty)}
        places |= {"rule.allow": Place("allow"), "rule.penalty": Place("penalty")}
    elif form.kind == "reply":
        spec |= {"say": form.reply, "after": list(form.after), "penalty": number(form.penalty)}
        places |= {"rule.say": Place("reply"), "rule.after": Place("after"),
                   "rule.penalty": Place("penalty")}
    elif form.kind == "third_person":
        spec |= {"during": form.during, "allow": phrase_lines(form.exempt),
                 "penalty": number(form.penalty)}
        places |= {"rule.during": Place("during"), "rule.allow": Place("exempt"),
                   "rule.penalty": Place("penalty")}
    places["jargon"] = Place("jargon")
    return Built(spec, places)


# Reading specs back into forms.


def condition_to_row(data: Any) -> Row:
    """A single condition (maybe inside one ``not``) as a row."""
    if not isinstance(data, dict):
        raise Unrepresentable("a condition must be an object")
    row = Row()
    if data.get("type") == "not":
        row.negate = True
        data = data.get("of")
        if not isinstance(data, dict):
            raise Unrepresentable("a condition must be an object")
    test = data.get("type")
    if test in ("all", "any", "not", "always"):
        raise Unrepresentable(f"a {test!r} inside a list of rows needs nested groups")
    read_node(data, row)
    return row


def condition_to_list(data: Any) -> CondList:
    """A condition as a list of rows: ``always`` is no rows, ``all``/``any`` their items."""
    if data is None or (isinstance(data, dict) and data.get("type") == "always"):
        return CondList("all", [])
    if isinstance(data, dict) and data.get("type") in ("all", "any"):
        return CondList(data["type"], [condition_to_row(item) for item in data.get("of", [])])
    return CondList("all", [condition_to_row(data)])


def effect_from_json(data: dict[str, Any]) -> EffectRow:
    """An effect object as an effect row."""
    effect = EffectRow(type=data["type"])
    if effect.type == "draw":
        effect.who, effect.count = data["who"], str(data["count"])
        effect.per_run = bool(data.get("per_run", False))
    elif effect.type == "owe":
        effect.count = str(data["count"])
    elif effect.type == "pass_hands":
        effect.direction = data["direction"]
    elif effect.type == "race":
        effect.answer = "suit" if "name" in data else "press" if "press" in data else "say"
        effect.words = str(data.get("say", data.get("press", effect.words)))
        effect.seconds = str(data.get("seconds", effect.seconds))
        effect.penalty = str(data.get("penalty", effect.penalty))
    return effect


def spec_to_form(spec: dict[str, Any], jargon: str = "") -> RuleForm:
    """The form showing ``spec`` (a ``rule`` object); :class:`Unrepresentable` if it cannot.

    The spec should be valid (as :func:`rules.spec.load_rule` accepts); lists the kind does
    not use get their default rows, so switching kind in the form starts somewhere sensible.
    """
    kind = spec.get("kind")
    if kind not in KIND_LISTS:
        raise Unrepresentable(f"unknown kind of rule {kind!r}")
    form = RuleForm(kind=kind, jargon=jargon)
    try:
        if kind == "restriction":
            form.mode = "must_not" if "must_not" in spec else "must"
            form.lists["when"] = condition_to_list(spec.get("when"))
            form.lists["must"] = condition_to_list(spec[form.mode])
        elif kind in ("trigger", "call"):
            form.lists["when"] = condition_to_list(spec.get("when"))
        elif kind == "permission":
            form.lists["each"] = condition_to_list(spec.get("each"))
            form.lists["step"] = condition_to_list(spec.get("step"))
            form.least, form.most = str(spec.get("min", 2)), str(spec.get("max", 13))
        elif kind == "instant_win":
            form.lists["hand"] = condition_to_list(spec.get("hand"))
        if kind == "trigger":
            form.effects = [effect_from_json(e) for e in spec["effects"]]
        if kind == "call":
            form.say, form.penalty = spec["say"], str(spec.get("penalty", 1))
        if kind == "talking":
            form.allow = "\n".join(spec.get("allow", []))
            form.penalty = str(spec.get("penalty", 1))
        if kind == "reply":
            form.reply, form.penalty = spec["say"], str(spec.get("penalty", 1))
            form.after = tuple(spec.get("after", ["penalty"]))
        if kind == "third_person":
            form.during = str(spec.get("during", "order"))
            form.exempt = "\n".join(spec.get("allow", []))
            form.penalty = str(spec.get("penalty", 1))
    except (KeyError, TypeError) as exc:
        raise Unrepresentable(f"incomplete rule: {exc}") from None
    for name in KIND_LISTS[kind]:
        for row in form.cond_list(name).rows:
            if row.test not in LIST_TESTS[name]:
                # Valid for the rule language, but this list's test menu has no such choice.
                raise Unrepresentable(f"the {name!r} list offers no {row.test!r} test")
    if not form.effects:
        form.effects = [EffectRow()]
    return form
