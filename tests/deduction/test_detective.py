"""The detective: its candidates agree with the table, the true rule survives, it cracks
simple rules, it plays legally more often than a newcomer, from its own view alone, the
same way for the same seed."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from random import Random
from typing import Any

from hypothesis import assume, given
from hypothesis import strategies as st

import games.autoplay.detective_bot  # noqa: F401  (registers the detective with make_bot)
from games.autoplay.detective_bot import DetectiveBot
from games.deduction.candidates import Space, spec_of
from games.deduction.detective import Detective
from games.deduction.hypotheses import check
from games.deduction.record import public_record
from games.deduction.scoring import score
from games.deduction.vocabulary import PHRASES, atoms, heard_phrases, parts, point
from games.engine.actions import Play, WriteRule
from games.engine.apply import apply
from games.engine.events import Drew, Event, Played, Refused
from games.engine.settings import GameSettings
from games.engine.setup import new_game
from games.engine.simulate import NAMES, GameRecord, play_on
from games.engine.state import GameState
from games.engine.visibility import player_view
from rules.cards import STANDARD_CARDS, parse
from rules.conditions import read_condition
from rules.context import PlayContext, Settings
from rules.effects import Effect
from rules.evaluation import DEFAULT_SETTINGS, compile_condition
from rules.spec import Rule, load_rule, load_rules_document

EXAMPLES = Path(__file__).resolve().parents[2] / "rules" / "examples"
NEWCOMERS = ("experimenter", "detective")


def example(jargon: str) -> Rule:
    """One rule of rules/examples, by jargon."""
    for path in sorted(EXAMPLES.glob("*.json")):
        for rule in load_rules_document(json.loads(path.read_text())):
            if rule.jargon == jargon:
                return rule
    raise KeyError(jargon)


def with_rules(rules: Sequence[dict[str, Any]], players: int, seed: int,
               hand_size: int = 5) -> tuple[GameState, list[Event]]:
    """A game in play whose rules were written by seat 0 (and the events of writing them)."""
    settings = GameSettings(players=players, hand_size=hand_size, first_rule_maker=0)
    state = new_game(settings, NAMES[:players], seed)
    state.writers = [0] * len(rules)
    events: list[Event] = []
    for rule in rules:
        state, found = apply(state, WriteRule(0, rule))
        events += found
    return state, events


def payload(rule: Rule) -> dict[str, Any]:
    return {"jargon": rule.jargon, "rule": rule.to_json()["rule"]}


def detective_of(game: GameRecord, seat: int) -> Detective:
    bot = game.bots[seat]
    assert isinstance(bot, DetectiveBot)
    return bot.memory.brought_up_to_date(Settings())


# The candidate space.


def test_every_rest_means_what_its_condition_means() -> None:
    """The fast tests the candidates use (one situation, or every played card at once)
    agree with the rule language's own verdicts."""
    rng = Random(1)
    for aces_high in (False, True):
        judge = Settings(aces_high=aces_high)
        for kind in ("restriction", "trigger", "call", "unseen"):
            found = parts(kind, aces_high)
            compiled = [compile_condition(read_condition(p.condition, "x"), judge)
                        if p.condition is not None else None for p in found]
            for _ in range(150):
                pile = tuple(rng.choice(STANDARD_CARDS) for _ in range(rng.randint(1, 3)))
                ctx = PlayContext(rng.choice(STANDARD_CARDS), pile,
                                  active_suit=rng.choice([None, "C", "D", "H", "S"]),
                                  hand_before=rng.randint(1, 4))
                pt = point(ctx)
                for part, verdict in zip(found, compiled, strict=True):
                    expected = True if verdict is None else verdict(ctx)
                    assert bool(part.holds(pt)) == expected, (part.condition, ctx.played)
                    every = part.cards(pt[1], pt[2], pt[5], pt[4])
                    assert bool(every >> pt[0] & 1) == expected, (part.condition, ctx.played)


def test_every_candidate_is_a_valid_rule_of_its_kind() -> None:
    tops = atoms(False)
    for kind in ("restriction", "trigger", "call"):
        for i, part in enumerate(parts(kind, False)):
            top = tops[i % len(tops)]
            spec = spec_of(kind, part, top, "Mao", (Effect("skip"),))
            rule = load_rule({"version": 1, "jargon": "Probe", "rule": spec})
            assert rule.spec.kind == kind


def test_phrases_heard_are_put_back_into_templates() -> None:
    assert heard_phrases("Five of spades!", parse("5S"), 1) == ["five of spades",
                                                               "{rank} of {suit}"]
    assert heard_phrases("have a very nice day", parse("7H"), 2) == [
        "have a very nice day", "have a {very} nice day"]
    assert heard_phrases("  ", parse("7H"), 1) == []


def _seat_with(kind: str, seed: int, players: int = 3) -> tuple[Rule, int, int, int]:
    """A rule drawn from the candidate space (with its rest, phrase and top test)."""
    rng = Random(seed)
    space = Space(kind, DEFAULT_SETTINGS, PHRASES if kind == "call" else (("", 0.0),))
    p, w = rng.randrange(len(space.parts)), rng.randrange(len(space.tops.atoms))
    t = rng.randrange(len(PHRASES)) if kind == "call" else 0
    spec = spec_of(kind, space.parts[p], space.tops.atoms[w], space.phrases[t],
                   (Effect("skip"),))
    return load_rule({"version": 1, "jargon": "Probe", "author": 0, "rule": spec}), p, t, w


@given(st.integers(0, 100_000), st.sampled_from(["restriction", "trigger", "call"]))
def test_the_true_rule_is_never_pruned_and_every_candidate_agrees_with_the_table(
        seed: int, kind: str) -> None:
    """Soundness: a rule of the space, in force at a table, stays among the candidates of
    its jargon whatever happens; and the candidates left all agree with ``check``."""
    rule, p, t, w = _seat_with(kind, seed)
    state, events = with_rules([payload(rule)], 3, seed)
    assume(state.phase == "playing")
    game = play_on(state, ("experimenter", "detective", "experimenter"), seed, seen=events,
                   max_actions=120, max_rounds=1)
    detective = detective_of(game, 1)
    known = detective.jargons.get("Probe")
    if known is None:
        return  # it never showed itself: nothing to learn
    assert known.space is not None and known.space.stands(p, t, w), rule.to_json()
    record = public_record([*events, *game.events], 1, game.final.names)
    candidates = detective.candidates("Probe", 5000)
    assert candidates
    for candidate in Random(seed).sample(candidates, min(15, len(candidates))):
        assert check(candidate, "Probe", record).consistent, candidate.to_json()


def test_candidates_agree_with_everything_seen_in_bot_games_with_random_rules() -> None:
    for seed in range(4):
        state = new_game(GameSettings(players=3), NAMES[:3], seed)
        game = play_on(state, ("oracle", "detective", "experimenter"), seed, max_actions=300,
                       max_rounds=4)
        detective = detective_of(game, 1)
        record = public_record(game.events, 1, game.final.names)
        for jargon in detective.jargons:
            candidates = detective.candidates(jargon, 3000)
            for candidate in Random(seed).sample(candidates, min(10, len(candidates))):
                assert check(candidate, jargon, record).consistent, candidate.to_json()
            guess = detective.guess(jargon)
            assert guess is None or check(guess, jargon, record).consistent


# Cracking rules.


def _cracked(rule: Rule, seed: int) -> str:
    """The verdict on the detective's guess of ``rule`` after 40 plays at a table of six."""
    state, events = with_rules([payload(rule)], 6, seed, hand_size=7)
    seen = [0]

    def enough(now: GameState, happened: Sequence[Event]) -> bool:
        seen[0] += sum(isinstance(e, Played | Refused) for e in happened)
        return seen[0] >= 40 or now.phase != "playing"

    game = play_on(state, ("experimenter", "detective", *("experimenter",) * 4), seed,
                   seen=events, until=enough)
    detective = detective_of(game, 1)
    guess = detective.guess(rule.jargon)
    if guess is None:
        return "none"
    record = public_record([*events, *game.events], 1, game.final.names)
    return score(guess, load_rule({**rule.to_json(), "author": 0}), record).verdict


def test_it_cracks_simple_rules_within_forty_plays() -> None:
    for jargon in ("Fiver", "Pip", "Mao", "Sinker"):
        assert _cracked(example(jargon), 1) == "exact", jargon


def test_its_best_guess_is_the_simplest_rule_that_fits() -> None:
    """Gronk refused hearts on K♣ and 3♣, let a diamond onto K♣, hearts onto 7♦ and 8♠ and
    a club onto a heart: "no heart on a club" is the simplest rule that fits."""
    from tests.engine.helpers import arrange

    state, events = with_rules([payload(example("Gronk"))], 3, 1)
    state = arrange(state, [["7D", "JH", "2C"], ["5H", "8S", "6D"], ["9H", "3C", "4S"]],
                    [["KC"]], current=1)
    for action in (Play(1, ("5H",)), Play(2, ("9H",)), Play(0, ("7D",)), Play(1, ("5H",)),
                   Play(2, ("3C",)), Play(0, ("JH",)), Play(1, ("8S",)), Play(2, ("9H",))):
        state, found = apply(state, action)
        events += found
    record = public_record(events, 2, state.names)
    assert [a.accepted for a in record.attempts] == [False, False, True, True, True, False,
                                                     True, True]
    detective = Detective(2)
    detective.update(record)
    guess = detective.guess("Gronk")
    assert guess is not None and guess.to_json()["rule"] == {
        "kind": "restriction", "when": {"type": "suit", "of": "top", "in": ["C"]},
        "must_not": {"type": "suit", "of": "played", "in": ["H"]}}


# Playing.


def _penalties_per_play(seeds: range, rules: Sequence[str]) -> dict[str, float]:
    plays = dict.fromkeys(NEWCOMERS, 0)
    penalties = dict.fromkeys(NEWCOMERS, 0)
    for seed in seeds:
        state, events = with_rules([payload(example(j)) for j in rules], 4, seed)
        kinds = NEWCOMERS * 2 if seed % 2 else NEWCOMERS[::-1] * 2
        game = play_on(state, kinds, seed, seen=events, max_actions=200, max_rounds=1)
        for event in game.events:
            if event.seat is None:
                continue
            if isinstance(event, Played | Refused):
                plays[kinds[event.seat]] += 1
            elif isinstance(event, Drew) and event.reason == "penalty":
                penalties[kinds[event.seat]] += event.count
    return {kind: penalties[kind] / plays[kind] for kind in NEWCOMERS}


def test_it_plays_legal_cards_more_often_than_an_experimenter() -> None:
    rates = _penalties_per_play(range(6), ("Match", "Mourning"))
    assert rates["detective"] < rates["experimenter"] / 2, rates


def _two_games_alike_from_seat_1() -> tuple[GameState, GameState, list[Event]]:
    """Two games that look the same from seat 1: the other hands and the stock differ."""
    state, events = with_rules([payload(example("Pip"))], 3, 9)
    for _ in range(6):  # a few plays first, so the detective has something to read
        bot = DetectiveBot(state.current, 3)
        bot.observe([e.seen_by(state.current) for e in events])
        action = bot.act(player_view(state, state.current))
        assert action is not None
        state, found = apply(state, action)
        events += found
    other = state.clone()
    # Seats 0 and 2 exchange as many cards as the smaller hand holds; the stock turns over.
    k = min(len(other.hands[0]), len(other.hands[2]))
    other.hands[0][:k], other.hands[2][:k] = other.hands[2][:k], other.hands[0][:k]
    other.stock.reverse()
    state.current = other.current = 1
    return state, other, events


def test_it_decides_from_its_own_view_alone() -> None:
    state, other, events = _two_games_alike_from_seat_1()
    assert state.to_json() != other.to_json()
    assert player_view(state, 1) == player_view(other, 1)
    moves = []
    for game in (state, other):
        bot = DetectiveBot(1, 5)
        bot.observe([e.seen_by(1) for e in events])
        moves.append(bot.act(player_view(game, 1)))
    assert moves[0] is not None and moves[0] == moves[1]


def test_the_same_seed_makes_the_same_game() -> None:
    runs = []
    for _ in range(2):
        state, events = with_rules([payload(example("Pip")), payload(example("Fiver"))], 3, 4)
        game = play_on(state, ("detective",), 4, seen=events, max_actions=150)
        runs.append(game.actions)
    assert runs[0] == runs[1] and len(runs[0]) > 10
