"""Bots play every preset: seeded matches finish with every invariant holding after every
step, and a bot that knows every rule (the oracle) is never refused and never pays for a
call or a speech rule (talking, an owed reply): no preset's rules make a correct caller
pay. Kept small (a few seeded games per
preset); ``manage.py play_bots --preset NAME --games 100`` plays the long runs, whose
figures are in docs/presets/<name>.md.
"""

from __future__ import annotations

from collections import Counter

import pytest

from games.engine.bots import rules_known
from games.engine.events import CallBroken, Refused, Said, SpeechBroken
from games.engine.invariants import card_census, violations
from games.engine.lockup import has_way_out
from games.engine.stall import stall_of
from games.engine.visibility import player_view
from games.presets.opening import open_preset, settings_for
from games.presets.registry import presets
from games.presets.simulate import penalties_of, play_preset, races_of, speech_broken_of
from rules.cards import make_deck
from rules.evaluation import Rulebook

NAMES = list(presets())
SEEDS = (1, 2, 3)
#: The law a preset's games start with (the oracle knows it too).
LAWS = {"teaching": "Wrong Colour"}
MIXED = ("oracle", "experimenter")


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", SEEDS)


def test_bots_finish_a_game_of_every_preset_keeping_every_invariant(name: str,
                                                                    seed: int) -> None:
    record = play_preset(name, seed, MIXED, law=LAWS.get(name), max_actions=1500,
                         max_rounds=4, keep_states=True)
    assert record.problems == []
    assert record.final.phase == "ended"
    settings = record.start.settings
    deck = Counter(str(c) for c in make_deck(settings.decks, settings.jokers))
    house = [e.jargon for e in record.start.rules if e.house]
    assert house == [r.jargon for r in presets()[name].house_rules]
    for state in record.states:
        assert violations(state) == []
        assert card_census(state) == deck
        # House rules stay in force for the whole game.
        assert [e.jargon for e in state.rules if e.house and e.active] == house
    if settings.match_wins is not None and not record.capped:
        # (Where seats are expelled, the last player left wins the game too.)
        assert record.final.end is not None and record.final.end.reason in (
            ("match", "last_player") if settings.expel_hand else ("match",))
    assert penalties_of(record, MIXED, "oracle") == (0, 0)
    assert speech_broken_of(record, MIXED, "oracle") == 0


@pytest.mark.parametrize("name", NAMES)


def test_oracles_alone_are_never_refused_and_never_pay_for_a_call(name: str) -> None:
    """A table of oracles: every play and every call is some oracle's, and none costs a
    card."""
    for seed in SEEDS:
        record = play_preset(name, seed, ("oracle",), law=LAWS.get(name), max_actions=1500,
                             max_rounds=4)
        assert record.problems == []
        assert not [e.text for e in record.events
                    if isinstance(e, (Refused, CallBroken, SpeechBroken))]


@pytest.mark.parametrize("name", NAMES)


def test_no_bot_pays_for_a_house_call_everyone_knows(name: str) -> None:
    """House rules are public, so every bot makes their calls, the experimenter too (it
    still tries cards it has not seen refused, and is refused: the table is no quiet one)."""
    house: set[int] = set()
    refused = 0
    for seed in SEEDS:
        record = play_preset(name, seed, MIXED, law=LAWS.get(name), max_actions=1500,
                             max_rounds=4)
        house = {e.id for e in record.start.rules if e.house}
        assert [e.text for e in record.events
                if isinstance(e, CallBroken) and e.rule in house] == []
        refused += penalties_of(record, MIXED, "experimenter")[0]
    if any(r.spec.kind == "restriction" for r in presets()[name].house_rules):
        assert refused > 0


def test_a_bot_knows_the_house_rules_and_its_own_but_no_secret_law() -> None:
    settings = settings_for(presets()["teaching"], players=4, law="Wrong Colour")
    state, _ = open_preset(settings, ["A", "B", "C", "D"], 3)
    known = [r.jargon for r in rules_known(player_view(state, 1))]
    assert known == ["Misplay", "Spade Call", "Mao", "Silence"]


@pytest.mark.parametrize("name", NAMES)


def test_the_house_rules_of_every_preset_leave_a_way_out_and_never_stall(name: str) -> None:
    found = presets()[name]
    rulebook = Rulebook([*found.house_rules, *found.laws])
    for players in found.choices["players"].options if "players" in found.choices else (
            found.settings.players,):
        assert isinstance(players, int) and has_way_out(rulebook, players=players)
    assert stall_of(rulebook) is None


@pytest.mark.parametrize("name", [n for n in NAMES if any(
    r.spec.kind in ("talking", "reply") for r in presets()[n].house_rules)])


def test_no_bot_pays_for_a_house_speech_rule_and_the_replies_are_said(name: str) -> None:
    """House speech rules are public: every bot says the replies it owes and nothing else
    outside a play, so none pays for talking or a missing reply; where the preset owes
    replies, they were owed and said (the rules were at work)."""
    replies = 0
    for seed in SEEDS:
        record = play_preset(name, seed, MIXED, law=LAWS.get(name), max_actions=1500,
                             max_rounds=4)
        assert [e.text for e in record.events if isinstance(e, SpeechBroken)] == []
        replies += sum(1 for e in record.events if isinstance(e, Said))
    if any(r.spec.kind == "reply" for r in presets()[name].house_rules):
        assert replies > 0


@pytest.mark.parametrize("name", ["lynnfield", "five-card"])
def test_bots_race_and_an_oracle_never_misses_a_race(name: str) -> None:
    """Every bot answers every race it sees, after a person's reaction and within the
    window, so none pays for not answering; being last is bad luck, and some seat always
    is (in a race that is lost)."""
    run = 0
    for seed in SEEDS:
        record = play_preset(name, seed, MIXED, max_actions=1500, max_rounds=4)
        assert record.problems == []
        races, _, missed = races_of(record, MIXED, "oracle")
        assert missed == 0 and races_of(record, MIXED, "experimenter")[2] == 0
        run += races
    assert run > 0
