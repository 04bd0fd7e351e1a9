"""``manage.py bench_engine``: median and p95 of ``apply`` and of whole bot games."""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand

from games.engine.bench import run


class Command(BaseCommand):
    """Print the engine benchmarks (see docs/performance.md)."""

    help = "Benchmark one apply() with lockup analysis (10 rules) and whole bot games."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--states", type=int, default=20, help="random 10-rule states")
        parser.add_argument("--games", type=int, default=20, help="whole bot games to time")

    def handle(self, *args: Any, **options: Any) -> None:
        for line in run(options["states"], options["games"]):
            self.stdout.write(line)
