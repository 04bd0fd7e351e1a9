"""Helpers for the reveal tests: real games played through the services until they end."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from games.engine.actions import Action, EndGame, WriteRule
from games.engine.bots import Bot, make_bot
from games.engine.settings import GameSettings
from games.engine.visibility import player_view
from games.models import Game, SealedGuess
from games.store.reads import load_state
from games.store.writes import submit_action
from tests.factories import create_game

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")

#: Follow suit or rank: experimenters break it often.
TANGLE: dict[str, Any] = {"jargon": "Tangle", "rule": {
    "kind": "restriction", "must": {"type": "any", "of": [
        {"type": "relation", "rel": "same_suit"}, {"type": "relation", "rel": "same_rank"}]}}}
#: Whoever plays a five draws a card.
FIVER: dict[str, Any] = {"jargon": "Fiver", "rule": {
    "kind": "trigger", "when": {"type": "rank", "in": ["5"]},
    "effects": [{"type": "draw", "who": "player", "count": 1}]}}
#: On a black card only an even top lets anything go down: an odd black top locks the game.
LOCK = {"jargon": "Gridlock", "rule": {
    "kind": "restriction", "when": {"type": "colour", "of": "top", "is": "black"},
    "must": {"type": "parity", "of": "top", "is": "even"}}}


def start(players: int = 3, seed: int = 1, names: Sequence[str] = NAMES) -> Game:
    """A stored game whose first rule-maker is seat 0 (the host)."""
    return create_game(GameSettings(players=players, first_rule_maker=0), names[:players], seed)


def play(game: Game, rules: Sequence[dict[str, Any]], kinds: Sequence[str] = ("oracle",),
         max_actions: int = 300) -> Game:
    """Play ``game`` through ``submit_action`` until it ends, and return it fresh.

    Each rule-maker in turn writes the next of ``rules``; when they run out, or after
    ``max_actions``, the host (seat 0) ends the game. Bots of ``kinds`` (cycling over the
    seats) choose every play.
    """
    state = load_state(game)
    # An oracle is told the rules of the state as it is when it asks.
    bots: list[Bot] = [make_bot(kinds[s % len(kinds)], s, game.seed * 31 + s,
                                insight=lambda: state.rulebook())
                       for s in range(state.players)]
    pending = list(rules)
    version, count = game.version, 0
    while state.phase != "ended":
        action: Action | None
        if count >= max_actions or (state.phase == "writing" and not pending):
            action = EndGame(0)
        elif state.phase == "writing":
            action = WriteRule(state.writers[0], pending.pop(0))
        else:
            action = next((a for bot in bots
                           if (a := bot.act(player_view(state, bot.seat))) is not None),
                          None)
        assert action is not None, f"nobody can act in phase {state.phase}"
        result = submit_action(game.pk, action, version)
        version, state, count = result.version, result.state, count + 1
        for bot in bots:
            bot.observe([event.seen_by(bot.seat) for event in result.events])
    return Game.objects.get(pk=game.pk)


#: Guesses for the rules above: Tangle exactly, Tangle too narrowly (same suit only: the
#: table saw same-rank plays go down), Tangle too widely (kings anywhere as well: in the
#: ``hosted`` game no king was seen go anywhere else, so it is right on every play seen).
TANGLE_EXACT: dict[str, Any] = TANGLE["rule"]
TANGLE_NARROW = {"kind": "restriction", "must": {"type": "relation", "rel": "same_suit"}}
TANGLE_WIDE = {"kind": "restriction", "must": {"type": "any", "of": [
    {"type": "relation", "rel": "same_suit"}, {"type": "relation", "rel": "same_rank"},
    {"type": "rank", "in": ["K"]}]}}
FIVER_EXACT: dict[str, Any] = FIVER["rule"]


def seal(game: Game, seat: int, jargon: str, spec: dict[str, Any], version: int,
         sealed: datetime | None = None) -> SealedGuess:
    """A sealed guess stored as the notebook stores one (sealed at game ``version``)."""
    guess = SealedGuess.objects.create(game=game, seat=seat, jargon=jargon, spec=spec,
                                       version=version)
    if sealed is not None:
        # ``sealed`` is set on every save (auto_now): an update sets it to a chosen time.
        SealedGuess.objects.filter(pk=guess.pk).update(sealed=sealed)
        guess.refresh_from_db()
    return guess
