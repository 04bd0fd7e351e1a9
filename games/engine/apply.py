"""``apply``: the one way a game changes. Pure: a new state and its events, or an error."""

from __future__ import annotations

from random import Random

from games.engine.actions import Action, ClaimWin, EndGame, Pass, Play, WriteRule
from games.engine.errors import EngineError
from games.engine.events import Event, RuleWritten
from games.engine.lockup import check_lockup, has_way_out
from games.engine.play import claim_win, pass_turn, play
from games.engine.rounds import end_game
from games.engine.setup import deal
from games.engine.state import GameState, RuleEntry, RuleStats, rule_data
from rules.english import describe
from rules.errors import RuleError
from rules.jargon import suggest_jargon
from rules.spec import FORMAT_VERSION, load_rule


def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Apply ``action`` to ``state``; return the new state and what happened.

    ``state`` itself is never changed. A refused action raises
    :class:`~games.engine.errors.EngineError` and changes nothing; a play that
    breaks a secret rule is accepted (with its penalty), not refused.
    """
    if state.phase == "ended":
        raise EngineError("action/wrong_phase", "The game is over.")
    new = state.clone()
    events: list[Event] = []
    if isinstance(action, Play):
        play(new, action, events)
    elif isinstance(action, Pass):
        pass_turn(new, action, events)
    elif isinstance(action, ClaimWin):
        claim_win(new, action, events)
    elif isinstance(action, WriteRule):
        write_rule(new, action, events)
    elif isinstance(action, EndGame):
        if action.seat >= new.players:
            raise EngineError("action/bad_seat", f"There is no seat {action.seat}.")
        end_game(new, "host", f"{new.names[action.seat]} ended the game.", events)
    else:
        raise EngineError("action/unknown", f"unknown action {action!r}")
    check_lockup(new, events)
    new.history.append(tuple(len(h) for h in new.hands))
    return new, events


def write_rule(state: GameState, action: WriteRule, events: list[Event]) -> None:
    """Add a rule-maker's secret rule; once every rule-maker has written, deal the round."""
    if state.phase != "writing":
        raise EngineError("action/wrong_phase", "Nobody is writing a rule right now.")
    if action.seat not in state.writers:
        raise EngineError("action/not_rule_maker", "It is not your turn to write a rule.")
    taken = [e.jargon for e in state.rules]
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
    if rule.jargon.casefold() in {t.casefold() for t in taken}:
        raise EngineError("rule/jargon_taken",
                          f"The jargon {rule.jargon!r} is already taken; choose another.")
    entry = RuleEntry(len(state.rules) + 1, action.seat, state.round, rule_data(rule))
    state.rules.append(entry)
    state.stats[entry.id] = RuleStats()
    state.writers.remove(action.seat)
    name = state.names[action.seat]
    events.append(RuleWritten(text=f"{name} has written a secret rule.", seat=action.seat,
                              to=action.seat, private=f"You wrote {rule.jargon}: {describe(rule)}",
                              round=state.round, rule=entry.id))
    if state.writers:
        return
    state.way_out = has_way_out(state.rulebook(), players=state.players)
    deal(state, events)
