"""The one write path of games: create a game, submit an action; read helpers beside them.

Every change to a stored game goes through :func:`submit_action`, which, in one transaction,
locks the game row, checks the version the client last saw, runs the pure engine, stores the
new state with ``version + 1``, appends one :class:`~games.models.LogEntry` and updates the
:class:`~games.models.Rule` and :class:`~games.models.Round` mirrors; only after the commit
does it ring the doorbell (:func:`games.notify.notify`).

Errors: :class:`ServiceError` (a ``ValueError`` with a stable ``code``) for problems of this
layer (``game/not_found``, ``game/invalid``, ``action/stale_version``).
:class:`~games.engine.errors.EngineError` (also a ``ValueError`` with a ``code``) passes
through unchanged when the engine refuses an action or settings. Either way nothing is saved.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from games.engine.actions import Action, action_to_json, parse_action
from games.engine.apply import apply
from games.engine.events import Event
from games.engine.settings import GameSettings
from games.engine.setup import new_game
from games.engine.state import GameState
from games.models import BOT_KINDS, Game, LogEntry, Round, Rule, Seat, new_code
from games.notify import notify
from games.snapshots import remember_change

logger = logging.getLogger(__name__)

SEED_LIMIT = 2**62
_BIGINT = 2**63

GameRef = Game | int | str
"""A game, its primary key, or its public code (any case)."""


class ServiceError(ValueError):
    """A request this layer refuses, with a stable ``code``; nothing was saved.

    Codes: ``game/not_found``, ``game/invalid`` (bad options for a new game),
    ``action/stale_version`` (the client's screen is out of date).
    """

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


@dataclass(frozen=True, slots=True)
class SubmitResult:
    """An accepted action: the game's new ``version``, the new ``state`` and its ``events``."""

    game: Game
    version: int
    state: GameState
    events: list[Event]


def get_game(ref: GameRef) -> Game:
    """The game for a :data:`GameRef`; ``ServiceError("game/not_found")`` when there is none."""
    if isinstance(ref, Game):
        return ref
    return _query(ref, Game.objects.all())


def locked_game(ref: GameRef) -> Game:
    """The game row, locked for the rest of the transaction (where the database can)."""
    return _query(ref.pk if isinstance(ref, Game) else ref, Game.objects.select_for_update())


def _query(ref: int | str, queryset: QuerySet[Game]) -> Game:
    if isinstance(ref, str) and "\x00" in ref:
        # No code holds NUL, and PostgreSQL refuses it even in a query: a link to nowhere.
        raise ServiceError("game/not_found", f"There is no game {ref!r}.")
    lookup = {"code": ref.strip().upper()} if isinstance(ref, str) else {"pk": ref}
    try:
        return queryset.get(**lookup)
    except Game.DoesNotExist:
        raise ServiceError("game/not_found", f"There is no game {ref!r}.") from None


def create_game(settings: GameSettings, names: Sequence[str], seed: int | None = None, *,
                bots: Mapping[int, str] | None = None,
                session_keys: Sequence[str | None] | None = None,
                host: int | None = 0) -> Game:
    """Create a game with every seat filled, waiting for its first rule (version 0).

    ``names`` gives the seats in order; ``bots`` maps seat indexes to a bot kind
    (``experimenter`` or ``oracle``); ``session_keys`` the browser session of each human
    seat; ``host`` the host's seat (or ``None``). ``seed`` defaults to a random one.
    Settings and names are checked by the engine (``EngineError`` ``settings/invalid``).
    """
    if seed is None:
        seed = secrets.randbelow(SEED_LIMIT)
    bots = dict(bots or {})
    keys = list(session_keys) if session_keys is not None else [None] * len(names)
    problems = [
        (-_BIGINT <= seed < _BIGINT, "the seed must fit in 64 bits"),
        (all(kind in BOT_KINDS for kind in bots.values()),
         f"a bot kind must be one of {', '.join(BOT_KINDS)}"),
        (all(0 <= seat < len(names) for seat in bots), "a bot must sit at one of the seats"),
        (len(keys) == len(names), "session_keys needs one entry per seat"),
        (host is None or 0 <= host < len(names), "the host must be one of the seats"),
    ]
    for ok, message in problems:
        if not ok:
            raise ServiceError("game/invalid", message)
    state = new_game(settings, names, seed)
    with transaction.atomic():
        code = new_code()
        while Game.objects.filter(code=code).exists():
            code = new_code()
        game = Game.objects.create(code=code, seed=seed, settings=settings.to_json(),
                                   state=state.to_json(), phase=state.phase)
        Seat.objects.bulk_create([
            Seat(game=game, index=index, name=name, session_key=None if index in bots else key,
                 is_bot=index in bots, bot_kind=bots.get(index, ""), is_host=index == host)
            for index, (name, key) in enumerate(zip(state.names, keys, strict=True))])
    return game


def submit_action(game_ref: GameRef, action: Action, expected_version: int) -> SubmitResult:
    """Apply ``action`` to the stored game if it is still at ``expected_version``.

    On success the new state, phase and version (``expected_version + 1``) are stored, one
    :class:`LogEntry` with ``seq`` equal to that version is appended, the Rule and Round
    mirrors are updated, and once the transaction commits the game's group hears
    ``{"type": "game.updated", "version": ...}``.

    Raises ``ServiceError`` (``game/not_found``, ``action/stale_version``) or the engine's
    ``EngineError`` unchanged; in both cases nothing is saved and nobody is notified.
    The game is always read afresh: a ``Game`` passed in is not updated (use
    ``result.game``).
    """
    with transaction.atomic():
        # A row lock where the database has them; SQLite takes its write lock when the
        # transaction begins (transaction_mode IMMEDIATE). The version check below makes
        # races harmless either way.
        game = _query(game_ref.pk if isinstance(game_ref, Game) else game_ref,
                      Game.objects.select_for_update())
        if expected_version != game.version:
            raise ServiceError(
                "action/stale_version",
                f"Your screen is out of date: it shows version {expected_version} of the game, "
                f"which is now at version {game.version}. Look again, then retry.")
        before = GameState.from_json(game.state)
        after, events = apply(before, action)
        now = timezone.now()
        version = game.version + 1
        game.state = after.to_json()
        game.phase = after.phase
        game.version = version
        if after.phase == "ended" and game.ended_at is None:
            game.ended_at = now
        game.save(update_fields=["state", "phase", "version", "ended_at", "updated"])
        LogEntry.objects.create(game=game, seq=version, action=action_to_json(action),
                                events=[event.to_json() for event in events])
        _mirror(game, before, after, events, now)
        game_id, code = game.pk, game.code

        def committed() -> None:
            try:
                remember_change(game, events)
            except Exception:  # only a cache: the doorbell and the bots must still go
                logger.exception("game %s: could not keep its snapshot", game_id)
            after_change(game_id, version, code)

        transaction.on_commit(committed)
    return SubmitResult(game=game, version=version, state=after, events=events)


def after_change(game_id: int, version: int, code: str | None = None) -> None:
    """Once a change is committed: ring the doorbell, then wake any bot that is due.

    ``code`` (the game's) lets the bot driver skip games it knows have no bot.
    """
    from games.botdriver import kick

    notify(game_id, version)
    kick(game_id, code)


def _mirror(game: Game, before: GameState, after: GameState, events: list[Event],
            now: datetime) -> None:
    """Bring the Rule and Round rows up to date with ``after``."""
    known = {entry.id for entry in before.rules}
    Rule.objects.bulk_create([
        Rule(game=game, engine_id=entry.id, author=entry.author, round_written=entry.round,
             jargon=entry.jargon, spec=entry.data)
        for entry in after.rules if entry.id not in known])
    rule_maker = before.rule_maker
    for event in events:
        if event.kind == "dealt":
            Round.objects.create(game=game, number=event.data["round"], rule_maker=rule_maker,
                                 started=now)
        elif event.kind == "won_round":
            # The winner makes the next rule and deals the next round.
            rule_maker = event.seat if event.seat is not None else rule_maker
            _close_round(game, now, winner=event.seat, how=event.data["how"])
        elif event.kind == "tie":
            _close_round(game, now, winner=None, how="no_supply")
    if after.phase == "ended":
        _close_round(game, now, winner=None, how="", expected=False)


def _close_round(game: Game, now: datetime, *, winner: int | None, how: str,
                 expected: bool = True) -> None:
    closed = Round.objects.filter(game=game, ended__isnull=True).update(
        ended=now, winner=winner, how=how)
    if expected and closed != 1:
        # A mirror out of step is a bug to report, never a reason to refuse a valid action.
        logger.error("game %s: %d open rounds closed instead of 1", game.pk, closed)


def load_state(game: GameRef) -> GameState:
    """The stored engine state of a game."""
    return GameState.from_json(get_game(game).state)


def game_log(game: GameRef, since: int = 0) -> list[Event]:
    """Every event of the game in order (secrets included), of the actions after ``since``."""
    entries = LogEntry.objects.filter(game=get_game(game), seq__gt=since).order_by("seq")
    return [Event.from_json(data) for entry in entries.values_list("events", flat=True)
            for data in entry]


def replay(game: GameRef) -> GameState:
    """Rebuild a game's state from its seed, settings, seat names and logged actions.

    Equal (as JSON) to the stored state unless something went wrong: the engine is
    deterministic per seed, and every accepted action is in the log.
    """
    game = get_game(game)
    names = list(game.seats.order_by("index").values_list("name", flat=True))
    state = new_game(GameSettings.from_json(game.settings), names, game.seed)
    for data in LogEntry.objects.filter(game=game).order_by("seq").values_list("action",
                                                                              flat=True):
        state, _ = apply(state, parse_action(data))
    return state
