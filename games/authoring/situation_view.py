"""The preview's "Situation" fieldset as the template draws it: one :class:`Control` each.

Answers refresh only the *auto* texts and the pile controls, never the author's input. To
add a part, read it in :func:`games.authoring.situation.read_choice` and add its
:class:`Control` to :attr:`SituationView.controls`.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.authoring.options import Option
from games.authoring.situation import (
    MAX_HAND,
    MAX_POSITION,
    MAX_TURN,
    NO_CARD,
    SHOWN_CARDS,
    UNDER_DEPTHS,
    Choice,
    Situation,
)
from rules.cards import STANDARD_CARDS, SUIT_NAMES, SUIT_SYMBOLS, Card


@dataclass(frozen=True, slots=True)
class Control:
    """One control of the "Situation" fieldset, the form field ``name`` (id ``f-<name>``).

    A select when ``options`` is not empty: its first choice, valued ``auto_value``, is
    "Auto", followed by ``options``. Otherwise a number input from ``low`` to ``high``
    holding ``value`` ("" on auto), or with ``text`` a text field. ``auto`` says what
    "Auto" stands for with the draft as it stands ("Auto (3)"); it is the only part an
    answer redraws (``auto-<name>``). ``hint``: the id of a hint that also describes it.
    """

    name: str
    label: str
    auto: str
    options: tuple[Option, ...] = ()
    auto_value: str = ""
    auto_selected: bool = False
    value: str = ""
    low: int = 1
    high: int = 1
    text: bool = False
    hint: str = ""


@dataclass(frozen=True, slots=True)
class SituationView:
    """The "Situation" fieldset: each control with its options, "auto" naming the value the
    preview chose for the draft. ``depth`` is how deep under the top the rules read (one
    pile control per card under the top); ``piles_shown`` the depth the page shows now
    (``None``: unknown, so the pile controls are drawn). ``rounds`` says whether the rules
    read the round so far (its controls show only then), ``rounds_shown`` whether the page
    shows them now (``None``: unknown)."""

    choice: Choice
    auto: Situation
    depth: int
    piles_shown: int | None = None
    rounds: bool = False
    rounds_shown: bool | None = None

    @property
    def redraw_rounds(self) -> bool:
        """Whether an answer redraws the round's controls (shown, or no longer)."""
        return self.rounds_shown != self.rounds

    @property
    def round_controls(self) -> list[Control]:
        """Which card of the round the play is, and the cards laid before the pile."""
        choice, auto = self.choice, self.auto
        earlier = [str(c) for c in auto.earlier]
        listed = ("… " if len(earlier) > SHOWN_CARDS else "") + " ".join(
            earlier[-SHOWN_CARDS:]) if earlier else "none"
        return [
            Control("sit-position", "This play is card number",
                    f"Auto ({auto.position()})", value=_number(choice.position),
                    high=MAX_POSITION, hint="f-sit-round"),
            Control("sit-earlier", "Cards laid before the pile this round",
                    f"Auto ({listed})",
                    value="" if choice.earlier is None else " ".join(choice.earlier),
                    text=True, hint="f-sit-round"),
        ]

    @property
    def redraw_piles(self) -> bool:
        """Whether an answer redraws the pile controls (the depth read has changed)."""
        return self.piles_shown != self.depth

    @property
    def piles(self) -> list[Control]:
        """One select per pile position the rules read."""
        found = []
        for i, depth in enumerate(UNDER_DEPTHS[:self.depth - 1]):
            card = self.auto.under[i] if i < len(self.auto.under) else None
            chosen = self.choice.under[i]
            opts = [Option(NO_CARD, "No card so deep", chosen == NO_CARD)]
            opts += [Option(str(c), f"{c.symbol} {c.name}", chosen == str(c))
                     for c in STANDARD_CARDS]
            label = "Card under the top" if depth == 2 else f"Card {depth - 1} under the top"
            found.append(Control(f"sit-pile{depth}", label,
                                 f"Auto ({_card(card)})", tuple(opts), "", chosen == ""))
        return found

    @property
    def controls(self) -> list[Control]:
        """The other parts of the situation, in the fieldset's order."""
        choice, auto = self.choice, self.auto
        suit = "auto" if choice.suit_auto else (choice.suit or "top")
        named = SUIT_NAMES[auto.suit] if auto.suit else "the top card's suit"
        return [
            Control("sit-hand", "Cards in hand before the play", f"Auto ({auto.hand})",
                    value=_number(choice.hand), high=MAX_HAND),
            Control("sit-player", "Who plays",
                    f"Auto ({'you' if auto.by_author else 'another player'})",
                    (Option("other", "Another player", choice.by_author is False),
                     Option("you", "You (the rule's author)", choice.by_author is True)),
                    "auto", choice.by_author is None),
            Control("sit-suit", "Suit named by a wild play",
                    f"Auto ({named})",
                    (Option("top", "None: the top card's suit", suit == "top"),
                     *(Option(s, f"{SUIT_SYMBOLS[s]} {SUIT_NAMES[s]}", suit == s)
                       for s in "CDHS")),
                    "auto", suit == "auto"),
            Control("sit-turn", "Turn of the round", f"Auto ({auto.turn})",
                    value=_number(choice.turn), high=MAX_TURN),
        ]


def _card(card: Card | None) -> str:
    return card.symbol if card is not None else "no card"


def _number(value: int | None) -> str:
    return "" if value is None else str(value)
