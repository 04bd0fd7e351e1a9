"""What a hypothesis is judged on beyond refusals: the kind of rule the table saw, what a
trigger did when it fired (and that it stayed quiet), and the words a call penalised, with
the cards everyone saw drawn for them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.deduction.hypotheses import Check, check
from games.deduction.record import PublicRecord, public_record
from games.engine.actions import Play
from games.engine.apply import apply
from games.engine.events import Event
from tests.deduction.test_hypotheses import GRONK, _record, rule
from tests.engine.helpers import arrange, start

#: Skipper: a king skips the next player.
SKIPPER = {"kind": "trigger", "when": {"type": "rank", "of": "played", "in": ["K"]},
           "effects": [{"type": "skip"}]}
#: Hoot: a spade must be called "Spade"; a wrong call costs two cards.
HOOT = {"kind": "call", "when": {"type": "suit", "of": "played", "in": ["S"]},
        "say": "Spade", "penalty": 2}


def _played(jargon: str, spec: dict[str, Any], hands: Sequence[Sequence[str] | None],
            plays: Sequence[Play], draws: Sequence[str] = (), pile: str = "2C",
            ) -> PublicRecord:
    """Ann's rule ``spec`` in force, the seats dealt ``hands``, Bob to play ``plays``."""
    state = start([(0, {"jargon": jargon, "rule": spec})], jokers=False)
    state = arrange(state, hands, [[pile]], draws=draws, current=1)
    events: list[Event] = []
    for action in plays:
        state, found = apply(state, action)
        events += found
    return public_record(events, None, state.names)


def _skipper() -> PublicRecord:
    """Bob's K♣ sets Skipper off (Cat is skipped); Ann's 5♣ does not."""
    return _played("Skipper", SKIPPER, [["5C", "8H"], ["KC", "9D"], ["6C", "7D"]],
                   [Play(1, ("KC",)), Play(0, ("5C",))])


def _wrong(verdict: Check) -> list[str]:
    return [c.describe() for c in verdict.contradictions]


def test_a_trigger_hypothesis_for_a_rule_that_refused_a_play_is_contradicted() -> None:
    when_hearts = rule({"kind": "trigger", "when": {"type": "suit", "of": "played", "in": ["H"]},
                        "effects": [{"type": "skip"}]})
    verdict = check(when_hearts, "Gronk", _record())
    assert _wrong(verdict)[0] == ("5♥ on K♣ (round 1, turn 1) was refused by Gronk; your rule "
                                  "never refuses a play: it is a trigger")
    assert verdict.contradictions[0].kind
    # The count is no longer "of N cards played": a refusal is not a card played.
    assert verdict.headline == f"Contradicted by {len(verdict.contradictions)}:"


def test_a_restriction_hypothesis_for_a_rule_that_fired_is_contradicted() -> None:
    anything = rule({"kind": "restriction", "must": {"type": "always"}}, "Skipper")
    verdict = check(anything, "Skipper", _skipper())
    assert _wrong(verdict) == ["K♣ on 2♣ (round 1, turn 1) set Skipper off; your rule never "
                               "fires: it is a restriction"]


def test_every_kind_but_the_one_seen_is_contradicted() -> None:
    record = _record()
    for kind, spec in (("call", HOOT), ("trigger", SKIPPER),
                       ("instant_win", {"kind": "instant_win", "hand": {
                           "type": "hand_count", "where": {"type": "suit", "of": "played",
                                                           "in": ["H"]},
                           "op": ">=", "value": 5}}),
                       ("permission", {"kind": "permission", "each": {"type": "always"},
                                       "step": {"type": "always"}})):
        verdict = check(rule(spec), "Gronk", record)
        assert any(c.kind and "was refused by Gronk" in c.describe()
                   for c in verdict.contradictions), kind
    assert not any(c.kind for c in check(rule(GRONK), "Gronk", record).contradictions)


def test_a_trigger_that_did_not_fire_is_evidence() -> None:
    every_club = rule({"kind": "trigger", "when": {"type": "suit", "of": "played", "in": ["C"]},
                       "effects": [{"type": "skip"}]}, "Skipper")
    verdict = check(every_club, "Skipper", _skipper())
    assert _wrong(verdict) == ["5♣ on K♣ (round 1, turn 2) did not set Skipper off; your rule "
                               "would fire on it"]


def test_the_real_trigger_is_consistent_with_every_card_played() -> None:
    verdict = check(rule(SKIPPER, "Skipper"), "Skipper", _skipper())
    assert verdict.consistent and verdict.headline == "Consistent with all 2 cards played."


def test_a_trigger_that_fired_with_other_effects_is_contradicted() -> None:
    draws = rule({**SKIPPER, "effects": [{"type": "draw", "who": "next", "count": 1}]},
                 "Skipper")
    verdict = check(draws, "Skipper", _skipper())
    assert _wrong(verdict) == [
        "K♣ on 2♣ (round 1, turn 1) set Skipper off (the next player is skipped); your rule "
        "would fire on it, but: the next player draws a card"]


def _hoot(*plays: Play, draws: Sequence[str] = (), ann: Sequence[str] | None = ("7D", "3C")
          ) -> PublicRecord:
    return _played("Hoot", HOOT, [ann, ["4S", "9H", "8C"], ["9S", "5D", "6H"]],
                   list(plays), draws=draws)


def test_a_call_is_judged_on_the_words_said_and_the_cards_drawn() -> None:
    # Bob calls his spade; Cat does not (two cards); Ann calls a diamond "Spade" (two cards).
    record = _hoot(Play(1, ("4S",), say="Spade!"), Play(2, ("9S",)),
                   Play(0, ("7D",), say="spade"))
    assert [c.penalty for a in record.attempts for c in a.calls] == [2, 2]
    real = check(rule(HOOT, "Hoot"), "Hoot", record)
    assert real.consistent and real.headline == "Consistent with all 3 plays accepted."
    club = check(rule({**HOOT, "say": "Club"}, "Hoot"), "Hoot", record)
    assert _wrong(club)[0] == ("4♠ on 2♣ (round 1, turn 1), saying “Spade!” was not penalised "
                               "by Hoot; your rule would ask for “club” and penalise it with "
                               "two cards")
    one_card = check(rule({**HOOT, "penalty": 1}, "Hoot"), "Hoot", record)
    assert _wrong(one_card)[0] == (
        "9♠ on 4♠ (round 1, turn 2), saying nothing was penalised by Hoot for missing words, "
        "two cards drawn; your rule would ask for “spade” and penalise it with a card")
    assert len(one_card.contradictions) == 2


def test_a_call_penalised_for_missing_words_is_not_one_for_needless_words() -> None:
    # Cat says "Club" with a spade: Hoot wanted "Spade" (missing words), not "no club".
    record = _hoot(Play(1, ("4S",), say="Spade"), Play(2, ("9S",), say="Club"))
    clubs = rule({**HOOT, "when": {"type": "suit", "of": "played", "in": ["C"]},
                  "say": "Club"}, "Hoot")
    verdict = check(clubs, "Hoot", record)
    assert _wrong(verdict) == [
        "9♠ on 4♠ (round 1, turn 2), saying “Club” was penalised by Hoot for missing words, "
        "two cards drawn; your rule would not want “club” and penalise it with two cards"]


def test_fewer_cards_drawn_from_a_dry_stock_do_not_contradict_the_penalty() -> None:
    # One card in the stock and two under the top to reshuffle: Cat's four-card penalty
    # draws three, and the round ends on card counts.
    four = {**HOOT, "penalty": 4}
    record = _played("Hoot", four, [None, ["4S", "9H"], ["9S", "5D"]],
                     [Play(1, ("4S",), say="Spade"), Play(2, ("9S",))], draws=["6H"])
    miss = record.attempts[1].calls[0]
    assert (miss.penalty, miss.short) == (3, True)
    assert check(rule(four, "Hoot"), "Hoot", record).consistent
    assert not check(rule({**HOOT, "penalty": 1}, "Hoot"), "Hoot", record).consistent
