"""Between the builder's form model and rule spec JSON, both ways.

A kind's fields follow :data:`rules.language.KINDS`, each entered by the input its control
names (:data:`KIND_CONTROLS`), which also posts and reads it. :func:`form_to_spec` notes
where each row went, so an error path traces back to its row (in a group too);
:func:`spec_to_form` shows any valid rule, and raises :class:`Unrepresentable` for a node no
row stands for.

>>> spec = {"kind": "restriction", "when": {"type": "face", "of": "top"},
...         "must_not": {"type": "face", "of": "played"}}
>>> form_to_spec(spec_to_form(spec)).spec == spec
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final, Protocol

from games.authoring.effects import effect_from_json, effect_to_json
from games.authoring.fields import (
    Posted,
    number,
    read_list,
    read_tree_row,
    write_list,
    write_tree_row,
)
from games.authoring.fields import Unrepresentable as Unrepresentable  # public here too
from games.authoring.model import (
    GROUP,
    KIND_LISTS,
    LIST_TESTS,
    LISTS,
    TESTS,
    CondList,
    EffectRow,
    Place,
    Row,
    RuleForm,
)
from rules.language import KINDS as LANGUAGE_KINDS
from rules.language import Field as LanguageField
from rules.phrases import MAX_PHRASE


@dataclass
class Built:
    """A form's spec JSON and the map from JSON paths to the form places that wrote them."""

    spec: dict[str, Any]
    places: dict[str, Place] = field(default_factory=dict)

    def place_of(self, path: str) -> tuple[Place | None, str]:
        """The form place whose JSON path is the longest prefix of ``path``, and the rest.

        >>> b = Built({}, {"rule.when": Place("when"), "rule.when.of[1]": Place("when", 1)})
        >>> b.place_of("rule.when.of[1].in[0]")
        (Place(area='when', index=1, row=''), 'in[0]')
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
    """One row as a condition node (a group row as its group's; inside a ``not`` when
    negated)."""
    return write_tree_row(row)


def list_to_condition(cond: CondList, path: str, area: str,
                      places: dict[str, Place]) -> dict[str, Any]:
    """A list of rows as one condition (:func:`~games.authoring.fields.write_list`), noting
    the list at ``path`` and each row."""
    places[path] = Place(area)
    return write_list(cond, area, places, path)


# The kinds of rule: each field of :data:`rules.language.KINDS` is entered by a control.


class KindControl(Protocol):
    """The form input behind one field of a kind of rule, both ways."""

    def write(self, field: LanguageField, form: RuleForm, places: dict[str, Place],
              ) -> dict[str, Any]:
        """The field's JSON (nothing when the form leaves it out), noting its places."""

    def read(self, field: LanguageField, spec: dict[str, Any], form: RuleForm) -> None:
        """Set the form from the field of ``spec`` (its default when missing)."""

    def posts(self, field: LanguageField) -> tuple[str, ...]:
        """The plain POSTed fields of this input (none for lists of rows)."""

    def send(self, field: LanguageField, form: RuleForm) -> dict[str, list[str]]:
        """The input's plain fields as the page posts them."""

    def take(self, field: LanguageField, data: Posted, form: RuleForm) -> None:
        """Set the form from the posted fields (a missing one keeps its default)."""


@dataclass(frozen=True, slots=True)
class Rows:
    """A condition list of rows; ``must`` and ``must_not`` share one list, which the
    ``mode`` select points at."""

    def write(self, field: LanguageField, form: RuleForm, places: dict[str, Place],
              ) -> dict[str, Any]:
        if field.control == "must" and field.name != form.mode:
            return {}
        return {field.name: list_to_condition(form.cond_list(field.control),
                                              f"rule.{field.name}", field.control, places)}

    def read(self, field: LanguageField, spec: dict[str, Any], form: RuleForm) -> None:
        if field.control == "must":
            if field.name not in spec:
                return
            form.mode = field.name
        form.lists[field.control] = condition_to_list(
            spec[field.name] if field.required else spec.get(field.name),
            required=field.control in ("must", "hand"))

    def posts(self, field: LanguageField) -> tuple[str, ...]:
        return ("mode",) if field.control == "must" else ()

    def send(self, field: LanguageField, form: RuleForm) -> dict[str, list[str]]:
        return {"mode": [form.mode]} if field.control == "must" else {}

    def take(self, field: LanguageField, data: Posted, form: RuleForm) -> None:
        if field.control == "must":
            form.mode = "must_not" if data.get("mode") == "must_not" else "must"


@dataclass(frozen=True, slots=True)
class Effects:
    """The effect rows of a trigger."""

    def write(self, field: LanguageField, form: RuleForm, places: dict[str, Place],
              ) -> dict[str, Any]:
        places[f"rule.{field.name}"] = Place(field.control)
        for i in range(len(form.effects)):
            places[f"rule.{field.name}[{i}]"] = Place(field.control, i)
        return {field.name: [effect_to_json(e) for e in form.effects]}

    def read(self, field: LanguageField, spec: dict[str, Any], form: RuleForm) -> None:
        form.effects = [effect_from_json(e) for e in spec[field.name]]

    def posts(self, field: LanguageField) -> tuple[str, ...]:
        return ()

    def send(self, field: LanguageField, form: RuleForm) -> dict[str, list[str]]:
        return {}

    def take(self, field: LanguageField, data: Posted, form: RuleForm) -> None:
        return


@dataclass(frozen=True, slots=True)
class Plain:
    """A plain input of the form (attribute ``attr``): ``text`` as typed, a ``number``, the
    ``lines`` of a list typed one a line, or the ``ticks`` of checkboxes; a ``sparse`` one
    left out of the rule at its default."""

    attr: str
    how: str = "text"
    #: Written only when not the field's default (as the rule language writes it).
    sparse: bool = False

    def write(self, field: LanguageField, form: RuleForm, places: dict[str, Place],
              ) -> dict[str, Any]:
        places[f"rule.{field.name}"] = Place(field.control)
        value = getattr(form, self.attr)
        if self.sparse and value == field.default:
            return {}
        if self.how == "number":
            return {field.name: number(value)}
        if self.how == "lines":
            return {field.name: phrase_lines(value)}
        if self.how == "ticks":
            return {field.name: list(value)}
        # Optional fields the rule leaves out when blank (its canonical JSON omits them).
        if self.how == "flag":
            return {field.name: True} if value else {}
        if self.how == "some_lines":
            return {field.name: phrase_lines(value)} if value.strip() else {}
        if self.how == "some_text":
            return {field.name: value.strip()} if value.strip() else {}
        if self.how == "some_number":
            return {field.name: number(value)} if value.strip() else {}
        return {field.name: value}

    def read(self, field: LanguageField, spec: dict[str, Any], form: RuleForm) -> None:
        value = spec[field.name] if field.required else spec.get(field.name, field.default)
        if self.how == "flag":
            setattr(form, self.attr, bool(value))
        elif self.how == "some_text":
            setattr(form, self.attr, value or "")
        elif self.how == "some_number":
            setattr(form, self.attr, "" if value is None else str(value))
        elif self.how in ("lines", "some_lines"):
            setattr(form, self.attr, "\n".join(value))
        elif self.how == "ticks":
            setattr(form, self.attr, tuple(value))
        else:
            setattr(form, self.attr, value if field.required else str(value))

    def posts(self, field: LanguageField) -> tuple[str, ...]:
        # Unticked checkboxes post nothing: a marker says the list was on the page.
        return (field.control, f"{field.control}-present") if self.how in ("ticks", "flag") else (
            field.control,)

    def send(self, field: LanguageField, form: RuleForm) -> dict[str, list[str]]:
        value = getattr(form, self.attr)
        if self.how == "ticks":
            return {f"{field.control}-present": ["1"], field.control: list(value)}
        if self.how == "flag":
            return {f"{field.control}-present": ["1"], field.control: ["1"] if value else []}
        return {field.control: [value]}

    def take(self, field: LanguageField, data: Posted, form: RuleForm) -> None:
        if self.how == "ticks":
            if data.get(f"{field.control}-present") is not None:
                ticked = data.getlist(field.control)
                setattr(form, self.attr, tuple(c for c in field.choices if c in ticked))
            return
        if self.how == "flag":
            if data.get(f"{field.control}-present") is not None:
                setattr(form, self.attr, data.get(field.control) is not None)
            return
        value = data.get(field.control)
        if value is None:
            return
        # Room for one more phrase than allowed, so that the rule language says "too many".
        lines = self.how in ("lines", "some_lines")
        limit = (MAX_PHRASE + 2) * ((field.high or 0) + 1) if lines else 200
        text = str(value)[:limit]
        if field.shape != "choice" or text in field.choices:
            setattr(form, self.attr, text)


#: How each control of :data:`rules.language.KINDS` travels, by its name.
KIND_CONTROLS: Final[dict[str, KindControl]] = {
    **{name: Rows() for name in LISTS}, "effects": Effects(),
    "say": Plain("say"), "reply": Plain("reply"), "during": Plain("during"),
    "penalty": Plain("penalty", "number"), "min": Plain("least", "number"),
    "max": Plain("most", "number"), "allow": Plain("allow", "lines"),
    "exempt": Plain("exempt", "lines"), "after": Plain("after", "ticks"),
    "each_missing": Plain("each_missing", "some_text"), "only": Plain("only", "some_lines"),
    "last": Plain("last", "flag"), "early_penalty": Plain("early_penalty", "some_number"),
    "combines": Plain("combines", "flag"),
    "questions": Plain("questions", "flag"), "allow_one": Plain("allow_one", "some_lines"),
    "allow_stuck": Plain("allow_stuck", "some_lines"),
    "in_order": Plain("in_order", "some_lines"),
    "play_talk": Plain("play_talk", sparse=True),
}


def kind_fields(kind: str) -> tuple[str, ...]:
    """The plain POSTed fields a kind of rule shows on the page (besides ``kind`` and
    ``jargon``)."""
    node = LANGUAGE_KINDS.get(kind)
    return tuple(dict.fromkeys(name for entry in (node.fields if node else ())
                               for name in KIND_CONTROLS[entry.control].posts(entry)))


def _plain_fields() -> dict[str, LanguageField]:
    """One field per control of a kind of rule, by control, in the order kinds list them."""
    found: dict[str, LanguageField] = {}
    for node in LANGUAGE_KINDS.values():
        for entry in node.fields:
            found.setdefault(entry.control, entry)
    return found


def send_plain(form: RuleForm) -> dict[str, list[str]]:
    """The form's plain fields (every kind's, as the page keeps them) as the page posts
    them."""
    data: dict[str, list[str]] = {}
    for control, entry in _plain_fields().items():
        data |= KIND_CONTROLS[control].send(entry, form)
    return data


def take_plain(data: Posted, form: RuleForm) -> None:
    """Set the form's plain fields from posted fields; missing or unknown ones keep their
    defaults."""
    for control, entry in _plain_fields().items():
        KIND_CONTROLS[control].take(entry, data, form)


def form_to_spec(form: RuleForm) -> Built:
    """The spec JSON of ``form`` (the ``rule`` object) and where each part came from."""
    places: dict[str, Place] = {}
    spec: dict[str, Any] = {"kind": form.kind}
    node = LANGUAGE_KINDS.get(form.kind)
    for entry in node.fields if node else ():
        spec |= KIND_CONTROLS[entry.control].write(entry, form, places)
    places["jargon"] = Place("jargon")
    return Built(spec, places)


# Reading specs back into forms.


def condition_to_row(data: Any) -> Row:
    """A single condition (maybe inside one ``not``) as a row: a test, or a group."""
    return read_tree_row(data, 1)


def condition_to_list(data: Any, required: bool = False) -> CondList:
    """A condition as a list of rows: ``always`` (or nothing) is no rows, or one ``always``
    row for a list that must hold one (``required``); ``all``/``any`` their items."""
    if data is None:
        return CondList()
    if required and isinstance(data, dict) and data.get("type") == "always":
        return CondList("all", [Row(test="always")])
    return read_list(data)


def _menus_offer(rows: list[Row], area: str) -> bool:
    """Whether every row (in groups and counts' tests too) is on its list's test menu."""
    for row in rows:
        if row.test == GROUP:
            if not _menus_offer(row.group.rows, area):
                return False
            continue
        if row.test not in LIST_TESTS[area]:
            return False
        counted = [row.where] if row.match == TESTS else []
        counted += [row.where2] if row.match2 == TESTS else []
        if row.test in ("count", "hand_count") and not all(
                _menus_offer(c.rows, "where") for c in counted):
            return False
    return True


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
        for entry in LANGUAGE_KINDS[kind].fields:
            KIND_CONTROLS[entry.control].read(entry, spec, form)
    except (KeyError, TypeError) as exc:
        raise Unrepresentable(f"incomplete rule: {exc}") from None
    for name in KIND_LISTS[kind]:
        if not _menus_offer(form.cond_list(name).rows, name):
            # Valid for the rule language, but this list's test menu has no such choice.
            raise Unrepresentable(f"the {name!r} list offers no test of one of its rows")
    if not form.effects:
        form.effects = [EffectRow()]
    return form
