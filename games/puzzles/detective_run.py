"""The detective's run: how many plays the detective bot needs on a puzzle's deal."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.autoplay.detective_bot import DetectiveMemory
from games.deduction.scoring import score
from games.engine.events import Drew, Event, Played, Refused
from games.engine.simulate import play_on
from games.engine.state import GameState
from games.puzzles.library import Puzzle
from games.puzzles.table import open_solo
from rules.context import Settings

MAX_PLAYS = 60


@dataclass(slots=True)
class DetectiveRun:
    """Plays and penalties the detective took, and whether it cracked every rule."""

    plays: int
    penalties: int
    cracked: bool


def run_detective(puzzle: Puzzle, seed: int) -> DetectiveRun:
    """The detective at seat 0 of ``puzzle``'s table dealt with ``seed``."""
    state, events = open_solo(puzzle, seed, "Detective")
    memory = DetectiveMemory(0)
    memory.read([e.seen_by(0) for e in events])
    run = DetectiveRun(0, 0, False)
    settings = Settings(aces_high=state.settings.aces_high)

    def done(now: GameState, happened: Sequence[Event]) -> bool:
        memory.read([e.seen_by(0) for e in happened])
        run.plays += sum(isinstance(e, Played | Refused) and e.seat == 0 for e in happened)
        run.penalties += sum(isinstance(e, Drew) and e.seat == 0 and e.reason == "penalty"
                             for e in happened)
        detective = memory.brought_up_to_date(settings)
        record = memory.reader.record()
        guesses = [detective.guess(rule.jargon) for rule in puzzle.rules]
        run.cracked = all(g is not None and score(g, rule, record, settings).verdict == "exact"
                          for g, rule in zip(guesses, puzzle.rules, strict=True))
        return run.cracked or run.plays >= MAX_PLAYS or now.phase != "playing"

    play_on(state, ("detective", "experimenter", "experimenter"), seed,
            max_actions=10 * MAX_PLAYS, seen=events, until=done)
    return run
