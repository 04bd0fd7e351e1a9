"""Starting a game: its seats, the rules it opens with, and the first rule or the first deal.

A game opens waiting for its first rule (Mini Mao: one rule-maker, or both players of
two), or, where nobody writes one (the ``rule_making`` setting is ``none``, or a preset
law is in force from the start), with the first deal. A preset's house rules (public) and
laws (secret) join the game first, with no player author: :func:`open_game`.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.deal import deal
from games.engine.ending import check_lockup
from games.engine.errors import EngineError
from games.engine.events import Event
from games.engine.lockup import has_way_out
from games.engine.rounds import start_round
from games.engine.settings import GameSettings
from games.engine.state import GameState, RuleEntry, RuleStats, rule_data
from games.engine.stock import shuffle_rng
from rules.spec import Rule

MAX_NAME = 40

__all__ = ["MAX_NAME", "deal", "new_game", "open_game"]


def new_game(settings: GameSettings, names: Sequence[str], seed: int) -> GameState:
    """A new game waiting for its first rule(s): one rule-maker, or both players of two.

    A game whose first round starts without a written rule (``rule_making`` ``none``) is
    dealt at once, with events: open it with :func:`open_game`.
    """
    if settings.rule_making == "none":
        raise EngineError("settings/invalid", "a game whose winners write no rules is dealt "
                          "at once: open it with open_game")
    state, _ = open_game(settings, names, seed)
    return state


def open_game(settings: GameSettings, names: Sequence[str], seed: int,
              house: Sequence[Rule] = (), laws: Sequence[Rule] = ()) -> tuple[GameState,
                                                                              list[Event]]:
    """A new game with its ``house`` rules (public) and ``laws`` (secret) in force, neither
    written by a player; waiting for its first rule, or dealt (see the module doc).

    Returns the state and what happened (the deal, when there is one).
    """
    if len(names) != settings.players:
        raise EngineError("settings/invalid",
                          f"{settings.players} players need {settings.players} names")
    cleaned = [n.strip() for n in names]
    if any(not n or len(n) > MAX_NAME for n in cleaned):
        raise EngineError("settings/invalid", f"names must be 1 to {MAX_NAME} characters")
    if len({n.casefold() for n in cleaned}) != len(cleaned):
        raise EngineError("settings/invalid", "every player needs a different name")
    jargons = [r.jargon.casefold() for r in (*house, *laws)]
    if len(set(jargons)) != len(jargons):
        raise EngineError("settings/invalid", "every house rule and law needs its own jargon")
    state = GameState(settings=settings, seed=seed, names=cleaned)
    state.hands = [[] for _ in cleaned]
    for rule, is_house in [*((r, True) for r in house), *((r, False) for r in laws)]:
        entry = RuleEntry(len(state.rules) + 1, None, 1, rule_data(rule), house=is_house)
        state.rules.append(entry)
        state.stats[entry.id] = RuleStats()
        if is_house:
            state.disclosed.append(entry.id)
    maker = settings.first_rule_maker
    if maker is None:
        maker = shuffle_rng(state).randrange(settings.players)
    state.rule_maker = state.dealer = maker
    events: list[Event] = []
    if settings.rule_making == "none" or laws:
        state.way_out = has_way_out(state.rulebook(), players=state.players)
        start_round(state, events)
        check_lockup(state, events)
    else:
        state.writers = [0, 1] if settings.players == 2 else [maker]
    return state, events
