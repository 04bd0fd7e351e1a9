"""Hypotheses checked against the table: the real rule is never contradicted, a wrong one
is, with the play that shows it; experiments and scores."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from games.deduction.experiments import Table, experiments
from games.deduction.hypotheses import check
from games.deduction.record import PublicRecord, jargon_labels, public_record
from games.deduction.scoring import score
from games.engine.actions import Pass, Play, WriteRule
from games.engine.apply import apply
from games.engine.events import Event
from games.engine.settings import GameSettings
from games.engine.setup import new_game
from games.engine.state import GameState
from rules.spec import Rule, load_rule
from tests.deduction.test_record import EXAMPLES, GAMES, game

GRONK = {"kind": "restriction", "when": {"type": "suit", "of": "top", "in": ["C"]},
         "must_not": {"type": "suit", "in": ["H"]}}


def rule(spec: dict[str, Any], jargon: str = "Gronk") -> Rule:
    return load_rule({"version": 1, "jargon": jargon, "rule": spec})


@EXAMPLES
@given(GAMES, st.sampled_from([None, 0, 1]))
def test_the_real_rule_is_never_contradicted_by_what_the_table_saw(
        case: tuple[int, int], viewer: int | None) -> None:
    """Soundness: whatever the game, each rule in force is consistent with every piece of
    evidence about its jargon, as any viewer saw it."""
    played = game(*case)
    final = played.final
    seat = None if viewer is None else viewer % final.players
    record = public_record(played.events, seat, final.names)
    settings = final.rulebook().settings
    # Rules may share a jargon: each is named by its label in the record.
    labels = jargon_labels(record, [(e.id, e.jargon) for e in final.rules])
    for entry in final.rules:
        label = labels[entry.id]
        if record.sighting(label) is None:
            continue
        real = load_rule({"version": 1, "jargon": label, "author": entry.author,
                          "rule": entry.data["rule"]})
        verdict = check(real, label, record, settings)
        assert verdict.consistent, (entry.data, verdict.summary())


def _game_with_gronk() -> tuple[GameState, list[Event]]:
    """Ann's Gronk (no heart on a club) refuses Bob's 5♥ on K♣; later his 5♥ on 7♦ goes down."""
    from tests.engine.helpers import arrange

    state = new_game(GameSettings(players=3, first_rule_maker=0), ["Ann", "Bob", "Cat"], 1)
    events: list[Event] = []
    state, found = apply(state, WriteRule(0, {"jargon": "Gronk", "rule": GRONK}))
    events += found
    state = arrange(state, [["2C", "7D"], ["5H", "6D"], ["9H", "4S"]], [["KC"]], current=1)
    for action in (Play(1, ("5H",)), Play(2, ("4S",)), Play(0, ("7D",)), Play(1, ("5H",))):
        state, found = apply(state, action)
        events += found
    return state, events


def _record(viewer: int | None = 2) -> PublicRecord:
    state, events = _game_with_gronk()
    return public_record(events, viewer, state.names)


def test_a_wrong_hypothesis_is_contradicted_by_the_play_that_shows_it() -> None:
    record = _record()
    no_hearts_at_all = rule({"kind": "restriction", "must_not": {"type": "suit", "in": ["H"]}})
    verdict = check(no_hearts_at_all, "Gronk", record)
    assert not verdict.consistent and len(verdict.contradictions) == 1
    assert verdict.contradictions[0].describe() == (
        "5♥ on 7♦ (round 1, turn 4) was accepted; your rule would refuse it")
    assert verdict.summary().startswith("Contradicted by 1: 5♥ on 7♦")


def test_the_right_hypothesis_is_consistent_with_every_play() -> None:
    verdict = check(rule(GRONK), "Gronk", _record())
    assert verdict.consistent and verdict.judged == len(_record().attempts)
    assert verdict.summary() == f"Consistent with all {verdict.judged} plays seen."


def test_a_refusal_by_another_rule_is_evidence_this_one_let_it_through() -> None:
    record = _record()
    always = rule({"kind": "restriction", "must": {"type": "suit", "in": ["C"]}})
    verdict = check(always, "Gronk", record)
    # 4♠ went down: a rule refusing every non-club is contradicted by the spade.
    assert any("4♠" in c.seen and "was accepted" in c.happened for c in verdict.contradictions)


def test_the_answer_is_the_same_for_any_secret_rulebook_behind_the_same_table() -> None:
    """Byte-identical answers: only the public record goes in."""
    state, events = _game_with_gronk()
    other = [e if e.to is None else e.seen_by(None) for e in events]
    hypotheses = [rule(GRONK), rule({"kind": "restriction", "must": {"type": "always"}})]
    for hypothesis in hypotheses:
        mine = check(hypothesis, "Gronk", public_record(events, 2, state.names))
        theirs = check(hypothesis, "Gronk", public_record(other, 2, state.names))
        assert repr(mine) == repr(theirs)


def test_experiments_are_the_cards_that_split_the_hypotheses() -> None:
    table = Table(seat=2, hand=("5H", "4S", "9C"), under=("KC",), record=("KC",), turn=3,
                  round=1, players=3)
    assert experiments([("Gronk as no heart on a club", rule(GRONK))], table) == ()
    reds = rule({"kind": "restriction", "when": {"type": "colour", "of": "top", "is": "black"},
                 "must_not": {"type": "colour", "is": "red"}})
    two = experiments([("hearts", rule(GRONK)), ("reds", reds)], table)
    assert [e.card for e in two] == []  # 5♥ is refused by both: nothing splits them here
    diamonds = Table(seat=2, hand=("5D",), under=("KC",), record=("KC",), turn=3, round=1,
                     players=3)
    split = experiments([("hearts", rule(GRONK)), ("reds", reds)], diamonds, jargon="Gronk")
    assert [e.card for e in split] == ["5D"]
    assert split[0].note == ("Play 5♦ here: if Gronk refuses it, hearts is out; if it lets it "
                             "through, reds is out.")


def test_scores_exact_every_play_and_wrong() -> None:
    record = _record(None)
    real = rule(GRONK)
    same = rule({"kind": "restriction", "when": {"type": "suit", "of": "top", "in": ["C"]},
                 "must": {"type": "not", "of": {"type": "suit", "in": ["H"]}}})
    reds = rule({"kind": "restriction", "when": {"type": "suit", "of": "top", "in": ["C"]},
                 "must_not": {"type": "colour", "is": "red"}})
    wrong = rule({"kind": "restriction", "must": {"type": "always"}})
    assert score(same, real, record).verdict == "exact"
    close = score(reds, real, record)
    assert close.verdict == "every_play" and "♦" in close.example
    assert score(wrong, real, record).verdict == "wrong"


def test_a_pass_is_no_evidence() -> None:
    state = new_game(GameSettings(players=2, first_rule_maker=0), ["Ann", "Bob"], 2)
    events: list[Event] = []
    for action in (WriteRule(0, {"jargon": "Gronk", "rule": GRONK}),
                   WriteRule(1, {"jargon": "Pip", "rule": GRONK})):
        state, found = apply(state, action)
        events += found
    state, found = apply(state, Pass(state.current))
    events += found
    assert public_record(events, None, state.names).attempts == ()
