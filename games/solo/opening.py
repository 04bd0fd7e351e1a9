"""Opening a solo table: the one write path of a solo game's start (its seats, its state,
the opening's log entry), as the lobby's start does for a table of friends."""

from __future__ import annotations

import secrets
from datetime import date

from django.db import IntegrityError, transaction
from django.utils import timezone

from games.engine import names
from games.engine.clock import start_clock
from games.engine.errors import EngineError
from games.engine.timers import next_due
from games.models import Game, LogEntry, Seat, SoloRun, new_code
from games.presets.opening import OPENING
from games.publishing.services import published_puzzles
from games.puzzles.library import Puzzle, builtin_puzzles, find
from games.puzzles.table import open_solo
from games.solo import detective_jobs
from games.store.errors import ServiceError
from games.store.mirrors import update_mirrors
from games.store.subscribers import Change, changed
from games.store.writes import game_time

#: Seeds are drawn below this bound (a BigIntegerField holds them), as the lobby's are.
SEED_LIMIT = 2**62


def clean_name(name: str) -> str:
    """The player's name, tidied as every name is; ``solo/bad_name`` if it cannot be one."""
    try:
        return names.clean_name(name, "solo/bad_name")
    except EngineError as exc:
        raise ServiceError(exc.code, str(exc)) from None


def library() -> tuple[Puzzle, ...]:
    """The puzzles a player may choose from: the built-in ones, then the published ones."""
    return (*builtin_puzzles(), *published_puzzles())


def find_puzzle(slug: str) -> Puzzle | None:
    """The puzzle called ``slug``, or ``None`` (renamed or removed since, say)."""
    if not isinstance(slug, str):
        return None
    # The built-in ones first: most runs are theirs, and they need no query.
    return find(slug) or find(slug, library())


def puzzle_named(slug: str) -> Puzzle:
    """The puzzle called ``slug``; ``solo/unknown_puzzle`` if there is none."""
    found = find_puzzle(slug)
    if found is None:
        raise ServiceError("solo/unknown_puzzle", "There is no such puzzle: choose one from "
                                                  "the list.")
    return found


def start_solo(puzzle: Puzzle, name: str, holder: str, seed: int | None = None,
               day: date | None = None) -> Game:
    """Open a solo table of ``puzzle`` for the browser ``holder``, dealt and playing; a
    daily run (``day``) is one per browser: asked again, the same game comes back."""
    cleaned = clean_name(name)
    if not holder:
        raise ServiceError("lobby/no_session", "Your browser session is missing: reload the page.")
    if day is not None:
        mine = SoloRun.objects.filter(holder=holder, day=day).select_related("game").first()
        if mine is not None:
            return mine.game
    seed = secrets.randbelow(SEED_LIMIT) if seed is None else seed
    try:
        state, events = open_solo(puzzle, seed, cleaned)
    except EngineError as exc:
        raise ServiceError("solo/invalid", str(exc)) from None
    at = game_time()
    start_clock(state, at or 0)
    try:
        with transaction.atomic():
            code = new_code()
            while Game.objects.filter(code=code).exists():
                code = new_code()
            game = Game.objects.create(code=code, seed=seed, settings=state.settings.to_json(),
                                       state=state.to_json(), phase=state.phase, version=1,
                                       has_bots=True, due=next_due(state))
            # Nobody hosts a solo table: the player gives up rather than ends the game, and
            # has no seat of anyone else to hand over or remove.
            for index, seat_name in enumerate(state.names):
                bot = index > 0
                Seat.objects.create(game=game, index=index, name=seat_name,
                                    holder=None if bot else holder, is_bot=bot,
                                    bot_kind="experimenter" if bot else "")
            # The opening names the hidden rules, so that a replay opens the same game
            # (games.store.reads.replay); no page shows a logged action.
            opening = OPENING | {"laws": [rule.to_json() for rule in puzzle.rules]}
            LogEntry.objects.create(game=game, seq=1, action=opening,
                                    events=[event.to_json() for event in events], at=at)
            update_mirrors(game, state, state, events, timezone.now())
            SoloRun.objects.create(game=game, puzzle=puzzle.slug, holder=holder, name=cleaned,
                                   day=day)
            change = Change(game, 1)
            transaction.on_commit(lambda: changed(change))
            transaction.on_commit(lambda: detective_jobs.ahead(puzzle, seed), robust=True)
    except IntegrityError:
        # Two tabs opened the same day's run at once: the other one's game is the run.
        mine = SoloRun.objects.filter(holder=holder, day=day).select_related("game").first()
        if mine is None:
            raise
        return mine.game
    return game
