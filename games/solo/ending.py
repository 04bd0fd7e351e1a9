"""The end of a solo run: cracked, given up or locked up; its tally and share marks."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from games.engine.actions import EndGame
from games.models import Game, SoloRun
from games.solo.record import PLAYER, tally
from games.store.errors import ServiceError
from games.store.reads import game_log
from games.store.writes import submit_action

#: The share text's marks: an accepted play, a refused one.
ACCEPTED, REFUSED = "🟩", "🟥"
#: The most marks the share text shows (a long run is cut, with an ellipsis).
MAX_MARKS = 60


def run_of(game: Game) -> SoloRun:
    """The solo run of ``game``; ``solo/not_solo`` for a table of friends."""
    run = SoloRun.objects.filter(game=game).first()
    if run is None:
        raise ServiceError("solo/not_solo", "This is not a solo puzzle.")
    return run


def finish(run: SoloRun, outcome: str) -> SoloRun:
    """Record ``outcome`` and the player's tally once the game is over; idempotent."""
    if run.outcome != "playing":
        return run
    counted = tally(game_log(run.game))
    marks = "".join(ACCEPTED if ok else REFUSED for ok in counted.plays)
    if len(marks) > MAX_MARKS:
        marks = marks[:MAX_MARKS] + "…"
    run.outcome, run.plays, run.penalties = outcome, len(counted.plays), counted.penalties
    run.marks, run.finished = marks, timezone.now()
    run.save(update_fields=["outcome", "plays", "penalties", "marks", "finished"])
    return run


def settled(run: SoloRun) -> SoloRun:
    """The run, finished as ``ended`` if its game locked up on its own."""
    if run.outcome == "playing" and run.game.phase == "ended":
        return finish(run, "ended")
    return run


def give_up(game: Game, holder: str) -> SoloRun:
    """The player gives up, whatever their screen showed: the game ends and the rules are
    revealed."""
    run = run_of(game)
    if run.holder != holder:
        raise ServiceError("solo/not_yours", "Only the player of this puzzle can give it up.")
    if run.outcome != "playing" or game.phase == "ended":
        raise ServiceError("solo/over", "This puzzle is over already.")
    with transaction.atomic():
        result = submit_action(game, EndGame(PLAYER), game.version, actor=holder)
        run.game = result.game
        return finish(run, "gave_up")
