"""Rows of docs/presets/lynnfield.md about the stock, turns and ties: the seed's words
(quoted in each docstring) played through the engine under the ``lynnfield`` preset."""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.actions import (
    Action,
    CallOrder,
    Deal,
    EndOrder,
    LeaveSeat,
    NameNew,
    OpenSeat,
    Pass,
    Play,
    RemoveSeat,
    SanctionOrder,
    Say,
    TakeSeat,
    Tick,
    TimeGame,
)
from games.engine.apply import apply
from games.engine.events import (
    Donated,
    Drew,
    Event,
    Expelled,
    OrderCalled,
    OrderEnded,
    OrderSanctioned,
    OutOfTurn,
    RaceOpened,
    SpeechBroken,
    TimeSet,
    TimeUp,
)
from games.engine.invariants import violations
from games.engine.state import GameState
from games.engine.visibility import player_view
from games.presets.opening import open_preset, settings_for
from games.presets.registry import preset
from games.reveal.players import Share, player_rows
from rules.cards import make_deck
from tests.engine.helpers import act, arrange, kinds, of_kind, only, pass_, play, refusal
from tests.presets.test_lynnfield_example import AVA, BEN, CAL, CHAIRMAN, dealt, speech, table
from tests.presets.test_rows_lynnfield import HANDS

DEE, EVE = 4, 5
SIX = ("Chair", "Ava", "Ben", "Cal", "Dee", "Eve")


def six_seats(hands: Sequence[Sequence[str] | None], pile: list[str],
              current: int) -> GameState:
    """A Lynnfield game of six seats and seven cards each, its cards arranged."""
    settings = settings_for(preset("lynnfield"), players=6, hand_size=7,
                            first_rule_maker=CHAIRMAN)
    state, _ = open_preset(settings, SIX, 1)
    state, _ = apply(state, Deal(CHAIRMAN, first=AVA))
    return arrange(state, hands, [pile], current=current)


def every_card_but(*held: str) -> list[str]:
    """The deck's cards other than ``held``, in the deck's order."""
    return [str(c) for c in make_deck(1, False) if str(c) not in held]


def out_of_cards() -> GameState:
    """Every card in a hand but the pile's one: Ava holds two, Eve one, and Ben is to move."""
    rest = every_card_but("9H", "2C", "5C", "6H")
    hands = [rest[:14], ["2C", "5C"], rest[14:28], rest[28:42], rest[42:], ["6H"]]
    state = six_seats(hands, ["9H"], current=BEN)
    assert state.stock == [] and [len(h) for h in state.hands] == [14, 2, 14, 14, 6, 1]
    return state


def test_row_17() -> None:
    """"If cards run out in the 'take pile' then everyone must donate one card, and if they
    have one card left they may not donate that card." The card donated is drawn at random
    from each hand; the draw then goes on from the cards donated."""
    state, events = pass_(out_of_cards(), BEN)
    donated = of_kind(events, Donated)
    assert [e.seat for e in donated] == [CHAIRMAN, AVA, BEN, CAL, DEE]
    assert kinds(events)[-1] == "drew" and "no_supply" not in kinds(events)
    assert [len(h) for h in state.hands] == [13, 1, 14, 13, 5, 1]
    assert state.hands[EVE] == ["6H"] and len(state.stock) == 4
    assert donated[0].text == "The cards have run out: Chair donates a card to the stock."
    # Only its giver knows which card went.
    card = donated[1].card
    assert card in ("2C", "5C") and state.hands[AVA] == [{"2C": "5C", "5C": "2C"}[card]]
    assert donated[1].seen_by(BEN).card == "" and donated[1].seen_by(AVA).card == card
    assert violations(state) == []


def test_row_17_mao_once_donated() -> None:
    """"If a player has two cards and then donates one card, then the player must say 'Mao'
    once the card has been donated." It is owed as the player's next action, as the thanks
    for a penalty card are; nobody else may say it."""
    state, _ = pass_(out_of_cards(), BEN)
    assert player_view(state, AVA).unanswered == ("one_left",)
    _, said = act(state, Say(AVA, "Mao"))
    assert speech(said) == []
    _, silent = act(state, Say(AVA, "Merry Christmas"))
    assert speech(silent) == ["Chairman: that's a Donation! Ava did not say “mao”."]
    assert [e.reason for e in silent if isinstance(e, Drew)] == ["penalty"]
    _, needless = act(state, Say(CAL, "Mao"))
    assert [e.jargon for e in needless if isinstance(e, SpeechBroken)] == ["No Speaking"]


def test_row_25() -> None:
    """"If there is 2, 3, or 4 cards on the top of the 'play pile' which have the same number
    (Chauncey, Uno Dos Tres, or Illuminati Confirmed), then these cards are set aside and
    become the new bottom of the 'play pile', not just the top card." The run goes on
    counting: a third nine after the reshuffle is Uno Dos Tres."""
    hands = [["2C"], ["5C", "3D"], ["9C", "4C"], ["6C"]]
    played = every_card_but("2C", "5C", "3D", "9C", "4C", "6C", "9D", "9H")
    state = table(hands, [*played, "9D", "9H"])
    assert state.stock == []
    state, events = pass_(state, AVA)
    assert kinds(events) == ["reshuffled", "drew"]
    assert state.piles[0].cards == ["9D", "9H"]
    assert only(events, "reshuffled").text.endswith(
        "The run of 2 cards of one number on top stays on the pile.")
    state, _ = pass_(state, AVA)
    _, nine = play(state, BEN, "9C")
    assert only(nine, RaceOpened).words == "Uno dos tres"


def test_row_20() -> None:
    """"In case of any emergency or urgency a pause can be declared by the Chairman [...]
    During a game pause, players are exempt from the rules of a Point of Order and may resume
    normal life. Once the pause has ended, the Chairman declares [...] 'Resume' and the game
    and all of the rules resume." The host (the Chairman) pauses; nobody else resumes."""
    state = table(HANDS, ["9H"])
    assert refusal(state, CallOrder(AVA, pause=True)) == "order/host_only"
    state, events = act(state, CallOrder(CHAIRMAN, host=True, pause=True))
    assert only(events, OrderCalled).text.startswith("Chair: “The game has been paused.”")
    state, talk = act(state, Say(BEN, "I have to take this call, you carry on talking"))
    assert speech(talk) == [] and len(state.hands[BEN]) == 2
    assert refusal(state, Play(AVA, ("2C",))) == "order/paused"
    assert refusal(state, EndOrder(BEN, order=1)) == "order/host_only"
    state, events = act(state, EndOrder(CHAIRMAN, host=True, order=1))
    assert "“The game has been resumed.”" in only(events, OrderEnded).text
    assert state.current == AVA  # the turn the pause was called in goes on
    _, after = act(state, Say(BEN, "I am back"))
    assert speech(after) == ["Chairman: that's a No Speaking! Ben spoke outside a play."]


def test_row_23() -> None:
    """"If there is a time constraint while playing a game of Mao, the Chairman can decide on
    a specific time to end the game. The player at the end of the time to have the least
    amount of cards is considered the winner of the game." The host (the Chairman) sets it
    during play, and may set it again."""
    state, events = act(table(HANDS, ["9H"]), TimeGame(CHAIRMAN, 30), at=1_000)
    assert only(events, TimeSet).text == ("Chair sets a time limit: the game ends in 30 "
                                          "minutes, and then the fewest cards win.")
    state, _ = act(state, TimeGame(CHAIRMAN, 10), at=2_000)
    state, events = act(state, Tick(), at=2_000 + 10 * 60_000)
    assert only(events, TimeUp).winners == (CHAIRMAN, BEN, CAL)  # two cards each
    assert state.end is not None and state.end.text == (
        "Time is up: Chair and Ben and Cal tie with the fewest cards (2 cards).")


def test_row_31() -> None:
    """"Excessive use of the Points of Orders or unnecessary use of them can result in
    either a penalty card being given, losing the ability to call a Point of Order, or even
    a disqualification from the game." The Chairman (the host) judges what is excessive or
    needless, and gives any of the three; past three a round the right is lost anyway."""
    state = table(HANDS, ["9H"])
    state, events = act(state, SanctionOrder(CHAIRMAN, CAL, "card"))
    assert only(events, OrderSanctioned).text == (
        "Chair gives Cal a penalty card for excessive points of order.")
    assert len(state.hands[CAL]) == 3 and state.unanswered == {CAL: ["penalty"]}
    state, _ = act(state, SanctionOrder(CHAIRMAN, CAL, "bar"))
    assert refusal(state, CallOrder(CAL)) == "order/barred"
    state, events = act(state, RemoveSeat(CHAIRMAN, CAL))  # disqualified
    assert CAL in state.out
    for number in (1, 2, 3):
        state, _ = act(state, CallOrder(BEN), at=number * 100_000)
        state, _ = act(state, EndOrder(BEN, order=number), at=number * 100_000 + 1_000)
    assert refusal(state, CallOrder(BEN), at=500_000) == "order/too_many"


def test_row_34() -> None:
    """"All players except one are present, so the Chairman decides to allow another player
    to substitute in for the missing player. When the missing player returns, the substitute
    must give the missing player their seat and cards back." The host opens the seat both
    times; the player who returns takes it back as themselves (their stint resumes)."""
    state = table(HANDS, ["KD"])
    state, _ = act(state, OpenSeat(CHAIRMAN, BEN))
    state, _ = act(state, TakeSeat(BEN, "Sub"))
    assert state.names[BEN] == "Sub" and state.stint_of(BEN) == 1
    state, _ = play(state, AVA, "3D", say="Shine bright like a diamond")
    state, _ = play(state, BEN, "4D", say="Shine bright like a diamond. Mao")  # Sub, for Ben
    state, _ = act(state, OpenSeat(CHAIRMAN, BEN))
    assert refusal(state, TakeSeat(BEN, "Ben", stint=3)) == "seat/bad_stint"
    state, events = act(state, TakeSeat(BEN, "Ben", stint=0))
    assert only(events, "seat_taken").text == "Ben takes over Sub's seat, with its card."
    assert state.hands[BEN] == ["5D"] and state.stint_of(BEN) == 0


def test_row_35() -> None:
    """"One player, with the consent of the Chairman, allows another player to take their
    place in the game. The new player assumes all cards, penalties, etc., from the original
    player. The original player is ejected from the game, and is considered to be a
    spectator [...] The new player has no obligation to return to the original player their
    cards and spot." A player cannot hand on their seat alone: the host's opening it is the
    consent."""
    state = table(HANDS, ["9H"])
    assert refusal(state, LeaveSeat(AVA)) == "seat/consent"
    state, _ = act(state, OpenSeat(CHAIRMAN, AVA))
    state, _ = act(state, TakeSeat(AVA, "Dot"))
    assert state.names[AVA] == "Dot" and sorted(state.hands[AVA]) == ["3D", "5C", "9C"]
    assert refusal(state, TakeSeat(AVA, "Ava", stint=0)) == "seat/not_open"


def test_row_36() -> None:
    """"If a substituted player wins, both the new and original player get credit for the
    win equal to how much work they spent in it." The reveal shares a seat's credit by the
    turns each of its players took at it."""
    state = table([["2C", "KS"], ["9D", "5D"], ["4S", "8S"], ["6C", "8C"]], ["7D"],
                  draws=("QH", "QC", "JH"))
    log: list[Event] = []
    state = logged(log, state, Play(AVA, ("9D",), say="Shine bright like a diamond. Mao"))
    state = logged(log, state, OpenSeat(CHAIRMAN, AVA))
    state = logged(log, state, TakeSeat(AVA, "Dot"))
    for seat in (BEN, CAL, CHAIRMAN):
        state = logged(log, logged(log, state, Pass(seat)), Pass(seat))
    state = logged(log, state, Play(AVA, ("5D",), say="Shine bright like a diamond. The "
                                    "game of Mao has ended"))
    assert state.phase == "ended" and state.winners[0].seat == AVA
    row = player_rows(state.names, [""] * 4, log, [])[AVA]
    assert (row.name, row.rounds_won) == ("Dot", 1)
    assert row.shares == (Share("Ava", 1, 2), Share("Dot", 1, 2))


def logged(log: list[Event], state: GameState, action: Action) -> GameState:
    """``state`` after ``action``, its events added to ``log``."""
    state, events = act(state, action)
    log += events
    return state


def test_row_78() -> None:
    """"If a new player makes 3 mistakes in a row before or during the game [...] they are
    expelled from the game." The app cannot tell who is new: the Chairman (the host) names
    them. Three mistakes in a row by a player not named new expel nobody."""
    hands = [["2C", "3C"], ["KC", "5C", "3D"], ["9S", "4H", "5H"], ["9C", "4D", "5D"]]
    state = table(hands, ["9H"])
    for mistake in (1, 2, 3):
        state.current = AVA
        state, events = play(state, AVA, "5C", say="Thank you" if mistake > 1 else "")
    assert not [e for e in events if isinstance(e, Expelled)] and AVA not in state.out
    state, _ = act(table(hands, ["9H"]), NameNew(CHAIRMAN, AVA))
    for mistake in (1, 2, 3):
        state.current = AVA
        state, events = play(state, AVA, "5C", say="Thank you" if mistake > 1 else "")
    assert only(events, Expelled).text.startswith(
        "Ava made 3 mistakes in a row. Chairman: Ava has been EXPULSED from the game!")


def test_row_66() -> None:
    """"Wilkinson Lapse Clause: The next player's turn begins when the next player's card
    makes contact with the play pile [...] if the next player deliberately starts their turn
    while the current player is still in the process of going through the card rules [...]
    the next player receives a penalty card and the current player is allowed to continue
    their turn." A play is its card rules said with it, at once: until it lands, the turn is
    the current player's; a card put down early costs its player a card."""
    hands = [["2C", "KD"], ["5H", "3D"], ["9H", "4D"], ["6C", "8C"]]
    state = table(hands, ["9D"])
    state, early = play(state, BEN, "9H")
    assert only(early, OutOfTurn).text == (
        "Ben tries 9♥ on 9♦ out of turn. Chairman: that's Out of Turn!")
    assert [(e.seat, e.reason) for e in early if isinstance(e, Drew)] == [(BEN, "penalty")]
    assert state.current == AVA and "9H" in state.hands[BEN]
    state, events = play(state, AVA, "3D", say="Shine bright like a diamond")
    assert kinds(events)[0] == "played" and state.current == BEN
    _, events = play(state, BEN, "4D", say="Thank you. Shine bright like a diamond")
    assert kinds(events)[0] == "played"


def test_row_66_a_pass_early_too() -> None:
    """A card taken from the take pile off one's turn starts a turn early as well."""
    state = table([["2C"], ["5H", "3D"], ["9H", "4C"], ["6C"]], ["9D"])
    state, events = act(state, Pass(CAL))
    assert only(events, OutOfTurn).seat == CAL and state.current == AVA


def test_row_4() -> None:
    """"To start, the dealer, known as the Chairman, recites 'The Game of Mao Has Begun'."
    The deal's line, on every screen, ends with the Chairman's words."""
    _, deal = dealt()
    assert deal.text.startswith("Round 1: Chair deals 5 cards each.")
    assert deal.text.endswith("Chair: “The Game of Mao Has Begun.”")
