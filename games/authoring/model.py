"""The rule builder's form-friendly picture of a rule: lists of condition rows.

Each condition is a list of rows joined by a group kind ("all", "any"...), each row one test
or a group of rows (to any depth), and each may be negated; rows keep raw text, so a
half-typed form shows again as it was.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from rules.cards import RANK_TEXT, SUITS
from rules.conditions import VALUE_SETS

KINDS: Final = {
    "restriction": "Restriction: refuses plays",
    "trigger": "Trigger: makes things happen",
    "call": "Call: words to say",
    "permission": "Permission: cards at once",
    "instant_win": "Instant win: a winning hand",
    "talking": "Talking: speech outside a play",
    "reply": "Reply: words owed after drawing",
    "third_person": "Third person: no “I” or “you”",
}
#: The condition lists each kind of rule shows, in order.
KIND_LISTS: Final = {
    "restriction": ("when", "must"),
    "trigger": ("when",),
    "call": ("when",),
    "permission": ("each", "step"),
    "instant_win": ("hand",),
    # Speech rules judge words said outside a play: no card is tested, so no condition list.
    "talking": (),
    "reply": (),
    "third_person": (),
}
#: When a third-person rule judges words, in the words of its menu (the rule language's
#: ``MOMENTS``).
MOMENT_LABELS: Final = {"order": "during a point of order",
                        "round": "outside a play, but not in a point of order",
                        "always": "outside a play, a point of order included"}
#: What a talking rule makes of words said with a play (the rule language's ``PLAY_TALK``).
PLAY_TALK_LABELS: Final = {"free": "are free: only the calls judge them",
                           "judged": "cost cards too, unless a call, a reply or a race needs them"}
#: Why a player draws, in the words of a reply rule's checkboxes (the rule language's
#: ``DRAW_REASONS``).
REASON_LABELS: Final = {"penalty": "draws a penalty card",
                        "effect": "is made to draw by a rule",
                        "pass": "draws a card by passing",
                        "one_left": "is left one card by a card given to the stock"}
LISTS: Final = ("when", "must", "each", "step", "hand")
#: A row's ``test`` when it is a group of rows (its ``group``), not a test of its own.
GROUP: Final = "group"
#: A count's ``match`` (or ``match2``) when it counts the cards passing rows of card tests
#: (its ``where``, or ``where2``) rather than one test of its own inputs.
TESTS: Final = "tests"
MODES: Final = {"must": "must", "must_not": "must not"}

CARD_TESTS: Final = ("rank", "suit", "colour", "face", "number", "joker", "value", "parity",
                     "value_set")
QUANTITY_TESTS: Final = ("run_length", "hand_before", "hand_after", "players", "turn", "round",
                         "pending")
#: Tests of the round's record (every card laid this round): ``sum_window`` adds up the values
#: of its last cards, ``sum`` those of two named cards (both are the rule language's ``sum``).
ROUND_TESTS: Final = ("position", "count", "sum_window")
TEST_LABELS: Final = {
    "rank": "rank is",
    "suit": "suit is",
    "colour": "colour is",
    "face": "is a face card (J, Q, K)",
    "number": "is a number card (A to 10)",
    "joker": "is really a joker",
    "value": "value compares",
    "parity": "value is even / odd",
    "value_set": "value is prime / square / Fibonacci",
    "relation": "compared with another card",
    "sum": "value plus another card's value",
    "difference": "value difference from another card",
    "follows_active_suit": "follows the active suit",
    "active_suit": "the active suit is",
    "run_length": "run of equal ranks on the pile (before the play)",
    "hand_before": "player's hand size before the play",
    "hand_after": "player's hand size after the play",
    "players": "number of players",
    "turn": "turn number",
    "round": "round number",
    "pending": "cards the player owes (stacked draws)",
    "is_author": "the player is this rule's author",
    "on_starter": "the top card is the round's starter",
    "hand_count": "the player holds…",
    "position": "which card of the round the play is",
    "count": "how many cards of the round…",
    "sum_window": "the values of the round's cards added up",
    "always": "always (every play)",
}
TEST_GROUPS: Final = (
    ("A card", CARD_TESTS),
    ("Two cards", ("relation", "sum", "difference")),
    ("The round so far", ROUND_TESTS),
    ("The situation", ("follows_active_suit", "active_suit", *QUANTITY_TESTS, "is_author",
                       "on_starter", "hand_count", "always")),
)
#: Tests each list offers. ``each`` tests one card of a group; ``step`` relates a card of a
#: group to the card before it; ``hand`` looks only at the player's hand.
#: ``where`` tests one card a count counts (the rows of a count's ``where``).
LIST_TESTS: Final = {
    "when": tuple(TEST_LABELS),
    "must": tuple(TEST_LABELS),
    "each": (*(t for t in CARD_TESTS if t != "joker"), "always"),
    "step": (*(t for t in CARD_TESTS if t != "joker"), "relation", "sum", "difference",
             "always"),
    "hand": ("hand_count", "hand_before", "always"),
    "where": CARD_TESTS,
}
#: Card tests a "holds N cards that…" row may use for the cards of the hand.
MATCH_TESTS: Final = ("rank", "suit", "colour", "face", "number", "joker", "value", "parity")
#: A count's ``match`` when it counts every card (no ``where``: it counts those sharing
#: something with the played card, :data:`SAME_LABELS`).
EVERY: Final = "every"
MATCH_LABELS: Final = {
    "rank": "have the rank", "suit": "have the suit", "colour": "have the colour",
    "face": "are face cards", "number": "are number cards", "joker": "are jokers",
    "value": "have a value", "parity": "have an even / odd value",
    TESTS: "pass the tests below", EVERY: "are any cards",
}
#: What a count's cards may also share with the played card (``""``: nothing).
SAME_LABELS: Final = {"": "(whatever the played card)", "rank": "and have the played card's rank",
                      "suit": "and have the played card's suit",
                      "colour": "and have the played card's colour"}
#: The named sets of values a card's value may be in, with their members.
VALUE_SET_LABELS: Final = {"prime": "prime (2, 3, 5, 7, J, K)", "square": "square (A, 4, 9)",
                           "fibonacci": "Fibonacci (A, 2, 3, 5, 8, K)"}
assert set(VALUE_SET_LABELS) == set(VALUE_SETS)

#: Card tests a count compared with another count may count that other count's cards with
#: (each with at most one choice of its own: ranks, suits, a colour or a parity).
THAN_TESTS: Final = ("rank", "suit", "colour", "face", "number", "parity")
#: What a count compares with: its number (``""``), or the cards of another count.
THAN_LABELS: Final = {"": "the number", "rank": "the cards that have the rank",
                      "suit": "the cards that have the suit",
                      "colour": "the cards that have the colour",
                      "face": "the face cards", "number": "the number cards",
                      "parity": "the cards that have an even / odd value",
                      TESTS: "the cards that pass the tests below"}

SUBJECT_LABELS: Final = {
    "played": "the played card", "top": "the top card", "pile2": "the card under the top",
    "pile3": "the 3rd card down", "pile4": "the 4th card down", "pile5": "the 5th card down",
    "pile6": "the 6th card down", "pile7": "the 7th card down", "pile8": "the 8th card down",
    "pile9": "the 9th card down",
}
#: What a sum of named cards compares with: a number (``""``), another card's value or the
#: play's position in the round.
SUM_THAN_LABELS: Final = {"": "the number",
                          **{s: f"the value of {label}" for s, label in SUBJECT_LABELS.items()},
                          "position": "which card of the round the play is"}
#: In a permission's step, ``played`` is a card of the group and ``top`` the card before it.
STEP_SUBJECT_LABELS: Final = {"played": "this card", "top": "the card before it"}
LIST_SUBJECTS: Final = {
    "when": tuple(SUBJECT_LABELS), "must": tuple(SUBJECT_LABELS), "each": ("played",),
    "step": ("played", "top"), "hand": ("played",), "where": ("played",),
}
RELATION_LABELS: Final = {
    "same_suit": "has the same suit as",
    "same_rank": "has the same rank as",
    "same_colour": "has the same colour as",
    "higher": "is higher than",
    "lower": "is lower than",
    "one_higher": "is one rank higher than",
    "one_lower": "is one rank lower than",
    "adjacent": "is one rank above or below",
    "adjacent_wrap": "is one rank above or below (K and A adjacent)",
    "differs_by_at_least": "differs in value by at least N from",
}
OP_LABELS: Final = {"==": "is exactly", "!=": "is not", "<": "is below", "<=": "is at most",
                    ">": "is above", ">=": "is at least"}
#: A position may also be one of a list of numbers (``value`` then holds "5, 10").
POSITION_OP_LABELS: Final = OP_LABELS | {"in": "is one of"}
#: A difference is how far apart two values are, or one minus the other (keeping the sign).
ABSOLUTE_LABELS: Final = {"yes": "either way round", "no": "this card's minus that one's"}
COUNT_OP_LABELS: Final = {"==": "exactly", "!=": "other than", "<": "fewer than",
                          "<=": "at most", ">": "more than", ">=": "at least"}
#: A count compared with another count: "more than", "as many as"...
COUNT_THAN_OP_LABELS: Final = {"==": "as many as", "!=": "not as many as",
                               "<": "fewer than", "<=": "at most as many as",
                               ">": "more than", ">=": "at least as many as"}
RANK_CHOICES: Final = tuple(RANK_TEXT[r] for r in range(1, 14))
SUIT_CHOICES: Final = SUITS
COLOUR_CHOICES: Final = ("red", "black")
PARITY_CHOICES: Final = ("even", "odd")

EFFECT_LABELS: Final = {
    "draw": "draw cards",
    "skip": "skip the next player",
    "reverse": "reverse the direction",
    "play_again": "the player plays again",
    "pass_hands": "pass every hand",
    "name_suit": "the player names a suit",
    "to_bottom": "card to the pile's bottom",
    "new_pile": "card starts a new pile",
    "win": "the player wins the round",
    "owe": "the next player owes cards (they stack)",
    "race": "everyone races",
}
#: How a race is answered, in the words of its select (the rule language's ``say``,
#: ``press`` and ``name: suit``).
ANSWER_LABELS: Final = {"say": "to say the words", "press": "to press the button",
                        "suit": "to name the suit (the first sets it)"}
WHO_LABELS: Final = {"player": "the player", "next": "the next player",
                     "others": "every other player", "everyone": "every player"}
DIRECTION_LABELS: Final = {"left": "to the left", "right": "to the right"}


@dataclass
class Row:
    """One condition row: a test with its inputs (raw text for numbers), or a group of rows;
    maybe negated.

    ``subject``/``other`` are the cards looked at; ``op``/``value`` compare; ``match`` with
    ``count_op``/``count`` counts; ``mod``, ``window``/``with_played`` and ``absolute`` shape
    the number; ``match2`` and the ``*2`` fields count a second window; ``plus`` adds cards;
    ``value_set`` names a set of values, ``same`` what counted cards share with the played
    card, ``sum_than`` what a sum compares with instead of ``value``.
    """

    test: str = "colour"
    negate: bool = False
    subject: str = "played"
    ranks: tuple[str, ...] = ()
    suits: tuple[str, ...] = ()
    colour: str = "red"
    op: str = "=="
    value: str = "7"
    parity: str = "even"
    rel: str = "same_suit"
    other: str = "top"
    n: str = "2"
    match: str = "rank"
    count_op: str = ">="
    count: str = "4"
    mod: str = ""
    window: str = ""
    with_played: bool = False
    absolute: bool = True
    match2: str = ""
    ranks2: tuple[str, ...] = ()
    suits2: tuple[str, ...] = ()
    colour2: str = "red"
    parity2: str = "even"
    window2: str = ""
    with_played2: bool = False
    plus: tuple[str, ...] = ()
    value_set: str = "prime"
    same: str = ""
    sum_than: str = ""
    #: A group's rows and their join (``test`` is :data:`GROUP`).
    group: CondList = field(default_factory=lambda: CondList())
    #: The card tests a count counts with, and those of its second count, as rows (``match``
    #: or ``match2`` is :data:`TESTS`).
    where: CondList = field(default_factory=lambda: CondList())
    where2: CondList = field(default_factory=lambda: CondList())


@dataclass
class CondList:
    """Rows joined by a group kind (``all``, ``any``: :data:`games.authoring.groups.KINDS`);
    no rows means "always"."""

    join: str = "all"
    rows: list[Row] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Place:
    """Where a form input lives: a list and row (``("when", 0)``, with ``row`` its field
    prefix ``when-0``; a row in a group or a count's tests has only ``row``, ``when-0-1``),
    an effect row (``("effects", 1)``), a whole list (``("must", None)``) or a plain field
    (``("say", None)``)."""

    area: str
    index: int | None = None
    row: str = ""


@dataclass
class EffectRow:
    """One effect of a trigger; ``who``/``count``/``per_run`` serve ``draw``, ``count``
    serves ``owe``, ``direction`` serves ``pass_hands``; a ``race`` is answered as
    ``answer`` says (``say`` the ``words``, ``press`` the button labelled ``words``, or
    name the ``suit``) within ``seconds``, its loser drawing ``penalty`` cards."""

    type: str = "draw"
    who: str = "next"
    count: str = "1"
    per_run: bool = False
    direction: str = "left"
    answer: str = "say"
    words: str = "Chauncey"
    seconds: str = "5"
    penalty: str = "1"


def default_row(list_name: str) -> Row:
    """A fresh, already valid row for a list (a starting point to edit)."""
    if list_name == "when":
        return Row(test="rank", subject="top", ranks=("Q",))
    if list_name == "step":
        return Row(test="relation", rel="one_higher")
    if list_name == "hand":
        return Row(test="hand_count", match="rank", ranks=("A",), count_op=">=", count="4")
    if list_name == "where":
        return Row(test="colour", colour="red")
    return Row(test="colour", colour="black")


def default_group(list_name: str) -> Row:
    """A fresh group of two rows, for list ``list_name`` (or ``where``)."""
    return Row(test=GROUP, group=CondList("any", [default_row(list_name),
                                                  default_row(list_name)]))


def default_list(list_name: str) -> CondList:
    """The list a kind starts with when the form had none."""
    if list_name in ("must", "each", "step", "hand"):
        return CondList("all", [default_row(list_name)])
    return CondList("all", [Row(test="rank", subject="played", ranks=("7",))])


@dataclass
class RuleForm:
    """Everything the builder form holds; fields of other kinds are kept but unused."""

    kind: str = "restriction"
    jargon: str = ""
    mode: str = "must"
    lists: dict[str, CondList] = field(default_factory=dict)
    effects: list[EffectRow] = field(default_factory=list)
    say: str = ""
    penalty: str = "1"
    least: str = "2"
    most: str = "13"
    #: A talking rule's allowed phrases, one a line, as typed, and what it makes of words
    #: said with a play.
    allow: str = "Point of order"
    play_talk: str = "free"
    #: A reply rule's words, and the reasons to draw that make them owed.
    reply: str = "Thank you"
    after: tuple[str, ...] = ("penalty",)
    #: A third-person rule's moment, and its excepted phrases, one a line, as typed.
    during: str = "order"
    exempt: str = "Thank you"
    #: A call's counted word; a talking rule's only penalised phrases, whether questions
    #: are, and the phrases allowed with one card (blank: none).
    each_missing: str = ""
    #: A call said last, its charge for being stated early (blank: none), and whether it
    #: may be said within another call's words.
    last: bool = False
    early_penalty: str = ""
    combines: bool = False
    only: str = ""
    questions: bool = False
    allow_one: str = ""
    #: A talking rule's phrases allowed with a card drawn that cannot be played, and those
    #: that cost cards in a point of order (blank: none).
    allow_stuck: str = ""
    in_order: str = ""

    def cond_list(self, name: str) -> CondList:
        """The list called ``name``, created with its default rows when missing."""
        if name not in self.lists:
            self.lists[name] = default_list(name)
        return self.lists[name]


def new_form() -> RuleForm:
    """The form a writer starts with: "Only a black card may be played on a queen."."""
    form = RuleForm(kind="restriction", mode="must")
    form.lists["when"] = CondList("all", [Row(test="rank", subject="top", ranks=("Q",))])
    form.lists["must"] = CondList("all", [Row(test="colour", colour="black")])
    form.effects = [EffectRow()]
    form.say = "Mao"
    return form
