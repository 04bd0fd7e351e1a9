"""The builder's one question about every rule in force: at most one bit per writing turn.

On "Write this rule", the draft may be checked once against every rule in force: would it
end the game by a lockup (:func:`games.authoring.lock_check.locks_in_force`)? The check is spent
in the database (``Seat.lock_checked_round``, one conditional UPDATE) before the answer is
computed, so every tab, process and restart shares it.
"""

from __future__ import annotations

from dataclasses import replace

from games.authoring.lock_check import locks_in_force, needs_check
from games.builder.context import own_rules, table_of
from games.engine.state import GameState
from games.engine.vetting import staying_entries
from games.models import Game, Seat
from rules.spec import Rule

#: The code of the answer that stops a write once (a stable name for pages and tests).
ENDS_GAME_CODE = "lockup_in_force"
#: What the writer is told when the check finds a lockup: the same words whatever the
#: lockup, naming no card, rule or cause.
ENDS_GAME_WARNING = (
    "With the rules in force (other players' too), this rule could end the game: on some top "
    "card no card at all could be played, or nobody could ever empty their hand. The builder "
    "cannot say which, or why, without giving their rules away. Nothing was written. You "
    "will not be asked again this turn: press “Write this rule” again to write it anyway "
    "(the game may end by lockup), or change it.")


def spend(game: Game, seat: int, round_number: int) -> bool:
    """Spend ``seat``'s check of round ``round_number``'s writing turn: true only the first
    time (one conditional UPDATE, committed before anything is computed)."""
    unspent = Seat.objects.filter(game=game, index=seat).exclude(lock_checked_round=round_number)
    return unspent.update(lock_checked_round=round_number) == 1


def stops_write(game: Game, state: GameState, seat: int, rule: Rule) -> bool:
    """Whether writing ``rule`` (by ``seat``, in ``state``'s writing turn) is stopped this
    once because, with every rule in force, it could end the game.

    Asked only when the draft needs it (:func:`games.authoring.lock_check.needs_check`: not a
    speech rule, nor a draft the preview already warns could end the game from the
    writer's own rules) and the turn's check is unspent; the check is spent first
    (:func:`spend`), whatever its answer or what becomes of the write."""
    table = table_of(state, seat)
    if not needs_check(rule, own_rules(state, seat), table):
        return False
    if not spend(game, seat, state.round):
        return False
    staying = [replace(e.rule, author=e.author) for e in staying_entries(state)]
    return locks_in_force(rule, staying, table)
