"""``{{ symbol|suit_class }}``: the four-colour class of a card written as its symbol.

The four-colour deck (static/css/site.css) colours anything with a ``suit-D`` or ``suit-C``
class; pages that hold only a card's symbol (the notebook's evidence grids: "10♦") get the
class from it.
"""

from __future__ import annotations

from django import template

from rules.cards import SUIT_SYMBOLS

register = template.Library()

_BY_SYMBOL = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}


@register.filter
def suit_class(symbol: str) -> str:
    """``suit-D`` for ``"10♦"``; nothing for a joker or any other text.

    >>> suit_class("10♦"), suit_class("Q♣"), suit_class("🃏")
    ('suit-D', 'suit-C', '')
    """
    suit = _BY_SYMBOL.get(str(symbol)[-1:])
    return f"suit-{suit}" if suit else ""
