"""The rule language described once: each node's JSON fields, their shapes and ranges, their
label and the builder control that enters them.

:data:`CONDITIONS`, :data:`EFFECTS` and :data:`KINDS` hold one :class:`Node` per condition
type, effect type and kind of rule (:data:`RULE_FILE` describes the file around a rule).
Validation (``read`` in each node's module) is held to it by tests/rules/test_language.py,
docs/rules.md's tables by the same tests, and the builder's form is derived from it
(``games.authoring``). A new node is one entry here, next to its reader.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import replace as _replace
from typing import Final

from rules.cards import COLOURS
from rules.conditions import MAX_CASES, RELATIONS, VALUE_SETS
from rules.counting import MAX_MODULUS, MAX_WINDOW, SHARED, SUM_THAN
from rules.effects import DRAWERS, MAX_DRAW
from rules.fields import MAX_NUMBER, OPERATORS, QUANTITIES, SUBJECTS
from rules.phrases import MAX_PHRASE
from rules.races import MAX_LABEL, MAX_PENALTY, MAX_SECONDS, MIN_SECONDS, NAMEABLE
from rules.spec import DRAW_REASONS, MAX_ALLOWED, MAX_GROUP, MAX_JARGON, MOMENTS, PLAY_TALK

#: A field's default when it has none (it must be given).
REQUIRED: Final = "required"


@dataclass(frozen=True, slots=True)
class Field:
    """One JSON field of a node.

    ``shape`` says what it holds: ``subject`` (a card name), ``subjects`` (a list of them),
    ``ranks``, ``suits``, ``choice`` (one of ``choices``), ``integer`` (``low``..``high``),
    ``integers`` (a list of them), ``boolean``, ``condition``, ``conditions`` (a list),
    ``object`` (``of``: a nested :class:`Node`), ``objects`` (a list of ``of``, at most
    ``high``), ``phrase``, ``phrases``, ``text``
    (at most ``high`` characters), ``choices`` (a list of ``choices``), ``effects``.
    ``default`` is :data:`REQUIRED` or the value a missing field stands for (``None``: no
    value at all). ``label`` names the field in the builder's messages (blank: the message
    speaks for itself); ``control`` is the builder input that enters it; the field is left
    out when one of the fields named in ``without`` is given (they are alternatives).
    """

    name: str
    shape: str
    default: object = REQUIRED
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    label: str = ""
    control: str = ""
    of: Node | None = None
    without: tuple[str, ...] = ()

    @property
    def required(self) -> bool:
        """Whether a node without this field is refused."""
        return self.default == REQUIRED


@dataclass(frozen=True, slots=True)
class Node:
    """A node of the language: its JSON ``type`` (or ``kind``) tag and its fields in the order
    the canonical JSON writes them."""

    tag: str
    fields: tuple[Field, ...] = ()

    def field(self, name: str) -> Field:
        """The field called ``name``."""
        return next(f for f in self.fields if f.name == name)

    @property
    def names(self) -> tuple[str, ...]:
        """The field names, in order."""
        return tuple(f.name for f in self.fields)


# Fields shared by several nodes.

def _of(control: str = "subject", default: str = "played",
        choices: tuple[str, ...] = SUBJECTS, name: str = "of") -> Field:
    return Field(name, "subject", default, choices, label="Card" if control == "subject"
                 else "Other card" if control == "other" else "", control=control)


_OP: Final = Field("op", "choice", choices=OPERATORS, label="Comparison", control="op")
_COUNT_OP: Final = Field("op", "choice", choices=OPERATORS, control="count_op")
_MOD: Final = Field("mod", "integer", None, low=2, high=MAX_MODULUS, label="Modulo",
                    control="mod")
_LAST: Final = Field("last", "integer", None, low=1, high=MAX_WINDOW, label="Last cards",
                     control="window")
_WITH_PLAYED: Final = Field("with_played", "boolean", False, control="with_played")
_PENALTY: Final = Field("penalty", "integer", 1, low=1, high=MAX_PENALTY, label="Penalty",
                        control="penalty")


def _value(low: int, high: int, control: str = "value") -> Field:
    label = "Number of cards" if control == "count" else "Number"
    return Field("value", "integer", low=low, high=high, label=label, control=control)


def _card(tag: str, *fields: Field, of: Field | None = None) -> Node:
    return Node(tag, (of or _of(), *fields))


#: A second count's cards and window (``than`` of a ``count``).
THAN: Final = Node("than", (
    Field("where", "condition", control="match2"),
    Field("last", "integer", None, low=1, high=MAX_WINDOW, label="Last cards",
          control="window2"),
    Field("with_played", "boolean", False, control="with_played2"),
))

#: One case of a case table (an item of ``cases``).
CASE: Final = Node("case", (Field("if", "condition"), Field("then", "condition")))

#: Every condition node, by its ``type``. A field without a control is entered by the rows'
#: structure: the conditions of ``all``, ``any``, ``not``, ``iff`` and ``cases`` are rows of
#: a group, whose join names the node (``games.authoring.groups``).
CONDITIONS: Final = {node.tag: node for node in (
    Node("always"),
    Node("all", (Field("of", "conditions"),)),
    Node("any", (Field("of", "conditions"),)),
    Node("not", (Field("of", "condition", control="not"),)),
    Node("iff", (Field("of", "conditions", low=2, high=2),)),
    Node("cases", (Field("cases", "objects", high=MAX_CASES, of=CASE),
                   Field("otherwise", "condition", None))),
    _card("rank", Field("in", "ranks", control="ranks")),
    _card("suit", Field("in", "suits", control="suits")),
    _card("colour", Field("is", "choice", choices=COLOURS, control="colour")),
    _card("face"),
    _card("number"),
    _card("joker", of=_of(choices=("played",))),
    _card("value", _OP, _value(0, 15)),
    _card("parity", Field("is", "choice", choices=("even", "odd"), control="parity")),
    _card("value_set", Field("is", "choice", choices=tuple(VALUE_SETS), label="Set of values",
                             control="value_set")),
    Node("relation", (
        Field("rel", "choice", choices=RELATIONS, label="Relation", control="rel"),
        _of(name="a"), _of("other", "top", name="b"),
        Field("n", "integer", None, low=1, high=12, label="Difference", control="n"))),
    Node("follows_active_suit"),
    Node("active_suit", (Field("in", "suits", control="suits"),)),
    Node("compare", (Field("what", "choice", choices=QUANTITIES, control="test"), _OP,
                     _value(0, MAX_NUMBER))),
    Node("on_starter"),
    Node("is_author"),
    Node("hand_count", (Field("where", "condition", control="match"), _COUNT_OP,
                        _value(0, 108, "count"))),
    Node("position", (_MOD, _replace(_OP, without=("in",)),
                      _replace(_value(1, MAX_NUMBER), without=("in",)),
                      Field("in", "integers", None, low=1, high=MAX_NUMBER, control="value"))),
    Node("count", (Field("where", "condition", None, control="match"),
                   Field("same", "choice", None, choices=SHARED, control="same",
                         without=("than",)),
                   _LAST, _WITH_PLAYED, _replace(_MOD, without=("than",)),
                   _COUNT_OP, _replace(_value(0, MAX_WINDOW * 2, "count"), without=("than",)),
                   Field("than", "object", None, control="match2", of=THAN,
                         without=("mod", "same")))),
    Node("sum", (Field("of", "subjects", None, choices=SUBJECTS, control="subject"),
                 _replace(_LAST, without=("of",)), _replace(_WITH_PLAYED, without=("of",)),
                 _MOD, _OP, _replace(_value(0, MAX_NUMBER), without=("than",)),
                 Field("than", "choice", None, choices=SUM_THAN, label="Compared with",
                       control="sum_than", without=("value", "last", "with_played")))),
    Node("difference", (_of(name="a"), _of("other", "top", name="b"),
                        Field("absolute", "boolean", True, control="absolute"), _MOD, _OP,
                        _value(-13, 13))),
)}

#: Every effect of a trigger, by its ``type``; a race's ``say``, ``press`` and ``name`` are
#: three ways to answer it (exactly one is given), all entered with the ``answer`` control.
EFFECTS: Final = {node.tag: node for node in (
    Node("draw", (Field("who", "choice", choices=DRAWERS, control="who"),
                  Field("count", "integer", low=1, high=MAX_DRAW, label="Number of cards",
                        control="count"),
                  Field("per_run", "boolean", False, control="per_run"))),
    Node("skip"), Node("reverse"), Node("play_again"),
    Node("pass_hands", (Field("direction", "choice", choices=("left", "right"),
                              control="direction"),)),
    Node("name_suit"), Node("to_bottom"), Node("new_pile"), Node("win"),
    Node("owe", (Field("count", "integer", low=1, high=MAX_DRAW, label="Number of cards",
                       control="count"),)),
    Node("race", (Field("say", "phrase", None, high=MAX_PHRASE, label="Words to say",
                        control="answer", without=("press", "name")),
                  Field("press", "text", None, high=MAX_LABEL, label="The button's label",
                        control="answer", without=("say", "name")),
                  Field("name", "choice", None, choices=NAMEABLE, control="answer",
                        without=("say", "press")),
                  Field("seconds", "integer", 5, low=MIN_SECONDS, high=MAX_SECONDS,
                        label="Seconds to answer", control="seconds"),
                  Field("penalty", "integer", 1, low=1, high=MAX_PENALTY, label="Penalty",
                        control="penalty", without=("name",)))),
)}

#: Every kind of rule, by its ``kind``; a control names the builder input (``when``...: a
#: list of condition rows; ``mode``: must or must not; the others a field of the form).
KINDS: Final = {node.tag: node for node in (
    Node("restriction", (Field("when", "condition", None, control="when"),
                         Field("must", "condition", None, control="must",
                               without=("must_not",)),
                         Field("must_not", "condition", None, control="must",
                               without=("must",)))),
    Node("trigger", (Field("when", "condition", control="when"),
                     Field("effects", "effects", control="effects"))),
    Node("call", (Field("when", "condition", control="when"),
                  Field("say", "phrase", high=MAX_PHRASE, label="Words to say", control="say"),
                  _PENALTY,
                  Field("each_missing", "word", None, high=MAX_PHRASE,
                        label="A card per missing", control="each_missing"),
                  Field("last", "boolean", False, control="last"),
                  Field("early_penalty", "integer", None, low=1, high=MAX_PENALTY,
                        label="Stated early", control="early_penalty"),
                  Field("combines", "boolean", False, control="combines"))),
    Node("permission", (Field("each", "condition", control="each"),
                        Field("step", "condition", control="step"),
                        Field("min", "integer", 2, low=2, high=MAX_GROUP,
                              label="Fewest cards", control="min"),
                        Field("max", "integer", MAX_GROUP, low=2, high=MAX_GROUP,
                              label="Most cards", control="max"))),
    Node("instant_win", (Field("hand", "condition", control="hand"),)),
    Node("talking", (Field("allow", "phrases", (), high=MAX_ALLOWED, label="Allowed words",
                           control="allow"), _PENALTY,
                     Field("play_talk", "choice", "free", choices=PLAY_TALK,
                           label="Words said with a play", control="play_talk"),
                     Field("only", "phrases", (), high=MAX_ALLOWED, label="Only these words",
                           control="only"),
                     Field("questions", "boolean", False, control="questions"),
                     Field("allow_one", "phrases", (), high=MAX_ALLOWED,
                           label="Allowed with one card", control="allow_one"),
                     Field("allow_stuck", "phrases", (), high=MAX_ALLOWED,
                           label="Allowed with a card drawn that cannot be played",
                           control="allow_stuck"),
                     Field("in_order", "phrases", (), high=MAX_ALLOWED,
                           label="Costly in a point of order", control="in_order"))),
    Node("reply", (Field("say", "phrase", high=MAX_PHRASE, label="Words owed", control="reply"),
                   Field("after", "choices", ("penalty",), choices=DRAW_REASONS,
                         label="Owed after", control="after"),
                   _PENALTY)),
    Node("third_person", (Field("during", "choice", "order", choices=MOMENTS, label="When",
                                control="during"),
                          Field("allow", "phrases", (), high=MAX_ALLOWED,
                                label="Words excepted", control="exempt"),
                          _PENALTY)),
)}

#: The file a rule is stored in.
RULE_FILE: Final = Node("file", (
    Field("version", "integer", low=1, high=1),
    Field("jargon", "text", high=MAX_JARGON, label="Jargon", control="jargon"),
    Field("author", "integer", None, low=0, high=7),
    Field("rule", "object"),
))


def every_field() -> list[Field]:
    """Every field of every node, nested ones included."""
    nodes = [*CONDITIONS.values(), THAN, CASE, *EFFECTS.values(), *KINDS.values(), RULE_FILE]
    return [f for node in nodes for f in node.fields]


def labels() -> dict[str, str]:
    """The label of each builder control (and of each effect field, which the builder's
    messages name as it is written): ``{"value": "Number", ...}``."""
    found = {f.control: f.label for f in every_field() if f.label and f.control != "answer"}
    found |= {f.name: f.label for node in EFFECTS.values() for f in node.fields if f.label}
    return found
