"""Events: a public form for everyone, a private form and secrets for one seat only."""

from __future__ import annotations

from games.engine.events import Event

DREW = Event("drew", "Bob draws a card.", seat=1, to=1, private="You draw Q♥.",
             data={"count": 1}, secret={"cards": ["QH"]})


def test_the_seat_an_event_is_for_reads_its_private_form() -> None:
    assert DREW.visible_to(1) == {"kind": "drew", "text": "You draw Q♥.", "seat": 1,
                                  "data": {"count": 1}, "secret": {"cards": ["QH"]}}


def test_other_seats_read_the_public_form_without_secrets() -> None:
    assert DREW.visible_to(0) == {"kind": "drew", "text": "Bob draws a card.", "seat": 1,
                                  "data": {"count": 1}}


def test_a_spectator_reads_the_public_form_without_secrets() -> None:
    assert DREW.visible_to(None) == DREW.visible_to(0)


def test_a_public_event_reads_the_same_for_everyone() -> None:
    event = Event("played", "Bob plays 5♥.", seat=1, data={"cards": ["5H"]})
    assert event.visible_to(0) == event.visible_to(1) == event.visible_to(None)


def test_an_event_round_trips_through_json() -> None:
    assert Event.from_json(DREW.to_json()) == DREW
