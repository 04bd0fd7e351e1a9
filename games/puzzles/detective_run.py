"""The detective plays a puzzle alone: seat 0 of the solo table, the bots beside it, until
it can name every hidden rule exactly, or :data:`MAX_PLAYS` plays of its own."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from games.autoplay.detective_bot import DetectiveMemory
from games.deduction.scoring import score
from games.engine.events import Drew, Event, Played, Refused
from games.engine.simulate import play_on
from games.engine.state import GameState
from games.puzzles.library import Puzzle
from games.puzzles.table import BOT_KIND, PLAYER_SEAT, SOLO_BOTS, open_solo
from rules.analysis import Allowance
from rules.context import Settings
from rules.spec import canonical_text

#: Most plays (its own, refused ones too) the detective gets before it gives up.
MAX_PLAYS: Final = 40
#: Situations the scoring of its guesses may try in one run, all checks together.
PROBES: Final = 400_000


@dataclass(frozen=True, slots=True)
class DetectiveRun:
    """How the detective fared: its own ``plays`` (refused ones too) until it cracked every
    rule (or gave up), the penalty cards it drew, and whether it ``cracked`` them all."""

    plays: int
    penalties: int
    cracked: bool


def run_detective(puzzle: Puzzle, seed: int) -> DetectiveRun:
    """The detective's run at the solo table of ``puzzle`` dealt by ``seed``; the same
    for the same puzzle and seed."""
    state, opening = open_solo(puzzle, seed, "Detective")
    language = Settings(aces_high=state.settings.aces_high)
    memory = DetectiveMemory(PLAYER_SEAT)
    memory.read([e.seen_by(PLAYER_SEAT) for e in opening])
    allowance = Allowance(PROBES)
    scored: dict[str, str] = {}
    solved: set[str] = set()
    tally = {"plays": 0, "penalties": 0}

    def done(now: GameState, happened: Sequence[Event]) -> bool:
        memory.read([e.seen_by(PLAYER_SEAT) for e in happened])
        for event in happened:
            if event.seat == PLAYER_SEAT and isinstance(event, Played | Refused):
                tally["plays"] += 1
            if event.seat == PLAYER_SEAT and isinstance(event, Drew) \
                    and event.reason == "penalty":
                tally["penalties"] += event.count
        detective = memory.brought_up_to_date(language)
        for rule in puzzle.rules:
            if rule.jargon in solved:
                continue
            guess = detective.guess(rule.jargon)
            if guess is None or scored.get(rule.jargon) == canonical_text(guess.spec):
                continue
            scored[rule.jargon] = canonical_text(guess.spec)  # scoring is the cost: once
            if score(guess, rule, memory.reader.record(), language,
                     allowance).verdict == "exact":
                solved.add(rule.jargon)
        return (len(solved) == len(puzzle.rules) or allowance.ran_out
                or tally["plays"] >= MAX_PLAYS or now.phase != "playing")

    kinds = ("detective", *(BOT_KIND,) * SOLO_BOTS)
    play_on(state, kinds, seed, max_actions=20 * MAX_PLAYS, max_rounds=1000, seen=opening,
            until=done)
    return DetectiveRun(tally["plays"], tally["penalties"], len(solved) == len(puzzle.rules))
