"""``manage.py judge``: try secret rules offline on one play."""

from __future__ import annotations

import json
from argparse import ArgumentParser
from dataclasses import replace
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from rules.cards import parse_many
from rules.context import PlayContext, Settings
from rules.english import describe
from rules.errors import CardError, RuleError
from rules.evaluation import Rulebook
from rules.judge import judge_play, report
from rules.spec import load_rules_document

PLAYER = 0


class Command(BaseCommand):
    """Judge a play against rule files: prints legal or illegal, broken jargon, what fires.

    Exit status: 0 legal, 1 illegal, 2 bad input (with a message on stderr).
    """

    # An offline command (manage.py sets MAO_OFFLINE): the system checks would open a database
    # connection (the JSONField check asks SQLite what it supports), so none run.
    requires_system_checks = []

    help = ("Judge one play against rule files (JSON). Example: manage.py judge "
            "rules/examples/09_queen_then_black.json --pile '3D QH' --play QC")

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("rule_files", nargs="+", help="rule files (JSON), one or more")
        parser.add_argument("--pile", required=True, help="the pile, top last: '3D 8H QH'")
        parser.add_argument("--play", required=True,
                            help="the card played, or a group in order: '5C 6C 7C'")
        parser.add_argument("--as", dest="named", default="",
                            help="for jokers played, the cards they stand for, in order")
        parser.add_argument("--say", default="", help="words said with the play")
        parser.add_argument("--hand", default="", help="the player's whole hand (optional)")
        parser.add_argument("--hand-size", type=int, default=None,
                            help="cards held before the play (default: hand, else 5)")
        parser.add_argument("--author", action="append", default=[], metavar="JARGON",
                            help="the player wrote the rule with this jargon (repeatable)")
        parser.add_argument("--players", type=int, default=4)
        parser.add_argument("--active-suit", choices=["C", "D", "H", "S"], default=None)
        parser.add_argument("--turn", type=int, default=1)
        parser.add_argument("--round", type=int, default=1)
        parser.add_argument("--aces-high", action="store_true")
        parser.add_argument("--record", default="",
                            help="every card laid this round so far, oldest first, the starter "
                                 "included (default: the pile): what positions, counts and "
                                 "sums over the round read")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            self._judge(options)
        except (CardError, RuleError, OSError, ValueError) as exc:
            raise CommandError(str(exc), returncode=2) from None

    def _judge(self, options: dict[str, Any]) -> None:
        rules = []
        for name in options["rule_files"]:
            try:
                data = json.loads(Path(name).read_text())
            except json.JSONDecodeError as exc:
                raise ValueError(f"{name}: not JSON ({exc})") from None
            try:
                rules += load_rules_document(data)
            except RuleError as exc:
                raise ValueError(f"{name}: {exc}") from None
        unknown = set(options["author"]) - {r.jargon for r in rules}
        if unknown:
            raise ValueError(f"--author names no rule: {', '.join(sorted(unknown))}")
        rules = [replace(r, author=PLAYER if r.jargon in options["author"] else None)
                 for r in rules]
        if not 2 <= options["players"] <= 8:
            raise ValueError("--players must be between 2 and 8")
        pile, played = parse_many(options["pile"]), parse_many(options["play"])
        if not pile or not played:
            raise ValueError("--pile and --play each need at least one card")
        named = list(parse_many(options["named"]))
        jokers = sum(c.is_joker for c in played)
        if len(named) != jokers:
            raise ValueError(f"{jokers} joker(s) played but {len(named)} card(s) named with --as")
        if any(c.is_joker for c in named):
            raise ValueError("a joker must stand for an ordinary card, not a joker")
        per_card = iter(named)
        hand = parse_many(options["hand"]) if options["hand"] else ()
        hand_before = options["hand_size"] or len(hand) or 5
        if hand_before < len(played):
            raise ValueError(f"--hand-size {hand_before} is fewer than the cards played")
        record = parse_many(options["record"]) if options["record"] else None
        if record is not None and any(c.is_joker for c in record):
            raise ValueError("--record holds cards as the rules saw them: name what a joker "
                             "stood for instead of JK")
        context = PlayContext(played[0], pile, hand=hand, hand_before=hand_before,
                              player=PLAYER, players=options["players"],
                              active_suit=options["active_suit"], turn=options["turn"],
                              round=options["round"], record=record)
        rulebook = Rulebook(rules, Settings(aces_high=options["aces_high"]))
        judgement = judge_play(rulebook, pile, played,
                               [next(per_card) if c.is_joker else None for c in played],
                               options["say"], context)
        self.stdout.write("Rules:")
        for rule in rules:
            self.stdout.write(f"  {rule.jargon} ({rule.spec.kind}): {describe(rule)}")
        shown = " ".join(c.symbol for c in played)
        self.stdout.write(f"Play: {shown} on {pile[-1].symbol}")
        for line in report(judgement):
            self.stdout.write(line)
        if not judgement.legal:
            # Like grep: 0 legal, 1 illegal, 2 bad input, so scripts can branch on it.
            raise SystemExit(1)


