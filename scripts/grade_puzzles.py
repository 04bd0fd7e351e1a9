"""Grade the puzzle library again: ``python -m scripts.grade_puzzles [--write]``.

Plays the detective on every built-in puzzle over the grading deals
(:data:`games.puzzles.grading.GRADING_SEEDS`, about a second of CPU per puzzle) and prints
each stored grade beside the measured one; exits 1 when they differ. With ``--write`` it
stores the measured grades in ``games/puzzles/data/puzzles.json`` and orders the puzzles
easiest first. Run it after changing a puzzle, the detective or the grading
(tests/puzzles/test_library.py checks a sample).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from games.puzzles.detective_run import run_detective
from games.puzzles.grading import GRADING_SEEDS, grade, summary
from games.puzzles.library import DATA, GRADES, builtin_puzzles


def main(argv: Sequence[str] | None = None) -> int:
    """Print the table; with ``--write``, store the grades. 1 when a stored grade drifted."""
    parser = argparse.ArgumentParser(prog="python -m scripts.grade_puzzles",
                                     description=__doc__)
    parser.add_argument("--write", action="store_true", help="store the measured grades")
    args = parser.parse_args(argv)
    measured = {}
    print(f"{'puzzle':28} {'stored':10} {'measured':10} plays  cracked")
    for puzzle in builtin_puzzles():
        run = summary(run_detective(puzzle, seed) for seed in GRADING_SEEDS)
        measured[puzzle.slug] = found = grade(run)
        mark = "" if found == puzzle.grade else "  <- differs"
        print(f"{puzzle.slug:28} {puzzle.grade:10} {found:10} {run.plays:5}  "
              f"{run.cracked}{mark}")
    drifted = any(measured[p.slug] != p.grade for p in builtin_puzzles())
    if args.write:
        data = json.loads(DATA.read_text(encoding="utf-8"))
        for item in data["puzzles"]:
            item["grade"] = measured[item["slug"]]
        data["puzzles"].sort(key=lambda item: GRADES.index(item["grade"]))
        DATA.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n",
                        encoding="utf-8")
        return 0
    return int(drifted)


if __name__ == "__main__":
    sys.exit(main())
