"""A seat played by several players in turn: the reveal shares its credit between them by
the turns each took there (Lynnfield: "both the new and original player get credit for the
win equal to how much work they spent in it")."""

from __future__ import annotations

from games.engine.events import Drew, Event, Played, SeatTaken, WonRound
from games.reveal.players import Share, player_rows

NAMES = ["Ann", "Dot", "Cy"]


def played(seat: int) -> Event:
    return Played(text="", seat=seat, cards=("5H",), stands_for=("5H",), pile=0)


def test_a_seat_taken_over_shares_its_credit_by_the_turns_each_took() -> None:
    events = [played(1), played(1), Drew(text="", seat=1, to=1, count=1, reason="pass"),
              SeatTaken(text="", seat=1, name="Dot", former="Bob"), played(1),
              WonRound(text="", seat=1, round=1, how="emptied"), played(0)]
    rows = player_rows(NAMES, ["", "", ""], events, [])
    assert rows[1].shares == (Share("Bob", 3, 4), Share("Dot", 1, 4))
    assert [s.percent for s in rows[1].shares] == [75, 25]
    assert rows[0].shares == () and rows[2].shares == ()


def test_a_player_who_comes_back_adds_to_their_own_share() -> None:
    events = [played(1), SeatTaken(text="", seat=1, name="Sub", former="Bob"), played(1),
              played(1), SeatTaken(text="", seat=1, name="Bob", former="Sub"), played(1)]
    rows = player_rows(["Ann", "Bob", "Cy"], ["", "", ""], events, [])
    assert rows[1].shares == (Share("Bob", 2, 4), Share("Sub", 2, 4))


def test_a_first_player_who_took_no_turn_has_no_part() -> None:
    events = [SeatTaken(text="", seat=1, name="Dot", former="Bob"), played(1)]
    rows = player_rows(NAMES, ["", "", ""], events, [])
    assert rows[1].shares == (Share("Bob", 0, 1), Share("Dot", 1, 1))
