"""The life of a round: its start (a deal, or the dealer naming who starts), its ends (a
win, a stock that cannot supply), what follows (a match won, secret rules disclosed, the
winner's rule making, the next dealer), and the end of the game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from games.engine.deal import deal, dealt_text
from games.engine.events import (
    Dealing,
    Dealt,
    DisclosedRule,
    EndReason,
    Event,
    GameOver,
    NoSupply,
    RoundLocked,
    RulesDisclosed,
    Tie,
    Win,
    WonRound,
)
from games.engine.starter import fire_starter
from games.engine.state import GameEnd, GameState, RoundWin
from rules.english import describe

HOW = {"emptied": "empties their hand", "instant": "reveals a winning hand",
       "effect": "is declared the winner", "no_supply": "holds the fewest cards",
       "last_player": "is the last player left"}
#: What the table hears a round's winner is doing next, by the ``rule_making`` setting.
NEXT = {"add": " {name} is writing a new secret rule…",
        "may_add": " {name} may write a new secret rule…",
        "replace": " {name} may write a new secret law to replace the laws in force…",
        "none": ""}


def start_round(state: GameState, events: list[Event]) -> None:
    """Deal the round, or (where the dealer names the start) wait for the dealer to."""
    state.writers = []
    if state.settings.name_start:
        state.phase = "dealing"
        dealer = state.names[state.dealer]
        events.append(Dealing(text=f"Round {state.round}: {dealer} deals, and names who plays "
                              "first and which way play goes.", seat=state.dealer,
                              round=state.round))
        return
    begin_round(state, events)


def begin_round(state: GameState, events: list[Event], first: int | None = None,
                direction: int = 1) -> None:
    """Deal (see :func:`~games.engine.deal.deal`), then fire the starter's triggers where
    the game says so."""
    at = len(events)
    deal(state, events, first, direction)
    short = fire_starter(state, events)
    if short:
        no_supply(state, short, events)
        return
    # A starter that skips or reverses moves the first turn: the deal names who really
    # plays first, and which way.
    dealt = events[at]
    if isinstance(dealt, Dealt) and state.phase == "playing" and (
            dealt.first != state.current or dealt.direction != state.direction):
        events[at] = replace(dealt, text=dealt_text(state, dealt.starter),
                             first=state.current, direction=state.direction)


def win_round(state: GameState, seat: int, how: Win, events: list[Event]) -> None:
    """``seat`` wins the round: the match, if this win takes it; else the next round, whose
    rule-maker the winner is."""
    name = state.names[seat]
    state.winners.append(RoundWin(state.round, seat, how))
    target = state.settings.match_wins
    won = target is not None and state.wins()[seat] >= target
    making = "none" if won else state.settings.rule_making
    events.append(WonRound(text=f"{name} {HOW[how]} and wins round {state.round}!"
                           + NEXT[making].format(name=name), seat=seat,
                           round=state.round, how=how))
    state.rule_maker = seat
    state.current = seat
    if won:
        end_game(state, "match", match_text(state, seat), events)
        return
    next_round(state, events, writer=seat)


def match_text(state: GameState, seat: int) -> str:
    """"Ann wins the match, 3 rounds to 1 to 0 (Bob 1, Cat 0).": the winner and the score."""
    wins = state.wins()
    others = sorted((s for s in range(state.players) if s != seat), key=lambda s: -wins[s])
    rounds = "round" if wins[seat] == 1 else "rounds"
    score = " to ".join(str(wins[s]) for s in (seat, *others))
    listing = ", ".join(f"{state.names[s]} {wins[s]}" for s in others)
    return (f"{state.names[seat]} wins the match, {score.replace(' to', f' {rounds} to', 1)}"
            f" ({listing}).")


def next_round(state: GameState, events: list[Event], writer: int | None) -> None:
    """After a round's end: disclose its secret rules (where the game says so), move the
    deal on, and let ``writer`` (the winner; ``None`` after a tie) make a rule, or deal."""
    disclose(state, events)
    state.round += 1
    # The deal moves on among the seats still in the game.
    if state.settings.dealer_rotates:
        state.dealer = state.step(state.dealer, 1)
    elif state.in_play(state.rule_maker):
        state.dealer = state.rule_maker
    else:
        state.dealer = state.step(state.rule_maker, 1)
    if writer is not None and state.settings.rule_making != "none":
        state.writers = [writer]
        state.phase = "writing"
        return
    start_round(state, events)


def disclose(state: GameState, events: list[Event]) -> None:
    """With the ``reveal: "round"`` setting, make every secret rule in force public at the
    end of the round (those not public already), in one public event."""
    if state.settings.reveal != "round":
        return
    fresh = [e for e in state.active_rules() if not e.house and e.id not in state.disclosed]
    if not fresh:
        return
    shown = tuple(DisclosedRule(e.id, e.jargon, e.author, state.author_name(e.author),
                                describe(e.rule)) for e in fresh)
    state.disclosed += [e.id for e in fresh]
    listing = " ".join(f"{r.jargon} ({r.author_name}): {r.text}" for r in shown)
    events.append(RulesDisclosed(text=f"The secret rules of round {state.round} are "
                                 f"disclosed. {listing}", round=state.round, rules=shown))


def no_supply(state: GameState, owed: Mapping[int, int], events: list[Event]) -> None:
    """A draw could not be supplied even after reshuffling: the round ends on card counts.

    Each seat still in the game counts the cards it holds plus the cards it was owed; the
    single fewest wins the round, and a tie for fewest ends it without a winner. (A seat
    out of the game scores nothing and is not listed.)
    """
    scores = [len(hand) + owed.get(seat, 0) for seat, hand in enumerate(state.hands)]
    seated = state.seats_in_play()
    best = min(scores[s] for s in seated)
    leaders = [seat for seat in seated if scores[seat] == best]
    listing = ", ".join(f"{state.names[s]} {scores[s]}" for s in seated)
    events.append(NoSupply(text="The stock cannot supply a draw even after reshuffling, "
                           f"so round {state.round} ends. Cards held and owed: {listing}.",
                           scores=tuple(scores)))
    if len(leaders) == 1:
        win_round(state, leaders[0], "no_supply", events)
        return
    tied = " and ".join(state.names[s] for s in leaders)
    events.append(Tie(text=f"{tied} tie with {best} cards: nobody wins round "
                      f"{state.round}. The cards are dealt again.", tied=tuple(leaders)))
    next_round(state, events, writer=None)


def locked(state: GameState, reason: EndReason, text: str, events: list[Event]) -> None:
    """The game locked up (``reason``, said in ``text``): it ends, or where ``lockup_ends``
    is ``round`` the round ends on the cards held, as :func:`no_supply` ends one, the single
    fewest winning it. A tie for fewest ends the game: with nobody to write a new rule,
    the rules that locked this round would lock the next deal too."""
    if state.settings.lockup_ends != "round":
        end_game(state, reason, text, events)
        return
    scores = tuple(len(hand) for hand in state.hands)
    seated = state.seats_in_play()
    best = min(scores[s] for s in seated)
    leaders = [seat for seat in seated if scores[seat] == best]
    if len(leaders) > 1:
        tied = " and ".join(state.names[s] for s in leaders)
        end_game(state, reason, f"{text} {tied} tie with {best} cards, and the same rules "
                 "would lock the next deal.", events)
        return
    listing = ", ".join(f"{state.names[s]} {scores[s]}" for s in seated)
    events.append(RoundLocked(text=f"{text} Round {state.round} ends on the cards held: "
                              f"{listing}.", reason=reason, scores=scores))
    win_round(state, leaders[0], "no_supply", events)


def end_game(state: GameState, reason: EndReason, text: str, events: list[Event]) -> None:
    """The game is over: every rule is revealed."""
    state.phase = "ended"
    state.writers = []
    state.end = GameEnd(reason, text, state.round)
    events.append(GameOver(text=f"The game is over. {text}", reason=reason))
