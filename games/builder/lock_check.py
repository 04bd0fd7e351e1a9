"""The builder's one question about every rule in force: at most one bit per writing turn.

Nothing the builder answers while a rule is drafted (previews, the grid, warnings, notes,
the difficulty estimate, a jargon suggested) depends on rules the writer does not know
(games/builder/context.py). When the writer presses "Write this rule", the draft may be
checked once against every rule in force that stays beside it, other players' included:
would it end the game by one of the engine's lockups
(:func:`games.authoring.lock_check.locks_in_force`)? If so nothing is written and the writer is
told, in words that are the same whatever the lockup; every later submit of the turn is
written without a check.

Each seat has one check per writing turn (game, seat, round), spent in the database
(``Seat.lock_checked_round``) before the answer is computed, by one conditional UPDATE: every
tab, browser, reload, restart and process of the server shares it, and two submits at once
cannot both get it. Whatever the writer does during the turn, the builder's answers tell
them at most one bit about rules they do not know.
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
    """Spend ``seat``'s check of the writing turn of round ``round_number``: true only the
    first time it is asked (an UPDATE that changes the seat's row only if the check is
    unspent; committed at once, before anything is computed from it)."""
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
