"""The lobby's invitation as served: a visitor's page puts the name field before the link to
share, the host's the invitation first; both hold the copy button and a share button hidden
until script finds the Web Share API (static/js/share.js)."""

from __future__ import annotations

import pytest

from games.models import Game
from tests.web.helpers import client_with_session

pytestmark = pytest.mark.django_db


def _lobby() -> tuple[Game, str]:
    host, _ = client_with_session()
    host.post("/new/", {"name": "Gogol", "players": "3", "hand_size": "5", "decks": "1",
                        "first_rule_maker": "host"})
    game = Game.objects.get()
    return game, host.get(f"/g/{game.code}/").content.decode()


def test_a_visitor_is_asked_their_name_before_the_invitation() -> None:
    game, _ = _lobby()
    visitor, _ = client_with_session()
    html = visitor.get(f"/g/{game.code}/").content.decode()
    assert html.index('id="join-name"') < html.index("Invite your friends")
    assert html.index("Take a seat") < html.index('id="lobby-seats"')


def test_the_host_sees_the_invitation_first() -> None:
    _, html = _lobby()
    assert html.index("Invite your friends") < html.index('id="lobby-controls"')
    assert html.count("Invite your friends") == 1


def test_the_invitation_offers_a_copy_button_and_a_hidden_share_button() -> None:
    game, html = _lobby()
    assert ('<button type="button" class="button" data-copy="share-link">Copy the link'
            '</button>') in html
    share = html[html.index("data-share="):]
    assert share[:share.index(">")].rstrip().endswith("hidden")
    assert f"table {game.code}." in share[:share.index(">")]
    assert '<p id="share-status" class="share__status" role="status"></p>' in html
    assert 'src="/static/js/share.js"' in html
