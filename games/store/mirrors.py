"""The Rule and Round rows: queryable mirrors of what a game's state already holds.

Kept up to date by the write path inside its transaction, for the admin, the reveal and
statistics; never read back into the engine.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime

from games.engine.events import Dealt, Event, Tie, WonRound
from games.engine.state import GameState
from games.models import Game, Round, Rule

logger = logging.getLogger(__name__)


def update_mirrors(game: Game, before: GameState, after: GameState, events: Sequence[Event],
                   now: datetime) -> None:
    """Bring the Rule and Round rows of ``game`` up to date with ``after``."""
    known = {entry.id for entry in before.rules}
    # Rows mirror the rules players wrote; a preset's house rules and laws (no author) are
    # the preset's own data (games/presets) and the state's.
    Rule.objects.bulk_create([
        Rule(game=game, engine_id=entry.id, author=entry.author, round_written=entry.round,
             jargon=entry.jargon, spec=entry.data)
        for entry in after.rules if entry.id not in known and entry.author is not None])
    rule_maker = before.rule_maker
    for event in events:
        if isinstance(event, Dealt):
            Round.objects.create(game=game, number=event.round, rule_maker=rule_maker,
                                 started=now)
        elif isinstance(event, WonRound):
            # The winner makes the next rule and deals the next round.
            rule_maker = event.seat if event.seat is not None else rule_maker
            _close_round(game, now, winner=event.seat, how=event.how)
        elif isinstance(event, Tie):
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
