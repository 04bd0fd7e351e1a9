"""The probed rounds meet every region of a test of the round's sequence.

The probe space claims that "no probe does X" means "no situation does X" when at most one
test of the round's sequence is involved. For the record, that is: whatever the round so
far, some probed record gives the same verdict, for every card that may be played (the
played card may be in the window too). Checked here against random rounds of every length
up to 80 cards, drawn from few card kinds so that counts and sums spread far.
"""

from __future__ import annotations

from random import Random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.analysis import never_fires
from rules.cards import STANDARD_CARDS, Card
from rules.conditions import Condition, read_condition
from rules.context import PlayContext, Settings
from rules.errors import RuleError
from rules.evaluation import compile_condition
from rules.generate import random_card_test
from rules.probe_rounds import probe_records
from rules.spec import Rule, load_rule

HEARTS = {"type": "suit", "in": ["H"]}


def _window(rng: Random) -> dict[str, Any]:
    data: dict[str, Any] = {}
    if rng.random() < 0.6:
        data["last"] = rng.choice([rng.randint(2, 8), rng.randint(9, 60)])
    if rng.random() < 0.5:
        data["with_played"] = True
    return data


def random_round_test(rng: Random) -> dict[str, Any]:
    """A count (maybe of another count) or a windowed sum, with constants near and far."""
    op = rng.choice(("==", "!=", "<", "<=", ">", ">="))
    if rng.random() < 0.6:
        data: dict[str, Any] = {"type": "count", "where": random_card_test(rng),
                                **_window(rng), "op": op}
        if rng.random() < 0.5:
            return data | {"than": {"where": random_card_test(rng), **_window(rng)}}
        if rng.random() < 0.3:
            mod = rng.randint(2, 7)
            return data | {"mod": mod, "op": rng.choice(("==", "!=")),
                           "value": rng.randrange(mod)}
        return data | {"value": rng.choice([rng.randint(0, 5), rng.randint(6, 70)])}
    data = {"type": "sum", **_window(rng)}
    if rng.random() < 0.3:
        return data | {"mod": rng.randint(2, 20), "op": rng.choice(("==", "!=")),
                       "value": 0}
    return data | {"op": op, "value": rng.choice([rng.randint(0, 30), rng.randint(31, 400)])}


def random_round(rng: Random) -> tuple[Card, ...]:
    """A round so far of 1 to 80 cards, of one to three card kinds."""
    kinds = rng.sample(STANDARD_CARDS, rng.randint(1, 3))
    return tuple(rng.choice(kinds) for _ in range(rng.randint(1, 80)))


def _verdicts(test: Any, record: tuple[Card, ...]) -> tuple[bool, ...]:
    """The test's verdict on this round for every card that may be played."""
    return tuple(test(PlayContext(card, record[-1:], record=record)) for card in STANDARD_CARDS)


@settings(deadline=None)
@given(seed=st.integers(0, 2**32), aces_high=st.booleans())
def test_some_probed_round_judges_every_card_as_any_round_does(seed: int,
                                                               aces_high: bool) -> None:
    rng = Random(seed)
    try:
        cond: Condition = read_condition(random_round_test(rng), "$")
    except RuleError:
        return  # a count compared with itself
    test = compile_condition(cond, Settings(aces_high=aces_high))
    records, exact = probe_records([cond])
    assert exact
    probed = {_verdicts(test, r) for r in records if r is not None}
    for _ in range(40):
        record = random_round(rng)
        assert _verdicts(test, record) in probed, (cond.to_json(), [str(c) for c in record])


def random_played_card_test(rng: Random) -> dict[str, Any]:
    """A count of cards sharing something with the played card, or the played card's value
    compared with its position in the round."""
    if rng.random() < 0.3:
        data: dict[str, Any] = {"type": "sum", "of": ["played"], "than": "position"}
        if rng.random() < 0.5:
            return data | {"mod": rng.randint(2, 13), "op": rng.choice(("==", "!="))}
        return data | {"op": rng.choice(("==", "!=", "<", "<=", ">", ">="))}
    data = {"type": "count", "same": rng.choice(("rank", "suit", "colour")), **_window(rng)}
    if rng.random() < 0.5:
        data["where"] = random_card_test(rng)
    if rng.random() < 0.3:
        mod = rng.randint(2, 5)
        return data | {"mod": mod, "op": rng.choice(("==", "!=")), "value": rng.randrange(mod)}
    return data | {"op": rng.choice(("==", "!=", "<", "<=", ">", ">=")),
                   "value": rng.choice([rng.randint(0, 5), rng.randint(6, 30)])}


@settings(deadline=None)
@given(seed=st.integers(0, 2**32), aces_high=st.booleans())
def test_for_each_card_some_probed_round_judges_it_as_any_round_does(seed: int,
                                                                     aces_high: bool) -> None:
    # The verdict turns on the played card itself, so the probes meet every verdict card by
    # card (the probe space tries every card with every probed round).
    rng = Random(seed)
    try:
        cond: Condition = read_condition(random_played_card_test(rng), "$")
    except RuleError:
        return  # a count of no card
    test = compile_condition(cond, Settings(aces_high=aces_high))
    records, exact = probe_records([cond])
    assert exact
    probed = [_verdicts(test, r) for r in records if r is not None]
    for _ in range(20):
        record = random_round(rng)
        for i, verdict in enumerate(_verdicts(test, record)):
            assert any(v[i] == verdict for v in probed), (cond.to_json(), i,
                                                          [str(c) for c in record])


def rule(spec: dict[str, Any]) -> Rule:
    return load_rule({"version": 1, "jargon": "Pip", "rule": spec})


def trigger(when: dict[str, Any]) -> Rule:
    return rule({"kind": "trigger", "when": when, "effects": [{"type": "skip"}]})


def test_a_whole_round_sum_above_a_hundred_can_fire() -> None:
    found = never_fires(trigger({"type": "sum", "op": ">", "value": 100}))
    assert not found.found and found.exact
    assert found.example is not None
    assert sum(c.rank for c in found.example.record) > 100


def test_a_sum_the_window_cannot_reach_never_fires() -> None:
    found = never_fires(trigger({"type": "sum", "last": 3, "op": ">", "value": 39}))
    assert found.found and found.exact


def test_a_short_round_can_hold_a_small_windowed_sum() -> None:
    # Eight cards add up to eight at least, but a round of three cards is shorter than that.
    found = never_fires(trigger({"type": "sum", "last": 8, "op": "<=", "value": 5}))
    assert not found.found and found.exact


def test_fewer_hearts_lately_than_this_round_can_fire() -> None:
    found = never_fires(trigger({"type": "count", "where": HEARTS, "last": 5, "op": "<",
                                 "than": {"where": HEARTS}}))
    assert not found.found and found.exact
    assert found.example is not None and found.example.record[0].suit == "H"


def test_more_hearts_lately_than_this_round_never_fires() -> None:
    found = never_fires(trigger({"type": "count", "where": HEARTS, "last": 5, "op": ">",
                                 "than": {"where": HEARTS}}))
    assert found.found and found.exact
