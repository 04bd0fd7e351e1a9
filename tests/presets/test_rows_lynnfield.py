"""Rows of docs/presets/lynnfield.md that no worked example replays: the seed's words
(quoted in each docstring) played through the engine under the ``lynnfield`` preset."""

from __future__ import annotations

from games.engine.actions import Play, Say
from games.engine.events import CallBroken, Drew, Refused
from games.engine.visibility import player_view
from tests.engine.helpers import act, kinds, only, pass_, play, refusal
from tests.presets.test_lynnfield_example import AVA, BEN, CAL, CHAIRMAN, calls, speech, table

HANDS = [["2C", "KS"], ["9C", "5C", "3D"], ["4D", "5D"], ["6C", "8C"]]


def test_row_10() -> None:
    """"If you have no cards to play, you must knock on the table or other surface twice and
    take a card from the 'take pile'." "You cannot take more than 1 card.\""""
    state, events = pass_(table(HANDS, ["9H"], draws=("QS", "QH")), AVA)
    assert [(e.seat, e.count, e.reason) for e in events if isinstance(e, Drew)] == [
        (AVA, 1, "pass")]
    assert "QS" in state.hands[AVA] and "QH" not in state.hands[AVA]


def test_row_11() -> None:
    """"You will lose a turn unless you can play the given card." The card drawn may be
    played at once, and only it; a second pass keeps it and draws nothing ("You cannot take
    more than 1 card")."""
    state, events = pass_(table(HANDS, ["9H"], draws=("QH", "KH")), AVA)
    assert kinds(events) == ["drew"] and state.current == AVA
    assert player_view(state, AVA).drawn == "QH" and player_view(state, BEN).drawn is None
    assert refusal(state, Play(AVA, ("9C",))) == "action/drawn_only"
    state, events = play(state, AVA, "QH", say="All hail the chairman, queen of hearts")
    assert kinds(events) == ["played"] and state.current == BEN
    state, _ = pass_(table(HANDS, ["9H"], draws=("2S", "KH")), AVA)
    state, events = pass_(state, AVA)
    assert kinds(events) == ["kept"] and only(events, "kept").text == "Ava keeps the card drawn."
    assert state.current == BEN and sorted(state.hands[AVA]) == ["2S", "3D", "5C", "9C"]


def test_row_14() -> None:
    """"It is not required to do so, and players may take a card from the 'take pile' if
    desired instead of placing a valid card onto the 'play pile'.\""""
    state, events = pass_(table(HANDS, ["9D"], draws=("QS",)), AVA)  # 3D would do
    assert kinds(events) == ["drew"] and "QS" in state.hands[AVA]
    state, events = pass_(state, AVA)
    assert kinds(events) == ["kept"] and state.current == BEN


def test_row_16() -> None:
    """"When there are no more cards in the 'take pile', the cards in the 'play pile' are
    shuffled and become the new 'take pile', except for the top card in the 'play pile'.\""""
    hands = [["2C"], ["9C", "5C"], ["4D"], ["6C"]]
    held = {c for h in hands for c in h} | {"9H"}
    played = [f"{r}{s}" for s in "CDHS" for r in ("A", *map(str, range(2, 11)), "J", "Q", "K")
              if f"{r}{s}" not in held]
    state = table(hands, [*played, "9H"])
    assert state.stock == []
    state, events = pass_(state, AVA)
    assert "reshuffled" in kinds(events)
    assert state.piles[0].cards == ["9H"]
    assert len(state.hands[AVA]) == 3 and len(state.stock) == len(played) - 1


def test_row_19() -> None:
    """"You cannot say the word 'Mao' anytime during the game unless you have one card
    left"; "'Happy Mao Day' for the Holiday rule is allowed." Said outside a play, "Mao" and
    "Happy Mao Day" cost nothing to a player holding one card, and a card to anyone else."""
    state = table([["2C"], ["9C", "5C"], ["4D"], ["6C", "8C"]], ["9H"])
    for words in ("Mao", "Happy Mao Day!"):
        _, one = act(state, Say(BEN, words))
        assert speech(one) == [], words
        _, two = act(state, Say(CAL, words))
        assert speech(two) == ["Chairman: that's a No Speaking! Cal spoke outside a play."]


def test_row_64() -> None:
    """"Any player may give a penalty card to the Chairman if the Chairman is deserving of a
    penalty card." The Chairman's plays are judged like everyone's."""
    state = table(HANDS, ["9H"], current=CHAIRMAN)
    state, events = play(state, CHAIRMAN, "2C")
    assert only(events, Refused).text == "Chair tries 2♣ on 9♥. Chairman: that's a Mistake!"
    assert len(state.hands[CHAIRMAN]) == 3 and state.unanswered == {CHAIRMAN: ["penalty"]}
    _, silent = play(table(HANDS, ["9S"], current=CHAIRMAN), CHAIRMAN, "KS",
                     say="All hail the chairman, king of spades")
    assert calls(silent) == ["Chairman: that's a Mao! Chair missed a call."]


def test_row_72() -> None:
    """"If a player forgets a rule, then the player receives a penalty card." Each rule
    forgotten costs its own card: a six played in silence leaving one card misses Holidays
    and Mao, two cards."""
    hands = [["2C"], ["6H", "3C"], ["4D"], ["8C"]]
    _, events = play(table(hands, ["9H"]), AVA, "6H")
    assert len(calls(events)) == 2
    assert [e.count for e in events if isinstance(e, Drew)] == [1, 1]
    assert only(events, "played").seat == AVA
    assert not [e for e in events if isinstance(e, CallBroken) and e.seat != AVA]
