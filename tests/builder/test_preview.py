"""The preview: its sentence, the grid's marks and every warning, on crafted rulebooks."""

from __future__ import annotations

from dataclasses import replace
from random import Random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.authoring.grid import Table
from games.authoring.lock_check import locks_in_force, needs_check
from games.authoring.preview import preview
from games.authoring.preview_warnings import ENDS_GAME, analyse, ends_the_game
from rules.cards import parse
from rules.english import describe
from rules.generate import random_rule
from rules.spec import Rule, load_rule
from tests.examples import share

TABLE = Table(players=3, player=1, hand_size=5)
MOURNING = {"kind": "restriction", "when": {"type": "rank", "of": "top", "in": ["Q"]},
            "must": {"type": "colour", "is": "black"}}
MATCH = {"kind": "restriction", "must": {"type": "any", "of": [
    {"type": "relation", "rel": "same_suit"}, {"type": "relation", "rel": "same_rank"}]}}
BLACK = {"kind": "restriction", "must": {"type": "colour", "is": "black"}}


def rule(spec: dict[str, Any], jargon: str = "New", author: int = 0) -> Rule:
    return load_rule({"version": 1, "jargon": jargon, "author": author, "rule": spec})


def marks(spec: dict[str, Any], others: list[Rule], top: str = "QH") -> dict[str, str]:
    shown = preview(rule(spec), others, TABLE, parse(top))
    return {str(c.card): c.mark for c in shown.cells}


def codes(spec: dict[str, Any], others: list[Rule] = (), top: str = "QH",  # type: ignore[assignment]
          table: Table = TABLE) -> list[str]:
    return preview(rule(spec), list(others), table, parse(top)).codes


def test_the_sentence_is_the_rules_english() -> None:
    shown = preview(rule(MOURNING), [], TABLE, parse("QH"))
    assert shown.sentence == describe(rule(MOURNING)) == (
        "Only a black card may be played on a queen.")


def test_the_grid_holds_every_card_and_the_joker() -> None:
    shown = preview(rule(MOURNING), [], TABLE, parse("QH"))
    assert len(shown.cells) == 53 and shown.cells[-1].card.is_joker
    without = preview(rule(MOURNING), [], Table(jokers=False), parse("QH"))
    assert len(without.cells) == 52


def test_cards_this_rule_refuses_are_marked_apart() -> None:
    found = marks(MOURNING, [])
    assert found["5S"] == found["QC"] == "legal"
    assert found["5H"] == found["QD"] == "this"
    assert preview(rule(MOURNING), [], TABLE, parse("QH")).by_this_count == 26


def test_cards_the_authors_earlier_rules_refuse_are_marked_as_refused() -> None:
    found = marks(MOURNING, [rule(MATCH, "Match", 0)])
    assert found["QS"] == found["QC"] == "legal"
    assert found["5S"] == "refused"
    assert found["5H"] == "this"


def test_on_another_top_the_rule_refuses_nothing() -> None:
    found = marks(MOURNING, [], top="7D")
    assert set(found.values()) == {"legal"}


def test_cells_have_accessible_names() -> None:
    cell = preview(rule(MOURNING), [], TABLE, parse("QH")).cells[parse("5H").index]
    assert cell.label == "Five of hearts: refused by your rule"


def test_a_trigger_marks_the_cards_that_set_it_off() -> None:
    fiver = {"kind": "trigger", "when": {"type": "rank", "in": ["5"]},
             "effects": [{"type": "draw", "who": "player", "count": 1}]}
    shown = preview(rule(fiver), [], TABLE, parse("QH"))
    assert {str(c.card) for c in shown.cells if c.fires} == {"5C", "5D", "5H", "5S"}
    assert "refused" not in {c.mark for c in shown.cells}


def test_a_sensible_rule_has_no_warnings() -> None:
    assert codes(MOURNING, [rule(MATCH, "Match", 1)]) == []


RED_ON_QUEEN = {"kind": "restriction", "when": {"type": "rank", "of": "top", "in": ["Q"]},
                "must": {"type": "colour", "is": "red"}}


def test_a_lock_on_some_top_cards_is_not_called_a_lock_at_once() -> None:
    shown = preview(rule(RED_ON_QUEEN), [rule(MOURNING, "Mourning", 0)], TABLE, parse("QH"))
    assert shown.codes == ["lockup_tops"]
    assert "at once" not in shown.warnings[0].text
    assert not any(c.legal for c in shown.cells)


def test_dead_top_cards_are_listed() -> None:
    shown = preview(rule(RED_ON_QUEEN), [rule(MOURNING, "Mourning", 0)], TABLE, parse("7D"))
    (warning,) = [w for w in shown.warnings if w.code == "lockup_tops"]
    assert "Q♣ Q♦ Q♥ Q♠" in warning.text
    assert "lockup_situation" not in shown.codes


def test_a_rule_that_locks_every_play() -> None:
    red = {"kind": "restriction", "must": {"type": "colour", "is": "red"}}
    shown = preview(rule(red), [rule(BLACK, "Dark", 0)], TABLE, parse("QH"))
    assert shown.codes[0] == "lockup_always"
    assert shown.warnings[0].text.endswith("the game would lock up at once.")


def test_a_rule_that_never_changes_anything() -> None:
    not_red = {"kind": "restriction", "must_not": {"type": "colour", "is": "red"}}
    found = codes(not_red, [rule(BLACK, "Dark", 0)])
    assert "never_fires" in found


def test_a_trigger_that_can_never_fire() -> None:
    never = {"kind": "trigger", "when": {"type": "compare", "what": "players", "op": "<",
                                         "value": 2}, "effects": [{"type": "skip"}]}
    assert codes(never) == ["never_fires"]


def test_a_rule_behaving_like_one_in_force() -> None:
    reordered = {"kind": "restriction", "must": {"type": "any", "of": [
        {"type": "relation", "rel": "same_rank"}, {"type": "relation", "rel": "same_suit"}]}}
    assert "duplicate" in codes(reordered, [rule(MATCH, "Match", 0)])


def test_a_rule_close_to_one_in_force_is_no_duplicate() -> None:
    colour_or_rank = {"kind": "restriction", "must": {"type": "any", "of": [
        {"type": "relation", "rel": "same_colour"}, {"type": "relation", "rel": "same_rank"}]}}
    assert "duplicate" not in codes(colour_or_rank, [rule(MATCH, "Match", 0)])


def test_the_same_author_rule_by_another_player_is_no_duplicate() -> None:
    mine = {"kind": "restriction", "when": {"type": "is_author"}, "must": {"type": "face"}}
    assert "duplicate" not in codes(mine, [rule(mine, "Theirs", 1)])
    assert "duplicate" in codes(mine, [rule(mine, "Mine before", 0)])


def test_a_rule_that_forbids_almost_everything() -> None:
    aces = {"kind": "restriction", "must": {"type": "rank", "in": ["A"]}}
    assert "too_hard" in codes(aces)


def test_a_rule_that_forbids_almost_nothing() -> None:
    tiny = {"kind": "restriction", "when": {"type": "all", "of": [
        {"type": "rank", "of": "top", "in": ["K"]}, {"type": "suit", "of": "top", "in": ["S"]}]},
        "must_not": {"type": "all", "of": [{"type": "rank", "in": ["A"]},
                                           {"type": "suit", "in": ["S"]}]}}
    assert codes(tiny) == ["too_easy"]


def test_an_instant_win_possible_at_the_deal() -> None:
    hearts = {"kind": "instant_win", "hand": {"type": "hand_count", "where": {
        "type": "suit", "in": ["H"]}, "op": ">=", "value": 3}}
    assert codes(hearts) == ["instant_at_deal"]


def test_an_instant_win_too_big_for_a_dealt_hand() -> None:
    aces = {"kind": "instant_win", "hand": {"type": "hand_count", "where": {
        "type": "rank", "in": ["A"]}, "op": ">=", "value": 4}}
    assert codes(aces, table=Table(hand_size=3)) == []
    assert codes(aces, table=Table(hand_size=5)) == ["instant_at_deal"]


def test_another_players_rule_is_never_consulted() -> None:
    secret = rule(MATCH, "Zorblax", 1)
    reordered = {"kind": "restriction", "must": {"type": "any", "of": [
        {"type": "relation", "rel": "same_rank"}, {"type": "relation", "rel": "same_suit"}]}}
    shown = preview(rule(reordered), [secret], TABLE, parse("QH"))
    alone = preview(rule(reordered), [], TABLE, parse("QH"))
    assert "duplicate" not in shown.codes
    assert (shown.cells, shown.warnings, shown.notes) == (alone.cells, alone.warnings,
                                                          alone.notes)


def test_the_jargon_of_the_new_rule_does_not_change_the_preview() -> None:
    a = preview(rule(MOURNING, "One"), [], TABLE, parse("QH"))
    b = preview(rule(MOURNING, "Two"), [], TABLE, parse("QH"))
    assert (a.sentence, a.cells, a.warnings) == (b.sentence, b.cells, b.warnings)


def test_a_rule_that_stalls_play_is_warned_of() -> None:
    """The face-card keeper: every card played on a face card goes under the pile and
    the next player draws. Hands never get smaller while everyone plays."""
    from tests.engine.test_lockup import card_test, draw, trigger

    keeper = trigger(card_test("face", "top"), {"type": "to_bottom"}, draw("next", 1))
    shown = preview(rule(keeper), [], TABLE, parse("QH"))
    stalls = [w for w in shown.warnings if w.code == "stalls"]
    assert len(stalls) == 1 and stalls[0].text.startswith("This rule could stall play.")
    assert "never get fewer" in stalls[0].text
    # Refilling the player's own hand instead stalls for certain.
    certain = trigger(card_test("face", "top"), {"type": "to_bottom"}, draw("player", 1))
    text = next(w.text for w in preview(rule(certain), [], TABLE, parse("QH")).warnings
                if w.code == "stalls_for_good")
    assert text.startswith("This rule would stall play, and the game would end.")
    assert "nobody can ever empty their hand" in text
    # A stall already there before the draft is not blamed on it.
    assert not {"stalls", "stalls_for_good"} & set(codes(BLACK, [rule(certain, "Keeper")]))
    assert "stalls" not in codes(MOURNING)


def test_a_situation_no_card_may_follow_is_a_lockup_only_when_the_rules_read_the_pile_alone(
        ) -> None:
    # On a king under the top only red, and the author's own rule says black: nothing may
    # be played in that situation, whoever holds whatever: the game would lock up.
    king_under = {"kind": "restriction", "when": {"type": "rank", "of": "pile2", "in": ["K"]},
                  "must": {"type": "colour", "is": "red"}}
    shown = preview(rule(king_under), [rule(BLACK, "Mine")], TABLE, parse("7D"))
    assert "lockup_situation" in shown.codes
    (words,) = [w.text for w in shown.warnings if w.code == "lockup_situation"]
    assert words.endswith("the game would lock up if it arose.")
    # More than three cards in hand, shown with three: that player is stuck, the game is
    # not (the engine tries every hand before it calls a lockup).
    more_than_3 = {"kind": "restriction",
                   "must": {"type": "compare", "what": "hand_before", "op": ">", "value": 3}}
    shown = preview(rule(more_than_3), [], TABLE, parse("7D"))
    assert "lockup_situation" not in shown.codes
    (words,) = [w.text for w in shown.warnings if w.code == "stuck_situation"]
    assert words == ("No card at all could be played on 7♦ in the situation shown: this "
                     "player could play nothing here.")


# The one question about every rule in force, asked on "Write this rule" only.


def test_another_authors_rule_changes_no_preview_even_where_it_would_lock_the_game() -> None:
    """The preview has no say for other players' rules: passed by mistake, one is dropped,
    even where with it no card could follow a queen."""
    theirs = rule(MOURNING, "Mourning", 1)
    for top in ("QH", "QS", "7D"):
        alone = replace(preview(rule(RED_ON_QUEEN), [], TABLE, parse(top)), seconds=0)
        given = replace(preview(rule(RED_ON_QUEEN), [theirs], TABLE, parse(top)), seconds=0)
        assert given == alone
        assert "lockup_tops" not in alone.codes and "lockup_in_force" not in alone.codes


def test_the_check_on_writing_finds_a_lock_only_with_the_other_rule() -> None:
    theirs = [rule(MOURNING, "Mourning", 1)]
    assert locks_in_force(rule(RED_ON_QUEEN), theirs, TABLE)
    assert not locks_in_force(rule(RED_ON_QUEEN), [], TABLE)
    assert not locks_in_force(rule(MOURNING, "Again"), theirs, TABLE)


def test_a_draft_needs_the_check_unless_its_answer_is_known_already() -> None:
    mine = [rule(MOURNING, "Mourning", 0)]
    assert needs_check(rule(RED_ON_QUEEN), [], TABLE)
    # The preview says so from the author's own rules: no card could follow a queen.
    assert not needs_check(rule(RED_ON_QUEEN), mine, TABLE)
    # Another author's rule passed by mistake is dropped, as by the preview.
    assert needs_check(rule(RED_ON_QUEEN), [rule(MOURNING, "Mourning", 1)], TABLE)
    talking = {"kind": "talking", "allow": ["Point of order"], "penalty": 1}
    assert not needs_check(rule(talking), [], TABLE)


def _keeper() -> dict[str, Any]:
    """Every card played on a face card goes under the pile, and its player draws one."""
    from tests.engine.test_lockup import card_test, draw, trigger

    return trigger(card_test("face", "top"), {"type": "to_bottom"}, draw("player", 1))


@pytest.mark.parametrize(("draft", "own", "code"), [
    (RED_ON_QUEEN, MOURNING, "lockup_tops"),
    ({"kind": "restriction", "must": {"type": "colour", "is": "red"}}, BLACK, "lockup_always"),
    (None, None, "stalls_for_good"),
])
def test_the_check_is_not_needed_for_each_warning_that_the_game_could_end(
        draft: dict[str, Any] | None, own: dict[str, Any] | None, code: str) -> None:
    mine = [] if own is None else [rule(own, "Mine")]
    new = rule(_keeper() if draft is None else draft)
    assert code in {w.code for w in analyse(new, tuple(mine), TABLE)}
    assert ends_the_game(new, tuple(mine), TABLE)
    assert not needs_check(new, mine, TABLE)


@share(1.0)
@given(seed=st.integers(0, 10**6), own=st.integers(0, 3),
       kind=st.sampled_from([None, "restriction", "trigger"]))
def test_ends_the_game_is_what_the_previews_warnings_say(seed: int, own: int,
                                                         kind: str | None) -> None:
    """:func:`ends_the_game` skips the warnings it does not need, never one it does."""
    rng = Random(seed)
    mine = tuple(random_rule(rng, kind, author=0) for _ in range(own))
    draft = random_rule(rng, kind, author=0)
    says = bool(ENDS_GAME & {w.code for w in analyse(draft, mine, TABLE)})
    assert ends_the_game(draft, mine, TABLE) == says
