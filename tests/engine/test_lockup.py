"""Lockup: each way a game ends, the cases that must not end it, and a brute-force cross-check.

The brute force plays the engine's own turn functions (without the lockup analysis) from the
state where a lockup was declared: every card kind for every seat in many situations the
analysis claims to cover, random play-outs, and last cards laid in arbitrary situations. A
declared lockup that the brute force escapes is a false lockup.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import apply as apply_module
from games.engine import lockup
from games.engine.actions import Action, ClaimWin, EndGame, Pass, Play, WriteRule
from games.engine.apply import apply
from games.engine.events import Event, WonRound
from games.engine.lockup import anything_playable, has_way_out
from games.engine.play import claim_win, pass_turn, play
from games.engine.settings import GameSettings
from games.engine.setup import new_game
from games.engine.state import GameState, Pile, RoundWin
from rules.analysis import exact_probes
from rules.cards import STANDARD_CARDS, make_deck, parse
from rules.context import PlayContext
from rules.evaluation import Rulebook
from rules.generate import random_card_test, random_condition, random_rule
from rules.spec import conditions_of, dump_rule, load_rule
from tests.engine.helpers import arrange

ALWAYS = {"type": "always"}
NAMES = ("Ann", "Bob", "Cat", "Dan")
Payload = dict[str, Any]


def restriction(when: Payload, must: Payload | None = None, *, must_not: Payload | None = None,
                ) -> Payload:
    key, cond = ("must", must) if must is not None else ("must_not", must_not)
    return {"kind": "restriction", "when": when, key: cond}


def trigger(when: Payload, *effects: Payload) -> Payload:
    return {"kind": "trigger", "when": when, "effects": list(effects)}


def draw(who: str, count: int = 2) -> Payload:
    return {"type": "draw", "who": who, "count": count}


def card_test(kind: str, of: str = "played", /, **fields: Any) -> Payload:
    # ``of`` is positional-only: fields such as ``**{"in": [...]}`` are never taken for it.
    return {"type": kind, "of": of, **fields}


def compare(what: str, op: str, value: int) -> Payload:
    return {"type": "compare", "what": what, "op": op, "value": value}


def any_of(*conds: Payload) -> Payload:
    return {"type": "any", "of": list(conds)}


PASS_LEFT = {"type": "pass_hands", "direction": "left"}
BLACK_TOP = card_test("colour", "top", **{"is": "black"})
EVEN_TOP = card_test("parity", "top", **{"is": "even"})
LAST_CARD = compare("hand_after", "==", 0)
ANY_GROUP = {"kind": "permission", "each": ALWAYS, "step": ALWAYS, "min": 2, "max": 13}


def begin(rules: Sequence[tuple[int, Payload]], players: int = 3, seed: int = 1,
          jargons: Sequence[str] = (), **options: Any) -> tuple[GameState, list[Event]]:
    """A game whose rules (seat, spec) are written in order; dealt, perhaps already over."""
    config = {"players": players, "first_rule_maker": rules[0][0] if rules else 0} | options
    state = new_game(GameSettings(**config), NAMES[:players], seed)
    state.writers = [seat for seat, _ in rules]
    events: list[Event] = []
    for i, (seat, spec) in enumerate(rules):
        jargon = jargons[i] if i < len(jargons) else f"Rule{i}"
        state, events = apply(state, WriteRule(seat, {"jargon": jargon, "rule": spec}))
    return state, events


def grumble(escape: Payload | None = None) -> GameState:
    """Ann plays 7♠ on 5♥ under Bob's Grumble: "when the top is black, legal only if the top
    is even" (or if ``escape`` holds)."""
    must = EVEN_TOP if escape is None else any_of(EVEN_TOP, escape)
    state, _ = begin([(1, restriction(BLACK_TOP, must))], jargons=["Grumble"])
    arrange(state, [["7S", "2H", "3H"], ["4D", "5D", "6D"], ["8C", "9C", "10C"]], [["5H"]],
            current=0)
    state, events = apply(state, Play(0, ("7S",)))
    assert kinds(events)[0] == "played"
    return state


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]


def ended(state: GameState) -> str | None:
    return state.end.reason if state.end else None


# -- no card ------------------------------------------------------------------------------------


def test_nothing_can_follow_the_top_ends_the_game() -> None:
    state = grumble()
    assert ended(state) == "no_card"
    assert state.end is not None and state.end.text == "No card can follow 7♠ under Grumble."
    assert escape_no_card(live(state), Random(0)) is None


def test_a_card_only_the_author_may_play_keeps_the_game_going() -> None:
    state = grumble(escape={"type": "is_author"})  # Bob (seat 1) wrote it; Bob moves next.
    assert ended(state) is None
    state.current = 2  # Cat is stuck, but Bob will get a turn
    assert anything_playable(state)
    assert escape_no_card(state, Random(0)) is not None


def test_a_card_legal_only_later_keeps_the_game_going() -> None:
    state = grumble(escape=compare("turn", ">=", 40))
    assert ended(state) is None and escape_no_card(state, Random(0)) is not None


def test_a_card_legal_only_with_more_cards_keeps_the_game_going() -> None:
    state = grumble(escape=compare("hand_before", ">=", 6))
    assert ended(state) is None and escape_no_card(state, Random(0)) is not None


def test_a_card_legal_only_after_a_reshuffle_does_not_keep_the_game_going() -> None:
    # The definition: no card can follow the pile as it stands. Draining the whole stock so
    # that a reshuffle clears the card under the top is not waited for (docs/rules.md).
    state, _ = begin([(1, restriction(BLACK_TOP, must_not=card_test("colour", "pile2",
                                                               **{"is": "black"})))])
    arrange(state, [["7S", "2H"], ["4D", "5D"], ["8D", "9D"]], [["5C"]], current=0)
    state, events = apply(state, Play(0, ("7S",)))  # 7♠ on 5♣: nothing may follow now
    assert kinds(events)[0] == "played" and ended(state) == "no_card"
    assert state.end is not None and state.end.text.startswith("No card can follow 7♠")


def test_two_hand_count_tests_are_not_enumerated_and_keep_the_game_going() -> None:
    # Regression: hands mixing red and black cards were never tried.
    red, black = (({"type": "hand_count", "where": card_test("colour", **{"is": c}), "op": ">=",
                    "value": 1}) for c in ("red", "black"))
    state = grumble(escape={"type": "all", "of": [red, black]})
    assert ended(state) is None


def test_a_hand_only_aces_high_can_hold_keeps_the_game_going() -> None:
    # Regression: probe hands were built with aces low, where no card is worth 14.
    aces = {"type": "hand_count", "where": card_test("value", op=">=", value=14), "op": ">=",
            "value": 1}
    state, _ = begin([(0, restriction(ALWAYS, aces))], aces_high=True)
    assert ended(state) is None
    arrange(state, [["2H", "3H"], ["AD", "5D"], ["8D", "9D"]], [["5C"]], current=0)
    assert anything_playable(state)


def test_a_group_that_leaves_one_card_keeps_the_game_going() -> None:
    # Regression: the first card of a group leaves several fewer cards than a single card.
    rule = restriction(ALWAYS, {"type": "all", "of": [compare("hand_before", ">=", 4),
                                                      compare("hand_after", "<=", 1)]})
    state, _ = begin([(0, rule), (1, ANY_GROUP)])
    assert ended(state) is None
    arrange(state, [["2H", "3H", "4H", "5H"], ["4D", "5D"], ["8D", "9D"]], [["5C"]], current=1)
    state, _ = apply(state, Pass(1))
    state, _ = apply(state, Pass(2))
    state, events = apply(state, Play(0, ("2H", "3H", "4H")))
    assert kinds(events)[0] == "played"
    alone, _ = begin([(0, rule)])
    # Without the group no card at all can follow: the game says that, not "no way out".
    assert ended(alone) == "no_card"


# -- no way out ---------------------------------------------------------------------------------


def test_a_player_who_plays_draws_two_leaves_no_way_out() -> None:
    state, events = begin([(0, trigger(ALWAYS, draw("player")))])
    assert ended(state) == "no_way_out"
    assert kinds(events)[-1] == "game_over" and "dealt" in kinds(events)
    assert escape_no_way_out(live(state), Random(1)) is None


def test_a_classic_lockup_is_found_among_many_other_rules() -> None:
    rng = Random(11)
    others = [dump_rule(random_rule(rng, "restriction"))["rule"] for _ in range(8)]
    conditions = [c for spec in others for c in conditions_of(load_rule(
        {"version": 1, "jargon": "X", "rule": spec}).spec)]
    assert exact_probes(conditions, budget=lockup.WAY_OUT_BUDGET) is None  # too many to try
    rules = [(i % 3, spec) for i, spec in enumerate(others)]
    state, _ = begin([*rules, (1, trigger(ALWAYS, draw("player")))])
    assert ended(state) == "no_way_out"
    assert escape_no_way_out(live(state), Random(5)) is None
    state, _ = begin([*rules, (1, restriction(LAST_CARD, must_not=ALWAYS))])
    assert ended(state) == "no_way_out"


def test_you_may_not_play_your_last_card_leaves_no_way_out() -> None:
    state, _ = begin([(0, restriction(LAST_CARD, must_not=ALWAYS))])
    assert ended(state) == "no_way_out"
    assert escape_no_way_out(live(state), Random(2)) is None


HEARTS = {"type": "suit", "in": ["H"]}


@pytest.mark.parametrize("must", [
    {"type": "sum", "op": ">", "value": 60},
    {"type": "sum", "last": 8, "op": ">", "value": 60},
    {"type": "count", "where": HEARTS, "last": 5, "op": "<", "than": {"where": HEARTS}},
])
def test_a_last_card_that_needs_a_long_round_keeps_the_game_going(must: Payload) -> None:
    # Going out needs the round's values to add up to more than 60 (five kings and more),
    # or more hearts this round than among the last five cards: hard, not impossible.
    spec = restriction(LAST_CARD, must)
    assert has_way_out(Rulebook([load_rule({"version": 1, "jargon": "Late", "rule": spec})]))
    state, _ = begin([(0, spec)])
    assert state.end is None


def test_a_way_out_the_probes_cannot_judge_exactly_is_assumed() -> None:
    # Two tests of the round are probed one at a time, not jointly: the answer is not
    # exact, so the game goes on (here no last card is ever legal, yet nobody ends it).
    never = {"type": "all", "of": [{"type": "position", "op": ">", "value": 5},
                                   {"type": "position", "op": "<", "value": 3}]}
    state, _ = begin([(0, restriction(LAST_CARD, never))])
    assert state.end is None


def test_a_permission_does_not_help_when_the_last_cards_are_refused() -> None:
    state, _ = begin([(0, restriction(LAST_CARD, must_not=ALWAYS)), (1, ANY_GROUP)])
    assert ended(state) == "no_way_out"
    arrange(state := live(state), [["2H", "3H"], ["4D", "5D"], ["8D", "9D"]], [["5C"]],
            current=0)
    _, events = step(state, Play(0, ("2H", "3H")))
    assert kinds(events)[0] == "refused"


def test_a_permission_to_go_out_with_a_group_is_a_way_out() -> None:
    alone = restriction(compare("hand_before", "==", 1), must_not=ALWAYS)
    assert ended(begin([(0, alone)])[0]) == "no_way_out"
    state, _ = begin([(0, alone), (1, ANY_GROUP)])
    assert ended(state) is None
    arrange(state, [["2H", "3H"], ["4D", "5D"], ["8D", "9D"]], [["5C"]], current=0)
    _, events = step(state, Play(0, ("2H", "3H")))
    assert "won_round" in kinds(events)


def test_a_group_whose_first_card_refills_the_hand_is_no_way_out() -> None:
    # Every card of a group leaves the hand before any trigger fires.
    state, _ = begin([(0, trigger(ALWAYS, draw("everyone", 1))), (1, ANY_GROUP)])
    assert ended(state) == "no_way_out"
    arrange(state := live(state), [["2H", "3H"], ["4D", "5D"], ["8D", "9D"]], [["5C"]],
            current=0)
    _, events = step(state, Play(0, ("2H", "3H")))
    assert kinds(events)[0] == "played" and not won(events)


def test_a_win_effect_on_a_card_following_in_a_group_is_a_way_out() -> None:
    # Regression: a card after the first of a group is judged by no restriction.
    kings = card_test("rank", **{"in": ["K"]})
    rules = [(0, restriction(LAST_CARD, must_not=ALWAYS)), (1, restriction(ALWAYS,
             must_not=kings)), (0, trigger(kings, {"type": "win"})), (1, ANY_GROUP)]
    state, _ = begin(rules)
    assert ended(state) is None
    arrange(state, [["2H", "KH", "4H"], ["4D", "5D"], ["8D", "9D"]], [["5C"]], current=0)
    assert won(step(state, Play(0, ("2H", "KH")))[1])


def test_drawing_only_on_fives_leaves_a_way_out() -> None:
    fives = trigger(card_test("rank", **{"in": ["5"]}), draw("player"))
    assert ended(begin([(0, fives)])[0]) is None


def test_an_instant_win_leaves_a_way_out() -> None:
    win = {"kind": "instant_win", "hand": {"type": "hand_count", "where": card_test("suit", **{
        "in": ["H"]}), "op": ">=", "value": 3}}
    assert ended(begin([(0, trigger(ALWAYS, draw("player"))), (1, win)])[0]) is None


def test_a_win_effect_leaves_a_way_out_even_with_cards_in_hand() -> None:
    # Regression: a win effect was only looked for on a last card.
    win = trigger(compare("hand_before", ">=", 3), {"type": "win"})
    state, _ = begin([(0, trigger(ALWAYS, draw("player"))), (1, win)])
    assert ended(state) is None
    arrange(state, [["2H", "3H", "4H"], ["4D", "5D"], ["8D", "9D"]], [["5C"]], current=0)
    assert "won_round" in kinds(apply(state, Play(0, ("2H",)))[1])


def test_passing_hands_on_a_last_card_gives_the_empty_hand_away() -> None:
    # Regression: passing hands was taken for a refill, but the neighbour receives the
    # emptied hand and wins the round: no lockup.
    state, _ = begin([(0, trigger(ALWAYS, PASS_LEFT))])
    assert ended(state) is None
    arrange(state, [["2H"], ["4D", "5D"], ["8D", "9D"]], [["5C"]], current=0)
    state, _ = apply(state, Play(0, ("2H",)))
    assert state.winners[-1] == RoundWin(1, 1, "emptied")


def test_a_draw_for_whoever_holds_the_passed_empty_hand_refills_it() -> None:
    state, _ = begin([(0, trigger(ALWAYS, PASS_LEFT, draw("next")))], players=2)
    assert ended(state) == "no_way_out"  # passed left, the empty hand lands on "next"
    assert escape_no_way_out(live(state), Random(3)) is None


def test_trigger_order_decides_whether_the_passed_hand_stays_empty() -> None:
    # Bob's pass fires before Ann's draw when Bob plays: his emptied hand goes on to Cat.
    rules = [(0, trigger(ALWAYS, draw("player"))),
             (1, trigger(card_test("rank", **{"in": ["8"]}), PASS_LEFT))]
    state, _ = begin(rules)
    assert ended(state) is None
    arrange(state, [["2H", "3H"], ["8D"], ["8C", "9D"]], [["5C"]], current=1)
    state, _ = apply(state, Play(1, ("8D",)))
    assert state.winners[-1] == RoundWin(1, 2, "emptied")


def test_calls_never_leave_no_way_out() -> None:
    # Words said for a required call are not needless for another, so "Mao" for red cards
    # and "Mao" for black ones (or "Mao Mao" when both may be asked for) can always be met.
    def mao(when: Payload, say: str = "Mao") -> Payload:
        return {"kind": "call", "when": when, "say": say}

    red, black = card_test("colour", **{"is": "red"}), card_test("colour", **{"is": "black"})
    kings = card_test("rank", **{"in": ["K"]})
    for rules in ([(0, mao(red)), (1, mao(black))], [(0, mao(red)), (1, mao(kings, "Mao Mao"))],
                  [(0, mao(ALWAYS, "Mao Mao")), (1, mao(red)), (2, mao(kings, "mao"))]):
        state, _ = begin(rules)
        assert ended(state) is None
        assert escape_no_way_out(live(state), Random(4)) is not None


# -- no supply and the host ---------------------------------------------------------------------


def test_no_supply_ends_only_the_round() -> None:
    state, _ = begin([(1, trigger(card_test("rank", **{"in": ["5"]}), draw("player")))])
    arrange(state, [["2H"], None, ["8D", "9D", "10D"]], [["5C"]], current=0)
    state, events = apply(state, Pass(0))
    assert "no_supply" in kinds(events)
    assert state.phase == "writing" and state.end is None
    assert state.winners[-1] == RoundWin(1, 0, "no_supply")


def test_the_host_ends_the_game() -> None:
    state, _ = begin([(1, trigger(ALWAYS, {"type": "skip"}))])
    state, events = apply(state, EndGame(0))
    assert ended(state) == "host" and kinds(events) == ["game_over"]


# -- the brute force ----------------------------------------------------------------------------

TURNS: dict[type, Callable[[GameState, Any, list[Event]], None]] = {
    Play: play, Pass: pass_turn, ClaimWin: claim_win}
WINS = ("emptied", "effect", "instant")


def step(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """The engine's own turn on a copy, without the lockup analysis."""
    new = state.clone()
    events: list[Event] = []
    TURNS[type(action)](new, action, events)
    return new, events


def live(state: GameState) -> GameState:
    """The state just before the lockup ended it."""
    new = state.clone()
    new.phase, new.end = "playing", None
    return new


def won(events: Sequence[Event]) -> bool:
    return any(isinstance(e, WonRound) and e.how in WINS for e in events)


def deck(state: GameState) -> list[str]:
    return [str(c) for c in make_deck(state.settings.decks, state.settings.jokers)]


def plain(state: GameState) -> list[str]:
    """The deck without its jokers."""
    return [c for c in deck(state) if c != "JK"]


def attempts(state: GameState) -> list[tuple[str, str | None]]:
    """Every card kind, and a joker naming each one when jokers are in play."""
    plain: list[tuple[str, str | None]] = [(str(c), None) for c in STANDARD_CARDS]
    return plain + ([("JK", str(c)) for c in STANDARD_CARDS] if state.settings.jokers else [])


def words(state: GameState, seat: int, card: str, named: str | None) -> str:
    """What a player who knows the rules says with this play (the required phrases)."""
    pile, hand = state.piles[0], state.hand_cards(seat)
    ctx = PlayContext(parse(named or card), pile.effective(), physical=parse(card),
                      active_suit=pile.suit, hand=tuple(hand), hand_before=len(hand),
                      player=seat, players=state.players, turn=state.turn + 1,
                      round=state.round)
    return state.rulebook().required_say(ctx)


def escape_no_card(state: GameState, rng: Random, situations: int = 12) -> str | None:
    """A legal play the brute force finds from ``state`` (None: none found).

    Tries every card kind for random seats, later turns, hand sizes and hands, on the pile as
    it stands; then for whoever is to move as everyone passes, until a reshuffle would change
    the pile (the lockup is about the pile as it stands: docs/rules.md).
    """
    cards, groups = plain(state), state.rulebook().has_permissions
    for _ in range(situations):
        probe = state.clone()
        seat = probe.current = rng.randrange(probe.players)
        probe.turn += rng.choice((0, 1, 3, 10, 40, 200))
        filler = rng.sample(cards, rng.choice((0, 1, 2, 4, 7)))
        together = filler[:rng.randint(1, 2)] if groups else []
        for card, named in attempts(probe):
            probe.hands[seat] = [card, *filler]
            plays: list[tuple[tuple[str, ...], tuple[str | None, ...]]] = [((card,), (named,))]
            if together:  # a group's first card leaves several fewer cards
                plays.append(((card, *together), (named, *[None] * len(together))))
            for played, names in plays:
                _, events = step(probe, Play(seat, played, names))
                if kinds(events)[0] == "played":
                    return f"seat {seat} plays {played} as {named} at turn {probe.turn + 1}"
    walk = state.clone()
    for _ in range(80):
        if walk.phase != "playing" or walk.round != state.round:
            break  # the claim is about this round: a new deal turns up a new top
        if [p.cards for p in walk.piles] != [p.cards for p in state.piles]:
            break  # a reshuffle: the claim is about the piles as they stand
        for card, named in attempts(walk)[::7]:
            probe = walk.clone()
            probe.hands[probe.current][0] = card
            _, events = step(probe, Play(probe.current, (card,), (named,)))
            if kinds(events)[0] == "played":
                return f"after passes, seat {probe.current} plays {card}"
        walk, _ = step(walk, Pass(walk.current))
    return None


def escape_no_way_out(state: GameState, rng: Random, lasts: int = 150,
                      playouts: int = 6) -> str | None:
    """A round won by play that the brute force finds from ``state`` (None: none found).

    Lays a last card (any kind, a joker naming any card) in random situations, claims instant
    wins with random hands, and plays random games of legal cards and passes.
    """
    cards = deck(state)
    reverses = any(effect["type"] == "reverse" for e in state.rules
                   if e.data["rule"]["kind"] == "trigger" for effect in e.data["rule"]["effects"])
    for _ in range(lasts):
        probe = state.clone()
        seat = probe.current = rng.randrange(probe.players)
        probe.direction = rng.choice((1, -1)) if reverses else 1
        probe.turn = rng.randrange(300)
        probe.piles = [Pile(rng.sample(plain(state), rng.randint(1, 3)),
                            rng.choice((None, "C", "D", "H", "S")))]
        card = rng.choice(cards)
        named = str(rng.choice(STANDARD_CARDS)) if card == "JK" else None
        probe.hands[seat] = [card]
        say = words(probe, seat, card, named)
        _, events = step(probe, Play(seat, (card,), (named,), say))
        if won(events):
            return f"seat {seat} goes out with {card} on {probe.piles[0].cards}"
        if state.rulebook().has_permissions:
            group = tuple(rng.sample(plain(state), rng.randint(2, 4)))
            probe.hands[seat] = list(group)
            if won(step(probe, Play(seat, group, (None,) * len(group)))[1]):
                return f"seat {seat} goes out with the group {group}"
        probe.hands[seat] = rng.sample(cards, rng.randint(1, 6))
        if "claim_won" in kinds(step(probe, ClaimWin(seat))[1]):
            return f"seat {seat} claims with {probe.hands[seat]}"
    for _ in range(playouts):
        found = random_playout(state, rng)
        if found:
            return found
    return None


def random_playout(state: GameState, rng: Random, actions: int = 150) -> str | None:
    """Random legal cards (now and then a pass) until a round is won by play."""
    rulebook = state.rulebook()
    for _ in range(actions):
        if state.phase != "playing":
            return None
        seat, hand = state.current, state.hands[state.current]
        options = [(c, n) for c in hand for n in ([str(rng.choice(STANDARD_CARDS))]
                                                   if c == "JK" else [None])]
        rng.shuffle(options)
        action: Action = Pass(seat)
        if rng.random() < 0.9:
            for card, named in options:
                stands = parse(named or card)
                ctx = PlayContext(stands, state.piles[0].effective(), physical=parse(card),
                                  active_suit=state.piles[0].suit,
                                  hand=tuple(state.hand_cards(seat)), hand_before=len(hand),
                                  player=seat, players=state.players, turn=state.turn + 1,
                                  round=state.round)
                if rulebook.is_legal(ctx):
                    action = Play(seat, (card,), (named,), words(state, seat, card, named))
                    break
        if rulebook.winning_hand(state.hand_cards(seat)) is not None:
            action = ClaimWin(seat)
        state, events = step(state, action)
        if won(events):
            return f"a play-out is won: {[e.text for e in events if e.kind == 'won_round']}"
    return None


# -- random tiny games --------------------------------------------------------------------------


def tiny_rule(rng: Random) -> Payload:
    """A rule from the random generator, or one of the shapes that tend to lock games up."""
    roll = rng.random()
    if roll < 0.3:
        rule: Payload = dump_rule(random_rule(rng, rng.choice(("restriction", "trigger"))))["rule"]
        return rule
    if roll < 0.5:  # a top card that nothing, or only some, may follow
        escape = rng.choice((
            None, {"type": "is_author"}, compare("turn", ">=", rng.randint(2, 30)),
            compare("hand_before", ">=", rng.randint(3, 6)), random_card_test(rng),
            {"type": "joker"}, random_card_test(rng, "pile2"), compare("run_length", "<", 2),
            {"type": "hand_count", "where": random_card_test(rng), "op": ">=",
             "value": rng.randint(1, 2)}))
        must = random_card_test(rng, "top")
        return restriction(random_card_test(rng, "top"), must if escape is None else any_of(
            must, escape))
    if roll < 0.75:  # refills and hand passing
        effects = [rng.choice((draw(rng.choice(("player", "everyone", "next", "others")),
                                    rng.randint(1, 2)), PASS_LEFT,
                               {"type": "pass_hands", "direction": "right"},
                               {"type": "reverse"}, {"type": "skip"}, {"type": "win"},
                               {"type": "name_suit"}, {"type": "new_pile"}))
                   for _ in range(rng.randint(1, 2))]
        when = rng.choice((ALWAYS, ALWAYS, random_condition(rng, 1)))
        return trigger(when, *effects)
    if roll < 0.9:  # last cards refused
        when = rng.choice((LAST_CARD, compare("hand_before", "<=", rng.randint(1, 2))))
        return restriction(when, must_not=rng.choice((ALWAYS, random_card_test(rng))))
    if roll < 0.95:
        return {"kind": "call", "when": random_condition(rng, 1),
                "say": rng.choice(("Mao", "Mao Mao", "{colour}"))}
    return rng.choice((ANY_GROUP, {"kind": "permission", "each": random_card_test(rng),
                                   "step": {"type": "relation", "rel": "same_rank"}}))


@dataclass
class Audit:
    """What one tiny game declared, and every false lockup the brute force found."""

    declared: list[str] = field(default_factory=list)
    escaped: int = 0
    problems: list[str] = field(default_factory=list)


def audit(seed: int) -> Audit:
    """Play a tiny random game through ``apply``; check every lockup it declares."""
    rng = Random(seed)
    players = rng.choice((2, 2, 3))
    rules: list[tuple[int, Payload]] = []
    for _ in range(rng.choice((1, 2, 3, 3, 5, 8))):
        while True:
            spec = tiny_rule(rng)
            try:
                load_rule({"version": 1, "jargon": "Draft", "rule": spec})
            except ValueError:
                continue
            rules.append((rng.randrange(players), spec))
            break
    state, _ = begin(rules, players, seed, hand_size=3, jokers=rng.random() < 0.5,
                     aces_high=rng.random() < 0.3)
    return audit_game(state, rng)


def audit_game(state: GameState, rng: Random) -> Audit:
    """Check the game's way-out verdict, then play on and check any "no card"."""
    result = Audit()
    found = escape_no_way_out(live(state), rng, lasts=60, playouts=3)
    result.escaped += found is not None
    if state.way_out is False and found:
        result.problems.append(f"no way out declared, but {found}")
    for _ in range(60):
        if state.phase != "playing":
            break
        seat = state.current
        card = rng.choice(state.hands[seat])
        named = str(rng.choice(STANDARD_CARDS)) if card == "JK" else None
        action = Play(seat, (card,), (named,)) if rng.random() < 0.8 else Pass(seat)
        state, _ = apply(state, action)
    if ended(state):
        result.declared.append(str(ended(state)))
    if ended(state) == "no_card":
        escape = escape_no_card(live(state), rng)
        if escape:
            result.problems.append(f"no card declared, but {escape}")
    return result


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1))
def test_no_declared_lockup_is_escaped_by_brute_force(seed: int) -> None:
    assert audit(seed).problems == []


def test_the_sweep_meets_both_lockups_and_many_ways_out() -> None:
    audits = [audit(seed) for seed in range(100)]
    assert [p for a in audits for p in a.problems] == []
    declared = [d for a in audits for d in a.declared]
    assert declared.count("no_card") >= 5 and declared.count("no_way_out") >= 5
    assert sum(a.escaped for a in audits) >= 50


def test_the_brute_force_catches_a_false_no_way_out() -> None:
    with mock.patch.object(apply_module, "has_way_out", lambda rulebook, players=None: False):
        state, _ = begin([(0, trigger(card_test("rank", **{"in": ["5"]}), draw("player")))])
    assert ended(state) == "no_way_out"
    assert audit_game(state, Random(0)).problems != []


def test_the_brute_force_catches_a_false_no_card() -> None:
    state = grumble(escape=compare("turn", ">=", 12))
    with mock.patch.object(lockup, "anything_playable", lambda state: False):
        state, _ = apply(state, Pass(state.current))
    assert ended(state) == "no_card"
    assert audit_game(state, Random(0)).problems != []


def test_way_out_agrees_with_a_direct_rulebook_check() -> None:
    # The static answer for a handful of fixed rulebooks, independent of any deal.
    def book(*specs: Payload) -> Rulebook:
        return Rulebook([load_rule({"version": 1, "jargon": f"R{i}", "author": i % 2,
                                    "rule": s}) for i, s in enumerate(specs)])

    assert has_way_out(book())
    assert not has_way_out(book(trigger(ALWAYS, draw("everyone", 1))))
    assert has_way_out(book(trigger(ALWAYS, draw("others", 1))))
    assert not has_way_out(book(trigger(ALWAYS, PASS_LEFT, draw("next"))), players=2)
    pass_right = {"type": "pass_hands", "direction": "right"}
    assert not has_way_out(book(trigger(ALWAYS, pass_right, draw("next"))), players=2)
    assert has_way_out(book(trigger(ALWAYS, pass_right, draw("next"))), players=3)


# -- the words of a lockup ----------------------------------------------------------------------

ACES = {"type": "rank", "of": "played", "in": ["A"]}
RED_ON_RED = restriction(card_test("colour", "top", **{"is": "red"}),
                         must_not=card_test("colour", **{"is": "red"}))


def test_no_card_that_can_be_last_is_said_so_naming_only_the_rules_that_lock() -> None:
    state, _ = begin([(0, restriction(LAST_CARD, ACES)), (1, RED_ON_RED),
                      (2, restriction(ALWAYS, must_not=ACES))], jargons=("Ace", "Pip", "Nope"))
    assert ended(state) == "no_way_out"
    assert state.end is not None
    assert state.end.text == (
        "Nobody can ever empty their hand under these rules: no card can ever be the last one "
        "played. Ace: when the play leaves its player with no cards, a card played must be an "
        "ace. Nope: an ace may never be played.")


def test_a_last_card_refilled_is_said_so_naming_the_refill() -> None:
    state, _ = begin([(0, RED_ON_RED), (1, trigger(ALWAYS, draw("player")))],
                     jargons=("Pip", "Drawn"))
    assert ended(state) == "no_way_out"
    assert state.end is not None
    assert state.end.text == (
        "Nobody can ever empty their hand under these rules: a last card may be played, but "
        "what it sets off fills a hand again. Drawn: whenever a card is played, its player "
        "draws two cards.")
