"""Seed 003's rows (docs/presets/teaching.md) that no worked-example test replays, each
through the engine under the ``teaching`` preset, the seed's words in its docstring."""

from __future__ import annotations

from random import Random

import pytest

from games.engine.actions import Pass, Say, WriteRule
from games.engine.bots import rule_action
from games.engine.events import (
    CallBroken,
    Drew,
    Event,
    GameOver,
    Refused,
    RoundLocked,
    SpeechBroken,
    WonRound,
)
from games.engine.state import GameState, RuleEntry, RuleStats, rule_data
from games.presets.format import PresetError
from games.presets.opening import open_preset, settings_for
from games.presets.registry import preset
from rules.spec import load_rule
from tests.engine.helpers import act, arrange, kinds, only, pass_, play, refusal
from tests.presets.test_teaching_example import (
    DEALER,
    LAST,
    NAMES,
    NEXT,
    YOU,
    on_a_played_queen_of_hearts,
)

TEACHING = preset("teaching")
#: A law no rule-maker may write here: a permission lets cards go down whatever they match.
PERMISSION = {"jargon": "Ladder", "rule": {
    "kind": "permission", "each": {"type": "number"},
    "step": {"type": "relation", "rel": "one_higher"}, "min": 2, "max": 13}}
#: A restriction that may replace the law: "on a five, play an odd card".
ODD_ON_FIVE = {"jargon": "Odd Ones", "rule": {
    "kind": "restriction", "when": {"type": "rank", "of": "top", "in": ["5"]},
    "must": {"type": "parity", "of": "played", "is": "odd"}}}


def penalised(events: list[Event]) -> list[str]:
    """What cost a card: the calls and speech rules broken, by jargon."""
    return [e.jargon for e in events if isinstance(e, CallBroken | SpeechBroken)]


def cards_drawn(events: list[Event]) -> int:
    return sum(e.count for e in events if isinstance(e, Drew) and e.reason == "penalty")


def opened(players: int = 4, law: str | None = "Wrong Colour") -> GameState:
    settings = settings_for(TEACHING, players=players, first_rule_maker=DEALER,
                            **({"law": law} if law else {}))
    return open_preset(settings, [*NAMES, "Eve", "Fay"][:players], 1)[0]


def writing_a_law() -> GameState:
    """The first rule-maker writing the first law (the lobby chose none)."""
    state = opened(law=None)
    assert state.phase == "writing" and state.writers == [DEALER]
    return state


def test_row_1() -> None:
    """"For 3-6 players use 52 ordinary cards, no jokers.\""""
    for players in (3, 6):
        state = opened(players)
        held = sum(len(hand) for hand in state.hands)
        pile = sum(len(p.cards) for p in state.piles)
        assert held + pile + len(state.stock) == 52
        assert "JK" not in [*state.stock, *(c for h in state.hands for c in h)]
    for players in (2, 7):
        with pytest.raises(PresetError):
            settings_for(TEACHING, players=players)


def test_row_2() -> None:
    """"Appoint an experienced referee who may also play": the chair speaks as the Referee,
    and every seat, the dealer's too, holds a hand and plays."""
    state = on_a_played_queen_of_hearts()
    _, events = play(state, YOU, "4S", say="four of spades")
    assert only(events, Refused).text.endswith("Referee: that's a Misplay!")
    assert all(len(hand) == 5 for hand in opened().hands)


def test_row_4() -> None:
    """"Deal 5 each clockwise, turn a starter onto the discard pile and leave the rest as
    stock. With 4 players, 20 are held, 1 exposed and 31 in stock.\""""
    state = opened()
    assert [len(hand) for hand in state.hands] == [5, 5, 5, 5]
    assert [len(p.cards) for p in state.piles] == [1]
    assert len(state.stock) == 31


def test_row_5() -> None:
    """"Dealer says play begins; left neighbour starts clockwise.\""""
    state = opened()
    assert (state.dealer, state.current, state.direction) == (DEALER, YOU, 1)


def test_row_8() -> None:
    """"Otherwise, or voluntarily, draw 1 and end your turn without playing the drawn
    card": You could play Q♣ but draws instead."""
    state, events = pass_(on_a_played_queen_of_hearts(), YOU)
    assert [(e.count, e.reason) for e in events if isinstance(e, Drew)] == [(1, "pass")]
    assert state.hands[YOU] == ["9H", "QC", "4S", "10D"] and state.current == NEXT
    assert state.piles[0].cards[-1] == "QH"


def test_row_9() -> None:
    """"There are no automatic skips, reversals, wild eights or stacked draw penalties.\""""
    state = arrange(on_a_played_queen_of_hearts(),
                    [["2C"], ["AH", "2H", "8C", "7H"], ["5C"], ["6C"]], [["3H", "5H"]],
                    current=YOU)
    for card in ("AH", "2H", "7H"):
        after, events = play(state, YOU, card)
        assert kinds(events) == ["played"]
        assert (after.current, after.direction, after.pending) == (NEXT, 1, 0)
    _, eight = play(state, YOU, "8C")
    assert [b.jargon for b in only(eight, Refused).broken] == ["Misplay"]


def test_row_10() -> None:
    """"A secret requirement restricts legal plays; it never permits a rank or suit
    mismatch": a law may only be a restriction (`rule_kinds`), so none lets 6♣ go on 5♥."""
    assert TEACHING.settings.rule_kinds == ("restriction",)
    assert refusal(writing_a_law(), WriteRule(DEALER, PERMISSION)) == "rule/kind_not_allowed"
    state, _ = act(writing_a_law(), WriteRule(DEALER, ODD_ON_FIVE))
    state = arrange(state, [["2C"], ["6C", "6H", "5C"], ["7C"], ["8C"]], [["5H"]],
                    current=YOU)
    _, mismatch = play(state, YOU, "6C")
    assert [b.jargon for b in only(mismatch, Refused).broken] == ["Misplay", "Odd Ones"]


def test_row_12() -> None:
    """"Otherwise remain silent": words said outside a play cost a card, and so do words
    said with a play that no call needs; "Point of order" does not."""
    state = on_a_played_queen_of_hearts()
    _, outside = act(state, Say(NEXT, "Nice one"))
    assert penalised(outside) == ["Silence"] and cards_drawn(outside) == 1
    _, along = play(state, YOU, "QC", say="Queen of clubs, nice")
    assert only(along, SpeechBroken).text == ("Referee: that's a Silence! You said something "
                                              "needless.")
    assert cards_drawn(along) == 1
    _, order = act(state, Say(LAST, "Point of order"))
    assert penalised(order) == []


def test_row_15() -> None:
    """"If both apply, make both calls before the next player acts": a spade that leaves
    one card asks for its name and "Mao"."""
    state = arrange(on_a_played_queen_of_hearts(), [["2C"], ["4S", "9H"], ["5C"], ["6C"]],
                    [["5S"]], current=YOU)
    _, both = play(state, YOU, "4S", say="Four of spades. Mao!")
    assert kinds(both) == ["played"]
    _, named = play(state, YOU, "4S", say="Four of spades")
    assert penalised(named) == ["Mao"]
    _, mao = play(state, YOU, "4S", say="Mao")
    assert penalised(mao) == ["Spade Call"]


@pytest.mark.parametrize(("card", "said", "jargon"), [
    ("4S", "", "Spade Call"),  # missing: a spade played silently
    ("9H", "Mao", "Mao"),  # unnecessary: "Mao" with cards to spare
    ("9H", "nine of spades", "Spade Call"),  # unnecessary: a spade named, a heart played
    ("9H", "Nine of hearts", "Silence"),  # unnecessary: naming the card played
])
def test_row_16(card: str, said: str, jargon: str) -> None:
    """"Missing or unnecessary speech draws 1 penalty card.\""""
    state = arrange(on_a_played_queen_of_hearts(),
                    [["2C"], ["4S", "9H", "5C", "6D"], ["7C"], ["8C"]], [["4H"]],
                    draws=["10D"], current=YOU)
    after, events = play(state, YOU, card, say=said)
    assert penalised(events) == [jargon] and cards_drawn(events) == 1
    assert "10D" in after.hands[YOU]


def test_row_22() -> None:
    """"On an illegal attempt restore the card to its owner, draw 1 penalty and end that
    turn, announcing a brief reason": 9♦ on Q♥ is red and matches nothing, one card for
    both reasons."""
    state, events = play(on_a_played_queen_of_hearts(), YOU, "9H")
    assert "9H" in state.hands[YOU] and state.current == NEXT
    state = arrange(on_a_played_queen_of_hearts(), [["2C"], ["9D", "QC"], ["5C"], ["6C"]],
                    [["5H", "QH"]], draws=["10D"], current=YOU)
    after, events = play(state, YOU, "9D")
    assert only(events, Refused).text == ("You tries 9♦ on Q♥. Referee: that's a Misplay! "
                                          "Referee: that's a Wrong Colour!")
    assert cards_drawn(events) == 1 and after.hands[YOU] == ["9D", "QC", "10D"]
    assert after.current == NEXT


def test_row_23() -> None:
    """"Never invent retrospective penalties": a play judged legal is never charged later."""
    state, first = play(on_a_played_queen_of_hearts(), YOU, "QC")
    assert kinds(first) == ["played"]
    for seat, card in ((NEXT, "5C"), (LAST, "6C"), (DEALER, "2C")):
        state, events = play(state, seat, card)
        assert not [e for e in events if e.seat == YOU]
    assert state.hands[YOU] == ["9H", "4S"]


def test_row_25() -> None:
    """"Winner may write a replacement for the next round, with referee checking
    consistency": a law that is not a restriction is refused, by the engine and in the
    bots' vetting; a restriction replaces the law in force."""
    state = arrange(on_a_played_queen_of_hearts(), [["2C"], ["QC"], ["5C"], ["6C"]],
                    [["5H", "QH"]], current=YOU)
    state, events = play(state, YOU, "QC", say="Mao")
    assert only(events, WonRound).seat == YOU and state.writers == [YOU]
    assert refusal(state, WriteRule(YOU, PERMISSION)) == "rule/kind_not_allowed"
    after, _ = act(state, WriteRule(YOU, ODD_ON_FIVE))
    in_force = [e.rule.jargon for e in after.active_rules() if not e.house]
    assert in_force == ["Odd Ones"]
    for seed in range(20):
        action = rule_action(YOU, Random(seed), kinds=TEACHING.settings.rule_kinds)
        assert action.rule["rule"]["kind"] == "restriction"


def test_row_26() -> None:
    """"When stock empties, keep the top discard, shuffle the rest into a new stock, and
    preserve the current secret restriction.\""""
    state = arrange(on_a_played_queen_of_hearts(), [None, ["9H", "QC"], ["QD", "5C"], ["6C"]],
                    [["5H", "8H", "QH"]], current=YOU)
    assert state.stock == []
    state, events = pass_(state, YOU)
    assert state.piles[0].cards == ["QH"] and len(state.hands[YOU]) == 3
    _, red = play(state, NEXT, "QD")
    assert only(red, Refused).broken[-1].jargon == "Wrong Colour"


def test_row_27() -> None:
    """"A legal empty hand with required calls wins immediately.\""""
    state = arrange(on_a_played_queen_of_hearts(), [["2C"], ["QC"], ["5C"], ["6C"]],
                    [["5H", "QH"]], current=YOU)
    state, events = play(state, YOU, "QC", say="Mao")
    assert only(events, WonRound).text.startswith("You empties their hand and wins round 1!")
    assert state.phase == "writing"


def test_row_28() -> None:
    """"If a required draw or penalty cannot be supplied even after recycling, stop the
    round. Count cards held plus the undelivered penalty; fewest wins, equal fewest tie
    without a round win.\""""
    state = arrange(on_a_played_queen_of_hearts(), [None, ["9H", "QC"], ["5C"], ["6C", "7C"]],
                    [["QH"]], current=YOU)
    state, events = pass_(state, YOU)
    assert only(events, WonRound).seat == NEXT  # You 2 + 1 owed, Nia 1, Lou 2
    tied = arrange(on_a_played_queen_of_hearts(), [None, ["9H"], ["5C", "8S"], ["6C", "7C"]],
                   [["QH"]], current=YOU)
    tied, events = pass_(tied, YOU)  # You 1 + 1 owed, Nia 2, Lou 2
    assert "tie" in kinds(events) and not [e for e in events if isinstance(e, WonRound)]


def _locking(hands: list[list[str]]) -> GameState:
    """Q♥ on top, and beside the tutorial law a law that no queen follows a queen: no card
    can ever follow (black, a heart or a queen, not a queen)."""
    state = arrange(on_a_played_queen_of_hearts(), hands, [["5H", "QH"]], draws=["10D"],
                    current=YOU)
    rule = load_rule({"version": 1, "jargon": "No Queens", "rule": {
        "kind": "restriction", "when": {"type": "rank", "of": "top", "in": ["Q"]},
        "must_not": {"type": "rank", "of": "played", "in": ["Q"]}}})
    entry = RuleEntry(len(state.rules) + 1, None, state.round, rule_data(rule))
    state.rules.append(entry)
    state.stats[entry.id] = RuleStats()
    return state


def test_row_28_a_lockup_ends_the_round_not_the_match() -> None:
    """The seed's fallback for a round that cannot go on: where no card can follow, the
    round ends on the cards held (`lockup_ends: "round"`), the fewest winning it."""
    state = _locking([["2C", "3C", "4C"], ["9H", "QC", "4S"], ["5C", "8S"], ["6C", "7C", "8C"]])
    state, events = act(state, Pass(YOU))
    assert only(events, RoundLocked).text == (
        "No card can follow Q♥ under Misplay, Wrong Colour and No Queens. Round 1 ends on "
        "the cards held: Dee 3, You 4, Nia 2, Lou 3.")
    assert only(events, WonRound).seat == NEXT
    assert not [e for e in events if isinstance(e, GameOver)]
    assert state.phase == "writing" and state.writers == [NEXT]


def test_row_28_a_lockup_tied_for_fewest_ends_the_game() -> None:
    state = _locking([["2C", "3C", "4C"], ["9H", "QC"], ["5C", "8S", "6D"], ["6C", "7C", "8C"]])
    state, events = act(state, Pass(YOU))
    assert only(events, GameOver).reason == "no_card"
    assert state.phase == "ended"


def test_row_29() -> None:
    """"First to 3 round wins takes the match; rotate dealer.\""""
    state = on_a_played_queen_of_hearts()
    for won in (1, 2, 3):
        state = arrange(state, [["2C"], ["QC"], ["5C"], ["6C"]], [["5H", "QH"]], current=YOU)
        state.phase, state.writers = "playing", []
        state, events = play(state, YOU, "QC", say="Mao")
        assert state.wins()[YOU] == won
        if won < 3:
            assert (state.round, state.dealer) == (won + 1, DEALER + won)
    assert only(events, GameOver).reason == "match"
