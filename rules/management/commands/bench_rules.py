"""``manage.py bench_rules``: median and p95 of rule checks, grids and compilation."""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand

from rules.bench import format_figures, run


class Command(BaseCommand):
    """Print the rule-language benchmarks (see docs/performance.md)."""

    help = "Benchmark rule checks (1, 10, 30 rules), the 10-rule legality grid, compilation."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--repeats", type=int, default=200, help="samples per benchmark")
        parser.add_argument("--seed", type=int, default=1, help="seed of the random rulebooks")

    def handle(self, *args: Any, **options: Any) -> None:
        for line in format_figures(run(options["repeats"], options["seed"])):
            self.stdout.write(line)
