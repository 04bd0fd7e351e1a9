"""Properties over whole bot games and random (often illegal) actions: cards are conserved,
one player moves, states round-trip through JSON, the same seed and actions give the same game,
and refused actions change nothing."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from random import Random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.actions import (
    Action,
    ClaimWin,
    Deal,
    EndGame,
    Pass,
    Play,
    Say,
    SkipRule,
    WriteRule,
)
from games.engine.apply import apply
from games.engine.errors import EngineError
from games.engine.events import CallBroken, Event, event_from_json
from games.engine.invariants import card_census, violations
from games.engine.settings import GameSettings
from games.engine.setup import new_game, open_game
from games.engine.simulate import GameRecord, play_game
from games.engine.state import GameState
from games.presets.opening import open_preset, settings_for
from games.presets.registry import preset
from games.presets.simulate import penalties_of, play_preset
from rules.cards import STANDARD_CARDS, make_deck
from rules.generate import random_spec
from rules.jargon import JARGON_WORDS
from rules.spec import load_rule
from tests.engine.helpers import snapshot, steps

Game = tuple[int, int, tuple[str, ...], int, bool, bool]
KINDS = [("oracle",), ("experimenter",), ("oracle", "experimenter"), ("experimenter", "oracle")]
GAMES = st.tuples(st.integers(0, 10_000), st.integers(2, 6), st.sampled_from(KINDS),
                  st.integers(1, 2), st.booleans(), st.booleans())
MAX_ACTIONS = 120
EXAMPLES = settings(deadline=None)


def bot_game(game: Game) -> GameRecord:
    """One bounded bot game."""
    seed, players, kinds, decks, jokers, aces_high = game
    options = GameSettings(players=players, decks=decks, jokers=jokers, aces_high=aces_high)
    return play_game(options, seed, kinds, max_actions=MAX_ACTIONS, max_rounds=4,
                     keep_states=True)


# Each game is played once and checked for everything below (a game is the costly part).
@EXAMPLES
@given(GAMES)
def test_bot_games_hold_every_law_of_the_engine(game: Game) -> None:
    record = bot_game(game)
    keeps_every_invariant(record)
    conserves_cards(record)
    moves_one_player_at_a_time(record)
    round_trips_through_json(record)
    replays_with_events_that_share_no_lists(record)
    plays_the_same_from_the_same_seed(game, record)


def keeps_every_invariant(record: GameRecord) -> None:
    assert record.problems == []
    assert all(violations(state) == [] for state in record.states)


def conserves_cards(record: GameRecord) -> None:
    """Every card of the deck is somewhere after every step."""
    settings_ = record.start.settings
    deck = Counter(str(c) for c in make_deck(settings_.decks, settings_.jokers))
    assert all(card_census(s) == deck for s in record.states if s.piles)


def moves_one_player_at_a_time(record: GameRecord) -> None:
    """While the game is at play, exactly one player moves and nobody is writing."""
    for state in record.states:
        if state.phase == "playing":
            assert 0 <= state.current < state.players
            assert not state.writers


def round_trips_through_json(record: GameRecord) -> None:
    for state in record.states:
        data = state.to_json()
        assert GameState.from_json(json.loads(json.dumps(data))).to_json() == data
    for event in record.events:
        assert event_from_json(json.loads(json.dumps(event.to_json()))) == event


def replays_with_events_that_share_no_lists(record: GameRecord) -> None:
    """The same start and actions give the same states and events; and no event shares a
    list with the state, which would let a later change (a penalty card) leak into a
    public event: events hold tuples only, all the way down."""
    replayed = steps(record.start, record.actions)
    assert [s.to_json() for s, _ in replayed] == [s.to_json() for s in record.states]
    assert [e.to_json() for _, events in replayed for e in events] == [
        e.to_json() for e in record.events]
    for _, events in replayed:
        for event in events:
            assert mutable_parts(event) == [], event.kind


def plays_the_same_from_the_same_seed(game: Game, record: GameRecord) -> None:
    """Played again from the same seed (without keeping its states), the game is the same."""
    seed, players, kinds, decks, jokers, aces_high = game
    options = GameSettings(players=players, decks=decks, jokers=jokers, aces_high=aces_high)
    again = play_game(options, seed, kinds, max_actions=MAX_ACTIONS, max_rounds=4)
    assert again.final.to_json() == record.final.to_json()
    assert again.actions == record.actions


def mutable_parts(value: Any) -> list[str]:
    """Every list, dict or set inside ``value`` (a frozen event must hold none)."""
    if isinstance(value, list | dict | set):
        return [type(value).__name__]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [part for f in dataclasses.fields(value)
                for part in mutable_parts(getattr(value, f.name))]
    if isinstance(value, tuple):
        return [part for item in value for part in mutable_parts(item)]
    return []


REFUSALS = {"action/not_your_turn", "action/card_not_held", "action/wrong_phase",
            "action/bad_pile", "action/name_joker", "action/malformed", "action/bad_seat",
            "action/not_rule_maker", "rule/invalid", "rule/jargon_taken", "rule/kind_not_allowed",
            "action/must_write", "action/not_dealer", "action/nothing_said",
            "action/drawn_only", "action/penalty_waits"}
SAYINGS = ("", "", "Mao", "Have a nice day", "five of spades")
#: Words said outside a play: replies, allowed phrases, talk, and nothing at all.
SPEECH = ("Thank you", "Thank you very much", "Point of order", "What time is it?", "?!")


def random_action(state: GameState, rng: Random) -> Action:
    """An action anyone might send: mostly by the player to move, sometimes out of turn, by
    a seat that does not exist, with a card not held or an unnamed joker."""
    seat = state.current if rng.random() < 0.85 else rng.randrange(state.players + 1)
    roll = rng.random()
    if rng.random() < 0.08:
        # Anyone may speak at any moment (a seat that does not exist is refused).
        return Say(rng.randrange(-1, state.players + 1), rng.choice(SPEECH))
    if state.phase == "dealing" or roll < 0.01:
        dealer = state.dealer if rng.random() < 0.8 else rng.randrange(state.players + 1)
        first = None if rng.random() < 0.5 else rng.randrange(state.players)
        return Deal(dealer, first, rng.choice((1, -1)))
    if (state.phase == "writing" or roll < 0.02) and rng.random() < 0.2:
        return SkipRule(rng.choice(state.writers) if state.writers else seat)
    if state.phase == "writing" or roll < 0.02:
        if rng.random() < 0.8 and state.writers:
            seat = rng.choice(state.writers)
        jargon = rng.choice(("", "", *JARGON_WORDS[:6]))
        return WriteRule(seat, {"jargon": jargon, "rule": random_spec(rng)})
    if roll < 0.15:
        return Pass(seat)
    if roll < 0.18:
        return ClaimWin(seat)
    if roll < 0.182:
        return EndGame(seat)
    hand = state.hands[seat] if seat < state.players and state.hands[seat] else ["2C"]
    cards = [rng.choice(hand) if rng.random() < 0.95 else str(rng.choice(STANDARD_CARDS))
             for _ in range(1 if rng.random() < 0.9 else rng.randint(2, 3))]
    named = [str(rng.choice(STANDARD_CARDS)) if c == "JK" and rng.random() < 0.9 else None
             for c in cards]
    pile = 0 if rng.random() < 0.8 else rng.randrange(len(state.piles) + 1)
    return Play(seat, tuple(cards), tuple(named), rng.choice(SAYINGS),
                rng.choice((None, "C", "D", "H", "S")), pile)


@dataclass(slots=True)
class Step:
    """One random action: the state before it (and its JSON), and what ``apply`` made of it."""

    before: GameState
    snapshot: Any
    action: Action
    after: GameState | None = None
    events: list[Event] = field(default_factory=list)
    refused: EngineError | None = None


#: Lifecycles a random walk may follow: Mini Mao's, the teaching preset's, and one that
#: uses every other setting (a dealer naming the start, skipping, penalties per rule,
#: stacked draws, the starter's triggers, a card drawn playable at once, penalty cards
#: waiting a turn, a reshuffle keeping the run on top, donations when the cards run out).
LIFECYCLES = ("mini-mao", "teaching", "everything")
EVERYTHING = GameSettings(rule_making="may_add", reveal="round", match_wins=2,
                          dealer_rotates=True, name_start=True, penalty="per_rule",
                          penalty_cap=2, starter_triggers=True, chair="Chairman",
                          lockup_ends="round", unnamed_suit_stays=True, play_drawn=True,
                          penalty_waits=True, reshuffle_keeps="run", stock_out="donate")
HOUSE = [load_rule({"version": 1, "jargon": "Fours", "rule": {
    "kind": "trigger", "when": {"type": "rank", "of": "played", "in": ["4"]},
    "effects": [{"type": "owe", "count": 2}]}}),
    load_rule({"version": 1, "jargon": "Eights", "rule": {
        "kind": "trigger", "when": {"type": "rank", "of": "played", "in": ["8"]},
        "effects": [{"type": "skip"}]}}),
    load_rule({"version": 1, "jargon": "Talking", "rule": {
        "kind": "talking", "allow": ["Point of order"]}}),
    load_rule({"version": 1, "jargon": "Thanks", "rule": {
        "kind": "reply", "say": "Thank you", "after": ["penalty", "effect", "one_left"]}})]


def opening(lifecycle: str, players: int, seed: int, jokers: bool) -> GameState:
    names = ["Ann", "Bob", "Cat", "Dan", "Eve"][:players]
    if lifecycle == "teaching":
        settings = settings_for(preset("teaching"), players=max(players, 3),
                                law="Wrong Colour" if seed % 2 else None)
        return open_preset(settings, ["Ann", "Bob", "Cat", "Dan", "Eve"][:settings.players],
                           seed)[0]
    if lifecycle == "everything":
        options = dataclasses.replace(EVERYTHING, players=players, jokers=jokers)
        return open_game(options, names, seed, house=HOUSE)[0]
    return new_game(GameSettings(players=players, jokers=jokers), names, seed)


@lru_cache(maxsize=128)
def random_walk(seed: int, players: int, length: int = 200,
                lifecycle: str = "mini-mao") -> list[Step]:
    """Up to ``length`` random actions from a new game, refused ones included."""
    rng = Random(seed)
    state = opening(lifecycle, players, seed, rng.random() < 0.7)
    walk = []
    for _ in range(length):
        if state.phase == "ended":
            break
        step = Step(state, snapshot(state), random_action(state, rng))
        try:
            step.after, step.events = apply(state, step.action)
        except EngineError as exc:
            step.refused = exc
        walk.append(step)
        state = step.after or state
    return walk


WALKS = st.tuples(st.integers(0, 100_000), st.integers(2, 5), st.just(200),
                  st.sampled_from(LIFECYCLES))
Walk = tuple[int, int, int, str]


# Each walk is taken once and checked for everything below.
@settings(deadline=None)
@given(WALKS)
def test_random_actions_are_refused_cleanly_or_keep_every_invariant(walk: Walk) -> None:
    taken = random_walk(*walk)
    refused_actions_have_a_known_code_and_change_nothing(taken)
    accepted_actions_keep_every_invariant(taken)
    events_share_no_lists_with_the_state(taken)


def refused_actions_have_a_known_code_and_change_nothing(walk: list[Step]) -> None:
    for step in walk:
        if step.refused is not None:
            assert step.refused.code in REFUSALS, step.refused.code
            assert step.before.to_json() == step.snapshot


def accepted_actions_keep_every_invariant(walk: list[Step]) -> None:
    accepted = [step.after for step in walk if step.after is not None]
    assert accepted
    assert all(violations(state) == [] for state in accepted)


def events_share_no_lists_with_the_state(walk: list[Step]) -> None:
    for step in walk:
        for event in step.events:
            assert mutable_parts(event) == [], event.kind


# Games of a preset: the teaching profile (house rules, a law, a match, a rotating dealer).

PresetGame = tuple[int, int, tuple[str, ...], bool]
PRESET_GAMES = st.tuples(st.integers(0, 10_000), st.integers(3, 6), st.sampled_from(KINDS),
                         st.booleans())


def teaching_game(game: PresetGame) -> GameRecord:
    """One bounded bot game of the teaching preset, with its law or a written one."""
    seed, players, kinds, law = game
    return play_preset("teaching", seed, kinds, players, "Wrong Colour" if law else None,
                       max_actions=MAX_ACTIONS * 2, max_rounds=5, keep_states=True)


# Each game is played once and checked for everything below (a game is the costly part).
@EXAMPLES
@given(PRESET_GAMES)
def test_teaching_games_hold_every_law_of_the_engine(game: PresetGame) -> None:
    record = teaching_game(game)
    keeps_every_invariant_and_conserves_cards(record)
    round_trips_and_replays(record)
    never_refuses_an_oracle_nor_faults_its_calls(record, game[2])
    ends_by_the_match_or_the_limit(record)


def keeps_every_invariant_and_conserves_cards(record: GameRecord) -> None:
    assert record.problems == []
    deck = Counter(str(c) for c in make_deck(1, False))
    for state in record.states:
        assert violations(state) == []
        assert card_census(state) == deck
        # The house rules stay in force and public; only laws retire.
        assert [e.jargon for e in state.rules if e.house and e.active] == [
            "Misplay", "Spade Call", "Mao", "Silence"]
        assert set(state.disclosed) >= {1, 2, 3, 4}


def round_trips_and_replays(record: GameRecord) -> None:
    for state in record.states:
        data = state.to_json()
        assert GameState.from_json(json.loads(json.dumps(data))).to_json() == data
    for event in record.events:
        assert event_from_json(json.loads(json.dumps(event.to_json()))) == event
    replayed = steps(record.start, record.actions)
    assert [s.to_json() for s, _ in replayed] == [s.to_json() for s in record.states]


def never_refuses_an_oracle_nor_faults_its_calls(record: GameRecord,
                                                 kinds: tuple[str, ...]) -> None:
    """An oracle knows every rule in force (the house rules, the law, the rules the others
    wrote): it plays only legal cards, and says every call required (calls are judged
    together, so a perfect caller's words are never faulted): no call ever costs it a
    card."""
    refused, _ = penalties_of(record, kinds, "oracle")
    assert refused == 0
    oracles = {s for s in range(record.start.players) if kinds[s % len(kinds)] == "oracle"}
    broken = [e.text for e in record.events if isinstance(e, CallBroken) and e.seat in oracles]
    assert broken == []


def ends_by_the_match_or_the_limit(record: GameRecord) -> None:
    final = record.final
    assert final.phase == "ended" and final.end is not None
    wins = final.wins()
    if final.end.reason == "match":
        assert max(wins) == 3 and wins.count(3) == 1
    else:
        assert max(wins) < 3


def test_random_walks_reach_every_part_of_the_lifecycle() -> None:
    """The walks above mean something for the lifecycle only if they get there."""
    accepted = [type(step.action).__name__ for seed in range(6)
                for step in random_walk(seed, 3, 200, "everything") if step.after is not None]
    assert {"Deal", "SkipRule", "WriteRule", "Play", "Pass"} <= set(accepted)
