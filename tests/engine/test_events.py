"""Events: one typed kind each, a public form for everyone, a private form and secrets for
one seat only, and JSON that reads back equal (old stored logs included)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.events import (
    EVENT_TYPES,
    Breach,
    Drew,
    Event,
    Hand,
    Played,
    Refused,
    RuleWritten,
    event_from_json,
)
from rules.effects import DRAWERS, EFFECT_KINDS, Effect
from rules.races import Race

DREW = Drew(text="Bob draws a card.", seat=1, to=1, private="You draw Q♥.", count=1,
            reason="pass", cards=("QH",))

effects = st.one_of(
    st.builds(Effect, kind=st.just("draw"), who=st.sampled_from(DRAWERS),
              count=st.integers(1, 10), per_run=st.booleans()),
    st.builds(Effect, kind=st.just("pass_hands"), direction=st.sampled_from(["left", "right"])),
    st.builds(Effect, kind=st.just("owe"), count=st.integers(1, 10)),
    st.builds(Effect, kind=st.just("race"), race=st.one_of(
        st.builds(Race, answer=st.just("say"), words=st.sampled_from(["Chauncey", "Hail Satan"]),
                  seconds=st.integers(2, 30), penalty=st.integers(1, 5)),
        st.builds(Race, answer=st.just("press"), words=st.just("Hands up"),
                  seconds=st.integers(2, 30), penalty=st.integers(1, 5)),
        st.builds(Race, answer=st.just("suit"), seconds=st.integers(2, 30),
                  penalty=st.just(0)))),
    st.sampled_from([k for k in EFFECT_KINDS if k not in ("draw", "pass_hands", "owe", "race")]
                    ).map(Effect),
)
st.register_type_strategy(Effect, effects)
st.register_type_strategy(Breach, st.builds(Breach, st.text(), st.none() | st.integers(0, 7),
                                            st.text(),
                                            st.integers(1, 99)))


def event_strategy(cls: type[Event]) -> st.SearchStrategy[Event]:
    """Any event of kind ``cls``, with every field drawn from its type."""
    seats = st.none() | st.integers(0, 7)
    return st.builds(cls, text=st.text(), seat=seats, to=seats, private=st.none() | st.text())


@pytest.mark.parametrize("kind", sorted(EVENT_TYPES))
def test_every_kind_round_trips_through_json(kind: str) -> None:
    # No deadline: a first example that meets a loaded machine is slow, not wrong.
    @settings(deadline=None)
    @given(event_strategy(EVENT_TYPES[kind]))
    def round_trip(event: Event) -> None:
        data = event.to_json()
        assert data["kind"] == kind
        assert event_from_json(data) == event
        # Secrets are stored apart from the public data, never in it.
        secret = {f.name for f in dataclasses.fields(event) if f.metadata.get("secret")}
        assert not secret & set(data["data"])

    round_trip()


def test_the_kinds_cover_what_the_engine_says() -> None:
    assert set(EVENT_TYPES) == {
        "rule_written", "dealt", "hand", "played", "refused", "fired", "named_suit",
        "passed_hands", "call_broken", "again", "skipped", "claim_failed", "claim_won",
        "won_round", "no_supply", "tie", "game_over", "reshuffled", "donated", "drew",
        "time_set", "named_new", "order_sanctioned", "handed_over",
        "rule_skipped", "dealing", "rules_disclosed", "said", "speech_broken",
        "out_of_turn", "seat_removed", "expelled", "seat_opened", "seat_left", "seat_taken",
        "timed_out", "bad_call", "held_on", "time_up", "order_called", "order_agreed",
        "order_ended", "race_opened", "race_answered", "race_closed", "kept", "round_locked",
        "prophesied"}


def test_the_seat_an_event_is_for_reads_its_private_form_and_secrets() -> None:
    assert DREW.text_for(1) == "You draw Q♥."
    assert DREW.seen_by(1) == DREW


@pytest.mark.parametrize("viewer", [0, 2, None])
def test_others_read_the_public_form_without_secrets(viewer: int | None) -> None:
    seen = DREW.seen_by(viewer)
    assert DREW.text_for(viewer) == "Bob draws a card."
    assert seen.cards == () and seen.private is None
    assert (seen.count, seen.reason, seen.text) == (1, "pass", "Bob draws a card.")


def test_a_public_event_reads_the_same_for_everyone() -> None:
    event = Played(text="Bob plays 5♥.", seat=1, cards=("5H",), stands_for=("5H",), pile=0)
    assert event.seen_by(0) == event.seen_by(1) == event.seen_by(None) == event


def test_a_hidden_rule_id_is_a_secret_of_its_author() -> None:
    event = RuleWritten(text="Ann has written a secret rule.", seat=0, to=0,
                        private="You wrote Pip: ...", round=2, rule=3)
    assert event.seen_by(1).rule is None and event.seen_by(0).rule == 3


def test_an_event_stored_by_the_first_version_reads_back_typed() -> None:
    stored: dict[str, Any] = {
              "kind": "refused", "text": "Bo tries 9♥ on 5♣. Ann: that's a Pip!", "seat": 1,
              "to": None, "private": None,
              "data": {"cards": ["9H"], "as": ["9H"], "top": "5C",
                       "broken": [{"jargon": "Pip", "author": 0, "author_name": "Ann",
                                   "rule": 1}]},
              "secret": {}}
    event = event_from_json(stored)
    assert isinstance(event, Refused)
    assert event.broken == (Breach("Pip", 0, "Ann", 1),) and event.stands_for == ("9H",)
    # Written back with the fields added since (their "none" values), the rest unchanged.
    assert event.to_json() == stored | {"data": stored["data"] | {"pile": 0, "situation": None}}


def test_an_unknown_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown event kind"):
        event_from_json({"kind": "teleported", "text": "", "data": {}, "secret": {}})


def test_a_hand_is_only_its_holders() -> None:
    hand = Hand(text="Bo picks up their hand.", seat=1, to=1, private="Your hand: 5♥.",
                cards=("5H",))
    assert hand.seen_by(1).cards == ("5H",) and hand.seen_by(2).cards == ()
    assert hand.is_for(1) and not hand.is_for(2) and not hand.is_for(None)
