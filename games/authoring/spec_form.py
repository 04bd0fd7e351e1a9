"""Between the builder's form model and rule spec JSON, both ways.

:func:`form_to_spec` also notes where each row went, so an error path traces back to its
row; :func:`spec_to_form` raises :class:`Unrepresentable` for trees deeper than lists.

>>> spec = {"kind": "restriction", "when": {"type": "face", "of": "top"},
...         "must_not": {"type": "face", "of": "played"}}
>>> form_to_spec(spec_to_form(spec)).spec == spec
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from games.authoring.model import (
    CARD_TESTS,
    KIND_LISTS,
    LIST_TESTS,
    MATCH_TESTS,
    QUANTITY_TESTS,
    THAN_TESTS,
    CondList,
    EffectRow,
    Row,
    RuleForm,
)
from rules.cards import RANK_TEXT, parse_rank
from rules.errors import CardError

_INTEGER = re.compile(r"[+-]?\d{1,6}")
#: What separates the numbers of a position list typed in one input ("5, 10" or "5 10").
_LIST_SEPARATOR = re.compile(r"[\s,;]+")


class Unrepresentable(ValueError):
    """A spec the builder's lists of rows cannot show (nested groups, ``not`` of a group)."""


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


def number(text: str) -> int | str:
    """A whole number typed in a form, or the text itself (the rule language refuses it)."""
    cleaned = text.strip()
    return int(cleaned) if _INTEGER.fullmatch(cleaned) else cleaned


def numbers(text: str) -> list[int | str]:
    """The numbers of a list typed in one input (``"5, 10"``), each as :func:`number` reads it.

    >>> numbers(" 5, 10 x")
    [5, 10, 'x']
    """
    return [number(item) for item in _LIST_SEPARATOR.split(text.strip()) if item]


def phrase_lines(text: str) -> list[str]:
    """The phrases of a list typed one a line (blank lines dropped).

    >>> phrase_lines("Point of order\\n\\n  Thank you  ")
    ['Point of order', 'Thank you']
    """
    return [line.strip() for line in text.splitlines() if line.strip()]


def _window(row: Row, second: bool = False) -> dict[str, Any]:
    """A row's window of the round (or, ``second``, its second count's): ``last`` unless
    left empty (the whole round)."""
    data: dict[str, Any] = {}
    last, with_played = (row.window2, row.with_played2) if second else (row.window,
                                                                        row.with_played)
    if last.strip():
        data["last"] = number(last)
    if with_played:
        data["with_played"] = True
    return data


def _second_test(row: Row) -> dict[str, Any]:
    """The card test of a row's second count (``match2`` with its own inputs)."""
    data: dict[str, Any] = {"type": row.match2, "of": "played"}
    if row.match2 == "rank":
        data["in"] = list(row.ranks2)
    elif row.match2 == "suit":
        data["in"] = list(row.suits2)
    elif row.match2 == "colour":
        data["is"] = row.colour2
    elif row.match2 == "parity":
        data["is"] = row.parity2
    return data


def _comparison(row: Row) -> dict[str, Any]:
    """A row's optional ``mod`` and its ``op``/``value``."""
    data: dict[str, Any] = {"mod": number(row.mod)} if row.mod.strip() else {}
    if row.test == "position" and row.op == "in":
        return data | {"in": numbers(row.value)}
    return data | {"op": row.op, "value": number(row.value)}


def _card_test(test: str, subject: str, row: Row) -> dict[str, Any]:
    data: dict[str, Any] = {"type": test, "of": subject}
    if test == "rank":
        data["in"] = list(row.ranks)
    elif test == "suit":
        data["in"] = list(row.suits)
    elif test == "colour":
        data["is"] = row.colour
    elif test == "value":
        data |= {"op": row.op, "value": number(row.value)}
    elif test == "parity":
        data["is"] = row.parity
    return data


def row_to_condition(row: Row) -> dict[str, Any]:
    """One row as a condition node (inside a ``not`` when negated)."""
    test = row.test
    data: dict[str, Any]
    if test in CARD_TESTS:
        data = _card_test(test, "played" if test == "joker" else row.subject, row)
    elif test == "relation":
        data = {"type": "relation", "rel": row.rel, "a": row.subject, "b": row.other}
        if row.rel == "differs_by_at_least":
            data["n"] = number(row.n)
    elif test in QUANTITY_TESTS:
        data = {"type": "compare", "what": test, "op": row.op, "value": number(row.value)}
    elif test == "active_suit":
        data = {"type": "active_suit", "in": list(row.suits)}
    elif test in ("hand_count", "count"):
        # The cards counted are each read as "played" by the rule language.
        data = {"type": test, "where": _card_test(row.match, "played", row)}
        if test == "count":
            data |= _window(row)
        if test == "count" and row.match2:
            data |= {"op": row.count_op, "than": {"where": _second_test(row),
                                                  **_window(row, second=True)}}
        else:
            data |= {"op": row.count_op, "value": number(row.count)}
    elif test == "position":
        data = {"type": "position"} | _comparison(row)
    elif test == "sum":
        data = {"type": "sum", "of": [row.subject, row.other, *row.plus]} | _comparison(row)
    elif test == "sum_window":
        data = {"type": "sum"} | _window(row) | _comparison(row)
    elif test == "difference":
        data = {"type": "difference", "a": row.subject, "b": row.other}
        if not row.absolute:
            data["absolute"] = False
        data |= _comparison(row)
    else:
        # follows_active_suit, is_author, on_starter, and any unknown test (the rule language
        # names it).
        data = {"type": test}
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


def _text_ranks(values: list[Any]) -> tuple[str, ...]:
    try:
        return tuple(RANK_TEXT[r] for r in sorted({parse_rank(v) for v in values}))
    except CardError as exc:
        raise Unrepresentable(str(exc)) from None


def _read_card_test(data: dict[str, Any], row: Row) -> None:
    test = data["type"]
    if test == "rank":
        row.ranks = _text_ranks(data["in"])
    elif test in ("suit", "active_suit"):
        row.suits = tuple(str(s).upper() for s in data["in"])
    elif test == "colour":
        row.colour = data["is"]
    elif test == "value":
        row.op, row.value = data["op"], str(data["value"])
    elif test == "parity":
        row.parity = data["is"]


def _read_match(where: Any, row: Row, what: str) -> None:
    """The one card test a (hand) count counts cards with, into ``match`` and its inputs."""
    if not isinstance(where, dict) or where.get("type") not in MATCH_TESTS or where.get(
            "of", "played") != "played":
        raise Unrepresentable(f"{what} must count cards passing one card test")
    row.match = where["type"]
    _read_card_test(where, row)


def _read_window(data: dict[str, Any], row: Row) -> None:
    row.window = str(data["last"]) if "last" in data else ""
    row.with_played = bool(data.get("with_played", False))


def _read_than(than: Any, row: Row) -> None:
    """A second count (``than``) into ``match2``, its inputs and its window."""
    where = than.get("where") if isinstance(than, dict) else None
    if not isinstance(where, dict) or where.get("type") not in THAN_TESTS or where.get(
            "of", "played") != "played":
        raise Unrepresentable("a second count must count cards passing one simple card test")
    row.match2 = where["type"]
    if row.match2 == "rank":
        row.ranks2 = _text_ranks(where["in"])
    elif row.match2 == "suit":
        row.suits2 = tuple(str(s).upper() for s in where["in"])
    elif row.match2 == "colour":
        row.colour2 = where["is"]
    elif row.match2 == "parity":
        row.parity2 = where["is"]
    row.window2 = str(than["last"]) if "last" in than else ""
    row.with_played2 = bool(than.get("with_played", False))


def _read_comparison(data: dict[str, Any], row: Row) -> None:
    row.mod = str(data["mod"]) if "mod" in data else ""
    if "in" in data:
        row.op, row.value = "in", ", ".join(str(v) for v in data["in"])
    else:
        row.op, row.value = data["op"], str(data["value"])


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
    if test in CARD_TESTS:
        row.test, row.subject = test, data.get("of", "played")
        _read_card_test(data, row)
    elif test == "relation":
        row.test, row.rel = "relation", data["rel"]
        row.subject, row.other = data.get("a", "played"), data.get("b", "top")
        row.n = str(data.get("n", 2))
    elif test == "compare":
        row.test, row.op, row.value = data["what"], data["op"], str(data["value"])
    elif test == "active_suit":
        row.test = test
        _read_card_test(data, row)
    elif test == "hand_count":
        row.test = test
        _read_match(data["where"], row, "a hand count")
        row.count_op, row.count = data["op"], str(data["value"])
    elif test == "count":
        row.test = test
        _read_match(data["where"], row, "a count")
        _read_window(data, row)
        row.count_op = data["op"]
        if "than" in data:
            _read_than(data["than"], row)
        else:
            row.count = str(data["value"])
    elif test in ("position", "sum", "difference"):
        row.test = test
        if test == "sum" and "of" in data:
            row.subject, row.other, *plus = data["of"]
            row.plus = tuple(plus)
        elif test == "sum":
            row.test = "sum_window"
            _read_window(data, row)
        elif test == "difference":
            row.subject, row.other = data.get("a", "played"), data.get("b", "top")
            row.absolute = bool(data.get("absolute", True))
        _read_comparison(data, row)
    elif test in ("follows_active_suit", "is_author", "on_starter"):
        row.test = test
    else:
        raise Unrepresentable(f"unknown condition type {test!r}")
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
