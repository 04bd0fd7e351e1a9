"""The builder tells an author nothing of other players' rules but one bit.

Property: two rulebooks that differ only in another author's rule give the writer
byte-identical builder answers (the panel, the preview in any situation, a list redrawn,
the kind switched, an example loaded, a jargon suggested, the difficulty estimate, a
refused submit that redraws the preview), once the single
"with the rules in force your rule could end the game" warning is masked out. The other rules
are drawn at random and also chosen to be the classic leaks: a copy of the draft (a
"duplicate" warning would confirm a guess) and rules that refuse much of the grid.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from random import Random
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from games.builder.examples import templates
from games.builder.forms import form_to_data
from games.builder.spec_form import Unrepresentable, spec_to_form
from games.difficulty import runner
from games.difficulty.estimate import Difficulty, estimate
from games.engine.settings import GameSettings
from games.engine.state import RuleEntry
from games.models import Game
from rules.cards import STANDARD_CARDS
from rules.generate import random_rule
from rules.spec import Rule, load_rule, spec_to_json
from tests.builder.helpers import HX, seated_game
from tests.factories import staged_rules

pytestmark = pytest.mark.django_db

#: The one place that may differ: the lockup bit (or, without it, "no problems found").
BIT = re.compile(r'<div class="preview-bit">.*?</div>', re.S)
#: Rules of other players that would give themselves away through a grid or a warning.
LEAKY: list[dict[str, Any]] = [
    {"kind": "restriction", "must": {"type": "colour", "is": "black"}},
    {"kind": "restriction", "when": {"type": "rank", "of": "top", "in": ["Q"]},
     "must": {"type": "colour", "is": "red"}},
    {"kind": "restriction", "must": {"type": "rank", "in": ["A", "2", "3"]}},
    {"kind": "trigger", "when": {"type": "rank", "in": ["5"]},
     "effects": [{"type": "draw", "who": "player", "count": 1}]},
]


def entry(rule_id: int, author: int, spec: dict[str, Any], jargon: str) -> RuleEntry:
    return RuleEntry(rule_id, author, 1, {"version": 1, "jargon": jargon, "rule": spec})


def set_rules(game: Game, entries: list[RuleEntry]) -> None:
    """Put ``entries`` in force behind the same public history (the version included),
    through the suite's one hook for a counterfactual rulebook."""
    staged_rules(game, entries)


#: The jargon suggested is drawn at random from the names not taken (public): masked.
SUGGESTED = re.compile(r'(<input id="f-jargon" name="jargon" form="builder-form" type="text" '
                       r'maxlength="40"\s+value=")[^"]*"')
#: A revision no preview shows: "Write this rule" is refused and the preview redrawn.
NOT_SHOWN = "0" * 16


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


def answers(client: Client, game: Game, data: dict[str, Any]) -> list[str]:
    """The writer's builder answers, with the one bit masked out: the panel, the preview,
    a list redrawn, the kind switched, an example loaded, a jargon suggested, the difficulty
    estimate, and "Write this rule" refused for a preview not shown (which redraws it)."""
    base = f"/g/{game.code}/builder/"
    other_kind = "trigger" if data.get("kind") != ["trigger"] else "call"
    pages = [client.get(base, headers=HX), client.post(f"{base}preview/", data, headers=HX),
             client.post(f"{base}rows/", data | {"area": "must", "op": "refresh"}, headers=HX),
             client.post(f"{base}form/", data | {"kind": [other_kind]}, headers=HX),
             client.post(f"{base}form/", data | {"template": [templates()[0].id]}, headers=HX),
             client.post(f"{base}jargon/", data, headers=HX),
             client.post(reverse("difficulty", kwargs={"code": game.code}), data, headers=HX),
             client.post(f"{base}submit/", data | {"revision": [NOT_SHOWN],
                                                    "version": [str(game.version)]},
                         headers=HX)]
    texts = []
    for page in pages:
        assert page.status_code in (200, 400)
        texts.append(SUGGESTED.sub(r"\1[suggested]", BIT.sub("[bit]", page.content.decode())))
    # Refused, nothing written: not the preview shown (or, for a draft the form cannot
    # finish, not finished).
    assert ("The preview had not caught up" in texts[-1]
            or "Your rule is not finished yet" in texts[-1])
    return texts


def draft_data(rule: Rule, rng: Random) -> dict[str, Any]:
    try:
        form = spec_to_form(spec_to_json(rule.spec), "Mine")
    except Unrepresentable:
        assume(False)
        raise
    top = rng.choice(STANDARD_CARDS)
    situation = {"top": str(top), "sit-hand": rng.choice(["", "1", "3", "7"]),
                 "sit-player": rng.choice(["auto", "you", "other"]),
                 "sit-suit": rng.choice(["auto", "top", "H"]),
                 "sit-pile2": rng.choice(["", "none", "KS"])}
    return form_to_data(form) | {k: [v] for k, v in situation.items()}


def other_spec(choice: int, seed: int, draft: Rule) -> dict[str, Any]:
    if choice == 0:
        return spec_to_json(draft.spec)  # the guess a "duplicate" warning would confirm
    if choice <= len(LEAKY):
        return LEAKY[choice - 1]
    return spec_to_json(random_rule(Random(seed), author=1).spec)


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), first=st.integers(0, len(LEAKY) + 1),
       second=st.integers(0, len(LEAKY) + 1), with_own=st.booleans())
def test_another_authors_rule_changes_nothing_but_the_bit(seed: int, first: int, second: int,
                                                          with_own: bool) -> None:
    rng = Random(seed)
    draft = random_rule(rng, author=0)
    data = draft_data(draft, rng)
    own = [entry(1, 0, spec_to_json(random_rule(rng, author=0).spec), "Mine before")
           ] if with_own else []
    game, clients = seated_game(players=3)
    shown = []
    for choice in (first, second):
        # The other rule's jargon is public (it was announced): the same in both books.
        set_rules(game, [*own, entry(2, 1, other_spec(choice, seed + choice, draft), "Zorblax")])
        shown.append(answers(clients[0], game, data))
    assert shown[0] == shown[1]


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


@pytest.mark.parametrize("lockup", sorted(ENDS_TOGETHER))
def test_the_bit_is_the_only_difference_it_can_make(lockup: str) -> None:
    """A draft that ends the game only together with another player's rule, by each of the
    engine's lockups: the warning appears, its words are the same whichever lockup it is,
    and masking it leaves the same answer as without that rule."""
    game, clients = seated_game(players=3)
    draft, theirs = ENDS_TOGETHER[lockup]
    data = form_to_data(spec_to_form(draft, "Mine"))
    set_rules(game, [entry(2, 1, theirs, "Zorblax")])
    base = f"/g/{game.code}/builder/preview/"
    with_theirs = clients[0].post(base, data, headers=HX).content.decode()
    set_rules(game, [])
    without = clients[0].post(base, data, headers=HX).content.decode()
    bit = BIT.search(with_theirs)
    assert bit is not None and 'data-code="lockup_in_force"' in bit.group()
    assert "your rule could end the game" in bit.group()
    assert 'data-code="lockup_in_force"' not in without
    assert BIT.sub("[bit]", with_theirs) == BIT.sub("[bit]", without)


def test_the_bit_says_the_same_whichever_lockup_sets_it() -> None:
    game, clients = seated_game(players=3)
    bits = set()
    for draft, theirs in ENDS_TOGETHER.values():
        set_rules(game, [entry(2, 1, theirs, "Zorblax")])
        data = form_to_data(spec_to_form(draft, "Mine"))
        found = BIT.search(clients[0].post(f"/g/{game.code}/builder/preview/", data,
                                           headers=HX).content.decode())
        assert found is not None
        bits.add(found.group())
    assert len(bits) == 1


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
    """Every answer of the builder is the same with or without another player's rule whose
    words would make a note, once the one bit is masked."""
    game, clients = seated_game(players=3)
    data = form_to_data(spec_to_form(draft, "Mine"))
    shown = []
    for other in ([entry(2, 1, theirs, "Zorblax")], []):
        set_rules(game, other)
        shown.append(answers(clients[0], game, data))
    assert shown[0] == shown[1]
    assert not any('data-code="speech_words"' in t for t in shown[0])
    # Speech brings no lockup: not even the one bit is set.
    assert not any('data-code="lockup_in_force"' in t for t in shown[0])
