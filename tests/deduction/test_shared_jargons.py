"""Two rules may share a jargon (a writer is never refused a name they have not heard): the
public record names each rule seen by a label of its own, and the reveal scores a guess
against the rule its label names."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from games.deduction.record import Labels, jargon_labels, public_record
from games.engine.actions import Play, WriteRule
from games.engine.events import Breach, Event, Fired, Refused
from games.engine.settings import GameSettings
from games.engine.setup import new_game
from games.engine.state import GameState
from games.reveal.context import real_rules
from rules.spec import MAX_JARGON
from tests.engine.helpers import act, arrange, example
from tests.examples import share

ANN, BOB = 0, 1
GRONK = example("08")[0]  # no heart on a club
NAMES = ("Ann", "Bob")


def shared() -> tuple[GameState, list[Event]]:
    """Bob's and Ann's rules both called Gronk (Ann never heard Bob's), both refusing
    Ann's heart on a club."""
    state = new_game(GameSettings(players=2), list(NAMES), 1)
    state, written = act(state, WriteRule(BOB, GRONK))
    state, more = act(state, WriteRule(ANN, GRONK | {"jargon": "gronk"}))
    state = arrange(state, [["3H", "4S"], ["9D"]], [["KC"]], current=ANN)
    state, refused = act(state, Play(ANN, ("3H",)))
    return state, [*written, *more, *refused]


def test_each_rule_of_a_shared_jargon_is_seen_under_its_own_label() -> None:
    _, events = shared()
    record = public_record(events, None, NAMES)
    assert [(s.jargon, s.author, s.rule) for s in record.sightings] == [
        ("Gronk", BOB, 1), ("gronk #2", ANN, 2)]
    (attempt,) = record.attempts
    assert attempt.broken == ("Gronk", "gronk #2")
    assert record.sighting("gronk #2") is not None


def test_a_label_once_given_never_changes() -> None:
    _, events = shared()
    before = public_record(events, BOB, NAMES).sightings
    later = Fired(text="Ann: gronk!", seat=BOB, jargon="gronk", author=ANN, rule=2,
                  effects=())
    first = Fired(text="Bob: Gronk!", seat=ANN, jargon="Gronk", author=BOB, rule=1,
                  effects=())
    after = public_record([*events, later, first], BOB, NAMES).sightings
    assert [(s.jargon, s.rule) for s in after] == [(s.jargon, s.rule) for s in before]


@share(1.5)
@given(st.lists(st.tuples(st.integers(1, 6), st.sampled_from(
    ["Pip", "pip", "PIP", "Pip #2", "x" * MAX_JARGON, ("y" * (MAX_JARGON - 3)) + " #2"])),
    max_size=12))
def test_labels_are_unique_whatever_the_case_and_fit_a_jargon(
        named: list[tuple[int, str]]) -> None:
    labels = Labels()
    given_ = {rule: labels.label(rule, jargon) for rule, jargon in named}
    assert len({label.casefold() for label in given_.values()}) == len(given_)
    assert all(0 < len(label) <= MAX_JARGON for label in given_.values())


def test_the_reveal_names_unseen_rules_without_clashing_with_labels_seen() -> None:
    seen = Refused(text="", seat=ANN, cards=("3H",), stands_for=("3H",), top="KC",
                   broken=(Breach("Pip", BOB, "Bob", 3),))
    record = public_record([seen], None, NAMES)
    # Rule 1 was never heard: the rule seen (3) keeps its label, the unheard one is #2.
    assert jargon_labels(record, [(1, "Pip"), (3, "Pip")]) == {1: "Pip #2", 3: "Pip"}


def test_the_reveal_scores_a_guess_against_the_rule_its_label_names() -> None:
    state, events = shared()
    labels = jargon_labels(public_record(events, None, NAMES),
                           [(e.id, e.jargon) for e in state.rules])
    real = real_rules(state, labels)
    assert {label: (rule.author, rule.jargon) for label, rule in real.items()} == {
        "Gronk": (BOB, "Gronk"), "gronk #2": (ANN, "gronk #2")}
