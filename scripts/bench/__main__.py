"""``python -m scripts.bench rules|engine|builder|deduction|bots|difficulty|estimates|
estimates-under-load|push|submit|layer|prophet|publish-grading``: figures.

Pure Python: no settings, no database, no server; except ``push``, the live table's CPU per
action, and ``submit``, the rule builder's "Write this rule", which set up Django on a
temporary SQLite file of their own, and ``estimates``, the
difficulty runner under a flood, and ``estimates-under-load``, a writer's wait for an estimate
while other tables write rules, and ``layer``'s in-process doorbell, which set up Django
without a database.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from scripts.bench import (
    bots,
    builder,
    deduction,
    difficulty,
    engine,
    estimates,
    layer,
    prophet,
    push,
    rules,
    submit,
    under_load,
)
from scripts.bench.figures import Figure, format_figures, median, percentile


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the command line and print the chosen benchmark's figures."""
    parser = argparse.ArgumentParser(prog="python -m scripts.bench", description=__doc__)
    which = parser.add_subparsers(dest="bench", required=True)
    rule_bench = which.add_parser("rules", help="rule checks (1, 10, 30 rules), the 10-rule "
                                                "legality grid, compiling a rule, judging "
                                                "calls")
    rule_bench.add_argument("--repeats", type=int, default=200, help="samples per benchmark")
    rule_bench.add_argument("--seed", type=int, default=1, help="seed of the random rulebooks")
    engine_bench = which.add_parser("engine", help="one apply() with lockup analysis "
                                                   "(10 rules) and whole bot games")
    engine_bench.add_argument("--states", type=int, default=20, help="random 10-rule states")
    engine_bench.add_argument("--games", type=int, default=20, help="whole bot games to time")
    builder_bench = which.add_parser("builder", help="the rule builder's preview")
    builder_bench.add_argument("--rules", type=int, default=10, help="rules in force")
    builder_bench.add_argument("--samples", type=int, default=200, help="previews timed")
    builder_bench.add_argument("--seed", type=int, default=1, help="seed of the random rules")
    builder_bench.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                               help="time by the wall clock, or by this process's CPU time "
                                    "(steady on a machine others load)")
    deduction_bench = which.add_parser("deduction", help="checking a hypothesis against "
                                                         "the plays of a long game")
    deduction_bench.add_argument("--plays", type=int, default=500, help="plays observed")
    deduction_bench.add_argument("--samples", type=int, default=200, help="checks timed")
    deduction_bench.add_argument("--seed", type=int, default=1, help="seed of the games")
    bots_bench = which.add_parser("bots", help="penalties per play of each bot kind, example "
                                               "rules the detective cracks, its decision time")
    bots_bench.add_argument("--tables", type=int, default=320, help="tables of three bots")
    bots_bench.add_argument("--seeds", type=int, default=5, help="tables per example rule")
    bots_bench.add_argument("--timed", type=int, default=40, help="tables timed (5 rules)")
    bots_bench.add_argument("--seed", type=int, default=1, help="seed of the tables")
    difficulty_bench = which.add_parser("difficulty", help="the builder's difficulty "
                                                           "estimate of each example rule")
    difficulty_bench.add_argument("--limit", type=int, default=None,
                                  help="estimate only the first N example rules")
    estimates_bench = which.add_parser("estimates", help="the difficulty runner under a "
                                                         "flood of drafts, then a fresh "
                                                         "writer's wait")
    estimates_bench.add_argument("--writers", type=int, default=40, help="flooding writers")
    estimates_bench.add_argument("--drafts", type=int, default=5, help="drafts each")
    load_bench = which.add_parser("estimates-under-load",
                                  help="a fresh writer's preview and time-to-estimate of each "
                                       "example rule while other tables write rules")
    load_bench.add_argument("--writers", type=int, default=10,
                            help="writers at other tables editing at once (0: alone)")
    load_bench.add_argument("--pace", type=float, default=1.0,
                            help="seconds between their edits, about")
    load_bench.add_argument("--seed", type=int, default=1, help="seed of their drafts")
    load_bench.add_argument("--limit", type=int, default=None,
                            help="the fresh writer writes only the first N example rules")
    push_bench = which.add_parser("push", help="the live table's CPU per action: the write "
                                               "and the render round of five viewers")
    push_bench.add_argument("--games", type=int, default=6, help="seeded five-seat games")
    push_bench.add_argument("--steps", type=int, default=60, help="actions per game at most")
    push_bench.add_argument("--seed", type=int, default=1, help="seed of the first game")
    submit_bench = which.add_parser("submit", help="the CPU of the rule builder's \"Write "
                                                   "this rule\" in fresh five-seat games")
    submit_bench.add_argument("--games", type=int, default=60, help="games, a rule each")
    submit_bench.add_argument("--seed", type=int, default=1, help="seed of the rules")
    layer_bench = which.add_parser("layer", help="one doorbell's CPU and a waiting socket's "
                                                 "memory, the embedded layer against Channels'")
    layer_bench.add_argument("--sockets", type=int, nargs="+", default=[100, 500],
                             help="open sockets (five a game)")
    layer_bench.add_argument("--samples", type=int, default=300, help="doorbells timed")
    prophet_bench = which.add_parser("prophet", help="the prophet's check over the puzzle "
                                                     "library (CPU)")
    prophet_bench.add_argument("--plays", type=int, default=60, help="plays seen per puzzle")
    prophet_bench.add_argument("--guesses", type=int, default=3,
                               help="random guesses per rule, besides the rule itself")
    prophet_bench.add_argument("--seed", type=int, default=1, help="seed of deals and guesses")
    which.add_parser("publish-grading", help="the detective's grading of a published rule, "
                                              "each library rule alone (CPU)")
    args = parser.parse_args(argv)
    if args.bench == "rules":
        lines = format_figures(rules.run(args.repeats, args.seed))
    elif args.bench == "engine":
        lines = engine.run(args.states, args.games)
    elif args.bench == "bots":
        lines = bots.run(args.tables, args.seeds, args.timed, args.seed)
    elif args.bench == "difficulty":
        figure, verdicts = difficulty.run(args.limit)
        lines = [*format_figures([figure]), "", "verdict      cracked  median  rule",
                 *verdicts]
    elif args.bench == "estimates":
        lines = estimates.run(args.writers, args.drafts)
    elif args.bench == "estimates-under-load":
        lines = under_load.run(args.writers, args.pace, args.seed, args.limit)
    elif args.bench == "push":
        lines = format_figures(push_figures(push.run(args.games, args.steps, args.seed)))
    elif args.bench == "submit":
        lines = format_figures(submit.run(args.games, args.seed))
    elif args.bench == "layer":
        lines = layer.run(args.sockets, args.samples)
    elif args.bench == "prophet":
        lines = format_figures(prophet.run(args.plays, args.guesses, args.seed))
    elif args.bench == "publish-grading":
        lines = format_figures(prophet.publish_grading())
    elif args.bench == "deduction":
        lines = format_figures(deduction.run(args.plays, args.samples, args.seed))
    else:
        lines = format_figures(builder.run(args.rules, args.samples, args.seed,
                                           cpu=args.clock == "cpu"))
    print("\n".join(lines))


def push_figures(samples: Sequence[push.PushSample]) -> list[Figure]:
    """The push benchmark's figures: the write, the render round, and both, per action."""
    parts = {"push: write (CPU)": [s.write for s in samples],
             "push: render round, 5 viewers (CPU)": [s.render for s in samples],
             "push: both (CPU per action)": [s.write + s.render for s in samples]}
    return [Figure(name, median(xs), percentile(xs, 0.95), len(xs)) for name, xs in parts.items()]


if __name__ == "__main__":
    main()
