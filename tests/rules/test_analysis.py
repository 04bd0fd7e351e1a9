"""Static analysis: the legality grid, rules that never fire, duplicates and dead ends."""

from __future__ import annotations

from typing import Any

from rules.analysis import (
    always_refuses,
    duplicate_of,
    exact_probes,
    legal_cards,
    legality_grid,
    never_fires,
    no_legal_card,
    probe_hands,
    probe_space,
)
from rules.cards import JOKER, STANDARD_CARDS, parse
from rules.conditions import read_condition
from rules.evaluation import Rulebook
from rules.spec import Rule, load_rule
from tests.rules.helpers import book, ctx, example


def rule(spec: dict[str, Any], jargon: str = "Pip", author: int | None = None) -> Rule:
    data = {"version": 1, "jargon": jargon, "rule": spec}
    if author is not None:
        data["author"] = author
    return load_rule(data)


def test_grid_agrees_with_single_checks() -> None:
    rulebook = book("09")
    grid = legality_grid(rulebook)
    for top in STANDARD_CARDS:
        for played in STANDARD_CARDS:
            assert grid.is_legal(top, played) == rulebook.is_legal(ctx(played, top))
        assert grid.is_legal(top, JOKER)


def test_grid_of_no_rules_allows_everything() -> None:
    grid = legality_grid(Rulebook([]))
    assert grid.fraction_legal == 1.0 and grid.dead_tops() == []
    assert len(grid.legal_on(parse("5H"))) == 53


def test_grid_finds_dead_tops() -> None:
    rulebook = Rulebook([rule({"kind": "restriction", "when": {"type": "rank", "of": "top",
                                                              "in": ["K"]},
                               "must": {"type": "joker"}})])
    grid = legality_grid(rulebook)
    assert [str(c) for c in grid.dead_tops()] == []  # a joker can still be played on a king
    assert grid.legal_on(parse("KH")) == [JOKER]
    assert not no_legal_card(rulebook, ctx("2C", "KH"))
    assert no_legal_card(rulebook, ctx("2C", "KH"), jokers=False)
    assert legal_cards(rulebook, ctx("2C", "KH")) == [JOKER]


def test_a_rule_that_never_fires_is_found() -> None:
    never = rule({"kind": "restriction", "when": {"type": "rank", "of": "top", "in": ["Q"]},
                  "must": {"type": "any", "of": [{"type": "rank", "in": ["Q"]},
                                                 {"type": "not", "of": {"type": "rank",
                                                                        "in": ["Q"]}}]}})
    assert never_fires(never).found
    assert not never_fires(example("08")[0]).found


def test_a_rule_already_covered_by_the_rulebook_changes_nothing() -> None:
    pip = rule({"kind": "restriction", "when": {"type": "suit", "of": "top", "in": ["C"]},
                "must_not": {"type": "colour", "is": "red"}}, "Pip")
    gronk = example("08")[0]
    rulebook = Rulebook([pip, gronk])
    assert never_fires(gronk, rulebook).found
    assert not never_fires(pip, rulebook).found


def test_trigger_that_can_never_match() -> None:
    dead = rule({"kind": "trigger", "when": {"type": "compare", "what": "players", "op": ">",
                                            "value": 8}, "effects": [{"type": "skip"}]})
    live = rule({"kind": "trigger", "when": {"type": "compare", "what": "players", "op": "==",
                                            "value": 8}, "effects": [{"type": "skip"}]})
    assert never_fires(dead).found and not never_fires(live).found


def test_hand_conditions_are_probed() -> None:
    greedy = rule({"kind": "restriction", "when": {"type": "hand_count", "where": {
        "type": "rank", "in": ["A"]}, "op": ">=", "value": 3}, "must_not": {"type": "face"}})
    assert not never_fires(greedy).found
    five_aces = rule({"kind": "instant_win", "hand": {"type": "hand_count", "where": {
        "type": "rank", "in": ["A"]}, "op": ">=", "value": 9}})
    assert never_fires(five_aces).found
    assert not never_fires(example("07")[0]).found


def test_permissions_that_admit_no_group() -> None:
    impossible = rule({"kind": "permission", "each": {"type": "face"},
                       "step": {"type": "relation", "rel": "differs_by_at_least", "n": 5}})
    assert never_fires(impossible).found
    assert not never_fires(example("05")[0]).found


def test_duplicates_are_found_by_behaviour_not_spelling() -> None:
    gronk = example("08")[0]
    same = rule({"kind": "restriction", "when": {"type": "suit", "of": "top", "in": ["C"]},
                 "must": {"type": "suit", "in": ["C", "D", "S"]}}, "Snark")
    other = example("01")[0]
    rulebook = Rulebook([gronk, other])
    assert duplicate_of(same, rulebook) == gronk
    assert duplicate_of(example("10")[0], rulebook) is None


def test_author_matters_for_duplicates() -> None:
    spec = {"kind": "restriction", "when": {"type": "is_author"}, "must_not": {"type": "face"}}
    mine, yours = rule(spec, "A", author=0), rule(spec, "B", author=1)
    assert duplicate_of(mine, Rulebook([yours])) is None
    assert duplicate_of(mine, Rulebook([rule(spec, "C", author=0)])) is not None


def test_a_rulebook_that_forbids_everything_locks_at_once() -> None:
    everything = Rulebook([
        rule({"kind": "restriction", "must": {"type": "colour", "is": "red"}}, "A"),
        rule({"kind": "restriction", "must_not": {"type": "colour", "is": "red"}}, "B"),
    ])
    assert always_refuses(everything).found
    assert not always_refuses(book("09")).found


def test_probe_space_covers_every_region_of_a_threshold() -> None:
    cond = read_condition({"type": "compare", "what": "turn", "op": ">", "value": 5}, "w")
    contexts, exact = probe_space([cond])
    assert exact and {c.turn for c in contexts} == {1, 4, 5, 6}


def test_probed_hands_match_under_either_ace_setting() -> None:
    # Only an ace high reaches 14: a probe hand built with aces low alone never matches.
    cond = read_condition({"type": "hand_count", "where": {"type": "value", "op": ">=",
                                                            "value": 14},
                           "op": ">=", "value": 1}, "w")
    hands, exact = probe_hands([cond])
    assert exact and (parse("AC"),) in hands


def test_an_instant_win_on_aces_high_is_possible() -> None:
    aces = rule({"kind": "instant_win", "hand": {"type": "hand_count", "where": {
        "type": "value", "op": ">=", "value": 14}, "op": ">=", "value": 2}})
    assert not never_fires(aces).found


def test_probe_space_reaches_the_longest_run_and_the_last_round() -> None:
    # Two decks and four jokers make a run of 12; a rule may compare the round with 1000.
    run = read_condition({"type": "compare", "what": "run_length", "op": ">", "value": 11}, "w")
    late = read_condition({"type": "compare", "what": "round", "op": ">", "value": 1000}, "w")
    contexts, exact = probe_space([run, late])
    assert exact and any(c.run_length == 12 and c.round == 1001 for c in contexts)


def test_oversized_spaces_are_sampled_and_say_so() -> None:
    cond = read_condition({"type": "relation", "rel": "same_suit", "a": "pile2", "b": "pile3"},
                          "w")
    contexts, exact = probe_space([cond], budget=1000)
    assert not exact and len(contexts) == 1000
    assert exact_probes([cond], budget=1000) is None


def test_exact_probes_are_the_probe_space_one_at_a_time() -> None:
    cond = read_condition({"type": "compare", "what": "hand_after", "op": "==", "value": 0}, "w")
    contexts, exact = probe_space([cond], fixed={"players": [3]})
    lazy = exact_probes([cond], fixed={"players": [3]})
    assert exact and lazy is not None
    assert [(c.played, c.top, c.hand_before, c.players) for c in lazy] == [
        (c.played, c.top, c.hand_before, c.players) for c in contexts]
