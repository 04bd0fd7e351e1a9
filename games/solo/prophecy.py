"""The prophet's guess: the solo player states what a hidden rule is, on their turn, at
most once a turn. The answer is one verdict (exact, right on every play seen, or
contradicted with the play); anything but exact costs a penalty card, through the engine's
action path (:class:`~games.engine.actions.Prophesy`), so the log keeps it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction

from games.engine.actions import EndGame, Prophesy
from games.engine.errors import EngineError
from games.models import Game, Prophecy, SoloRun
from games.puzzles.prophet import ProphetAnswer, checkable, judge
from games.solo.ending import finish, run_of
from games.solo.opening import puzzle_named
from games.solo.record import PLAYER, player_record
from games.store.errors import ServiceError
from games.store.reads import game_settings, game_state
from games.store.writes import submit_action
from rules.context import Settings
from rules.errors import RuleError
from rules.spec import FORMAT_VERSION, Rule, load_rule


@dataclass(frozen=True, slots=True)
class Outcome:
    """A prophecy's answer: the jargon, the verdict, and whether the puzzle is now solved."""

    jargon: str
    answer: ProphetAnswer
    solved: bool

    @property
    def message(self) -> str:
        """The answer in words."""
        if self.answer.verdict == "exact":
            return (f"Exact: that is {self.jargon}. Every hidden rule is cracked!"
                    if self.solved else f"Exact: that is {self.jargon}. Crack the rest.")
        if self.answer.verdict == "every_play":
            return (f"Not {self.jargon}: your rule is right on every play seen so far, but it "
                    "is not the rule. You draw a penalty card.")
        return (f"Not {self.jargon}: {self.answer.contradiction}. You draw a penalty card.")


def _guess(spec: Any, jargon: str) -> Rule:
    try:
        return load_rule({"version": FORMAT_VERSION, "jargon": jargon, "rule": spec})
    except RuleError as exc:
        raise ServiceError("solo/bad_rule", str(exc)) from None


def _jargon(run: SoloRun, game: Game, asked: str) -> tuple[str, set[str]]:
    """The jargon asked for as the player has seen it, and those cracked already."""
    cleaned = " ".join(str(asked).split())
    seen = next((j for j in player_record(game).jargons if j.casefold() == cleaned.casefold()),
                None)
    if seen is None:
        raise ServiceError("solo/unknown_jargon",
                           f"No rule called “{cleaned}” has shown itself at this table yet.")
    cracked = set(run.prophecies.filter(verdict="exact").values_list("jargon", flat=True))
    if seen in cracked:
        raise ServiceError("solo/cracked_already", f"You have cracked {seen} already.")
    return seen, cracked


def prophesy(game: Game, holder: str, jargon: str, spec: Any, version: int) -> Outcome:
    """Judge the player's guess ``spec`` for ``jargon`` at the game's ``version`` (see the
    module doc). Refusals (``solo/...``, ``action/stale_version``) change nothing."""
    run = run_of(game)
    if run.holder != holder:
        raise ServiceError("solo/not_yours", "Only the player of this puzzle can prophesy.")
    if run.outcome != "playing" or game.phase == "ended":
        raise ServiceError("solo/over", "This puzzle is over already.")
    state = game_state(game)
    if state.phase != "playing" or state.current != PLAYER:
        raise ServiceError("solo/not_your_turn", "You may prophesy only on your turn.")
    if run.prophecies.filter(round=state.round, turn=state.turn).exists():
        raise ServiceError("solo/one_per_turn", "You have prophesied this turn already: play "
                                                "or draw, then try again on your next turn.")
    seen, cracked = _jargon(run, game, jargon)
    guess = _guess(spec, seen)
    settings = Settings(aces_high=game_settings(game).aces_high)
    if not checkable(guess):
        # Judged on the guess alone, so refusing it tells nothing of the hidden rule.
        raise ServiceError("solo/undecidable", "The prophet can only settle a rule it can "
                           "check in every situation: state it without counting the round's "
                           "cards or places.")
    rules = puzzle_named(run.puzzle).rules
    hidden = next((r for r in rules if r.jargon == seen), None)
    if hidden is None:
        # A jargon of the table's that is no hidden rule (none at a solo table, today).
        raise ServiceError("solo/unknown_jargon", f"{seen} is not a hidden rule here.")
    answer = judge(guess, hidden, player_record(game), settings)
    exact = answer.verdict == "exact"
    solved = exact and len(cracked) + 1 == len(rules)
    try:
        with transaction.atomic():
            result = submit_action(game, Prophesy(PLAYER, missed=not exact), version,
                                   actor=holder)
            Prophecy.objects.create(run=run, jargon=seen, spec=guess.to_json()["rule"],
                                    verdict=answer.verdict,
                                    contradiction=answer.contradiction, round=state.round,
                                    turn=state.turn, version=result.version)
            if solved:
                result = submit_action(result.game, EndGame(PLAYER), result.version,
                                       actor=holder)
                run.game = result.game
                finish(run, "cracked")
    except IntegrityError:
        raise ServiceError("solo/one_per_turn", "You have prophesied this turn already.") \
            from None
    except EngineError as exc:
        raise ServiceError(exc.code, str(exc)) from None
    return Outcome(seen, answer, solved)
