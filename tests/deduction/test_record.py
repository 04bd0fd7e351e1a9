"""The public record: what the table saw, rebuilt from events, with no secret in it."""

from __future__ import annotations

import dataclasses
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from games.deduction.record import PublicRecord, public_record
from games.engine.events import Event, Played, Refused
from games.engine.settings import GameSettings
from games.engine.simulate import GameRecord, play_game
from tests.examples import share

GAMES = st.tuples(st.integers(0, 5000), st.integers(2, 4))
EXAMPLES = share(0.6)


def game(seed: int, players: int) -> GameRecord:
    """A bounded bot game with random rules, every state kept."""
    return play_game(GameSettings(players=players), seed, ("oracle", "experimenter"),
                     max_actions=150, max_rounds=3, keep_states=True)


# Each game is played once and checked for everything below (a game is the costly part).
@EXAMPLES
@given(GAMES, st.integers(0, 3))
def test_the_public_record_of_a_bot_game_is_faithful_and_keeps_secrets(
        case: tuple[int, int], seat: int) -> None:
    played = game(*case)
    seat %= played.start.players
    per_action = _per_action(played)
    every_play_tried_is_one_attempt_in_order(played)
    the_rebuilt_round_record_is_the_engines(played, per_action)
    a_players_own_hand_is_followed_through_the_game(played, per_action, seat)
    the_record_holds_no_other_seats_secret(played, seat)
    the_record_read_as_it_grows_is_the_record_read_at_once(played, per_action, seat)


def every_play_tried_is_one_attempt_in_order(played: GameRecord) -> None:
    record = public_record(played.events, None, played.start.names)
    tried = [e for e in played.events if isinstance(e, Played | Refused)]
    assert [a.number for a in record.attempts] == list(range(1, len(tried) + 1))
    assert [a.accepted for a in record.attempts] == [isinstance(e, Played) for e in tried]
    assert [a.cards for a in record.attempts] == [e.cards for e in tried]


def the_rebuilt_round_record_is_the_engines(played: GameRecord,
                                            per_action: list[list[Event]]) -> None:
    """Before each play, the record the table rebuilt equals the one the engine kept."""
    record = public_record(played.events, None, played.start.names)
    before = [played.start, *played.states]
    attempts = iter(record.attempts)
    for state, action_events in zip(before, per_action, strict=False):
        if any(isinstance(e, Played | Refused) for e in action_events):
            attempt = next(attempts)
            assert list(attempt.record) == state.record


def a_players_own_hand_is_followed_through_the_game(played: GameRecord,
                                                    per_action: list[list[Event]],
                                                    seat: int) -> None:
    record = public_record(played.events, seat, played.start.names)
    before = [played.start, *played.states]
    mine = iter(a for a in record.attempts if a.seat == seat)
    for state, action_events in zip(before, per_action, strict=False):
        tried = [e for e in action_events if isinstance(e, Played | Refused)]
        if tried and tried[0].seat == seat:
            attempt = next(mine)
            assert attempt.hand is not None
            assert sorted(attempt.hand) == sorted(state.hands[seat])


def the_record_holds_no_other_seats_secret(played: GameRecord, seat: int) -> None:
    """Two games with the same public history and different secrets (other seats' cards,
    the rule a rule-maker wrote) give a viewer the same record, byte for byte."""
    altered = [_other_secrets(e, seat) for e in played.events]
    assert altered != played.events
    mine = public_record(played.events, seat, played.start.names)
    theirs = public_record(altered, seat, played.start.names)
    assert repr(mine) == repr(theirs)
    assert _no_hand_but(mine, seat)


def _other_secrets(event: Event, viewer: int) -> Event:
    """The event with whatever only another seat may know changed."""
    if event.to is None or event.to == viewer:
        return event
    secret: dict[str, Any] = {f.name: ("AS",) if f.type != "int | None" else 99
              for f in dataclasses.fields(event) if f.metadata.get("secret")}
    return dataclasses.replace(event, private="(something else)", **secret)


def _no_hand_but(record: PublicRecord, seat: int) -> bool:
    return all(a.hand is None for a in record.attempts if a.seat != seat)


def _per_action(played: GameRecord) -> list[list[Event]]:
    """The events of each action, in order (rebuilt by replaying the actions)."""
    from games.engine.apply import apply

    found = []
    state = played.start
    for action in played.actions:
        state, events = apply(state, action)
        found.append(events)
    return found


def the_record_read_as_it_grows_is_the_record_read_at_once(played: GameRecord,
                                                          per_action: list[list[Event]],
                                                          seat: int) -> None:
    """A player following the game action by action ends with the same record as one
    reading the whole log; and the rules written are all there, each with its author."""
    from games.deduction.record import RecordReader
    from games.engine.events import RuleWritten

    reader = RecordReader(seat, played.start.names)
    for action in per_action:
        reader.read(action)
    whole = public_record(played.events, seat, played.start.names)
    assert reader.record() == whole and reader.attempts == len(whole.attempts)
    written = [e.seat for e in played.events if isinstance(e, RuleWritten)]
    assert [w.author for w in whole.written] == written


def test_a_broken_call_carries_the_cards_it_cost() -> None:
    from tests.engine.helpers import arrange, example, start

    shout = {"jargon": "Shout", "rule": {"kind": "call", "say": "Hey",
             "when": {"type": "suit", "of": "played", "in": ["H"]}, "penalty": 2}}
    _, mao = example("14")
    state = start([(0, shout), (0, mao)], jokers=False)
    state = arrange(state, [["2C"], ["3H", "8C"], ["4D"]], [["3D"]],
                    draws=["9H", "9D", "9C"], current=1)
    from games.engine.actions import Play
    from games.engine.apply import apply

    state, events = apply(state, Play(1, ("3H",)))
    (attempt,) = public_record(events, 2, state.names).attempts
    assert [(c.jargon, c.required, c.penalty) for c in attempt.calls] == [
        ("Shout", True, 2), ("Mao", True, 1)]
