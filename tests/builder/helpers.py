"""Helpers for the rule builder's tests: example rules, forms as POST data, seated clients."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.conf import settings
from django.test import Client

from games.authoring.forms import check, form_from_data, form_to_data
from games.authoring.model import CondList, Row, RuleForm
from games.authoring.revision import revision
from games.engine.actions import WriteRule
from games.engine.settings import GameSettings
from games.models import Game
from games.store.identity import SESSION_KEY
from games.store.writes import submit_action
from rules.spec import Rule, load_rules_document, spec_to_json
from tests.factories import create_game, holder_client

EXAMPLES = Path(__file__).resolve().parents[2] / "rules" / "examples"
NAMES = ("Gogol", "Bull", "de Worms")
HX = {"HX-Request": "true"}  # the headers of a request htmx sends


def example_rules() -> list[tuple[str, Rule]]:
    """Every rule of every acceptance file, with an id such as ``09_queen_then_black#2``."""
    found = []
    for path in sorted(EXAMPLES.glob("*.json")):
        rules = load_rules_document(json.loads(path.read_text(encoding="utf-8")))
        found += [(f"{path.stem}#{i}", rule) for i, rule in enumerate(rules, start=1)]
    return found


def canonical(rule: Rule) -> dict[str, Any]:
    """A rule's spec in canonical JSON."""
    return spec_to_json(rule.spec)


def restriction(*must: Row, when: tuple[Row, ...] = (), join: str = "all",
                mode: str = "must", jargon: str = "") -> RuleForm:
    """A restriction form with the given rows."""
    form = RuleForm(kind="restriction", mode=mode, jargon=jargon)
    form.lists["when"] = CondList("all", list(when))
    form.lists["must"] = CondList(join, list(must))
    return form


def client_with_session() -> tuple[Client, str]:
    """A test client whose session holds a seat token, and the token's holder hash."""
    return holder_client()


def seated_game(players: int = 3, first: int = 0) -> tuple[Game, list[Client]]:
    """A stored game waiting for seat ``first``'s rule, one logged-in client per seat."""
    seated = [client_with_session() for _ in range(players)]
    game = create_game(GameSettings(players=players, first_rule_maker=first), NAMES[:players],
                       seed=1, holders=[key for _, key in seated])
    return game, [client for client, _ in seated]


def second_browser(client: Client) -> Client:
    """Another browser holding ``client``'s seat: a session of its own with the same seat
    token (as a player's phone beside their laptop)."""
    other = Client()
    session = other.session
    session[SESSION_KEY] = client.session[SESSION_KEY]
    session.save()
    assert session.session_key is not None
    other.cookies[settings.SESSION_COOKIE_NAME] = session.session_key
    return other


def write(game: Game, seat: int, jargon: str, rule: dict[str, Any]) -> Game:
    """Write a rule through the one write path (as the seat's own builder would)."""
    game.refresh_from_db()
    return submit_action(game.code, WriteRule(seat, {"jargon": jargon, "rule": rule}),
                         game.version).game


def post_form(form: RuleForm, **extra: Any) -> dict[str, Any]:
    """The POST data of a form, with extra fields (``version``, ``top``...)."""
    return form_to_data(form) | {k: [str(v)] for k, v in extra.items()}


def previewed(data: dict[str, Any]) -> str:
    """The revision the preview of ``data`` shows (what "Write this rule" carries back)."""
    return revision(check(form_from_data(data)).spec)


def as_previewed(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with the revision of its own preview, as a page showing it would post it."""
    return data | {"revision": [previewed(data)]}
