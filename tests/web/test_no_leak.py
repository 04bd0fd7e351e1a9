"""No secret leaks: every page and frame a seat or spectator gets, before the reveal,
holds no other seat's cards and no rule the viewer did not write; every notebook and
hypothesis answer neither, nor another viewer's notes, hypotheses or sealed guesses."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from hypothesis import HealthCheck, example, given
from hypothesis import strategies as st

from games.engine.bots import KnownRules, make_bot
from games.engine.events import Event
from games.engine.state import GameState
from games.engine.visibility import player_view
from games.live.fragments import render_update
from games.live.snapshots import read_snapshot
from games.models import Game, Hypothesis
from games.notebook.services import record_for
from games.store.identity import SESSION_KEY, hash_token, seat_of
from games.store.reads import game_log
from games.store.writes import submit_action
from rules.english import describe
from rules.spec import load_rule
from tests.examples import share
from tests.factories import stored_state
from tests.notebook.endpoints import notebook_answers
from tests.notebook.helpers import form_of
from tests.web.helpers import client_with_session, started_game

CARD_ATTR = re.compile(r'data-card="([^"]+)"')
#: The rule builder's menu of shipped example rules and its gallery of ideas: public words,
#: the same for everyone, which a secret rule written like an example repeats without
#: leaking anything.
EXAMPLES_MENU = re.compile(r'<select id="builder-template".*?</select>'
                           r'|<details id="builder-gallery".*?</details>', re.DOTALL)


def secrets_for(state: GameState, events: list[Event], viewer: int | None) -> list[str]:
    """Texts that must not reach ``viewer``: others' private lines and others' rules."""
    # Others' private lines, unless the viewer received the very same words ("You draw 🃏.").
    mine = {e.private for e in events if e.to == viewer}
    found = [e.private for e in events if e.private and e.to != viewer and e.private not in mine]
    # Two authors may write the same rule: the viewer's own wording is not a secret to them.
    own = {describe(e.rule) for e in state.rules if e.author == viewer}
    # A jargon is written without knowing the others' (their names are secret too), so the
    # viewer may have named a rule of its own as another author did.
    own_jargons = {e.jargon for e in state.rules if e.author == viewer}
    for entry in state.rules:
        if entry.author == viewer:
            continue
        if describe(entry.rule) not in own:
            found.append(describe(entry.rule))
        if entry.id not in state.revealed and entry.jargon not in own_jargons:
            found.append(f">{entry.jargon}<")
            found.append(f" {entry.jargon} ")
    return [s for s in found if s]


def check_html(html: str, state: GameState, events: list[Event], viewer: int | None) -> None:
    html = EXAMPLES_MENU.sub("", html)
    own = sorted(state.hands[viewer]) if viewer is not None and state.hands else []
    shown = sorted(CARD_ATTR.findall(html))
    assert shown in (own, []), f"seat {viewer} sees cards {shown}, holds {own}"
    for secret in secrets_for(state, events, viewer):
        assert secret not in html, f"seat {viewer} was shown a secret: {secret!r}"


def private_marks(viewer: int | None) -> tuple[str, dict[str, Any]]:
    """A note and a hypothesis only ``viewer`` keeps (rounds no random rule compares
    with, so that no rule in force says the same)."""
    n = 90 if viewer is None else 91 + viewer
    return (f"Private note of viewer {n}", {
        "kind": "restriction", "when": {"type": "compare", "what": "round", "op": ">=",
                                        "value": n},
        "must_not": {"type": "suit", "in": ["D"]}})


#: What every viewer drafts on the hypothesis page during the audit.
AUDIT_DRAFT: dict[str, Any] = {
    "kind": "restriction", "when": {"type": "compare", "what": "round", "op": ">=",
                                    "value": 99},
    "must_not": {"type": "suit", "in": ["S"]}}


def keep_private_marks(game: Game, viewers: list[tuple[int | None, Client]],
                       jargon: str) -> None:
    """Each viewer keeps a note on the game and a hypothesis for ``jargon``; players seal it
    (refused on their own rule: the hypothesis stays)."""
    base = f"/g/{game.code}/notebook/"
    for viewer, client in viewers:
        note, spec = private_marks(viewer)
        client.post(f"{base}note/", {"jargon": "", "text": note})
        client.post(f"{base}hypothesis/save/", {**form_of(spec), "jargon": jargon})
        row = Hypothesis.objects.filter(game=game, holder=holder_of(client)).first()
        assert row is not None
        client.post(f"{base}hypotheses/{row.pk}/seal/")


def check_private(html: str, viewer: int | None, viewers: list[int | None],
                  what: str = "page") -> None:
    """No other viewer's note or hypothesis in ``html``, and no sealed guess for a
    spectator (who seals none)."""
    for who in viewers:
        if who == viewer:
            continue
        note, spec = private_marks(who)
        for mark in (note, describe(load_rule({"version": 1, "jargon": "x", "rule": spec}))):
            assert mark not in html, f"{viewer} sees {mark!r} in the {what}"
    if viewer is None:
        assert "Sealed guess" not in html, what


def holder_of(client: Client) -> str:
    """The holder hash of a client's session."""
    return hash_token(client.session[SESSION_KEY])


def audit(game: Game, clients: list[Client], watcher: Client, marked: list[str],
          notebook: bool = True) -> None:
    """Every page and frame (and, with ``notebook``, every notebook answer) of every viewer
    holds no secret of another; ``marked``: the jargon the viewers keep their private marks
    on, once one was seen."""
    game.refresh_from_db()
    state = stored_state(game)
    if state.phase == "ended":
        return
    events = game_log(game)
    viewers: list[tuple[int | None, Client]] = [*enumerate(clients), (None, watcher)]
    seen = record_for(game, None).jargons
    if seen and not marked:
        marked.append(seen[0])
        keep_private_marks(game, viewers, seen[0])
    for viewer, client in viewers:
        page = client.get(f"/g/{game.code}/").content.decode()
        check_html(page, state, events, viewer)
        key = client.cookies["sessionid"].value
        snapshot = read_snapshot(game.pk, game.code)
        assert snapshot is not None
        frame, _ = render_update(snapshot, seat_of(game, key), "http://x/", None)
        check_html(frame, state, events, viewer)
        if not notebook:
            continue
        for what, answer in notebook_answers(client, game.code, marked[0] if marked else None,
                                             AUDIT_DRAFT):
            check_html(answer, state, events, viewer)
            check_private(answer, viewer, [who for who, _ in viewers], what)


def drive(game: Game, steps: int, seed: int) -> None:
    """Let engine bots choose every seat's moves, through the real write path."""
    for step in range(steps):
        game.refresh_from_db()
        state = stored_state(game)
        if state.phase == "ended":
            return
        due = state.writers if state.phase == "writing" else [state.current]
        seat = due[0]
        bot = make_bot("oracle" if (seed + step) % 3 else "experimenter", seat,
                       seed * 100 + step * 10 + seat, insight=KnownRules(state.rulebook()))
        action = bot.act(player_view(state, seat))
        assert action is not None
        submit_action(game, action, game.version)


@pytest.mark.django_db
@share(0.3, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10_000), players=st.integers(2, 4))
@example(seed=16, players=2)  # two authors name a rule alike: the viewer's own is no secret
def test_no_page_or_frame_leaks_a_secret(seed: int, players: int) -> None:
    game, clients = started_game(players)
    watcher, _ = client_with_session()
    marked: list[str] = []
    audit(game, clients, watcher, marked)
    for step in range(6):
        drive(game, 7, seed)
        # The notebook's answers every third time (the slow part): early, midway, last.
        audit(game, clients, watcher, marked, notebook=step in (2, 5))


@pytest.mark.django_db
def test_the_audit_can_fail() -> None:
    """The checker notices a leak when one is planted (so a green run means something)."""
    game, clients = started_game(3)
    drive(game, 3, 1)
    game.refresh_from_db()
    state = stored_state(game)
    events = game_log(game)
    other_hand = " ".join(f'data-card="{c}"' for c in state.hands[1])
    with pytest.raises(AssertionError):
        check_html(other_hand, state, events, 0)
    with pytest.raises(AssertionError):
        check_html(describe(state.rules[0].rule), state, events, 1)
    hypothesis = describe(load_rule({"version": 1, "jargon": "x", "rule": private_marks(1)[1]}))
    for planted, viewer in ((private_marks(1)[0], 0), (hypothesis, None),
                            ("🔒 Sealed guess", None)):
        with pytest.raises(AssertionError):
            check_private(planted, viewer, [0, 1, None])
    check_private(private_marks(1)[0] + hypothesis, 1, [0, 1, None])  # one's own: fine
