"""A penalty card that waits for a later turn (Lynnfield's Scangas's Second Law,
``penalty_waits``) is marked on the card in its holder's hand: a badge, a name that says it
waits for the next turn, and no click; the next turn it is a card like the others."""

from __future__ import annotations

import html
import re

import pytest

from games.engine.actions import Deal, Pass, Say
from games.presets.registry import preset
from games.store.writes import submit_action
from tests.factories import stored_state
from tests.web.presets import preset_game
from tests.web.test_out_of_turn import answer

pytestmark = pytest.mark.django_db(transaction=True)

BUTTON = re.compile(r'<button type="button" class="card [^"]*"[^>]*data-card="([^"]+)"[^>]*>'
                    r'.*?</button>\s*(<span class="card__badge"[^>]*>[^<]*</span>)?', re.S)
WAITS = ", waits for your next turn"


def marked(page: str) -> dict[str, str]:
    """The hand's cards whose button carries the waiting mark, with their names."""
    found = {}
    for button in BUTTON.finditer(page):
        whole = button.group(0)
        if "card--waits" in whole:
            assert 'aria-disabled="true"' in whole
            assert button.group(2) == '<span class="card__badge" aria-hidden="true">waits</span>'
            label = re.search(r'aria-label="([^"]*)"', whole)
            assert label is not None
            found[button.group(1)] = html.unescape(label.group(1))
    return found


def test_a_penalty_card_drawn_in_ones_turn_is_marked_waiting_until_the_next() -> None:
    game, clients = preset_game(preset("lynnfield"), players=3)
    game = submit_action(game.code, Deal(0, 1, 1), game.version).game
    seat = stored_state(game).current
    page = clients[seat].get(f"/g/{game.code}/").content.decode()
    assert marked(page) == {} and "card__badge" not in page

    game = submit_action(game.code, Say(seat, "Hello everyone"), game.version).game
    state = stored_state(game)
    assert state.current == seat  # No Speaking's card came in the speaker's own turn
    [card] = state.waiting[2] if state.waiting else ()
    page = clients[seat].get(f"/g/{game.code}/").content.decode()
    named = marked(page)
    assert list(named) == [card] and named[card].endswith(WAITS)
    assert page.count("card__badge") == 1
    assert "cannot be played until a later turn" in page
    # Nobody else's page marks anything (nor names the card).
    for other, client in enumerate(clients):
        if other != seat:
            assert "card--waits" not in client.get(f"/g/{game.code}/").content.decode()
    # Tried anyway, it is refused with the reason.
    message, _ = answer(clients[seat], game, {"type": "play", "cards": card})
    assert "penalty card drawn this turn" in message

    # Its holder's next turn (a pass draws a card that may still be played, a second
    # keeps it; the others pass too): the mark is gone.
    seen_others = False
    for _ in range(12):
        game.refresh_from_db()
        game = submit_action(game.code, Pass(stored_state(game).current), game.version).game
        seen_others = seen_others or stored_state(game).current != seat
        if seen_others and stored_state(game).current == seat:
            break
    assert seen_others and stored_state(game).current == seat
    assert marked(clients[seat].get(f"/g/{game.code}/").content.decode()) == {}
