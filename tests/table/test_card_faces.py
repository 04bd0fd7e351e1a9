"""How a card is drawn and named on the table: the accessible name of a card button holds
the rank as drawn (WCAG 2.5.3), and the suit's letter is there for four-colour decks."""

from __future__ import annotations

import pytest

from games.table.context import CardFace
from rules.cards import STANDARD_CARDS


@pytest.mark.parametrize(("text", "label"), [
    ("10D", "10 of diamonds"), ("2C", "2 of clubs"), ("QH", "Q♥, Queen of hearts"),
    ("AS", "A♠, Ace of spades"), ("JK", "Joker"),
])
def test_a_card_buttons_name_is_what_it_shows(text: str, label: str) -> None:
    assert CardFace.of(text).label == label


def test_every_cards_name_starts_with_the_rank_it_shows() -> None:
    for card in STANDARD_CARDS:
        face = CardFace.of(str(card))
        # A voice user says what they see: "10", "Q"... begins the name they can say.
        assert face.label.casefold().startswith(face.rank.casefold()), face
        # axe's label-content-name-mismatch: a letter rank is drawn with its suit beside it.
        if not face.rank.isdigit():
            assert face.label.startswith(face.rank + face.suit), face
        assert face.label.casefold().endswith(face.name.split(" of ")[1]), face
        assert face.suit_code == str(card)[-1] and face.suit_code in "CDHS"
    assert CardFace.of("JK").suit_code == ""
