"""Lockup: deciding, safely, that no game of these rules can go on.

Two ways to lock up are checked here (the third, a stock that cannot supply a
draw, ends only the round and lives in :mod:`games.engine.rounds`):

* **no card**: on every pile, no card kind can be played by anyone, whoever is
  to move, whatever their hand size and at any later turn of the round. The
  situation is varied over the probe values of :func:`rules.analysis.probe_space`,
  so a card that becomes legal later (say after a draw) keeps the game alive.
* **no way out**: under these rules nobody can ever empty their hand. Checked
  once per rulebook over every top card, every card kind as the last card, and
  every probed situation: a way out is a legal last play whose triggers neither
  refill the player's hand (a draw for the player or everyone, passing hands)
  unless one also wins, or a group allowed by a permission, or a possible
  instant-win hand. Whenever the analysis had to sample, or cannot be sure, it
  assumes a way out exists: the engine never ends a game that could be won.
"""

from __future__ import annotations

import itertools

from games.engine.events import Event
from games.engine.rounds import end_game
from games.engine.state import GameState
from rules.analysis import boundaries, never_fires, probe_hands, probe_space
from rules.cards import JOKER, STANDARD_CARDS
from rules.conditions import Condition
from rules.context import PlayContext
from rules.evaluation import Rulebook
from rules.spec import InstantWin, Permission, Restriction, Trigger, conditions_of

WAY_OUT_BUDGET = 60_000
REFILLS = ("player", "everyone")


def _conditions(rulebook: Rulebook, kinds: tuple[type, ...]) -> list[Condition]:
    return [c for r in rulebook.rules if isinstance(r.spec, kinds) for c in conditions_of(r.spec)]


def has_way_out(rulebook: Rulebook) -> bool:
    """Whether some play could ever leave a player with an empty hand (see module doc)."""
    for rule in rulebook.rules:
        if isinstance(rule.spec, InstantWin | Permission) and not never_fires(rule).found:
            return True
    conditions = _conditions(rulebook, (Restriction, Trigger))
    contexts, exact = probe_space(conditions, [r.author for r in rulebook.rules],
                                  budget=WAY_OUT_BUDGET, fixed={"hand_before": [1]})
    for ctx in contexts:
        ctx.hand_after = 0
        if rulebook.is_legal(ctx) and _empties(rulebook, ctx):
            return True
    return not exact


def _empties(rulebook: Rulebook, ctx: PlayContext) -> bool:
    effects = [e for _, effects in rulebook.fired(ctx) for e in effects]
    if any(e.kind == "win" for e in effects):
        return True
    return not any((e.kind == "draw" and e.who in REFILLS) or e.kind == "pass_hands"
                   for e in effects)


def anything_playable(state: GameState) -> bool:
    """Whether any card could be played on some pile by someone, now or later this round."""
    rulebook = state.rulebook()
    jokers = state.settings.jokers
    mover = state.current
    hand = tuple(state.hand_cards(mover))
    for pile in state.piles:
        base = PlayContext(STANDARD_CARDS[0], pile.effective(), active_suit=pile.suit,
                           hand=hand, hand_before=max(len(hand), 1), player=mover,
                           players=state.players, turn=state.turn + 1, round=state.round)
        if _any_card(rulebook, base, jokers):
            return True
    # The mover is stuck: try every seat, hand and later turn that the rules tell apart.
    conditions = _conditions(rulebook, (Restriction,))
    turns = [t for t in boundaries("turn", conditions) if t > state.turn] or [state.turn + 1]
    sizes = boundaries("hand_before", conditions)
    held_options = [hand, *probe_hands(conditions)[0]]
    for pile in state.piles:
        cards = pile.effective()
        for seat, size, turn, held in itertools.product(range(state.players), sizes, turns,
                                                       held_options):
            base = PlayContext(STANDARD_CARDS[0], cards, active_suit=pile.suit, hand=held,
                               hand_before=size, player=seat, players=state.players, turn=turn,
                               round=state.round)
            if _any_card(rulebook, base, jokers):
                return True
    return False


def _any_card(rulebook: Rulebook, base: PlayContext, jokers: bool) -> bool:
    for card in STANDARD_CARDS:
        base.played = base.physical = card
        if rulebook.is_legal(base):
            return True
    if jokers:
        for card in STANDARD_CARDS:
            base.played, base.physical = card, JOKER
            if rulebook.is_legal(base):
                return True
    return False


def blockers(state: GameState) -> list[str]:
    """Jargon of the restrictions that refuse some card on the current tops."""
    rulebook = state.rulebook()
    names: list[str] = []
    for pile in state.piles:
        base = PlayContext(STANDARD_CARDS[0], pile.effective(), active_suit=pile.suit,
                           player=state.current, players=state.players, turn=state.turn + 1,
                           round=state.round, hand=tuple(state.hand_cards(state.current)))
        for card in STANDARD_CARDS:
            for rule in rulebook.broken(base.with_played(card)):
                if rule.jargon not in names:
                    names.append(rule.jargon)
    return names


def check_lockup(state: GameState, events: list[Event]) -> None:
    """End the game if it has locked up; call after every accepted action while playing."""
    if state.phase != "playing":
        return
    if state.way_out is False:
        end_game(state, "no_way_out", "Nobody can ever empty their hand under these rules: "
                 "no last card can be played without the hand filling up again.", events)
        return
    if not anything_playable(state):
        tops = " or ".join(p.top.symbol for p in state.piles)
        names = blockers(state)
        under = f" under {_and(names)}" if names else ""
        end_game(state, "no_card", f"No card can follow {tops}{under}.", events)


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
