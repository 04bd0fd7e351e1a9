"""The notebook's advice: a play that splits the hypotheses held and the simplest rivals
that fit the evidence, never one they all agree on, with outcomes that say who is out."""

from __future__ import annotations

from random import Random

from hypothesis import given
from hypothesis import strategies as st

from games.deduction.advice import speaks, splits
from games.deduction.detective import rivals
from games.deduction.experiments import Table, context_of, experiments
from games.deduction.hypotheses import check
from games.deduction.record import public_record
from rules.cards import STANDARD_CARDS, card_of
from rules.english import describe
from rules.generate import random_rule
from rules.spec import Rule
from tests.deduction.test_hypotheses import GRONK, _record, rule
from tests.deduction.test_record import EXAMPLES, GAMES, game

DIAMONDS_ON_DIAMONDS = {"kind": "restriction",
                        "when": {"type": "suit", "of": "top", "in": ["D"]},
                        "must_not": {"type": "suit", "in": ["D"]}}
CARDS = [str(c) for c in STANDARD_CARDS]


def table(hand: tuple[str, ...], under: tuple[str, ...]) -> Table:
    return Table(seat=2, hand=hand, under=under, record=under, turn=3, round=1, players=3)


def test_a_play_every_rule_refuses_is_never_suggested() -> None:
    """7♦ on 6♦: the hypothesis and the rival both refuse it; 7♠ tells them apart."""
    sevens = rule({"kind": "restriction", "must_not": {"type": "rank", "in": ["7"]}})
    held = [("H1", rule(DIAMONDS_ON_DIAMONDS))]
    assert experiments(held, table(("7D",), ("6D",)), rivals=[sevens], jargon="Gronk") == ()
    found = experiments(held, table(("7D", "7S"), ("6D",)), rivals=[sevens], jargon="Gronk")
    assert [(e.card, e.note) for e in found] == [
        ("7S", "Play 7♠ here: if Gronk refuses it, H1 is out; if it lets it through, the other "
               "rule that fits (“" + describe(sevens) + "”) is out.")]


def test_a_lone_hypothesis_without_rivals_gets_no_advice() -> None:
    """With nothing to tell it from, every play's outcome is agreed on."""
    assert experiments([("H1", rule(GRONK))], table(("5H", "4S"), ("KC",))) == ()


def test_the_most_even_split_comes_first() -> None:
    """On 9♦, 5♥ sets the hypothesis against both rivals; 5♦ only one rival against the
    rest, a less even split."""
    hearts = rule({"kind": "restriction", "must_not": {"type": "suit", "in": ["H"]}})
    reds = rule({"kind": "restriction", "must_not": {"type": "colour", "is": "red"}})
    found = experiments([("H1", rule(GRONK))], table(("5D", "5H"), ("9D",)),
                        rivals=[hearts, reds], jargon="Gronk")
    assert [e.card for e in found] == ["5H", "5D"]
    assert found[0].note.endswith("if it lets it through, all 2 other simple rules that fit "
                                  f"(such as “{describe(hearts)}”) are out.")
    assert found[1].note == ("Play 5♦ here: if Gronk refuses it, H1 is out, and so is 1 of 2 "
                             f"other simple rules that fit (“{describe(hearts)}”); if it lets "
                             f"it through, 1 of 2 other simple rules that fit (“{describe(reds)}”)"
                             " is out.")


def test_a_trigger_and_a_call_say_how_the_answer_is_heard() -> None:
    fives = {"type": "rank", "in": ["5"]}
    trigger = rule({"kind": "trigger", "when": fives,
                    "effects": [{"type": "draw", "who": "player", "count": 1}]})
    other = rule({"kind": "trigger", "when": {"type": "suit", "in": ["H"]},
                  "effects": [{"type": "draw", "who": "player", "count": 1}]})
    fired = experiments([("H1", trigger)], table(("5S",), ("KC",)), rivals=[other],
                        jargon="Plonk")
    assert fired[0].note.startswith("Play 5♠ here: if Plonk fires on it, the other rule")
    call = rule({"kind": "call", "when": fives, "say": "five"})
    said = experiments([("H1", call)], table(("5S",), ("KC",)),
                       rivals=[rule({"kind": "call", "when": {"type": "always"}, "say": "Mao"})],
                       jargon="Clang")
    assert said == ()  # both want words with any five: nothing tells them apart
    asked = experiments([("H1", call)], table(("4S",), ("KC",)),
                        rivals=[rule({"kind": "call", "when": {"type": "always"},
                                      "say": "Mao"})], jargon="Clang")
    assert asked[0].note.startswith("Play 4♠ here and say nothing: if Clang penalises it, H1 "
                                    "is out;")


def _outcomes_agree(split_note: str, jargon: str, out_on_speak: tuple[str, ...],
                    out_on_quiet: tuple[str, ...]) -> None:
    on_speak, on_quiet = split_note.split("; if it ", 1)
    for name in out_on_speak:
        assert name in on_speak and name not in on_quiet
    for name in out_on_quiet:
        assert name in on_quiet and name not in on_speak


@EXAMPLES
@given(st.integers(0, 10_000), st.integers(1, 3), st.integers(0, 4),
       st.lists(st.sampled_from(CARDS), min_size=1, max_size=8, unique=True),
       st.lists(st.sampled_from(CARDS), min_size=1, max_size=3),
       st.sampled_from(("restriction", "trigger", "call")))
def test_a_suggested_play_is_never_one_all_rules_agree_on(
        seed: int, held_count: int, rival_count: int, hand: list[str], under: list[str],
        kind: str) -> None:
    """Whatever the rules and the hand: each suggestion splits the rules considered, the
    sides are what the rules say, and the words put each hypothesis on its own side."""
    rng = Random(seed)
    held = [(f"H{i + 1}", random_rule(rng, kind, author=0)) for i in range(held_count)]
    others = [random_rule(rng, kind, author=0) for _ in range(rival_count)]
    on = table(tuple(hand), tuple(under))
    contexts = [[(card, context_of(on, card)) for card in hand]]
    found = splits("Gronk", held, others, contexts)
    assert len({s.card for s in found}) == len(found)
    for split in found:
        ctx = context_of(on, split.card)
        verdicts = [speaks(r)(ctx) for _, r in held] + [speaks(r)(ctx) for r in others]
        assert len(set(verdicts)) == 2  # never a play every rule agrees on
        assert split.held_speak == tuple(n for n, r in held if speaks(r)(ctx))
        assert set(split.held_silent) == {n for n, _ in held} - set(split.held_speak)
        assert [r for r in others if speaks(r)(ctx)] == list(split.rivals_speak)
        # "if it speaks" rules out the silent ones; "if it does not" the speaking ones.
        _outcomes_agree(split.note, "Gronk", split.held_silent, split.held_speak)
        assert f"{card_of(split.card).symbol} here" in split.note
    # A play exists that splits them iff one is suggested.
    splitting = [c for c in hand if len({speaks(r)(context_of(on, c))
                                         for r in [*(r for _, r in held), *others]}) == 2]
    assert bool(found) == bool(splitting)


@EXAMPLES
@given(GAMES, st.sampled_from([None, 0, 1]))
def test_rivals_agree_with_everything_the_viewer_saw(case: tuple[int, int],
                                                     viewer: int | None) -> None:
    """The simplest rivals are consistent with the record, as the notebook checks it."""
    played = game(*case)
    record = public_record(played.events, viewer, played.start.names)
    for jargon in record.jargons:
        for found in rivals(record, jargon, limit=4):
            assert check(found, jargon, record).consistent, describe(found)


def test_rivals_are_the_simplest_first_and_differ() -> None:
    found: list[Rule] = list(rivals(_record(None), "Gronk", limit=5))
    assert found and len({describe(r) for r in found}) == len(found)
    assert all(check(r, "Gronk", _record(None)).consistent for r in found)
