"""Bots at a live table act through the write path when it is their move.

Every game here has a fixed seed, so its deal and the bots' choices are the same on every
run.
"""

from __future__ import annotations

import pytest

from games.bots.driver import bot_action, wake_bots_of
from games.engine.actions import WriteRule
from games.engine.settings import GameSettings
from games.lobby.services import add_bot, open_game, start_game
from games.models import Game
from games.store.writes import submit_action
from tests.factories import stored_state

pytestmark = pytest.mark.django_db(transaction=True)

RULE = {"jargon": "Pip", "rule": {"kind": "restriction", "must_not": {"type": "face"}}}


def bot_table(kind: str = "oracle", host_first: bool = True) -> Game:
    settings = GameSettings(players=3, first_rule_maker=0 if host_first else None)
    game = open_game(settings, "Gogol", "host", seed=1)
    add_bot(game, "host", kind)
    add_bot(game, "host", kind)
    return start_game(game, "host")


def test_bots_play_until_a_person_must_act() -> None:
    game = bot_table()
    submit_action(game, WriteRule(0, RULE), game.version)
    game.refresh_from_db()
    # Seat 1, on the rule-maker's left, plays first: both bots move, then the person must.
    assert (game.phase, stored_state(game).current) == ("playing", 0)
    assert [entry.action["seat"] for entry in game.log.order_by("seq")] == [0, 1, 2]


def test_a_bot_rule_maker_writes_its_rule_when_the_game_starts() -> None:
    game = open_game(GameSettings(players=2), "Gogol", "host", seed=1)
    add_bot(game, "host", "experimenter")
    game = start_game(game, "host")
    game.refresh_from_db()
    # Both players of a two-player game write a rule: the bot has written its own.
    assert game.phase == "writing" and stored_state(game).writers == [0]
    assert [r.author for r in stored_state(game).rules] == [1]


def test_nothing_happens_when_no_bot_is_due() -> None:
    game = bot_table()
    assert bot_action(game) is None
    version = game.version
    wake_bots_of(game.pk)
    game.refresh_from_db()
    assert game.version == version


def test_a_change_to_a_game_of_people_wakes_nothing(
        settings: object, monkeypatch: pytest.MonkeyPatch) -> None:
    from games.bots import driver as botdriver
    from games.lobby.services import join_game

    game = open_game(GameSettings(players=2), "Gogol", "host", seed=1)
    join_game(game, "Bull", "guest")
    game = start_game(game, "host")
    assert game.has_bots is False

    settings.MAO_BOT_DELAY = 0.5  # type: ignore[attr-defined]
    started: list[object] = []
    monkeypatch.setattr(botdriver._scheduler, "schedule",
                        lambda key, delay, job: started.append(key))
    submit_action(game, WriteRule(0, RULE), game.version)
    assert started == []  # no job, no database read
    wake_bots_of(game.pk)  # a socket connecting looks all the same
    assert started == [f"game-{game.pk}"]


def test_the_game_row_says_whether_a_bot_plays() -> None:
    from games.lobby.services import remove_seat

    game = open_game(GameSettings(players=3), "Gogol", "host", seed=1)
    bot = add_bot(game, "host", "oracle")
    game.refresh_from_db()
    assert game.has_bots is True
    remove_seat(game, "host", bot.index)
    game.refresh_from_db()
    assert game.has_bots is False
    assert bot_table().has_bots is True


def test_a_failed_bot_move_is_tried_again_a_few_times(monkeypatch: pytest.MonkeyPatch) -> None:
    from games.bots import driver as botdriver

    def broken(game_id: int) -> bool:
        raise RuntimeError("the database is away")

    retries: list[int] = []
    monkeypatch.setattr(botdriver, "act_once", broken)
    monkeypatch.setattr(botdriver, "_schedule",
                        lambda delay, game_id, attempt: retries.append(attempt))
    for attempt in range(botdriver.RETRIES + 1):
        botdriver._act_in_thread(1, attempt)
    assert retries == list(range(1, botdriver.RETRIES + 1))  # then it gives up


def corrupt_log(game: Game, up_to: int) -> None:
    """Make every log entry of ``game`` up to version ``up_to`` unreadable (an event of no
    known kind), past the append-only guard as only a test may: a reader that reads them
    again fails, one that reads only what it has not read does not notice."""
    from games.models import LogEntry

    changed = LogEntry._base_manager.filter(game=game, seq__lte=up_to).update(
        events=[{"kind": "planted", "text": "read again"}])
    assert changed > 0


def test_an_unreadable_log_entry_is_noticed() -> None:
    from games.bots import driver as botdriver

    game = bot_table("experimenter")
    game = submit_action(game, WriteRule(0, RULE), game.version).game
    corrupt_log(game, game.version)
    with pytest.raises(ValueError, match="unknown event kind 'planted'"):
        botdriver.notebook(game, 0)  # a notebook that has read nothing yet


def test_an_experimenters_notebook_reads_only_the_log_it_has_not_read(
        django_assert_num_queries: object) -> None:
    from games.bots import driver as botdriver
    from games.engine.actions import Pass
    from games.engine.events import Refused
    from games.store.reads import game_log

    game = bot_table("experimenter")
    game = submit_action(game, WriteRule(0, RULE), game.version).game  # the bots play on
    game.refresh_from_db()
    notes = botdriver.notebook(game, 1)
    assert notes.read_to == game.version
    # What a full read of the log would find, found by reading each entry once.
    refused = {(e.top, e.cards[0]) for e in game_log(game)
               if isinstance(e, Refused) and e.seat == 1}
    assert notes.refused == refused
    assert botdriver.notebook(game, 2).read_to == game.version  # the other bot's too
    corrupt_log(game, game.version)  # what they have read can no longer be read
    with django_assert_num_queries(1):  # type: ignore[operator]
        assert botdriver.notebook(game, 1) is notes  # nothing new: one empty read
    # The person's move, then the bots' moves: only those entries are read.
    assert (game.phase, stored_state(game).current) == ("playing", 0)
    game = submit_action(game, Pass(0), game.version).game
    game.refresh_from_db()
    assert game.version > notes.read_to + 1  # the bots moved too
    assert botdriver.notebook(game, 1).read_to == game.version
    assert notes.refused >= refused


def test_a_bot_decides_from_its_seats_view_alone() -> None:
    """Two games that look the same from a bot's seat get the same move from it."""
    from games.engine.apply import apply
    from games.engine.bots import Experimenter
    from games.engine.setup import new_game
    from games.engine.visibility import player_view

    state = new_game(GameSettings(players=3, first_rule_maker=0), ["A", "B", "C"], 9)
    state, _ = apply(state, WriteRule(0, RULE))
    other = state.clone()
    other.hands[2], other.hands[0] = other.hands[0], other.hands[2]  # hidden from seat 1
    other.stock.reverse()
    other.current = 1
    state.current = 1
    assert state.to_json() != other.to_json()
    assert player_view(state, 1) == player_view(other, 1)
    moves = [Experimenter(1, 5).act(player_view(s, 1)) for s in (state, other)]
    assert moves[0] is not None and moves[0] == moves[1]


def test_an_oracle_decides_from_its_seats_view_and_the_rules_alone() -> None:
    """Two games that look the same from an oracle's seat, under the same rules, get the
    same move from it, at every moment of a seeded game."""
    from random import Random

    from games.engine.apply import apply
    from games.engine.bots import KnownRules, Oracle
    from games.engine.setup import new_game
    from games.engine.visibility import player_view

    state = new_game(GameSettings(players=3, first_rule_maker=0), ["A", "B", "C"], 9)
    state, _ = apply(state, WriteRule(0, RULE))
    compared = 0
    for step in range(40):
        if state.phase != "playing":
            break
        seat = state.current
        other = state.clone()
        # The other hands dealt again from their own cards (each keeps its size), and the
        # stock in another order: all hidden from the seat.
        hidden = [s for s in range(3) if s != seat]
        cards = [card for s in hidden for card in other.hands[s]]
        Random(step).shuffle(cards)
        for s in hidden:
            size = len(other.hands[s])
            other.hands[s], cards = cards[:size], cards[size:]
        other.stock.reverse()
        assert player_view(state, seat) == player_view(other, seat)
        moves = [Oracle(seat, step, KnownRules(s.rulebook())).act(player_view(s, seat))
                 for s in (state, other)]
        assert moves[0] is not None and moves[0] == moves[1]
        compared += state.to_json() != other.to_json()
        state, _ = apply(state, moves[0])
    assert compared >= 10  # the hidden hands differed at many of those moments


def test_the_oracle_is_told_the_compiled_rules_and_holds_no_game_state() -> None:
    import gc
    import sys
    import types

    from games.bots import driver as botdriver
    from games.engine.bots import KnownRules, Oracle
    from games.engine.state import GameState
    from games.store.reads import game_state

    game = bot_table("oracle")
    game = submit_action(game, WriteRule(0, RULE), game.version).game
    game.refresh_from_db()
    state = game_state(game)
    bot = botdriver._bot(game, state, 1, "oracle")
    assert isinstance(bot, Oracle) and isinstance(bot.insight, KnownRules)
    assert not hasattr(bot.insight, "__self__")  # no bound method of the state
    assert [r.jargon for r in bot.insight().rules] == ["Pip"]
    # Nothing reachable from what it was told is a state or one of its hands (module
    # globals, modules and classes are shared by everything, so not followed).
    hands = {id(hand) for hand in state.hands}
    skipped = {id(vars(m)) for m in list(sys.modules.values()) if m is not None}
    seen: set[int] = set()
    todo: list[object] = [bot.insight]
    while todo:
        item = todo.pop()
        if id(item) in seen or id(item) in skipped:
            continue
        seen.add(id(item))
        assert not isinstance(item, GameState) and id(item) not in hands
        if not isinstance(item, types.ModuleType | type):
            todo.extend(gc.get_referents(item))
    assert id(bot.insight()) in seen and len(seen) > 20  # it went through the compiled rules


def test_a_detectives_casebook_reads_only_the_log_it_has_not_read(
        django_assert_num_queries: object) -> None:
    from games.bots import driver as botdriver
    from games.deduction.record import public_record
    from games.engine.actions import Pass
    from games.store.reads import game_log

    game = bot_table("detective")
    game = submit_action(game, WriteRule(0, RULE), game.version).game
    game.refresh_from_db()
    book = botdriver.detective_memory(game, 1)
    assert book.read_to == game.version
    # What a full read of the log would find, found by reading each entry once.
    assert book.reader.record().attempts == public_record(game_log(game), 1, ()).attempts
    before = len(book.reader.record().attempts)
    assert botdriver.detective_memory(game, 2).read_to == game.version  # the other bot's too
    corrupt_log(game, game.version)  # what they have read can no longer be read
    with django_assert_num_queries(1):  # type: ignore[operator]
        assert botdriver.detective_memory(game, 1) is book  # nothing new: one empty read
    assert (game.phase, stored_state(game).current) == ("playing", 0)
    game = submit_action(game, Pass(0), game.version).game
    game.refresh_from_db()
    assert botdriver.detective_memory(game, 1).read_to == game.version
    # The new entries were read (the bots played after the pass), the old ones not again.
    assert len(book.reader.record().attempts) > before


def test_a_detective_plays_on_and_seals_its_best_guess_of_each_jargon_it_has_seen() -> None:
    from games.bots import driver as botdriver
    from games.engine.actions import Pass
    from games.models import SealedGuess
    from rules.spec import load_rule, spec_to_json

    game = bot_table("detective")
    game = submit_action(game, WriteRule(0, RULE), game.version).game
    for _ in range(30):  # the person passes; the detectives play on
        game.refresh_from_db()
        state = stored_state(game)
        if state.phase != "playing" or state.current != 0:
            break
        game = submit_action(game, Pass(0), game.version).game
    game.refresh_from_db()
    sealed = {(g.seat, g.jargon): g.spec for g in SealedGuess.objects.filter(game=game)}
    seen = set()
    for seat in (1, 2):
        detective = botdriver.detective_memory(game, seat).detective
        assert detective is not None
        # Its guesses as they stood at its last move (reading the log since does not
        # change them): each one sealed, a valid rule of that jargon.
        for jargon, rule in detective.guesses().items():
            seen.add(jargon)
            assert sealed[(seat, jargon)] == spec_to_json(rule.spec)
            assert load_rule({"version": 1, "jargon": jargon, "rule": sealed[(seat, jargon)]})
    assert "Pip" in seen  # the face cards the detectives tried were refused
    assert {jargon for _, jargon in sealed} <= seen


@pytest.mark.parametrize("kind", ["experimenter", "detective"])
def test_a_bot_writing_a_rule_consults_its_own_rules_and_one_bit(kind: str) -> None:
    from games.bots.driver import _bot
    from games.engine.state import RuleEntry
    from rules.spec import load_rule

    one_card = {"type": "compare", "what": "hand_before", "op": "==", "value": 1}
    heart = {"type": "suit", "of": "played", "in": ["H"]}
    game = bot_table(kind)
    state = stored_state(game)
    mine = {"kind": "trigger", "when": {"type": "rank", "of": "played", "in": ["7"]},
            "effects": [{"type": "skip"}]}
    state.rules = [RuleEntry(1, 0, 1, {"version": 1, "jargon": "Heartfelt", "rule": {
                       "kind": "restriction", "when": one_card, "must": heart}}),
                   RuleEntry(2, 1, 1, {"version": 1, "jargon": "Sevens", "rule": mine})]
    author_knowledge = _bot(game, state, 1, kind).author_knowledge()  # type: ignore[attr-defined]
    # In detail, only the bot's own rule; of the host's, one bit.
    assert [r.spec for r in author_knowledge.own] == [load_rule(
        {"version": 1, "jargon": "x", "rule": mine}).spec]
    no_heart = load_rule({"version": 1, "jargon": "Draft", "author": 1, "rule": {
        "kind": "restriction", "when": one_card, "must_not": heart}})
    assert author_knowledge.ends_game(no_heart)
    state.rules = state.rules[1:]
    assert not _bot(game, state, 1, kind).author_knowledge().ends_game(no_heart)  # type: ignore[attr-defined]


def test_bots_play_on_round_a_bots_seat_removed_from_the_game() -> None:
    from games.engine.actions import RemoveSeat

    game = open_game(GameSettings(players=4, first_rule_maker=0), "Gogol", "host", seed=1)
    for _ in range(3):
        add_bot(game, "host", "oracle")
    game = start_game(game, "host")
    submit_action(game, WriteRule(0, RULE), game.version)
    game.refresh_from_db()
    assert stored_state(game).current == 0  # the bots played up to the person
    submit_action(game, RemoveSeat(0, 2), game.version)
    version = game.version + 1
    from games.engine.actions import Pass

    submit_action(game, Pass(0), version)
    game.refresh_from_db()
    moved = [entry.action["seat"] for entry in game.log.filter(seq__gt=version + 1)]
    assert moved[:2] == [1, 3] and 2 not in moved
    assert stored_state(game).current == 0


def test_a_bot_that_knows_the_rules_plays_a_multiple_off_its_turn() -> None:
    from games.engine.actions import Deal, Play
    from games.lobby.services import join_game
    from games.presets.opening import settings_for
    from games.presets.registry import preset
    from tests.factories import stacked_deck

    settings = settings_for(preset("penn-state"), players=3, first_rule_maker=0)
    game = open_game(settings, "Gogol", "host", seed=3)
    add_bot(game, "host", "oracle")  # seat 1
    join_game(game, "Bull", "guest")  # seat 2
    game = start_game(game, "host")
    # On 9♥ the oracle may play its 9♦ only; Bull answers with K♦, and the oracle holds
    # the other K♦: off its turn (Gogol's), it plays the multiple.
    hands = [["2S", "3H", "4H", "6H", "7H", "8H"], ["9D", "KD", "3C", "3S", "QC", "QS"],
             ["KD", "2C", "4C", "6C", "7C", "8C"]]
    with stacked_deck(hands, "9H"):
        submit_action(game, Deal(0), game.version)
    game.refresh_from_db()
    assert [e.action["type"] for e in game.log.order_by("seq")][-2:] == ["deal", "play"]
    assert stored_state(game).current == 2
    submit_action(game, Play(2, ("KD",)), game.version)
    game.refresh_from_db()
    last = game.log.order_by("-seq").first()
    assert last is not None and last.action["seat"] == 1 and last.action["cards"] == ["KD"]
    assert "out of turn (a multiple)" in last.events[0]["text"]
    assert stored_state(game).current == 2  # play goes on after the oracle
