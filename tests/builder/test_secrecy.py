"""The builder tells a writer at most one bit of rules they do not know, per writing turn.

Property: a scripted writing turn of many builder requests, played from the same moment in
two games whose rulebooks differ only in a rule the writer does not know, gets
byte-identical answers but for the one check of the turn (the suggested jargon masked).
The other rules include the classic leaks: a copy of the draft, rules refusing much of the
grid, and rules ending the game only together with the draft.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from random import Random
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, assume, example, given
from hypothesis import strategies as st

from games.authoring.examples import templates
from games.authoring.forms import form_to_data
from games.authoring.spec_form import Unrepresentable, spec_to_form
from games.autoplay.difficulty import Difficulty, estimate
from games.difficulty import runner
from games.engine.settings import GameSettings
from games.engine.state import RuleEntry
from games.models import Game
from rules.cards import STANDARD_CARDS
from rules.generate import random_rule
from rules.spec import load_rule, spec_to_json
from tests.builder.helpers import HX, previewed, seated_game, second_browser
from tests.examples import share
from tests.factories import staged_rules, undone

pytestmark = pytest.mark.django_db

#: Rules of other players that would give themselves away through a grid or a warning.
LEAKY: list[dict[str, Any]] = [
    {"kind": "restriction", "must": {"type": "colour", "is": "black"}},
    {"kind": "restriction", "when": {"type": "rank", "of": "top", "in": ["Q"]},
     "must": {"type": "colour", "is": "red"}},
    {"kind": "restriction", "must": {"type": "rank", "in": ["A", "2", "3"]}},
    {"kind": "trigger", "when": {"type": "rank", "in": ["5"]},
     "effects": [{"type": "draw", "who": "player", "count": 1}]},
]
ON_A_QUEEN = {"type": "rank", "of": "top", "in": ["Q"]}
#: Bob's rule: "on a queen, only a black card".
BOB = {"kind": "restriction", "when": ON_A_QUEEN, "must": {"type": "colour", "is": "black"}}
#: Ann's four drafts, "on a queen, only clubs / diamonds / hearts / spades": with Bob's rule
#: the red two would lock the game, the black two would not.
ANN = {suit: {"kind": "restriction", "when": ON_A_QUEEN, "must": {"type": "suit", "in": [suit]}}
       for suit in "CDHS"}
ONE_CARD = {"type": "compare", "what": "hand_before", "op": "==", "value": 1}
HEART = {"type": "suit", "of": "played", "in": ["H"]}
FACE_TOP = {"type": "face", "of": "top"}
#: A draft and another player's rule that end the game only together, one case for each of
#: the engine's three lockups (games/engine/ending.py).
ENDS_TOGETHER: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    # No card may follow a black top card.
    "no_card": ({"kind": "restriction", "must": {"type": "colour", "is": "red"}}, LEAKY[0]),
    # With one card in hand a heart must be played, and may not be: nobody goes out.
    "no_way_out": ({"kind": "restriction", "when": ONE_CARD, "must_not": HEART},
                   {"kind": "restriction", "when": ONE_CARD, "must": HEART}),
    # A face card on top stays there, and every card played on it is drawn back.
    "stalled": ({"kind": "trigger", "when": FACE_TOP,
                 "effects": [{"type": "draw", "who": "player", "count": 1}]},
                {"kind": "trigger", "when": FACE_TOP, "effects": [{"type": "to_bottom"}]}),
}
#: The drafts the property writes besides random ones, and the other rules it puts in force.
#: Drafts whose difficulty estimate once took seconds of the writer's CPU, sampling a probe
#: space too large to try for each guess of the detective: two cards deep in the pile, and a
#: case table over two tests of the round.
SLOW: list[dict[str, Any]] = [
    {"kind": "restriction", "when": {"type": "not", "of": {"type": "joker"}},
     "must": {"type": "relation", "rel": "same_rank", "a": "pile2", "b": "pile9"}},
    {"kind": "restriction", "must": {"type": "cases", "cases": [
        {"if": {"type": "count", "where": HEART, "last": 6, "op": ">=", "value": 2},
         "then": {"type": "value_set", "of": "played", "is": "prime"}}],
        "otherwise": {"type": "sum", "last": 3, "with_played": True, "op": ">",
                      "value": 20}}},
]
DRAFTS: list[dict[str, Any]] = [*ANN.values(), *(d for d, _ in ENDS_TOGETHER.values()),
                                 *SLOW]
OTHERS: list[dict[str, Any]] = [BOB, *LEAKY, *(t for _, t in ENDS_TOGETHER.values())]

#: The jargon suggested is drawn at random from the names not taken (public): masked.
SUGGESTED = re.compile(r'(<input id="f-jargon" name="jargon" form="builder-form" type="text" '
                       r'maxlength="40"\s+value=")[^"]*"')
#: The page's CSRF token is masked afresh on every render (Django's BREACH defence).
CSRF = re.compile(r'("X-CSRFToken": "|name="csrfmiddlewaretoken" value=")[^"]+"')
#: The table page tells the browser the server's clock (for the turn clocks).
NOW = re.compile(r'data-server-now="\d+"')
#: A revision no preview shows: "Write this rule" is refused and the preview redrawn.
NOT_SHOWN = "0" * 16
#: What the one check says when it stops a write.
STOPPED = 'data-code="lockup_in_force"'
WRITTEN = "Your rule is written"
MESSAGE = re.compile(r'<p class="builder-message.*?</p>', re.S)


@pytest.fixture(autouse=True)
def quick_estimates(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The difficulty endpoint answers at once, with the estimator on a small budget."""
    def small(rule_json: dict[str, Any], settings_json: dict[str, Any]) -> Difficulty:
        rule = load_rule({"version": 1, "jargon": "(new rule)", "rule": rule_json})
        return estimate(rule, GameSettings(**settings_json), tables=1, max_plays=12)

    runner.forget()
    monkeypatch.setattr(runner, "inline", True)
    monkeypatch.setattr(runner, "_estimate", small)
    yield
    runner.forget()


def entry(rule_id: int, author: int, spec: dict[str, Any], jargon: str) -> RuleEntry:
    return RuleEntry(rule_id, author, 1, {"version": 1, "jargon": jargon, "rule": spec})


def set_rules(game: Game, entries: list[RuleEntry]) -> None:
    """Put ``entries`` in force behind the same public history (the version included)."""
    staged_rules(game, entries)


def text(response: Any) -> str:
    """An answer as the property compares it: status and body, the random parts masked."""
    body = SUGGESTED.sub(r"\1[suggested]", response.content.decode())
    body = NOW.sub("data-server-now", CSRF.sub(r"\1[csrf]", body))
    return f"{response.status_code}\n{body}"


@dataclass
class Turn:
    """The answers of one scripted writing turn, and which of them was the first real
    submit ("Write this rule" with the preview shown and the game's version)."""

    answers: list[str]
    submit: int


def turn(game: Game, writer: Client, data: dict[str, Any]) -> Turn:
    """Seat 0 drafts ``data`` through every request the builder answers, writes it, then
    carries on (more previews, another browser of the same seat writing it again)."""
    base = f"/g/{game.code}/builder/"
    phone = second_browser(writer)
    version = {"version": [str(game.version)]}
    kind = data["kind"][0]
    other_kind = "trigger" if kind != "trigger" else "call"
    tops = ["QH", "QS", "7D", "KC"]
    asks: list[Callable[[], Any]] = [
        lambda: writer.get(base, headers=HX),
        lambda: writer.get(f"/g/{game.code}/"),
        *(lambda top=top: writer.post(f"{base}preview/", data | {"top": [top]}, headers=HX)
          for top in tops),
        lambda: writer.post(f"{base}preview/", data | {"sit-hand": ["1"], "sit-player": ["you"]},
                            headers=HX),
        lambda: writer.post(f"{base}preview/", data | {"sit-pile2": ["KS"], "sit-suit": ["H"]},
                            headers=HX),
        lambda: writer.post(f"{base}form/", data | {"kind": [other_kind]}, headers=HX),
        lambda: writer.post(f"{base}form/", data, headers=HX),
        lambda: writer.post(f"{base}rows/", data | {"area": ["when"], "op": ["add"]}, headers=HX),
        lambda: writer.post(f"{base}rows/", data | {"area": ["must"], "op": ["remove"],
                                                    "index": ["0"]}, headers=HX),
        lambda: writer.post(f"{base}rows/", data | {"area": ["must"], "op": ["refresh"]},
                            headers=HX),
        lambda: writer.post(f"{base}form/", data | {"template": [templates()[0].id]},
                            headers=HX),
        lambda: phone.post(f"{base}form/", data | {"template": ["09-2"]}, headers=HX),
        lambda: writer.post(f"{base}jargon/", data, headers=HX),
        lambda: writer.post(reverse("difficulty", kwargs={"code": game.code}), data,
                            headers=HX),
        lambda: writer.post(f"{base}submit/", data | version | {"revision": [NOT_SHOWN]},
                            headers=HX),
        lambda: phone.get(base, headers=HX),
    ]
    submit = len(asks)
    written = data | version | {"revision": [previewed(data)]}
    asks += [
        lambda: writer.post(f"{base}submit/", written, headers=HX),
        lambda: writer.post(f"{base}preview/", data, headers=HX),
        lambda: phone.post(f"{base}preview/", data | {"top": ["QD"]}, headers=HX),
        lambda: writer.post(f"{base}jargon/", data, headers=HX),
        lambda: writer.get(base, headers=HX),
        lambda: phone.post(f"{base}submit/", written, headers=HX),
        lambda: writer.post(f"{base}preview/", data, headers=HX),
    ]
    answers = []
    for ask in asks:
        response = ask()
        assert response.status_code in (200, 400, 403), response.status_code
        answers.append(text(response))
    refused = answers[submit - 2]
    assert "The preview had not caught up" in refused or "not finished yet" in refused
    return Turn(answers, submit)


def played(game: Game, writer: Client, data: dict[str, Any],
           books: list[list[RuleEntry]]) -> list[Turn]:
    """The same turn played from the same moment under each rulebook of ``books``."""
    turns = []
    for book in books:
        with undone():
            staged_rules(game, book)
            turns.append(turn(game, writer, data))
        game.refresh_from_db()
    return turns


def assert_one_bit(first: Turn, second: Turn) -> None:
    """The property: the same answers, but for the first real submit's when the check
    answered differently; after it only the game moving on makes a difference."""
    k = first.submit
    a, b = first.answers, second.answers
    assert a[:k] == b[:k]
    stopped = [STOPPED in t.answers[k] for t in (first, second)]
    if stopped[0] == stopped[1]:
        assert a == b
        return
    assert a[k] != b[k]
    held, moved = (first, second) if stopped[0] else (second, first)
    # The write that was not stopped moved the game on: the writer's turn is over.
    assert WRITTEN in moved.answers[k]
    assert moved.answers[k + 1].startswith("403\n") and moved.answers[-2].startswith("403\n")
    # The stopped one is never asked again: the second browser's submit writes it.
    assert WRITTEN in held.answers[-2]
    assert STOPPED not in "".join(held.answers[k + 1:])


def draft_data(spec: dict[str, Any], rng: Random) -> dict[str, Any]:
    try:
        form = spec_to_form(spec, "Mine")
    except Unrepresentable:
        assume(False)
        raise
    situation = {"top": str(rng.choice(STANDARD_CARDS)),
                 "sit-hand": rng.choice(["", "1", "3", "7"]),
                 "sit-player": rng.choice(["auto", "you", "other"]),
                 "sit-suit": rng.choice(["auto", "top", "H"]),
                 "sit-pile2": rng.choice(["", "none", "KS"])}
    return form_to_data(form) | {k: [v] for k, v in situation.items()}


def random_spec(seed: int, author: int) -> dict[str, Any]:
    return spec_to_json(random_rule(Random(seed), author=author).spec)


def other_rule(choice: int, seed: int, draft: dict[str, Any]) -> list[RuleEntry]:
    """Another player's rule in force (none for ``-1``), under a public jargon."""
    if choice < 0:
        return []
    spec = (draft if choice == 0 else OTHERS[choice - 1] if choice <= len(OTHERS)
            else random_spec(seed, 1))
    return [entry(2, 1, spec, "Zorblax")]


@share(0.3, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), draft=st.integers(-1, len(DRAFTS) - 1),
       first=st.integers(-1, len(OTHERS) + 1), second=st.integers(-1, len(OTHERS) + 1),
       with_own=st.booleans())
@example(seed=1, draft=2, first=1, second=-1, with_own=False)  # Ann's hearts, Bob's rule
@example(seed=2, draft=4, first=len(LEAKY) + 2, second=len(LEAKY) + 2, with_own=True)
@example(seed=3, draft=len(DRAFTS) - 2, first=1, second=-1, with_own=False)  # slow estimates
@example(seed=4, draft=len(DRAFTS) - 1, first=0, second=-1, with_own=True)
def test_a_writing_turn_tells_at_most_one_bit(seed: int, draft: int, first: int, second: int,
                                              with_own: bool) -> None:
    rng = Random(seed)
    spec = random_spec(seed, 0) if draft < 0 else DRAFTS[draft]
    data = draft_data(spec, rng)
    own = [entry(1, 0, random_spec(seed + 1, 0), "Mine before")] if with_own else []
    game, clients = seated_game(players=3)
    books = [[*own, *other_rule(choice, seed + choice, spec)] for choice in (first, second)]
    assert_one_bit(*played(game, clients[0], data, books))


def test_bobs_queen_rule_stops_annes_red_queen_draft_once() -> None:
    """The pair the old per-preview bit gave away: with Bob's rule, Ann's "on a queen, only
    hearts" would lock the game; without it, it would not. Every answer of the turn is the
    same up to her first "Write this rule"."""
    game, clients = seated_game(players=3)
    data = form_to_data(spec_to_form(ANN["H"], "Mine")) | {"top": ["QH"]}
    theirs, nothing = played(game, clients[0], data, [[entry(2, 1, BOB, "Zorblax")], []])
    k = theirs.submit
    assert STOPPED in theirs.answers[k] and WRITTEN in nothing.answers[k]
    assert_one_bit(theirs, nothing)


def test_the_four_drafts_attack_learns_nothing_from_previews() -> None:
    """Ann previews "on a queen, only clubs / diamonds / hearts / spades" (and each on every
    queen): the answers are the same with Bob's "on a queen, only a black card" and without."""
    game, clients = seated_game(players=3)
    shown = []
    for book in ([entry(2, 1, BOB, "Zorblax")], []):
        staged_rules(game, book)
        answers = []
        for spec in ANN.values():
            data = form_to_data(spec_to_form(spec, "Mine"))
            for top in ("QC", "QD", "QH", "QS", "7H"):
                response = clients[0].post(f"/g/{game.code}/builder/preview/",
                                           data | {"top": [top]}, headers=HX)
                assert response.status_code == 200
                answers.append(text(response))
        shown.append(answers)
    assert shown[0] == shown[1]
    assert not any(STOPPED in t or "could end the game" in t for t in shown[0])


@pytest.mark.parametrize("lockup", sorted(ENDS_TOGETHER))
def test_each_lockup_stops_the_write_in_the_same_words(lockup: str) -> None:
    """A draft that ends the game only together with another player's rule, by each of the
    engine's lockups: the first "Write this rule" is stopped with words that are the same
    whichever lockup it is, and no earlier answer differs from the game without that rule."""
    game, clients = seated_game(players=3)
    draft, theirs = ENDS_TOGETHER[lockup]
    data = form_to_data(spec_to_form(draft, "Mine"))
    with_theirs, without = played(game, clients[0], data, [[entry(2, 1, theirs, "Zorblax")], []])
    k = with_theirs.submit
    assert STOPPED in with_theirs.answers[k] and STOPPED not in without.answers[k]
    assert_one_bit(with_theirs, without)


def test_the_words_are_the_same_whichever_lockup_stops_the_write() -> None:
    game, clients = seated_game(players=3)
    words = set()
    for draft, theirs in ENDS_TOGETHER.values():
        data = form_to_data(spec_to_form(draft, "Mine"))
        with undone():
            staged_rules(game, [entry(2, 1, theirs, "Zorblax")])
            response = clients[0].post(f"/g/{game.code}/builder/submit/", data | {
                "revision": [previewed(data)], "version": [str(game.version)]}, headers=HX)
        game.refresh_from_db()
        # The message (the rest of the answer refreshes the draft's own field messages).
        found = MESSAGE.search(response.content.decode())
        assert found is not None and STOPPED in found.group()
        words.add(found.group())
    assert len(words) == 1
    (said,) = words
    assert "this rule could end the game" in said and "Nothing was written" in said
    assert "press “Write this rule” again to write it anyway" in said


#: Speech rules (rules/speech.py) whose words the builder's notes compare with a draft's.
SPEECH_TALKING: dict[str, Any] = {"kind": "talking", "allow": ["Point of order"], "penalty": 1}
SPEECH_REPLY: dict[str, Any] = {"kind": "reply", "say": "Thank you", "after": ["penalty"],
                                "penalty": 1}
SPEECH_CALL: dict[str, Any] = {"kind": "call", "when": ONE_CARD, "say": "Mao", "penalty": 1}


@pytest.mark.parametrize("theirs", [SPEECH_REPLY, SPEECH_CALL, SPEECH_REPLY | {"say": "Mao"},
                                    SPEECH_TALKING | {"allow": ["Mao", "Thank you"]}])
@pytest.mark.parametrize("draft", [SPEECH_TALKING | {"allow": ["Thank you", "Mao"]},
                                   SPEECH_REPLY | {"say": "Mao"}, SPEECH_REPLY, SPEECH_CALL])
def test_another_players_speech_rule_tells_the_writer_nothing(
        theirs: dict[str, Any], draft: dict[str, Any]) -> None:
    """Every answer of the builder, the write included, is the same with or without another
    player's rule whose words would make a note: speech brings no lockup, so nothing stops
    the write."""
    game, clients = seated_game(players=3)
    data = form_to_data(spec_to_form(draft, "Mine"))
    shown = played(game, clients[0], data, [[entry(2, 1, theirs, "Zorblax")], []])
    assert shown[0].answers == shown[1].answers
    assert not any('data-code="speech_words"' in t for t in shown[0].answers)
    assert WRITTEN in shown[0].answers[shown[0].submit]
