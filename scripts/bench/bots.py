"""Benchmark of the bots: penalties per play by kind, rules the detective cracks, its speed.

``python -m scripts.bench bots`` prints penalties per 100 plays of the experimenter, the
detective and the oracle at the same seeded tables (95 % intervals by a bootstrap over
tables), the share of ``rules/examples`` the detective cracks alone after 40 plays, and its
decision time with 5 rules. Targets: docs/performance.md.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from random import Random

from games.autoplay.detective_bot import DetectiveBot
from games.deduction.scoring import score
from games.engine.actions import Pass, Play, WriteRule
from games.engine.apply import apply
from games.engine.errors import EngineError
from games.engine.events import Drew, Event, Played, Refused
from games.engine.settings import GameSettings
from games.engine.setup import new_game
from games.engine.simulate import NAMES, GameRecord, play_on
from games.engine.state import GameState
from rules.context import Settings
from rules.generate import random_rule
from rules.spec import Rule, dump_rule, load_rule, load_rules_document
from scripts.bench.figures import median, percentile

KINDS = ("experimenter", "detective", "oracle")
EXAMPLES = Path(__file__).resolve().parents[2] / "rules" / "examples"


def seeded_table(seed: int, rules: int, players: int = 3) -> tuple[GameState, list[Event]]:
    """A game in play whose first ``rules`` random rules were written by the seats in turn
    (through the engine, so every event is there for the bots to read), and the events."""
    for attempt in range(1000):
        rng = Random(f"{seed}/{attempt}")
        settings = GameSettings(players=players, first_rule_maker=0)
        state = new_game(settings, NAMES[:players], seed * 1000 + attempt)
        state.writers = [i % players for i in range(rules)]
        events: list[Event] = []
        try:
            for i in range(rules):
                rule = random_rule(rng, author=i % players,
                                   taken=tuple(e.jargon for e in state.rules))
                state, found = apply(state, WriteRule(i % players, {
                    "jargon": rule.jargon, "rule": dump_rule(rule)["rule"]}))
                events += found
        except EngineError:
            continue
        if state.phase == "playing" and state.way_out:
            return state, events
    raise RuntimeError("no playable rulebook found")


@dataclass(frozen=True, slots=True)
class Tally:
    """One kind's plays, penalty cards, turns and passes at one table."""

    plays: int
    penalties: int
    turns: int
    passes: int


def tally(game: GameRecord, kinds: Sequence[str]) -> dict[str, Tally]:
    """What each kind of bot did at one table (``kinds[seat]`` sat at ``seat``)."""
    plays: Counter[str] = Counter()
    penalties: Counter[str] = Counter()
    for event in game.events:
        if event.seat is None:
            continue
        kind = kinds[event.seat]
        if isinstance(event, Played | Refused):
            plays[kind] += 1
        elif isinstance(event, Drew) and event.reason == "penalty":
            penalties[kind] += event.count
    turns: Counter[str] = Counter()
    passes: Counter[str] = Counter()
    for action in game.actions:
        if isinstance(action, Play | Pass):
            turns[kinds[action.seat]] += 1
            passes[kinds[action.seat]] += isinstance(action, Pass)
    return {k: Tally(plays[k], penalties[k], turns[k], passes[k]) for k in set(kinds)}


def _rate(tables: Sequence[dict[str, Tally]], kind: str) -> float:
    plays = sum(t[kind].plays for t in tables)
    return 100 * sum(t[kind].penalties for t in tables) / plays if plays else 0.0


def _interval(values: Sequence[float]) -> tuple[float, float]:
    return percentile(values, 0.025), percentile(values, 0.975)


@dataclass(frozen=True, slots=True)
class Penalties:
    """Penalties per 100 plays by kind with 95% intervals, passes per 100 turns, and the
    detective's rate over the experimenter's (with its interval)."""

    tables: int
    rates: dict[str, tuple[float, float, float]]
    passes: dict[str, float]
    ratio: tuple[float, float, float]


def penalties(tables: int = 320, rules: int = 3, actions: int = 300, seed: int = 1,
              resamples: int = 2000) -> Penalties:
    """Play ``tables`` seeded tables with the three kinds (see the module docstring)."""
    found = []
    for i in range(tables):
        state, events = seeded_table(seed * 10_000 + i, rules)
        kinds = tuple(KINDS[(s + i) % len(KINDS)] for s in range(len(KINDS)))
        game = play_on(state, kinds, seed * 10_000 + i, max_actions=actions, max_rounds=4,
                       seen=events)
        found.append(tally(game, kinds))
    rng = Random(seed)
    samples: dict[str, list[float]] = {k: [] for k in KINDS}
    ratios = []
    for _ in range(resamples):
        drawn = [rng.choice(found) for _ in found]
        for kind in KINDS:
            samples[kind].append(_rate(drawn, kind))
        experimenter = _rate(drawn, "experimenter")
        if experimenter:
            ratios.append(_rate(drawn, "detective") / experimenter)
    rates = {k: (_rate(found, k), *_interval(samples[k])) for k in KINDS}
    passes = {k: 100 * sum(t[k].passes for t in found) / max(1, sum(t[k].turns for t in found))
              for k in KINDS}
    ratio = rates["detective"][0] / rates["experimenter"][0]
    return Penalties(tables, rates, passes, (ratio, *_interval(ratios)))


def example_rules() -> list[Rule]:
    """Every rule of rules/examples, one by one."""
    found: list[Rule] = []
    for path in sorted(EXAMPLES.glob("*.json")):
        found += load_rules_document(json.loads(path.read_text()))
    return found


@dataclass(frozen=True, slots=True)
class Cracked:
    """The verdicts on the detective's guesses of each example rule, seed by seed, and how
    many plays each table saw."""

    verdicts: dict[str, list[str]]
    plays: list[int]

    @property
    def share(self) -> float:
        """The share of (rule, seed) cracked exactly."""
        every = [v for found in self.verdicts.values() for v in found]
        return sum(v == "exact" for v in every) / len(every)

    @property
    def share_seen(self) -> float:
        """The same, among the tables where the rule showed itself."""
        seen = [v for found in self.verdicts.values() for v in found if v != "unseen"]
        return sum(v == "exact" for v in seen) / len(seen) if seen else 0.0


def crack(rule: Rule, seed: int, plays: int = 40) -> tuple[str, int]:
    """The verdict on the detective's guess of ``rule`` after ``plays`` plays (or the end
    of the round) at a table of six, and how many plays it saw."""
    settings = GameSettings(players=6, hand_size=7, first_rule_maker=0)
    state = new_game(settings, NAMES[:6], seed)
    state, events = apply(state, WriteRule(0, {"jargon": rule.jargon,
                                               "rule": dump_rule(rule)["rule"]}))
    seen = [0]

    def enough(now: GameState, happened: Sequence[Event]) -> bool:
        seen[0] += sum(isinstance(e, Played | Refused) for e in happened)
        return seen[0] >= plays or now.phase != "playing"

    kinds = ("experimenter", "detective", *("experimenter",) * 4)
    game = play_on(state, kinds, seed, max_actions=10 * plays, seen=events, until=enough)
    bot = game.bots[1]
    assert isinstance(bot, DetectiveBot)
    record = bot.memory.reader.record()
    if record.sighting(rule.jargon) is None:
        return "unseen", seen[0]
    detective = bot.memory.brought_up_to_date(Settings())
    guess = detective.guess(rule.jargon)
    if guess is None:
        return "no guess", seen[0]
    real = load_rule({**dump_rule(rule), "author": 0})
    return score(guess, real, record).verdict, seen[0]


def cracked(seeds: int = 5, plays: int = 40) -> Cracked:
    """Every example rule alone, ``seeds`` tables each."""
    verdicts: dict[str, list[str]] = {}
    counts = []
    for rule in example_rules():
        for seed in range(seeds):
            verdict, seen = crack(rule, seed, plays)
            verdicts.setdefault(rule.jargon, []).append(verdict)
            counts.append(seen)
    return Cracked(verdicts, counts)


def decision_times(tables: int = 40, rules: int = 5, actions: int = 200,
                   seed: int = 2) -> list[float]:
    """The detective's decision times (seconds) at tables of three with ``rules`` random
    rules in force, until the first round ends."""
    found: list[float] = []
    for i in range(tables):
        state, events = seeded_table(seed * 10_000 + i, rules)
        kinds = tuple(KINDS[(s + i) % len(KINDS)] for s in range(len(KINDS)))
        game = play_on(state, kinds, seed * 10_000 + i, max_actions=actions, seen=events,
                       until=lambda now, _: now.phase != "playing", timed=True)
        found += game.thinking.get(kinds.index("detective"), [])
    return found


def run(tables: int = 320, seeds: int = 5, timed: int = 40, seed: int = 1) -> list[str]:
    """Every figure of the bots' benchmark, formatted."""
    lines = []
    found = penalties(tables, seed=seed)
    lines.append(f"penalties per 100 plays ({found.tables} tables of 3, 3 random rules "
                 "at the start; 95% interval):")
    for kind in KINDS:
        rate, low, high = found.rates[kind]
        lines.append(f"  {kind:<13} {rate:6.1f}  [{low:5.1f}, {high:5.1f}]   "
                     f"passes per 100 turns {found.passes[kind]:5.1f}")
    ratio, low, high = found.ratio
    lines.append(f"  detective / experimenter: {ratio:.2f} [{low:.2f}, {high:.2f}] "
                 "(target <= 0.50)")
    result = cracked(seeds)
    lines.append(f"example rules cracked exactly within 40 plays ({len(result.verdicts)} rules "
                 f"x {seeds} seeds): {100 * result.share:.0f}% (target >= 60%); "
                 f"{100 * result.share_seen:.0f}% of those that showed themselves; "
                 f"plays seen: median {median([float(n) for n in result.plays]):.0f}")
    for jargon, verdicts in result.verdicts.items():
        lines.append(f"  {jargon:<12} {' '.join(verdicts)}")
    times = decision_times(timed)
    lines.append(f"detective decision time, 5 rules ({len(times)} decisions): median "
                 f"{1000 * median(times):.1f} ms, p95 {1000 * percentile(times, 0.95):.1f} ms "
                 "(target p95 <= 50 ms)")
    return lines
