"""Benchmarks of the engine: one ``apply`` with lockup analysis, and whole bot games.

Run with ``python -m scripts.bench engine``; the figures go to docs/performance.md.
"""

from __future__ import annotations

import time
from random import Random

from games.engine.actions import Action, Play
from games.engine.apply import apply
from games.engine.bots import KnownRules, Oracle
from games.engine.lockup import has_way_out
from games.engine.settings import GameSettings
from games.engine.setup import deal, new_game
from games.engine.simulate import NAMES, play_game
from games.engine.state import GameState, RuleEntry, rule_data
from games.engine.visibility import player_view
from games.presets.simulate import play_preset
from rules.generate import random_rule
from scripts.bench.figures import Figure, format_figures, median, percentile


def state_with_rules(count: int, seed: int, players: int = 4) -> GameState:
    """A dealt game in play with ``count`` random rules (restrictions and triggers) in force."""
    for attempt in range(1000):
        rng = Random(f"{seed}/{attempt}")
        state = new_game(GameSettings(players=players), NAMES[:players], seed + attempt)
        for i in range(count):
            kind = "restriction" if i % 2 == 0 else "trigger"
            rule = random_rule(rng, kind, author=i % players,
                               taken=tuple(e.jargon for e in state.rules))
            state.rules.append(RuleEntry(i + 1, i % players, 1, rule_data(rule)))
        state.way_out = has_way_out(state.rulebook())
        deal(state, [])
        oracle = Oracle(state.current, 0, insight=KnownRules(state.rulebook()))
        probe, _ = apply(state, oracle.act(player_view(state, state.current))
                         or Play(state.current, (state.hands[state.current][0],)))
        if state.way_out and probe.phase == "playing":
            return state
    raise RuntimeError("no playable rulebook found")


def _timed_apply(samples: list[float], state: GameState, action: Action) -> GameState:
    """Apply ``action`` and record how long it took."""
    start = time.perf_counter()
    new, _ = apply(state, action)
    samples.append(time.perf_counter() - start)
    return new


def bench_apply(rules: int = 10, states: int = 20, plays: int = 25, seed: int = 1) -> Figure:
    """Time ``apply`` of the oracle's action (legal when it can) over many states."""
    samples: list[float] = []
    for i in range(states):
        state = state_with_rules(rules, seed * 1000 + i)
        for _ in range(plays):
            if state.phase != "playing":
                break
            bot = Oracle(state.current, i, insight=KnownRules(state.rulebook()))
            action: Action = bot.act(player_view(state, state.current)) or Play(
                state.current, (state.hands[state.current][0],))
            state = _timed_apply(samples, state, action)
    return Figure(f"apply one action, {rules} rules", median(samples),
                  percentile(samples, 0.95), len(samples))


def bench_random_cards(rules: int = 10, states: int = 20, plays: int = 25,
                       seed: int = 2) -> Figure:
    """Time ``apply`` of a random held card (often refused: penalty path) over many states."""
    samples: list[float] = []
    rng = Random(seed)
    for i in range(states):
        state = state_with_rules(rules, seed * 1000 + i)
        for _ in range(plays):
            if state.phase != "playing":
                break
            card = rng.choice(state.hands[state.current])
            named = ("5H",) if card == "JK" else (None,)
            state = _timed_apply(samples, state, Play(state.current, (card,), named))
    return Figure(f"apply a random card, {rules} rules", median(samples),
                  percentile(samples, 0.95), len(samples))


def bench_games(games: int = 20, seed: int = 3) -> tuple[Figure, float]:
    """Time whole bot games (4 seats, oracle and experimenter); return the figure and games/s."""
    samples: list[float] = []
    for i in range(games):
        start = time.perf_counter()
        play_game(GameSettings(players=4), seed * 1000 + i, ("oracle", "experimenter"))
        samples.append(time.perf_counter() - start)
    return (Figure("one whole bot game", median(samples), percentile(samples, 0.95), games),
            games / sum(samples))


def bench_preset_games(games: int = 20, seed: int = 4,
                       name: str = "teaching") -> tuple[Figure, Figure]:
    """Time whole bot games of a preset (4 seats, oracle and experimenter, a match) and each
    ``apply`` in them (replayed, so that the bots' thinking is not counted)."""
    whole: list[float] = []
    applies: list[float] = []
    for i in range(games):
        start = time.perf_counter()
        record = play_preset(name, seed * 1000 + i, ("oracle", "experimenter"), 4)
        whole.append(time.perf_counter() - start)
        state = record.start
        for action in record.actions:
            state = _timed_apply(applies, state, action)
    return (Figure(f"one whole bot game, {name} preset", median(whole),
                   percentile(whole, 0.95), games),
            Figure(f"apply one action, {name} preset", median(applies),
                   percentile(applies, 0.95), len(applies)))


def run(states: int = 20, games: int = 20) -> list[str]:
    """Every engine benchmark, formatted."""
    figures = [bench_apply(states=states), bench_random_cards(states=states)]
    game_figure, rate = bench_games(games)
    preset_game, preset_apply = bench_preset_games(games)
    lines = format_figures([*figures, game_figure, preset_apply, preset_game])
    lines.append(f"bot games per second: {rate:.2f}")
    return lines

