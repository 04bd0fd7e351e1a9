"""Hostile POSTs to the HTTP endpoints (htmx requests from the Django test client): actions,
the rule builder and the lobby. Each gets a clear refusal (a message, 400 or 403, never a
500), and the game's state and version stay exactly as they were.
"""

from __future__ import annotations

import html
from typing import Any

import pytest
from django.http import QueryDict
from django.test import Client
from hypothesis import HealthCheck, assume, given
from hypothesis import strategies as st

from games.authoring.forms import MAX_EFFECTS, form_to_data
from games.authoring.model import (
    LISTS,
    RANK_CHOICES,
    SUIT_CHOICES,
    CondList,
    EffectRow,
    Row,
    RuleForm,
)
from games.engine.actions import MAX_SAY
from games.engine.apply import apply
from games.engine.settings import GameSettings
from games.lobby.services import open_game
from games.models import Game, Seat
from games.store.acting import prepare, read_post
from rules.cards import make_deck
from tests.builder.helpers import previewed
from tests.examples import share
from tests.factories import stored_state
from tests.games.helpers import snapshot
from tests.hardening.helpers import ERROR, HTMX, playing_game
from tests.web.helpers import client_with_session, started_game

pytestmark = pytest.mark.django_db

CARD_TEXTS = sorted({str(card) for card in make_deck(1, True)})
# Form data is text: no lone surrogates (the client cannot even encode them), but NUL and
# digits that str.isdigit() accepts and int() refuses are fair game.
NASTY = ["\x00", "a\x00b", "²", "١٢", "𝟗", "-1", "1e3", " 1", "0x1", "9" * 12, "9" * 5000,
         "<script>", "{{ version }}", "%s", "JK", "jk", "10h"]
values = st.text(max_size=12) | st.sampled_from(NASTY) | st.integers(190, 400).map(
    lambda n: "x" * n)
# Numbers as a hostile client types them: digits int() refuses, signs, spaces, huge ones.
odd_numbers = st.sampled_from(["²", "٣", "𝟗", "-1", "+1", " 1", "1 ", "1.0", "", "0x1",
                               "9" * 10, "9" * 5000]) | st.text("0123456789²³¹٣𝟗", max_size=6)
SLOW = share(3, database=None,
             suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def post_data(version: int) -> st.SearchStrategy[dict[str, list[str]]]:
    """The play form's fields, junk in any of them, and fields the form never has."""
    numbers = (st.sampled_from([str(version)] * 3 + [str(version - 1), str(version + 1)])
               | odd_numbers | values)
    return st.fixed_dictionaries(
        {"type": st.lists(st.sampled_from(["play", "pass", "claim_win", "end_game",
                                           "write_rule"]) | values, min_size=1, max_size=2),
         "version": st.lists(numbers, min_size=0, max_size=2)},
        optional={"cards": st.lists(st.sampled_from(CARD_TEXTS) | values, max_size=16),
                  "say": st.lists(values, max_size=2), "suit": st.lists(values, max_size=1),
                  "pile": st.lists(st.sampled_from(["0", "1", "99"]) | odd_numbers | values,
                                   max_size=1),
                  "named": st.lists(st.sampled_from(CARD_TEXTS) | values, max_size=2),
                  "seat": st.lists(st.sampled_from("0123456789") | values, max_size=1),
                  "game": st.lists(values, max_size=1), "rule": st.lists(values, max_size=1)})


def would_accept(game: Game, seat: int | None, is_host: bool, data: dict[str, list[str]]) -> bool:
    """Whether the act view should accept ``data`` from ``seat`` (the engine decides)."""
    if seat is None:
        return False
    post = QueryDict(mutable=True)
    for key, items in data.items():
        post.setlist(key, items)
    player = Seat(index=seat, is_host=is_host)
    try:
        request = read_post(post)
        action = prepare(player, request)
        if request.version != game.version:
            return False
        apply(stored_state(game), action)
    except ValueError:  # EngineError and ServiceError are ValueErrors; the server must cope
        return False
    return True


def abuser(game: Game, clients: list[Client], role: str) -> tuple[Client, int | None, bool]:
    """A client playing ``role``: the seat to move, another seat, a spectator, a stranger
    seated in another game."""
    current = stored_state(game).current
    if role == "current":
        return clients[current], current, current == 0
    if role == "other":
        seat = next(s for s in range(1, len(clients)) if s != current)
        return clients[seat], seat, False
    if role == "spectator":
        return client_with_session()[0], None, False
    return started_game(2)[1][0], None, False


@pytest.mark.parametrize("role", ["current", "other", "spectator", "foreign"])
def test_hostile_action_posts_are_refused_and_change_nothing(role: str) -> None:
    game, clients = playing_game()
    client, seat, is_host = abuser(game, clients, role)
    before = snapshot(game)

    @SLOW
    @given(post_data(game.version))
    def run(data: dict[str, list[str]]) -> None:
        assume(not would_accept(game, seat, is_host, data))
        response = client.post(f"/g/{game.code}/act/", data, headers=HTMX)
        assert response.status_code == 200 and response["X-Mao-Accepted"] == "0"
        assert ERROR in response.content.decode()
        assert snapshot(game) == before

    run()


def named_posts(game: Game, hand: list[str]) -> dict[str, tuple[dict[str, Any], str]]:
    """One POST per kind of hostile input, with the words its refusal must contain."""
    v = str(game.version)
    held, not_held = hand[0], next(c for c in CARD_TEXTS if c not in hand)
    return {
        "no version": ({"type": "pass"}, "no game version"),
        "superscript version": ({"type": "pass", "version": "²"}, "no game version"),
        "huge version": ({"type": "pass", "version": "9" * 5000}, "no game version"),
        "stale version": ({"type": "pass", "version": str(game.version - 1)}, "out of date"),
        "unknown action": ({"type": "cheat", "version": v}, "Unknown action"),
        "a rule by the play form": ({"type": "write_rule", "version": v},
                                    "Write rules with the rule builder"),
        "no card": ({"type": "play", "version": v}, "Choose a card"),
        "card not held": ({"type": "play", "version": v, "cards": [not_held]}, "do not hold"),
        "not a card": ({"type": "play", "version": v, "cards": ["ZZ"]}, "not a card"),
        "giant card list": ({"type": "play", "version": v, "cards": [held] * 500},
                            "1 to 13 cards"),
        "say too long": ({"type": "play", "version": v, "cards": [held],
                          "say": "x" * (MAX_SAY + 1)}, f"at most {MAX_SAY} characters"),
        "NUL in say": ({"type": "play", "version": v, "cards": [held], "say": "a\x00b"},
                       "cannot contain that character"),
        "superscript pile": ({"type": "play", "version": v, "cards": [held], "pile": "²"},
                             "Choose one of the piles"),
        "no such pile": ({"type": "play", "version": v, "cards": [held], "pile": "7"},
                         "no pile"),
        "bad suit": ({"type": "play", "version": v, "cards": [held], "suit": "X"},
                     "suit must be one of"),
    }


def test_each_kind_of_hostile_post_gets_a_clear_refusal() -> None:
    game, clients = playing_game()
    current = stored_state(game).current
    before = snapshot(game)
    for name, (data, words) in named_posts(game, stored_state(game).hands[current]).items():
        response = clients[current].post(f"/g/{game.code}/act/", data, headers=HTMX)
        text = html.unescape(response.content.decode())
        assert response.status_code == 200 and ERROR in text and words in text, (name, text)
    assert snapshot(game) == before


def test_forged_seats_and_games_act_as_nobody_else() -> None:
    game, clients = playing_game()
    current = stored_state(game).current
    other = next(s for s in range(1, 3) if s != current)
    _, strangers = started_game(2)
    before = snapshot(game)
    cases = [
        (clients[other], {"type": "pass", "seat": str(current)}, "not yours"),
        (clients[other], {"type": "end_game", "seat": "0"}, "Only the host"),
        (strangers[0], {"type": "pass", "seat": str(current), "game": game.code},
         "only players can act"),
        (Client(), {"type": "pass", "seat": str(current)}, "only players can act"),
    ]
    for client, data, words in cases:
        response = client.post(f"/g/{game.code}/act/", {**data, "version": game.version},
                               headers=HTMX)
        assert words in html.unescape(response.content.decode()), data
    assert snapshot(game) == before


# Request size limits (settings: DATA_UPLOAD_MAX_NUMBER_FIELDS, DATA_UPLOAD_MAX_MEMORY_SIZE).

#: Rows of a large form: lists have no cap of their own, and this many rows, every box ticked,
#: stay within the limit on posted fields.
LARGE = 60


def largest_builder_form() -> dict[str, list[str]]:
    """A large form the rule builder's page can send: many rows, every box ticked."""
    form = RuleForm(kind="trigger")
    full = Row(negate=True, ranks=tuple(RANK_CHOICES), suits=tuple(SUIT_CHOICES),
               with_played=True)
    form.lists = {name: CondList("all", [full] * (LARGE // len(LISTS))) for name in LISTS}
    form.effects = [EffectRow()] * MAX_EFFECTS
    return form_to_data(form)


def test_the_largest_builder_form_fits_the_limits() -> None:
    game, clients = started_game(3)
    data = largest_builder_form()
    response = clients[0].post(f"/g/{game.code}/builder/preview/", data, headers=HTMX)
    assert response.status_code == 200


@pytest.mark.parametrize("data", [
    {f"f{i}": "1" for i in range(2500)},                   # too many fields
    {"type": "pass", "version": "1", "say": "x" * 70_000},  # too big a body
    {"cards": ["QH"] * 3000},                              # too many values
])
def test_oversized_posts_get_400_and_change_nothing(data: dict[str, Any]) -> None:
    game, clients = playing_game()
    before = snapshot(game)
    mover = clients[stored_state(game).current]
    for url in ("act/", "builder/submit/", "join/"):
        response = mover.post(f"/g/{game.code}/{url}", data, headers=HTMX)
        assert response.status_code == 400, url
    assert snapshot(game) == before


# The rule builder.

BUILDER_FIELDS = (["kind", "jargon", "mode", "say", "penalty", "min", "max", "area", "op",
                   "index", "template", "top", "version", "effects-present"]
                  + [f"{name}-join" for name in LISTS]
                  + [f"{name}-{i}-{field}" for name in (*LISTS, "effects") for i in (0, 1, 99)
                     for field in ("test", "not", "subject", "ranks", "suits", "colour", "op",
                                   "value", "parity", "rel", "other", "n", "match",
                                   "count_op", "count", "type", "who", "direction",
                                   "per_run")])
BUILDER_VALUES = values | odd_numbers | st.sampled_from([
    "restriction", "trigger", "call", "permission", "instant_win", "all", "any", "must_not",
    "add", "remove", "refresh", "face", "rank", "value", "relation", "hand_count", "draw", "QH",
    "K"])
builder_data = st.builds(
    lambda known, anything: anything | known,
    st.fixed_dictionaries({}, optional={
        "area": st.lists(st.sampled_from([*LISTS, "effects"]) | values, min_size=1, max_size=1),
        "op": st.lists(st.sampled_from(["add", "remove", "refresh"]), min_size=1, max_size=1),
        "index": st.lists(odd_numbers | st.sampled_from(["0", "1", "11", "12", "99"]),
                          min_size=1, max_size=2),
        "version": st.lists(odd_numbers, min_size=1, max_size=2),
        "kind": st.lists(BUILDER_VALUES, min_size=1, max_size=1),
        "when-join": st.just(["all"]), "must-join": st.just(["any"])}),
    st.dictionaries(st.sampled_from(BUILDER_FIELDS) | st.text(max_size=10),
                    st.lists(BUILDER_VALUES, min_size=1, max_size=3), max_size=25))
ENDPOINTS = ["form/", "rows/", "preview/", "jargon/", "submit/"]


def test_hostile_builder_posts_never_fail_and_change_nothing() -> None:
    game, clients = started_game(3)  # seat 0 writes the first rule
    before = snapshot(game)

    @SLOW
    @given(st.sampled_from(ENDPOINTS), builder_data)
    def run(endpoint: str, data: dict[str, list[str]]) -> None:
        if endpoint == "submit/":
            # A valid rule at the right version would be written: keep the version wrong.
            assume(data.get("version", [""])[-1] != str(game.version))
        response = clients[0].post(f"/g/{game.code}/builder/{endpoint}", data, headers=HTMX)
        assert response.status_code in (200, 400), response.status_code
        assert snapshot(game) == before

    run()


@pytest.mark.parametrize(("endpoint", "data"), [
    ("rows/", {"area": "when", "when-join": "all", "op": "remove", "index": "²"}),
    ("rows/", {"area": "when", "when-join": "all", "op": "remove", "index": "1" * 5000}),
    ("submit/", {"kind": "restriction", "must-join": "all", "must-0-test": "face",
                 "version": "²"}),
    ("submit/", {"kind": "restriction", "must-join": "all", "must-0-test": "face",
                 "version": "1" * 5000}),
])
def test_builder_numbers_that_int_refuses_are_handled(endpoint: str, data: dict[str, str]) -> None:
    game, clients = started_game(3)
    before = snapshot(game)
    if endpoint == "submit/":
        data = data | {"revision": previewed(data)}  # a rule as previewed: only the version is off
    response = clients[0].post(f"/g/{game.code}/builder/{endpoint}", data, headers=HTMX)
    assert response.status_code == 200
    if endpoint == "submit/":
        assert "Your screen is out of date" in html.unescape(response.content.decode())
    assert snapshot(game) == before


@pytest.mark.parametrize("field", ["jargon", "say", "when-0-value"])
def test_nul_characters_in_a_rule_are_refused(field: str) -> None:
    game, clients = started_game(3)
    before = snapshot(game)
    data = {"kind": "call", "when-join": "all", "when-0-test": "face", "say": "Have a nice day",
            "jargon": "Nice", "version": str(game.version)} | {field: "x\x00y"}
    response = clients[0].post(f"/g/{game.code}/builder/submit/", data, headers=HTMX)
    assert response.status_code == 400
    assert snapshot(game) == before


DEEP_SPEC = "{\"type\": \"not\", \"of\": " * 1500 + "{}" + "}" * 1500  # 1,500 levels, 33 KB


@pytest.mark.parametrize(("name", "fields"), [
    ("a nested spec as the kind", {"kind": DEEP_SPEC}),
    ("a nested spec as a test", {"must-0-test": DEEP_SPEC}),
    ("a nested spec as a number", {"must-0-test": "value", "must-0-value": DEEP_SPEC}),
    ("a nested spec as the jargon", {"jargon": DEEP_SPEC}),
    ("a number that is not one", {"must-0-test": "value", "must-0-value": "seven"}),
    ("a number out of range", {"must-0-test": "value", "must-0-value": "9" * 40}),
    ("no rank ticked", {"must-0-test": "rank"}),
    ("an impossible card", {"must-join": "all", "must-0-test": "face", "must-1-test": "number"}),
    ("an unknown placeholder", {"kind": "call", "when-join": "all", "when-0-test": "face",
                                "say": "Hail {emperor}"}),
    ("a group of 9 to 3", {"kind": "permission", "each-join": "all", "each-0-test": "face",
                           "min": "9", "max": "3"}),
    ("a jargon too long", {"jargon": "J" * 300}),
])
def test_invalid_rule_specs_are_refused_with_the_field_named(name: str,
                                                              fields: dict[str, str]) -> None:
    game, clients = started_game(3)
    before = snapshot(game)
    data = {"kind": "restriction", "mode": "must", "must-join": "all", "jargon": "Hacked",
            "version": str(game.version)} | fields
    response = clients[0].post(f"/g/{game.code}/builder/submit/", data, headers=HTMX)
    text = html.unescape(response.content.decode())
    assert response.status_code == 200, name
    assert "Your rule is not finished yet" in text, (name, text)
    assert snapshot(game) == before


def test_a_nested_spec_cannot_reach_the_engine_by_any_endpoint() -> None:
    """Only the builder writes rules, and it builds each spec itself from flat rows, so the
    depth of a written rule is bounded whatever a client sends."""
    game, clients = started_game(3)
    before = snapshot(game)
    response = clients[0].post(f"/g/{game.code}/act/", {"type": "write_rule",
                                                        "rule": DEEP_SPEC,
                                                        "version": str(game.version)}, headers=HTMX)
    assert "Write rules with the rule builder" in response.content.decode()
    assert snapshot(game) == before


def test_only_the_writer_may_post_to_the_builder() -> None:
    game, clients = started_game(3)
    _, strangers = started_game(2)
    before = snapshot(game)
    data = {"kind": "restriction", "must-join": "all", "must-0-test": "face",
            "jargon": "Faces", "version": str(game.version)}
    for client in (clients[1], clients[2], strangers[0], Client()):
        for endpoint in ENDPOINTS:
            response = client.post(f"/g/{game.code}/builder/{endpoint}", data, headers=HTMX)
            assert response.status_code == 403, endpoint
    assert snapshot(game) == before


# The lobby.

def test_hostile_lobby_posts_get_clear_refusals() -> None:
    host, host_key = client_with_session()
    game = open_game(GameSettings(players=3), "Gogol", host_key)
    guest, _ = client_with_session()
    cases = [
        (guest, "join/", {"name": "a\x00b"}, "cannot contain that character"),
        (guest, "join/", {"name": "x" * 500}, "at most"),
        (guest, "join/", {"name": " \t "}, "choose a name"),
        (guest, "join/", {"name": "GOGOL"}, "already called"),
        (guest, "bots/", {"kind": "oracle"}, "Only the host"),
        (host, "bots/", {"kind": "skynet"}, "A bot is one of"),
        (guest, "start/", {}, "Only the host"),
        (host, "seats/0/remove/", {}, "cannot leave"),
        (host, "seats/7/remove/", {}, "already empty"),
        (host, "seats/99999999999999999999999/remove/", {}, "already empty"),
    ]
    version = Game.objects.get(pk=game.pk).version
    for client, url, data, words in cases:
        response = client.post(f"/g/{game.code}/{url}", data, headers=HTMX)
        assert response.status_code == 200, (url, data)
        assert words in html.unescape(response.content.decode()), (url, data)
    fresh = Game.objects.get(pk=game.pk)
    assert fresh.version == version and fresh.seats.count() == 1


@SLOW
@given(st.dictionaries(st.sampled_from(["name", "players", "hand_size", "decks", "jokers",
                                        "aces_high", "first_rule_maker"]) | st.text(max_size=8),
                       values, max_size=8))
def test_hostile_new_game_forms_never_fail(data: dict[str, str]) -> None:
    response = Client().post("/new/", data)
    assert response.status_code in (302, 400)


@pytest.mark.parametrize("path", ["/g/%00/", "/g/" + "A" * 5000 + "/", "/g/../../etc/passwd/",
                                  "/find/?code=%00", "/find/?code=" + "Z" * 5000,
                                  "/g/NOPE42/reveal/", "/g/NOPE42/builder/"])
def test_hostile_links_are_404_or_redirects(path: str) -> None:
    assert Client().get(path).status_code in (302, 404)


