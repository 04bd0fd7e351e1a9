"""Benchmarks of the rule language: median and p95 of checks, grids, compilation and calls.

``python -m scripts.bench rules``: seeded random restrictions (the worst case), calls under
:data:`SEED_CALLS`, plays part-way through rounds of 30 or 60 cards, each check building
its context afresh as the engine does. Figures go to docs/performance.md.
"""

from __future__ import annotations

from random import Random
from typing import Any

from rules.analysis import legality_grid
from rules.cards import STANDARD_CARDS, Card
from rules.context import PlayContext
from rules.evaluation import Rulebook
from rules.generate import random_card_test, random_rule
from rules.spec import Rule, load_rule
from scripts.bench.figures import Figure, measure

#: Lengths of the round so far that plays are judged in (a deal of 5 to 7 cards to each of
#: four players plays some 30 cards a round; long rounds with penalties reach 60).
ROUNDS = (30, 60)

Play = tuple[Card, tuple[Card, ...], dict[str, Any]]


def restrictions(count: int, seed: int) -> list[Rule]:
    """``count`` random restriction rules with distinct jargon."""
    rng = Random(seed)
    rules: list[Rule] = []
    for i in range(count):
        rules.append(random_rule(rng, "restriction", author=i % 4,
                                 taken=tuple(r.jargon for r in rules)))
    return rules


def whole_round(count: int, seed: int) -> list[Rule]:
    """``count`` restrictions that each read every card of the round: counts of random card
    tests and sums of values, with the played card or without."""
    rng = Random(seed)
    rules = []
    for i in range(count):
        test: dict[str, Any]
        if i % 2:
            test = {"type": "sum", "with_played": rng.random() < 0.5, "op": ">=", "value": 1}
        else:
            test = {"type": "count", "where": random_card_test(rng), "op": "<=", "value": 120}
        rules.append(load_rule({"version": 1, "jargon": f"Round{i}", "author": i % 4,
                                "rule": {"kind": "restriction", "must": test}}))
    return rules


def plays(count: int, seed: int, round_cards: int = 4) -> list[Play]:
    """The makings of random plays, part-way through a round of ``round_cards`` cards: the
    card played, the pile (the round's last four cards, or after a reshuffle its last
    one) and the rest of the context."""
    rng = Random(seed)
    found: list[Play] = []
    for _ in range(count):
        record = tuple(rng.choice(STANDARD_CARDS) for _ in range(round_cards))
        pile = record[-1:] if rng.random() < 0.3 else record[-4:]
        found.append((rng.choice(STANDARD_CARDS), pile,
                      {"hand_before": rng.randint(1, 8), "player": rng.randrange(4),
                       "record": record}))
    return found


def _checks(name: str, book: Rulebook, made: list[Play], repeats: int) -> Figure:
    def check() -> None:
        for card, pile, rest in made:
            book.broken(PlayContext(card, pile, **rest))

    return measure(name, check, repeats, per_call=len(made))


#: The call rules of the seeds (spades, tens, multiples, kings, Mao with one card and with
#: the last), with the condition each is required under.
SEED_CALLS = (
    ("{rank} of {suit}", {"type": "suit", "in": ["S"]}),
    ("Have a {very} nice day", {"type": "rank", "in": ["10"]}),
    ("two", {"type": "relation", "rel": "same_rank"}),
    ("All hail the [most] [honorable] (Chairman|Chairwoman), {card}",
     {"type": "rank", "in": ["K", "Q"]}),
    ("Mao", {"type": "compare", "what": "hand_after", "op": "==", "value": 1}),
    ("(Mao|Mau) [Mao]", {"type": "compare", "what": "hand_after", "op": "==", "value": 0}),
)


def call_rules() -> list[Rule]:
    """The seeds' call rules, as one rulebook's."""
    return [load_rule({"version": 1, "jargon": f"Call {i}", "rule": {
        "kind": "call", "when": when, "say": say}}) for i, (say, when) in enumerate(SEED_CALLS)]


def calls(repeats: int, seed: int) -> list[Figure]:
    """Judging the calls of a play (the perfect caller's words, and 1000 characters of them
    said over and over), and finding the perfect caller's words."""
    book = Rulebook(call_rules())
    made = [PlayContext(card, pile, hand_before=1 + i % 3)
            for i, (card, pile, _) in enumerate(plays(100, seed))]
    perfect = [book.required_say(ctx) for ctx in made]
    chatter = [(" ".join([said or "mao"] * 200))[:1000] for said in perfect]

    def judge_all(said: list[str]) -> None:
        for ctx, words in zip(made, said, strict=True):
            book.calls(ctx, words)

    return [
        measure("judge calls, 6 call rules", lambda: judge_all(perfect), repeats,
                per_call=len(made)),
        measure("judge calls, 6 call rules, 1000 characters said",
                lambda: judge_all(chatter), max(repeats // 10, 20), per_call=len(made)),
        measure("perfect words, 6 call rules",
                lambda: [book.required_say(ctx) for ctx in made], repeats, per_call=len(made)),
    ]


def run(repeats: int = 200, seed: int = 1) -> list[Figure]:
    """Every rule-language benchmark."""
    figures = []
    for round_cards in ROUNDS:
        made = plays(100, seed, round_cards)
        for size in (1, 10, 30):
            book = Rulebook(restrictions(size, seed))
            figures.append(_checks(f"check, {size} rule{'s' * (size > 1)}, {round_cards}-card "
                                   "round", book, made, repeats))
        figures.append(_checks(f"check, 10 whole-round rules, {round_cards}-card round",
                               Rulebook(whole_round(10, seed)), made, repeats))
    made = plays(100, seed, ROUNDS[-1])
    figures.append(measure(f"build a context, {ROUNDS[-1]}-card round",
                           lambda: [PlayContext(c, p, **rest) for c, p, rest in made],
                           repeats, per_call=len(made)))
    ten = Rulebook(restrictions(10, seed))
    figures.append(measure("legality grid, 10 rules", lambda: legality_grid(ten),
                           max(repeats // 4, 20)))
    pool = restrictions(repeats, seed + 1)
    items = iter(pool * 2)
    figures.append(measure("compile one rule", lambda: Rulebook([next(items)]), repeats))
    return figures + calls(repeats, seed)
