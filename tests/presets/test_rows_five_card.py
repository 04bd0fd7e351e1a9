"""Seed 001's rows (docs/presets/five-card.md) that no example test replays, each through
the engine under the ``five-card`` preset, the seed's words in its docstring."""

from __future__ import annotations

from games.engine.actions import Say
from games.engine.events import Refused, SpeechBroken
from games.engine.visibility import player_view
from tests.engine.helpers import act, of_kind, only, play
from tests.presets.test_five_card_example import BOB, DEALER, JANE, JIM, deal, table


def test_row_3() -> None:
    """"The remaining deck is placed face down in the middle of the table. The top card is
    turned over and placed beside the deck.\""""
    state, events = deal("9D")
    assert [p.cards for p in state.piles] == [["9D"]]
    assert len(state.stock) == 52 - 4 * 5 - 1
    view = player_view(state, BOB)
    assert view.stock == len(state.stock)  # face down: only its size is seen
    assert [p.cards[-1] for p in view.piles] == ["9D"]
    assert state.dealer == DEALER and events


def test_row_34() -> None:
    """"Person calling the violation is exempt from the talking rule as long as they call
    the right violation. If someone called Bob on a Out of Turn on the last play they
    would be given a card for talking because it was not the correct call to make.\""""
    hands = [["2C"], ["5C", "6D", "7D"], ["8H", "9D"], ["KC", "QC"]]
    state, events = play(table(hands, ["4H"]), BOB, "5C")
    assert only(events, Refused).broken[0].jargon == "Misplay"
    _, right = act(state, Say(JIM, "MISPLAY!"))
    assert not of_kind(right, SpeechBroken)
    _, wrong = act(state, Say(JIM, "Out of turn!"))
    assert only(wrong, SpeechBroken).text == "Dealer: that's a Talking! Jim spoke outside a play."
    # The call is about the last play only: after Jane's, "Misplay" is talk again.
    state, _ = play(state, JANE, "8H")
    _, late = act(state, Say(JIM, "Misplay"))
    assert only(late, SpeechBroken).jargon == "Talking"
