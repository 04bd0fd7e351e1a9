"""``manage.py play_bots``: play complete bot games with random rulebooks and report.

``--preset NAME`` plays the preset's games (its house rules, its lifecycle, ``--law`` to
start with one of its laws) and also reports how often bots that know the rules (oracles)
were refused or broke a call: a correct caller should never be.
"""

from __future__ import annotations

import time
from argparse import ArgumentParser
from collections import Counter
from statistics import mean, median
from typing import Any

from django.core.management.base import BaseCommand, CommandError

import games.autoplay.detective_bot  # noqa: F401  (registers the detective with make_bot)
from games.engine.bots import BOT_KINDS
from games.engine.errors import EngineError
from games.engine.settings import GameSettings
from games.engine.simulate import GameRecord
from games.presets.format import PresetError
from games.presets.opening import settings_for
from games.presets.registry import DEFAULT, preset, presets
from games.presets.simulate import (
    off_turn_of,
    penalties_of,
    play_preset,
    races_of,
    speech_broken_of,
)


class Command(BaseCommand):
    """Play N bot games (the bots write random rules as they win) and print what happened."""

    # An offline command (manage.py sets MAO_OFFLINE): the system checks would open a database
    # connection (the JSONField check asks SQLite what it supports), so none run.
    requires_system_checks = []

    help = ("Play complete bot games with random rulebooks; print games per second, rounds "
            "per game, lockup reasons and any invariant violations.")

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--games", type=int, default=50)
        parser.add_argument("--players", type=int, default=4)
        parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
        parser.add_argument("--bots", default="oracle,experimenter",
                            help="bot kinds (oracle, experimenter, detective), cycled over "
                                 "the seats")
        parser.add_argument("--max-rounds", type=int, default=8,
                            help="the host ends a game after this many rounds")
        parser.add_argument("--max-actions", type=int, default=2000)
        parser.add_argument("--preset", default=DEFAULT,
                            help=f"the preset to play ({', '.join(presets())})")
        parser.add_argument("--law", default=None,
                            help="start with this law of the preset (its jargon)")

    def handle(self, *args: Any, **options: Any) -> None:
        kinds = tuple(k.strip() for k in options["bots"].split(",") if k.strip())
        if not kinds or set(kinds) - set(BOT_KINDS):
            raise CommandError("--bots takes oracle, experimenter and/or detective",
                               returncode=2)
        if options["games"] < 1:
            raise CommandError("--games must be at least 1", returncode=2)
        name, law = options["preset"], options["law"]
        try:
            settings: GameSettings = settings_for(preset(name), players=options["players"],
                                                  law=law)
        except PresetError as exc:
            raise CommandError(f"{exc.path} {exc.detail}", returncode=2) from None
        except EngineError as exc:
            raise CommandError(str(exc), returncode=2) from None
        reasons: Counter[str] = Counter()
        rounds, actions, problems = [], 0, []
        refused = calls = speech = races = lost = missed = 0
        off_turn: Counter[str] = Counter()
        start = time.perf_counter()
        for i in range(options["games"]):
            seed = options["seed"] + i
            record: GameRecord = play_preset(name, seed, kinds, settings.players, law,
                                             options["max_actions"], options["max_rounds"])
            oracle = penalties_of(record, kinds, "oracle")
            refused, calls = refused + oracle[0], calls + oracle[1]
            speech += speech_broken_of(record, kinds, "oracle")
            off_turn += off_turn_of(record)
            run, last, silent = races_of(record, kinds, "oracle")
            races, lost, missed = races + run, lost + last, missed + silent
            end = record.final.end.reason if record.final.end else "unfinished"
            reasons["stopped at the limit" if record.capped else end] += 1
            rounds.append(len(record.final.winners))
            actions += len(record.actions)
            problems += [f"game seed {seed}: {p}" for p in record.problems]
        elapsed = time.perf_counter() - start
        games = options["games"]
        self.stdout.write(f"{games} games of {preset(name).title}, {settings.players} players "
                          f"({', '.join(kinds)}) "
                          f"in {elapsed:.2f} s: {games / elapsed:.2f} games/s, "
                          f"{actions / elapsed:.0f} actions/s")
        self.stdout.write(f"rounds won per game: mean {mean(rounds):.1f}, median "
                          f"{median(rounds)}, max {max(rounds)}")
        self.stdout.write("how games ended: " + ", ".join(
            f"{reason} {count}" for reason, count in reasons.most_common()))
        if "oracle" in kinds:
            self.stdout.write(f"oracle bots refused {refused} times, calls broken {calls} times, "
                              f"speech rules broken {speech} times")
            if races:
                self.stdout.write(f"races run {races}: oracle bots were last {lost} times, "
                                  f"never answered {missed} times")
        if off_turn:
            # Where the preset has them: plays off one's turn and expulsions.
            self.stdout.write("off turn and seats: " + ", ".join(
                f"{what} {count}" for what, count in sorted(off_turn.items())))
        self.stdout.write(f"invariant violations: {len(problems)}")
        for problem in problems[:20]:
            self.stdout.write(f"  {problem}")
        if problems:
            raise CommandError(f"{len(problems)} invariant violation(s)", returncode=1)
