"""Bot games of a preset: for tests, ``manage.py play_bots --preset`` and benchmarks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from games.engine.events import (
    CallBroken,
    Expelled,
    OutOfTurn,
    Played,
    RaceAnswered,
    RaceClosed,
    Refused,
    SpeechBroken,
)
from games.engine.simulate import NAMES, GameRecord, play_on
from games.presets.opening import open_preset, settings_for
from games.presets.registry import preset


def play_preset(name: str, seed: int, kinds: Sequence[str] = ("oracle",),
                players: int | None = None, law: str | None = None, max_actions: int = 2000,
                max_rounds: int = 8, keep_states: bool = False) -> GameRecord:
    """Play one game of preset ``name`` with bots (``kinds`` cycles over the seats), as
    :func:`~games.engine.simulate.play_game` does; ``players`` and ``law`` as the host
    would choose them (``None``: the preset's default, no law)."""
    chosen = {} if players is None else {"players": players}
    settings = settings_for(preset(name), law=law, **chosen)
    state, opening = open_preset(settings, NAMES[:settings.players], seed)
    record = play_on(state, kinds, seed, max_actions, max_rounds, keep_states, seen=opening)
    record.events[:0] = opening
    return record


def penalties_of(record: GameRecord, kinds: Sequence[str], kind: str) -> tuple[int, int]:
    """How often the seats played by bots of ``kind`` were refused, and how often they
    broke a call, in ``record`` (played by ``kinds``, cycled over the seats)."""
    seats = {s for s in range(record.start.players) if kinds[s % len(kinds)] == kind}
    refused = sum(1 for e in record.events if isinstance(e, Refused) and e.seat in seats)
    calls = sum(1 for e in record.events if isinstance(e, CallBroken) and e.seat in seats)
    return refused, calls


def speech_broken_of(record: GameRecord, kinds: Sequence[str], kind: str) -> int:
    """How often the seats played by bots of ``kind`` broke a speech rule (talked, or did
    not say a reply they owed) in ``record`` (played by ``kinds``, cycled over the seats)."""
    seats = {s for s in range(record.start.players) if kinds[s % len(kinds)] == kind}
    return sum(1 for e in record.events if isinstance(e, SpeechBroken) and e.seat in seats)


def off_turn_of(record: GameRecord) -> Counter[str]:
    """What happened off turn and to seats in ``record``: plays tried out of turn
    (``out_of_turn``), multiples played out of turn (``multiples``), and seats expelled, by
    cause (``expelled for hand``, ``expelled for mistakes``)."""
    found: Counter[str] = Counter()
    for event in record.events:
        if isinstance(event, OutOfTurn):
            found["out_of_turn"] += 1
        elif isinstance(event, Played) and event.out_of_turn:
            found["multiples"] += 1
        elif isinstance(event, Expelled):
            found[f"expelled for {event.cause}"] += 1
    return found


def races_of(record: GameRecord, kinds: Sequence[str], kind: str) -> tuple[int, int, int]:
    """The races run in ``record``, and how often the seats played by bots of ``kind`` lost
    one by answering last (bad luck: somebody is last) and by not answering at all (what
    a bot that races never does)."""
    seats = {s for s in range(record.start.players) if kinds[s % len(kinds)] == kind}
    answered = {(e.race, e.seat) for e in record.events if isinstance(e, RaceAnswered)}
    closed = [e for e in record.events if isinstance(e, RaceClosed)]
    last = sum(1 for e in closed for s in e.losers if s in seats and (e.race, s) in answered)
    missed = sum(1 for e in closed for s in e.losers
                 if s in seats and (e.race, s) not in answered)
    return len(closed), last, missed
