"""``apply``: the one way a game changes. Pure: a new state and its events, or an error."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from random import Random

from games.engine.actions import (
    Action,
    CallOrder,
    ClaimWin,
    Deal,
    EndGame,
    EndOrder,
    HandOver,
    LeaveSeat,
    NameNew,
    OpenSeat,
    Pass,
    Play,
    Prophesy,
    RemoveSeat,
    Respond,
    SanctionOrder,
    Say,
    SkipRule,
    TakeSeat,
    Tick,
    TimeGame,
    WriteRule,
)
from games.engine.clock import TurnKey, keep_time, time_game, turn_key
from games.engine.ending import check_lockup
from games.engine.errors import EngineError
from games.engine.events import Event, RuleSkipped, RuleWritten
from games.engine.expulsion import expel_due, name_new, note_mistakes
from games.engine.lockup import has_way_out
from games.engine.out_of_turn import off_turn, out_of_turn
from games.engine.penalty_wait import note_waiting
from games.engine.play import claim_win, pass_turn, play
from games.engine.point_of_order import (
    call_order,
    end_order,
    refuse_paused,
    sanction,
    settle,
)
from games.engine.prophecy import prophesy
from games.engine.races import forget, hold, respond
from games.engine.rounds import begin_round, end_game, start_round
from games.engine.seats import hand_over, leave_seat, open_seat, remove_seat, take_seat
from games.engine.settings import kind_not_allowed
from games.engine.speech import answer, note_breaches, note_draws, say
from games.engine.state import GameState, RuleEntry, RuleStats, rule_data
from games.engine.timers import due_now, fire_due
from rules.english import describe
from rules.errors import RuleError
from rules.jargon import suggest_jargon
from rules.phrases import Phrase
from rules.spec import FORMAT_VERSION, load_rule


def apply(state: GameState, action: Action, at: int | None = None
          ) -> tuple[GameState, list[Event]]:
    """Apply ``action`` to ``state`` at time ``at``; return the new state and what happened.

    ``at`` is the server's clock in milliseconds (the log keeps it with the action, so a
    replay applies each action at the same time); ``None`` lets no time pass, and an ``at``
    earlier than the state's clock counts as the state's clock: time never runs backwards
    in a game (:mod:`games.engine.timers`). ``state`` itself is never changed. A refused
    action raises :class:`~games.engine.errors.EngineError` and changes nothing; a play
    that breaks a secret rule is accepted (with its penalty), not refused.
    """
    if state.phase == "ended":
        raise EngineError("action/wrong_phase", "The game is over.")
    if not isinstance(action, TakeSeat | Tick) and action.seat in state.out:
        # (A TakeSeat names the seat taken, not who asks; the server's Tick has no seat.)
        raise EngineError("action/out_of_game",
                          "You are out of this game: you can only watch it now.")
    new = state.clone()
    new.clock = max(new.clock, state.clock if at is None else at)
    before = turn_key(state)
    events: list[Event] = []
    refuse_paused(new, action)
    if not isinstance(action, Tick) and due_now(new, new.clock):
        # The server's clock decides: a deadline passed before this action came is passed
        # first (a turn that timed out is over, a race that closed is closed), as the tick
        # that is on its way would have done. If the action is then refused, nothing at
        # all changes, and the tick fires the timers itself.
        fire_due(new, new.clock, events)
        if new.phase == "ended":
            raise EngineError("action/wrong_phase", "The game is over.")
        if (isinstance(action, Play | Pass) and action.seat == state.current
                and turn_key(new) != before):
            # The move was meant for a turn that ran out before it came: it is too late,
            # not a move out of turn (which a game may penalise).
            raise EngineError("action/too_late",
                              "Too late: your time ran out before your move came.")
    if isinstance(action, Play | Pass | ClaimWin):
        hold(new)  # nobody plays while the table races
    if isinstance(action, Play | Pass | ClaimWin) and new.phase == "playing" and (
            0 <= action.seat < new.players):
        # A reply owed is owed before anything else the seat does (rules/speech.py); an
        # action refused below changes nothing, this included.
        # Words said with a play answer it too; the calls then judge the rest.
        probe = new.clone()
        with_play = isinstance(action, Play)
        replied = answer(new, action.seat, action.say if isinstance(action, Play) else None,
                         events, with_play=with_play)
        if new.phase != "playing":
            # The penalty emptied the stock and ended the round, so the action never
            # happens; it must still be one the engine would have accepted.
            _dispatch(probe, action, [])
            return _finish(new, action, before, events)
        _dispatch(new, action, events, replied)
        note_breaches(new, events)
        return _finish(new, action, before, events)
    _dispatch(new, action, events)
    return _finish(new, action, before, events)


def _dispatch(new: GameState, action: Action, events: list[Event],
              replied: Sequence[Phrase] = ()) -> None:
    """Carry out ``action`` on ``new`` (the copy being changed); ``replied``: the replies
    the words of a play answered (:func:`games.engine.speech.answer`)."""
    if isinstance(action, Tick):
        fire_due(new, new.clock, events)
    elif isinstance(action, Say):
        say(new, action, events)
    elif isinstance(action, Respond):
        respond(new, action, events)
    elif isinstance(action, Play | Pass) and off_turn(new, action):
        out_of_turn(new, action, events)
    elif isinstance(action, Play):
        play(new, action, events, replied)
    elif isinstance(action, Pass):
        pass_turn(new, action, events)
    elif isinstance(action, ClaimWin):
        claim_win(new, action, events)
    elif isinstance(action, WriteRule):
        write_rule(new, action, events)
    elif isinstance(action, SkipRule):
        skip_rule(new, action, events)
    elif isinstance(action, Deal):
        deal_round(new, action, events)
    elif isinstance(action, EndGame):
        if action.seat >= new.players:
            raise EngineError("action/bad_seat", f"There is no seat {action.seat}.")
        end_game(new, "host", f"{new.names[action.seat]} ended the game.", events)
    elif isinstance(action, HandOver):
        hand_over(new, action, events)
    elif isinstance(action, RemoveSeat):
        remove_seat(new, action, events)
    elif isinstance(action, OpenSeat):
        open_seat(new, action, events)
    elif isinstance(action, LeaveSeat):
        leave_seat(new, action, events)
    elif isinstance(action, TakeSeat):
        take_seat(new, action, events)
    elif isinstance(action, CallOrder):
        call_order(new, action, events)
    elif isinstance(action, EndOrder):
        end_order(new, action, events)
    elif isinstance(action, TimeGame):
        time_game(new, action, events)
    elif isinstance(action, NameNew):
        name_new(new, action, events)
    elif isinstance(action, SanctionOrder):
        sanction(new, action, events)
    elif isinstance(action, Prophesy):
        prophesy(new, action, events)
    else:
        raise EngineError("action/unknown", f"unknown action {action!r}")


def _finish(new: GameState, action: Action, before: TurnKey, events: list[Event]
            ) -> tuple[GameState, list[Event]]:
    """What every accepted action ends with: the mistakes counted and the expulsions they
    (or a hand too big) bring, the lockup check, the races of a round that ended
    forgotten, the draws to answer, a point of order that outlived its round, the clock (a
    new turn's timer), and the hands' sizes in the history."""
    note_mistakes(new, action, events)
    expel_due(new, events)
    check_lockup(new, events)
    if new.phase != "playing":
        forget(new)  # races are run within a round
    note_draws(new, events)
    note_waiting(new, events)
    settle(new, events)
    keep_time(new, before, new.clock)
    new.history.append(tuple(len(h) for h in new.hands))
    # A private event is for the player its seat has now: a later one reads it as public.
    events[:] = [replace(e, stint=new.stint_of(e.to)) if e.to is not None and new.stint_of(e.to)
                 else e for e in events]
    return new, events


def _require_writer(state: GameState, seat: int) -> None:
    if state.phase != "writing":
        raise EngineError("action/wrong_phase", "Nobody is writing a rule right now.")
    if seat not in state.writers:
        raise EngineError("action/not_rule_maker", "It is not your turn to write a rule.")


def write_rule(state: GameState, action: WriteRule, events: list[Event]) -> None:
    """Add a rule-maker's secret rule; once every rule-maker has written, deal the round.

    Where the winner's law replaces the laws in force (``rule_making`` ``replace``), every
    secret rule of earlier rounds retires: it stays in the game for the reveal, but stops
    applying after the round just ended.
    """
    _require_writer(state, action.seat)
    # Only names the writer knows may clash: refusing one they do not know would tell them
    # that a rule of that name exists. Two rules may so share a jargon; the table tells
    # them apart by their authors ("Ann: that's a Pip!").
    taken = state.known_jargons(action.seat)
    fields = set(action.rule) - {"jargon", "rule"}
    if fields:
        raise EngineError("rule/invalid", f"unknown field {sorted(fields)[0]!r}")
    # Blank or missing jargon gets a suggestion; anything but text (0, [], false) is refused.
    jargon = action.rule.get("jargon")
    jargon = "" if jargon is None else jargon
    if not isinstance(jargon, str):
        raise EngineError("rule/invalid", "jargon: must be text")
    if not jargon.strip():
        jargon = suggest_jargon(Random(f"{state.seed}/jargon/{len(state.rules)}"), taken)
    try:
        rule = load_rule({"version": FORMAT_VERSION, "jargon": jargon,
                          "author": action.seat, "rule": action.rule.get("rule")})
    except RuleError as exc:
        raise EngineError("rule/invalid", str(exc)) from None
    kinds = state.settings.rule_kinds
    if kinds is not None and rule.spec.kind not in kinds:
        raise EngineError("rule/kind_not_allowed", kind_not_allowed(kinds))
    if rule.jargon.casefold() in {t.casefold() for t in taken}:
        raise EngineError("rule/jargon_taken",
                          f"The jargon {rule.jargon!r} is already taken by a rule you know; "
                          "choose another.")
    retired = []
    if state.settings.rule_making == "replace":
        retired = [e for e in state.active_rules() if not e.house and e.round < state.round]
        for old in retired:
            old.retired = state.round - 1
    entry = RuleEntry(len(state.rules) + 1, action.seat, state.round, rule_data(rule),
                      stint=state.stint_of(action.seat))
    state.rules.append(entry)
    state.stats[entry.id] = RuleStats()
    state.writers.remove(action.seat)
    name = state.names[action.seat]
    if retired:
        noun = "law" if len(retired) == 1 else f"{len(retired)} laws"
        said = f"{name} has written a new secret law; the {noun} of earlier rounds no longer apply."
        said = said.replace("apply", "applies") if len(retired) == 1 else said
    else:
        said = f"{name} has written a secret rule."
    events.append(RuleWritten(text=said, seat=action.seat,
                              to=action.seat, private=f"You wrote {rule.jargon}: {describe(rule)}",
                              round=state.round, rule=entry.id))
    _writing_done(state, events)


def skip_rule(state: GameState, action: SkipRule, events: list[Event]) -> None:
    """A rule-maker writes no rule (where the game lets its winners skip)."""
    _require_writer(state, action.seat)
    making = state.settings.rule_making
    if making not in ("may_add", "replace"):
        raise EngineError("action/must_write", "In this game the winner always writes a rule.")
    state.writers.remove(action.seat)
    name = state.names[action.seat]
    said = (f"{name} writes no new law: the laws in force stay." if making == "replace"
            else f"{name} writes no new rule.")
    events.append(RuleSkipped(text=said, seat=action.seat, round=state.round))
    _writing_done(state, events)


def _writing_done(state: GameState, events: list[Event]) -> None:
    """Once every rule-maker has written (or skipped), the round starts."""
    if state.writers:
        return
    state.way_out = has_way_out(state.rulebook(), players=state.analysis_players())
    start_round(state, events)


def deal_round(state: GameState, action: Deal, events: list[Event]) -> None:
    """The dealer deals, naming who plays first and the direction of play."""
    if state.phase != "dealing":
        raise EngineError("action/wrong_phase", "Nobody is dealing right now.")
    if action.seat != state.dealer:
        raise EngineError("action/not_dealer",
                          f"It is {state.names[state.dealer]}'s deal, not yours.")
    if action.first is not None and action.first >= state.players:
        raise EngineError("action/bad_seat", f"There is no seat {action.first} in this game.")
    if action.first is not None and action.first in state.out:
        raise EngineError("seat/out", f"{state.names[action.first]} has left the game.")
    begin_round(state, events, action.first, action.direction)
