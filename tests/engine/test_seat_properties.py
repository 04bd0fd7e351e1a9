"""Properties of games whose seats change hands, leave, or are expelled, and of plays off
one's turn: over random bot games with seats removed, opened and taken over at random
moments, every invariant holds after every step (cards conserved, the game never waits on a
seat out of it), turns go round the seats still in the game, and an out-of-turn attempt
never takes the rightful player's turn."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.actions import (
    Action,
    EndGame,
    LeaveSeat,
    OpenSeat,
    Pass,
    Play,
    RemoveSeat,
    TakeSeat,
    Tick,
)
from games.engine.apply import apply
from games.engine.bots import Bot, KnownRules, make_bot
from games.engine.errors import EngineError
from games.engine.events import Drew, Event, OutOfTurn, Played, Reshuffled
from games.engine.invariants import card_census, violations
from games.engine.settings import GameSettings
from games.engine.setup import open_game
from games.engine.state import GameState
from games.engine.visibility import player_view
from rules.cards import make_deck
from rules.spec import Rule, load_rule

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")


def _house(jargon: str, rule: dict[str, object]) -> Rule:
    return load_rule({"version": 1, "jargon": jargon, "rule": rule})


def _on(rank: str) -> dict[str, object]:
    return {"type": "rank", "in": [rank]}


#: House rules that move the turn and the cards about: every count of the table is used.
HOUSE = (
    _house("Match", {"kind": "restriction", "must": {"type": "any", "of": [
        {"type": "relation", "rel": "same_suit"}, {"type": "relation", "rel": "same_rank"}]}}),
    _house("Hop", {"kind": "trigger", "when": _on("8"), "effects": [{"type": "skip"}]}),
    _house("Turn", {"kind": "trigger", "when": _on("A"), "effects": [{"type": "reverse"}]}),
    _house("Share", {"kind": "trigger", "when": _on("9"),
                     "effects": [{"type": "draw", "who": "others", "count": 1}]}),
    _house("Swap", {"kind": "trigger", "when": _on("4"),
                    "effects": [{"type": "pass_hands", "direction": "left"}]}),
    _house("Debt", {"kind": "trigger", "when": _on("7"), "effects": [{"type": "owe", "count": 2}]}),
    _house("Again", {"kind": "trigger", "when": _on("2"), "effects": [{"type": "play_again"}]}),
    _house("Mao", {"kind": "call", "say": "Mao",
                   "when": {"type": "compare", "what": "hand_after", "op": "==", "value": 1}}),
)
MAX_ACTIONS = 150
EXAMPLES = settings(deadline=None)
#: (seed, players, penalised out of turn, multiples, expel hand, expel after mistakes)
Table = tuple[int, int, bool, bool, bool, int | None]
TABLES = st.tuples(st.integers(0, 10_000), st.integers(3, 6), st.booleans(), st.booleans(),
                   st.booleans(), st.none() | st.integers(2, 4))


@dataclass(slots=True)
class Run:
    """A game played by bots with seats changing at random: every state and its events."""

    states: list[GameState] = field(default_factory=list)
    steps: list[tuple[Action, list[Event]]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


@lru_cache(maxsize=32)
def run(table: Table) -> Run:
    """One bounded game of ``table`` (cached: several properties read the same games)."""
    seed, players, penalised, multiples, hand, mistakes = table
    options = GameSettings(players=players, decks=2, jokers=False, rule_making="none",
                           out_of_turn="penalised" if penalised else "refused",
                           multiples=multiples, expel_hand=hand, expel_mistakes=mistakes)
    state, _ = open_game(options, NAMES[:players], seed, house=HOUSE)
    rng = Random(seed)
    known = KnownRules(state.rulebook())
    bots: list[Bot] = [make_bot(("oracle", "experimenter")[s % 2], s, seed + s, insight=known)
                       for s in range(players)]
    result = Run(states=[state])
    newcomers = iter(f"New {n}" for n in range(100))
    while state.phase != "ended" and len(result.steps) < MAX_ACTIONS:
        action = _seat_change(state, rng, newcomers) or _bot_action(bots, state)
        if action is None:
            action = EndGame(state.seats_in_play()[0])
        try:
            state, events = apply(state, action)
        except EngineError as exc:
            result.problems.append(f"{action!r} refused: {exc.code}: {exc}")
            break
        result.states.append(state)
        result.steps.append((action, events))
        result.problems += violations(state)
    return result


def _seat_change(state: GameState, rng: Random, newcomers: object) -> Action | None:
    """Now and then, a seat changes: removed, opened, left, or an open one taken over."""
    seated = state.seats_in_play()
    if state.vacant and rng.random() < 0.5:
        return TakeSeat(rng.choice(state.vacant), next(newcomers))  # type: ignore[call-overload]
    if rng.random() > 0.06 or len(seated) < 2:
        return None
    host, target = rng.sample(seated, 2)
    kind = rng.choice((RemoveSeat, RemoveSeat, OpenSeat))
    if kind is OpenSeat and target in state.vacant:
        return None
    if rng.random() < 0.3 and host not in state.vacant:
        return LeaveSeat(host)
    return kind(host, target)


def _bot_action(bots: list[Bot], state: GameState) -> Action | None:
    for bot in bots:
        if bot.seat in state.out:
            continue
        action = bot.act(player_view(state, bot.seat))
        if action is not None:
            return action
    return None


@EXAMPLES
@given(TABLES)
def test_every_invariant_holds_after_every_step(table: Table) -> None:
    result = run(table)
    assert result.problems == []


@EXAMPLES
@given(TABLES)
def test_cards_are_conserved_whoever_leaves(table: Table) -> None:
    result = run(table)
    deck = Counter(str(c) for c in make_deck(2, False))
    for state in result.states:
        assert card_census(state) == deck
        assert all(not state.hands[s] for s in state.out)


@EXAMPLES
@given(TABLES)
def test_turns_go_round_the_seats_still_in_the_game(table: Table) -> None:
    result = run(table)
    for before, (action, events), after in zip(result.states, result.steps,
                                                result.states[1:], strict=False):
        if after.phase != "playing" or before.phase != "playing":
            continue
        assert after.current not in after.out
        if isinstance(action, Pass) and action.seat == before.current and not any(
                isinstance(e, OutOfTurn) for e in events) and before.round == after.round:
            assert after.current == after.seat_after(action.seat)


@EXAMPLES
@given(TABLES)
def test_nobody_out_of_the_game_ever_acts_or_draws(table: Table) -> None:
    result = run(table)
    for before, (action, events) in zip(result.states, result.steps, strict=False):
        if not isinstance(action, TakeSeat | Tick):
            assert action.seat not in before.out
        assert all(e.seat not in before.out for e in events if isinstance(e, Drew | Played))


@EXAMPLES
@given(TABLES, st.integers(0, 1_000))
def test_an_attempt_out_of_turn_never_takes_the_rightful_players_turn(table: Table,
                                                                       pick: int) -> None:
    result = run(table)
    states = [s for s in result.states if s.phase == "playing" and s.table_size > 2]
    if not states:
        return
    state = states[pick % len(states)]
    rng = Random(pick)
    others = [s for s in state.seats_in_play() if s != state.current and state.hands[s]]
    seat = rng.choice(others)
    card = rng.choice(state.hands[seat])
    top = state.piles[0].cards[-1]
    if state.settings.multiples and card == top:
        return  # a multiple goes down out of turn: not an attempt
    try:
        after, events = apply(state, Play(seat, (card,), ("5H",) if card == "JK" else ()))
    except EngineError as exc:
        assert state.settings.out_of_turn == "refused"
        assert exc.code == "action/not_your_turn"
        return
    assert any(isinstance(e, OutOfTurn) and e.seat == seat for e in events)
    if after.phase == "playing":
        assert (after.current, after.turn, after.pending) == (state.current, state.turn,
                                                              state.pending)
        # A penalty drawn from an empty stock reshuffles the cards under the top into it.
        kept = (state.piles[0].cards[-1:] if any(isinstance(e, Reshuffled) for e in events)
                else state.piles[0].cards)
        assert after.piles[0].cards == kept
        assert len(after.hands[seat]) > len(state.hands[seat]) or seat in after.out
    assert not any(isinstance(e, Played) for e in events)
