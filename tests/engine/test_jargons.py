"""A jargon may clash only with the jargons its writer knows: their own rules, house rules,
rules disclosed and rules the table has heard. Refusing any other name would tell the writer
that a rule of that name exists, so two rules may share a jargon; the table tells them apart
by their authors."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from games.engine.actions import Play, WriteRule
from games.engine.events import Refused
from games.engine.settings import GameSettings
from games.engine.setup import new_game
from games.engine.state import GameState, RuleEntry
from rules.jargon import JARGON_WORDS
from rules.spec import MAX_JARGON
from tests.engine.helpers import act, arrange, example, only, refusal
from tests.examples import share

ANN, BOB, CAT = 0, 1, 2
GRONK, FIVER = example("08")[0], example("03")[0]
#: Refuses any heart on a club (example 08's rule).
NO_HEART_ON_CLUB = GRONK["rule"]


def book(*entries: tuple[int | None, str], **flags: Any) -> GameState:
    """A game waiting for Ann's rule in round 2, with rules of the given authors and
    jargons already in it (none heard, disclosed or a house rule unless ``flags`` say so:
    ``revealed``, ``disclosed``, ``house``: lists of rule ids)."""
    state = new_game(GameSettings(players=3, first_rule_maker=ANN), ["Ann", "Bob", "Cat"], 1)
    state.round = 2
    state.rules = [RuleEntry(i, author, 1, {"version": 1, "jargon": jargon,
                                            "rule": NO_HEART_ON_CLUB},
                             house=i in flags.get("house", ()))
                   for i, (author, jargon) in enumerate(entries, start=1)]
    state.revealed = list(flags.get("revealed", ()))
    state.disclosed = list(flags.get("disclosed", ()))
    return state


def written(state: GameState, jargon: str, seat: int = ANN) -> GameState:
    state, _ = act(state, WriteRule(seat, FIVER | {"jargon": jargon}))
    return state


def test_an_unheard_rules_jargon_may_be_written_again_whatever_its_case() -> None:
    state = written(book((BOB, "Gronk")), "gRONK")
    assert [(e.author, e.jargon) for e in state.rules] == [(BOB, "Gronk"), (ANN, "gRONK")]


def test_a_secret_laws_jargon_may_be_written_again() -> None:
    state = written(book((None, "Gavel")), "Gavel")
    assert [e.jargon for e in state.rules] == ["Gavel", "Gavel"]


def test_the_writers_own_jargon_is_refused_whatever_its_case() -> None:
    assert refusal(book((ANN, "Gronk")), WriteRule(ANN, FIVER | {"jargon": "GRONK"})
                   ) == "rule/jargon_taken"


def test_a_house_rules_jargon_is_refused() -> None:
    state = book((None, "Mao"), house=[1])
    assert refusal(state, WriteRule(ANN, FIVER | {"jargon": " mao "})) == "rule/jargon_taken"


def test_a_disclosed_rules_jargon_is_refused() -> None:
    state = book((BOB, "Gronk"), disclosed=[1])
    assert refusal(state, WriteRule(ANN, FIVER | {"jargon": "gronk"})) == "rule/jargon_taken"


def test_a_jargon_the_table_heard_is_refused() -> None:
    state = book((BOB, "Gronk"), revealed=[1])
    assert refusal(state, WriteRule(ANN, FIVER | {"jargon": "Gronk"})) == "rule/jargon_taken"


def test_a_rule_the_seats_earlier_player_wrote_is_as_unknown_as_anyone_elses() -> None:
    state = book((ANN, "Gronk"))
    state.new_stint(ANN)  # someone new plays Ann's seat: her rule is a secret to them
    state = written(state, "Gronk")
    assert [(e.author, e.stint, e.jargon) for e in state.rules] == [(ANN, 0, "Gronk"),
                                                                    (ANN, 1, "Gronk")]


def test_a_refusal_makes_the_jargon_known_to_every_writer() -> None:
    # Bob's Gronk refuses Ann's heart on a club: every later writer has heard it.
    state = new_game(GameSettings(players=2), ["Ann", "Bob"], 1)
    state, _ = act(state, WriteRule(BOB, GRONK))
    state = written(state, "Fiver", ANN)
    state = arrange(state, [["3H", "4S"], ["9D"]], [["KC"]], current=ANN)
    assert "Gronk" not in state.known_jargons(ANN)
    state, events = act(state, Play(ANN, ("3H",)))
    assert only(events, Refused).verdict == "Bob: that's a Gronk!"
    assert "Gronk" in state.known_jargons(ANN)
    assert "Gronk" in state.known_jargons(None)  # a spectator heard it too


def test_two_rules_of_one_jargon_are_both_named_with_their_authors() -> None:
    state = new_game(GameSettings(players=2), ["Ann", "Bob"], 1)
    state, _ = act(state, WriteRule(BOB, GRONK))
    state, _ = act(state, WriteRule(ANN, GRONK))  # the same name: Bob's is unheard
    state = arrange(state, [["3H", "4S"], ["9D"]], [["KC"]], current=ANN)
    _, events = act(state, Play(ANN, ("3H",)))
    refused = only(events, Refused)
    assert refused.verdict == "Bob: that's a Gronk! Ann: that's a Gronk!"
    assert [(b.author, b.rule) for b in refused.broken] == [(BOB, 1), (ANN, 2)]


def blank_written(unheard: str) -> str:
    """The jargon the engine picks for Ann's blank one, with Bob's unheard rule named
    ``unheard`` in the game."""
    state, _ = act(book((BOB, unheard), (ANN, "Mine")), WriteRule(ANN, FIVER | {"jargon": ""}))
    return state.rules[-1].jargon


@share(1.25)
@given(st.one_of(st.sampled_from(JARGON_WORDS),
                 st.text(st.characters(categories=["L", "N"]), min_size=1,
                         max_size=MAX_JARGON)),
       st.sampled_from(JARGON_WORDS))
def test_a_blank_jargon_is_picked_whatever_the_unheard_rules_are_called(
        first: str, second: str) -> None:
    assert blank_written(first) == blank_written(second)
    assert blank_written(first).casefold() != "mine"


def test_the_pick_for_a_blank_jargon_avoids_the_known_ones() -> None:
    # With every word of the list known but one, the engine picks that one.
    state = book(*((ANN, w) for w in JARGON_WORDS[1:]))
    state, _ = act(state, WriteRule(ANN, FIVER | {"jargon": "  "}))
    assert state.rules[-1].jargon == JARGON_WORDS[0]
