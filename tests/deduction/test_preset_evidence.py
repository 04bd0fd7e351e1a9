"""The deduction tools judge a logged play as the table saw it, the cards owed and the
starter included: a hypothesis about stacked draws or the starter is checked on the
situation of the play, never on a default."""

from __future__ import annotations

from games.deduction.evidence import context
from games.deduction.record import Attempt
from games.engine.events import Situation
from rules.conditions import read_condition
from rules.evaluation import compile_condition

OWING = compile_condition(read_condition({"type": "compare", "what": "pending", "op": ">",
                                          "value": 0}, "$"))
ON_STARTER = compile_condition(read_condition({"type": "on_starter"}, "$"))


def attempt(pending: int, on_starter: bool) -> Attempt:
    seen = Situation(under=("5H", "QH"), hand_before=3, turn=4, round=1, players=4,
                     pending=pending, on_starter=on_starter)
    return Attempt(number=1, round=1, seat=1, cards=("QC", "QS"), stands_for=("QC", "QS"),
                   situation=seen, record=("5H", "QH"), accepted=True)


def test_a_play_owing_cards_is_judged_owing_them() -> None:
    assert OWING(context(attempt(4, False)))
    assert not OWING(context(attempt(0, False)))


def test_only_the_first_card_of_a_group_lies_on_the_starter() -> None:
    seen = attempt(0, True)
    assert ON_STARTER(context(seen, 0))
    assert not ON_STARTER(context(seen, 1))
