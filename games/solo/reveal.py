"""The end of a solo puzzle shown: each hidden rule and its English, the player's plays and
prophecies on one timeline, and the detective's run on the same puzzle and deal."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engine.events import Played, Prophesied, Refused
from games.models import SoloRun
from games.puzzles.detective_run import DetectiveRun
from games.puzzles.library import Puzzle
from games.solo.daily import GRADE_WORDS, RunRow, share_text
from games.solo.detective_jobs import ensure, given_up
from games.solo.opening import find_puzzle
from games.solo.record import PLAYER
from games.store.reads import game_entries, game_state
from rules.cards import parse
from rules.english import describe
from rules.errors import RuleError
from rules.spec import FORMAT_VERSION, Rule, load_rule

#: A prophecy's verdict in words.
VERDICT_WORDS = {"exact": "exact", "every_play": "right on every play seen, but not the rule",
                 "contradicted": "contradicted"}


@dataclass(frozen=True, slots=True)
class Moment:
    """One line of the timeline: a play (accepted or refused) or a prophecy."""

    kind: str
    text: str
    ok: bool


def _cards(cards: tuple[str, ...]) -> str:
    return " ".join(parse(c).symbol for c in cards)


def _guess_text(jargon: str, spec: Any) -> str:
    try:
        return describe(load_rule({"version": FORMAT_VERSION, "jargon": jargon, "rule": spec}))
    except RuleError:
        return "a rule the builder can no longer read"


def timeline(run: SoloRun) -> list[Moment]:
    """The player's plays and prophecies, in order."""
    said = {p.version: p for p in run.prophecies.all()}
    moments: list[Moment] = []
    for entry in game_entries(run.game):
        for event in entry.events:
            if isinstance(event, Played) and event.seat == PLAYER:
                moments.append(Moment("play", f"You played {_cards(event.cards)}: accepted.",
                                      True))
            elif isinstance(event, Refused) and event.seat == PLAYER:
                broken = ", ".join(b.jargon for b in event.broken) or "no rule"
                moments.append(Moment("play", f"You played {_cards(event.cards)}: refused "
                                              f"({broken}).", False))
            elif isinstance(event, Prophesied) and event.seat == PLAYER:
                p = said.get(entry.seq)
                if p is None:
                    continue
                text = (f"You prophesied {p.jargon}: {_guess_text(p.jargon, p.spec)} "
                        f"({VERDICT_WORDS[p.verdict]}"
                        f"{': ' + p.contradiction if p.contradiction else ''}).")
                moments.append(Moment("prophecy", text, p.verdict == "exact"))
    return moments


def _laws(run: SoloRun) -> tuple[Rule, ...]:
    """The hidden rules the run's game was played under, from its own state."""
    return tuple(entry.rule for entry in game_state(run.game).rules
                 if entry.author is None and not entry.house)


def detective_context(run: SoloRun, puzzle: Puzzle | None) -> dict[str, Any]:
    """The end page's section on the detective's run on the same deal of ``puzzle``: made,
    being made (``detective_pending``), or none for a puzzle gone from the library."""
    found = ensure(puzzle, run.game.seed) if puzzle is not None else None
    return {
        "code": run.game.code,
        "detective": DetectiveRun(found.plays, found.penalties, found.cracked) if found else None,
        "detective_pending": puzzle is not None and found is None
                             and not given_up(puzzle, run.game.seed),
    }


def end_context(run: SoloRun) -> dict[str, Any]:
    """The end page's context (see the module doc). A puzzle renamed or removed from the
    library since still shows its rules, from the game itself, without the detective."""
    puzzle = find_puzzle(run.puzzle)
    rules = puzzle.rules if puzzle is not None else _laws(run)
    return detective_context(run, puzzle) | {
        "run": RunRow.of(run), "puzzle": puzzle,
        "grade": GRADE_WORDS[puzzle.grade] if puzzle is not None else "",
        "rules": [(rule.jargon, describe(rule)) for rule in rules],
        "moments": timeline(run),
        "share": share_text(RunRow.of(run)) if run.day else "",
    }
