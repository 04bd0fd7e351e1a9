"""The engine's analysis under a preset: the lockup and stall checks over a rulebook with
house rules and a law (no player author), the bots' vetting against the rules they may see,
and bots playing the preset."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

from games.authoring.grid import Table
from games.authoring.preview_warnings import analyse
from games.engine.actions import WriteRule
from games.engine.bots import Experimenter, rule_action, write_for
from games.engine.lockup import anything_playable, has_way_out
from games.engine.stall import stall_of
from games.engine.vetting import AuthorKnowledge, objection
from games.engine.visibility import player_view
from games.presets.opening import open_preset, settings_for
from games.presets.registry import preset
from rules.evaluation import Rulebook
from rules.spec import load_rule

TEACHING = preset("teaching")
HOUSE_AND_LAW = Rulebook([*TEACHING.house_rules, *TEACHING.laws])
NO_MATCH: dict[str, Any] = {"kind": "restriction", "must_not": {"type": "any", "of": [
    {"type": "relation", "rel": "same_suit"}, {"type": "relation", "rel": "same_rank"}]}}


@pytest.mark.parametrize("players", [3, 4, 5, 6])


def test_the_teaching_rules_leave_a_way_out(players: int) -> None:
    assert has_way_out(HOUSE_AND_LAW, players=players)


def test_the_teaching_rules_never_stall() -> None:
    assert stall_of(HOUSE_AND_LAW) is None


def test_a_teaching_deal_can_be_played() -> None:
    state, _ = open_preset(settings_for(TEACHING, law="Wrong Colour"), ["A", "B", "C", "D"], 2)
    assert anything_playable(state)


def test_vetting_counts_the_house_rules() -> None:
    """Refusing every matching card is harmless alone, and locks the game under Misplay."""
    rule = load_rule({"version": 1, "jargon": "Contrary", "author": 0, "rule": NO_MATCH})
    assert objection(rule) is None
    found = objection(rule, TEACHING.house_rules)
    assert found is not None and found.code == "locks_at_once"


def test_bots_vet_their_laws_against_the_house_rules() -> None:
    """Even a bot that knows no secret rule knows the house rules, as everyone does: where a
    draft vetted against nothing would draw a warning beside them (it repeats the house rule
    "follow suit or rank"), the bot's own draft (the same random draws) passes the checks
    and the builder's warnings with the house rules."""
    settings = settings_for(TEACHING, players=4, first_rule_maker=2)
    state, _ = open_preset(settings, ["A", "B", "C", "D"], 6)
    view = player_view(state, 2)
    house, table = tuple(TEACHING.house_rules), Table(players=4)

    def drafted(action: WriteRule) -> Any:
        return load_rule({"version": 1, "jargon": "Draft", "author": 2,
                          "rule": action.rule["rule"]})

    seed = next(s for s in range(500) if analyse(
        drafted(rule_action(2, Random(s), players=4, kind="detective")), house, table))
    written = drafted(write_for(2, view, Random(seed), kind="detective"))
    assert objection(written, house, players=4) is None and analyse(written, house, table) == ()
    assert isinstance(Experimenter(2, seed).act(view), WriteRule)


def test_random_rules_vetted_against_the_house_rules_never_lock_the_game() -> None:
    rng = Random(3)
    for _ in range(5):
        action = rule_action(0, rng, AuthorKnowledge(TEACHING.house_rules), players=4)
        rule = load_rule({"version": 1, "jargon": "Draft", "author": 0,
                          "rule": action.rule["rule"]})
        assert has_way_out(Rulebook([*TEACHING.house_rules, rule]), players=4)
