"""Every call rule of every preset, judged through the engine: whatever the seed lets a
player say for it (its grammar below: a rank in words or figures, with or without "of", in
any case and punctuation, the seed's alternative wordings, a call made inside another that
names the same card) is never penalised, and a wrong saying of it always is."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from hypothesis import given
from hypothesis import strategies as st

from games.engine.actions import Play
from games.engine.actions import Say as SayWords
from games.engine.events import BadCall, CallBroken, Drew, Event, Refused, SpeechBroken
from games.engine.play import context_of
from games.presets.registry import preset, presets
from rules.cards import RANK_NAMES, SUIT_NAMES, Card, make_deck, parse
from rules.context import PlayContext
from rules.evaluation import Rulebook
from rules.phrases import HOLIDAYS
from rules.spec import Call, Reply
from tests.engine.helpers import act, kinds
from tests.examples import share
from tests.presets.seated import AVA, BEN, seated

#: Every preset the app offers (Mini Mao's has no call rule).
PRESETS = tuple(presets())
#: How a play lies: on a card of its suit; after a run of 1-3 cards of its rank; on the
#: same exact card (two decks).
Lie = tuple[str, int]
LIES: tuple[Lie, ...] = (("suit", 0), ("run", 1), ("run", 2), ("run", 3), ("exact", 1))


@dataclass(frozen=True)
class Scene:
    """One play: ``card`` on ``pile`` (bottom first), leaving ``left`` cards in hand."""

    preset: str
    card: str
    pile: tuple[str, ...]
    left: int


def _pile(card: Card, lie: Lie, decks: int) -> tuple[str, ...] | None:
    others = [s for s in "CDHS" if s != card.suit]
    if lie[0] == "suit":
        rank = 3 if card.rank != 3 else 4  # a plain three (or four) of its suit under it
        return (str(Card(rank, card.suit)),)
    if lie[0] == "exact":
        return (str(card),) if decks > 1 else None
    return tuple(str(Card(card.rank, s)) for s in others[:lie[1]])


def _book(name: str) -> Rulebook:
    found = preset(name)
    return Rulebook([*found.house_rules, *found.laws[:1]])


@cache
def scenes(name: str, jargon: str) -> tuple[Scene, ...]:
    """Every scene of preset ``name`` (legal, as the rules read it) asking for call
    ``jargon``."""
    book, decks = _book(name), preset(name).settings.decks
    found = []
    for card in make_deck(1, False):
        for lie in LIES:
            pile = _pile(card, lie, decks)
            if pile is None:
                continue
            for left in (0, 1, 3):
                ctx = PlayContext(card, tuple(parse(c) for c in pile), hand_before=left + 1,
                                  hand_after=left, record=tuple(parse(c) for c in pile))
                if book.broken(ctx):
                    continue
                if any(v.required and v.rule.jargon == jargon for v in book.calls(ctx, "")):
                    found.append(Scene(name, str(card), pile, left))
    return tuple(found)


#: Every call rule of every preset, house rule or law.
CALLS = [(name, rule.jargon) for name in PRESETS
         for rule in (*preset(name).house_rules, *preset(name).laws)
         if isinstance(rule.spec, Call)]


def _table(scene: Scene) -> tuple[list[list[str]], list[str]]:
    """The hands: Ava's card and ``left`` more; the others from the rest of the deck."""
    rest = [str(c) for c in make_deck(1, False)
            if str(c) != scene.card and str(c) not in scene.pile]
    ava = [scene.card, *rest[:scene.left]]
    rest = rest[scene.left:]
    return [rest[0:5], ava, rest[5:10], rest[10:15]], list(scene.pile)


#: The calls said after every other (``last``), by preset; their jargons, in any preset
#: (said last wherever they are asked, which no preset minds).
LAST_CALLS = {(name, rule.jargon) for name in PRESETS for rule in preset(name).house_rules
              if isinstance(rule.spec, Call) and rule.spec.last}
LAST = {jargon for _, jargon in LAST_CALLS}

# The seeds' grammar of what may be said, per call (the card, the run it completes).
Say = Callable[[st.DrawFn, Card, int], str]


def _rank(draw: st.DrawFn, card: Card) -> str:
    forms = [RANK_NAMES[card.rank]] + ([str(card.rank)] if 2 <= card.rank <= 10 else [])
    return draw(st.sampled_from(forms))


def _card(draw: st.DrawFn, card: Card) -> str:
    of = draw(st.sampled_from([" of ", " "]))
    return f"{_rank(draw, card)}{of}{SUIT_NAMES[card.suit]}"


def _hail(draw: st.DrawFn, card: Card, shining: bool) -> str:
    honour = "shining " if shining else draw(st.sampled_from(
        ["most honorable ", "honorable ", "", "Most Honorable "]))
    chair = draw(st.sampled_from(["Chairman", "Chairwoman"]))
    return f"All hail the {honour}{chair}, {_card(draw, card)}"


def _very(run: int) -> str:
    return "Have a " + "very " * (run - 1) + "nice day"


FIXED: dict[str, Sequence[str]] = {
    "Mao": ["Mao"], "Last Card": ["Last card"], "Mao Mao": ["Mao Mao"], "Multiple": ["two"],
    "Game Ended": ["The game of Mao has ended"],
    "Holidays": HOLIDAYS,
}
#: A wrong saying of each fixed phrase (a word off).
WRONG_FIXED = {"Mao": "Mau", "Last Card": "Last cart", "Mao Mao": "Mao Mau",
               "Multiple": "twice", "Game Ended": "The game of Mao has begun",
               "Holidays": "Happy Birthday"}


@st.composite
def sayings(draw: st.DrawFn, jargons: Sequence[str], card: Card, run: int,
            wrong: str | None = None) -> str:
    """What a player says for the calls ``jargons`` asks of ``card``: each as the seed lets
    it be said, in any order (those said last after the others), case and punctuation;
    ``wrong``: that one said wrong."""
    parts: list[str] = []
    finals: list[str] = []
    royal = "Royalty" in jargons
    # Lynnfield's "Mao" said within its holiday greeting: "Happy Mao Day" makes both.
    merged = ({"Holidays", "Mao"} <= set(jargons) and wrong not in ("Holidays", "Mao")
              and draw(st.booleans()))
    shining = royal and card.suit == "D" and wrong != "Shine On" and draw(st.booleans())
    for jargon in jargons:
        if jargon == wrong:
            parts.append(draw(_wrong(jargon, card, run)))
        elif merged and jargon in ("Holidays", "Mao"):
            if jargon == "Holidays":
                parts.append("Happy Mao Day")
        elif jargon == "Royalty":
            named = card
            if wrong == "Check Yo Self":  # the hail would name the spade too
                named = Card(card.rank, "H")
            parts.append(_hail(draw, named, shining))
        elif jargon == "Shine On":
            if not shining:
                ways = ["Shine bright like a diamond", "shine bright like a diamond"]
                if royal:
                    ways += ["May he shine bright", "May she shine bright"]
                parts.append(draw(st.sampled_from(ways)))
        elif jargon == "Check Yo Self" and royal and draw(st.booleans()):
            continue  # the hail named it
        elif jargon in ("Spade Call",):
            parts.append(f"{_rank(draw, card)}{draw(st.sampled_from([' of ', ' ']))}spades")
        elif jargon in ("Spade", "Check Yo Self"):
            parts.append(_card(draw, card))
        elif jargon == "Nice Day":
            parts.append(_very(run))
        elif jargon in LAST:
            finals.append(draw(st.sampled_from(FIXED[jargon])))
        else:
            parts.append(draw(st.sampled_from(FIXED[jargon])))
    parts = [*draw(st.permutations(parts)), *draw(st.permutations(finals))]
    cased = [draw(st.sampled_from([p, p.upper(), p.lower(), p.title()])) for p in parts]
    return draw(st.sampled_from([". ", ", ", "! ", " - ", "... "])).join(cased)


#: The calls said wrong by their own grammar (:func:`_wrong`); the rest by :data:`WRONG_FIXED`.
WRONG_WAYS = ("Spade", "Check Yo Self", "Spade Call", "Royalty", "Shine On", "Nice Day")


def _wrong(jargon: str, card: Card, run: int) -> st.SearchStrategy[str]:
    other = Card(card.rank % 13 + 1, card.suit)
    if jargon in ("Spade", "Check Yo Self", "Spade Call"):
        return st.sampled_from([f"{RANK_NAMES[other.rank]} of spades",
                                f"{RANK_NAMES[card.rank]} of hearts", "spades", ""])
    if jargon == "Royalty":
        return st.sampled_from([f"All hail the chair, {card.name}", f"Hail, {card.name}",
                                f"All hail the chairman, {other.name}", ""])
    if jargon == "Shine On":
        return st.sampled_from(["Shine like a diamond", "bright diamond", ""])
    if jargon == "Nice Day":
        return st.sampled_from([_very(run + 1), "Have a nice night", ""]
                               + ([_very(run - 1)] if run > 1 else []))
    return st.sampled_from([WRONG_FIXED[jargon], ""])


def penalised(events: Sequence[Event]) -> list[str]:
    return [e.jargon for e in events if isinstance(e, CallBroken | SpeechBroken)]


def _required(scene: Scene) -> tuple[Card, int, list[str], object]:
    hands, pile = _table(scene)
    state = seated(scene.preset, hands, pile)
    ctx = context_of(state, AVA, state.piles[0], parse(scene.card), parse(scene.card),
                     scene.left + 1, 1)
    due = [v.rule.jargon for v in state.rulebook().calls(ctx, "") if v.required]
    return ctx.played, ctx.run_after, due, state


#: The words of every call rule the grammar above generates, by jargon: a preset that gains
#: a call rule, or changes a call's words, fails until the grammar says it too.
GRAMMAR = {
    "Spade Call": "{rank} of spades", "Spade": "{card}", "Check Yo Self": "{card}",
    "Royalty": "All hail the [most honorable|honorable|shining] (Chairman|Chairwoman), {card}",
    "Shine On": "(Shine bright like a diamond|May he shine bright|May she shine bright|shining)",
    "Nice Day": "Have a {very} nice day", "Holidays": "({holiday}|Happy Mao Day)",
    "Mao": "Mao", "Last Card": "Last card", "Mao Mao": "Mao Mao", "Multiple": "two",
    "Game Ended": "The game of Mao has ended"}


def test_the_grammar_says_every_call_rule_of_every_preset() -> None:
    said = {(name, rule.jargon): rule.spec.say for name in PRESETS
            for rule in (*preset(name).house_rules, *preset(name).laws)
            if isinstance(rule.spec, Call)}
    assert set(said) == set(CALLS) and len(CALLS) == 19  # 2 + 4 + 6 + 7
    assert {(call, words) for call, words in said.items() if GRAMMAR.get(call[1]) != words} == set()
    # Each has a way to be said wrong too.
    assert all(jargon in WRONG_FIXED or jargon in WRONG_WAYS for _, jargon in CALLS)


def test_every_call_rule_has_scenes() -> None:
    assert all(scenes(name, jargon) for name, jargon in CALLS), [
        c for c in CALLS if not scenes(*c)]


@given(st.sampled_from(CALLS), st.data())
@share(0.5)
def test_the_seeds_words_are_never_penalised(call: tuple[str, str], data: st.DataObject
                                             ) -> None:
    scene = data.draw(st.sampled_from(scenes(*call)), label="scene")
    card, run, due, state = _required(scene)
    assert call[1] in due
    said = data.draw(sayings(due, card, run), label="said")
    _, events = act(state, Play(AVA, (scene.card,), say=said))  # type: ignore[arg-type]
    assert kinds(events)[0] == "played"
    assert penalised(events) == []


@given(st.sampled_from(CALLS), st.data())
@share(0.5)
def test_a_call_said_wrong_is_always_penalised(call: tuple[str, str], data: st.DataObject
                                               ) -> None:
    scene = data.draw(st.sampled_from(scenes(*call)), label="scene")
    card, run, due, state = _required(scene)
    said = data.draw(sayings(due, card, run, wrong=call[1]), label="said")
    _, events = act(state, Play(AVA, (scene.card,), say=said))  # type: ignore[arg-type]
    assert call[1] in penalised(events)


#: The presets whose talking rule judges words said with a play, by that rule's jargon.
PLAY_TALK = {"teaching": "Silence", "five-card": "Talking"}
#: Words no call of theirs needs: the seeds' own grounds for talking.
CHATTER = ("Who played that?", "What time is it?", "Hold on", "Five of DIAMONDS")


@given(st.sampled_from([c for c in CALLS if c[0] in PLAY_TALK]), st.data())
@share(0.5)
def test_words_beyond_the_calls_cost_a_talking_card_where_play_talk_is_judged(
        call: tuple[str, str], data: st.DataObject) -> None:
    scene = data.draw(st.sampled_from(scenes(*call)), label="scene")
    card, run, due, state = _required(scene)
    said = data.draw(sayings(due, card, run), label="said")
    extra = data.draw(st.sampled_from(CHATTER), label="extra")
    _, events = act(state, Play(AVA, (scene.card,), say=f"{said}. {extra}"))  # type: ignore[arg-type]
    assert penalised(events) == [PLAY_TALK[scene.preset]]


#: The calls that count a missing word (``each_missing``), by preset: the word.
COUNTED = {(name, rule.jargon): rule.spec.each_missing for name in PRESETS
           for rule in preset(name).house_rules
           if isinstance(rule.spec, Call) and rule.spec.each_missing is not None}


def _short(jargon: str, run: int, kept: int) -> str:
    """A counted call said with only ``kept`` copies of its counted word."""
    return "Have a " + "very " * kept + "nice day" if jargon == "Nice Day" else " ".join(
        ["Mao"] * kept)


def test_the_counted_calls_are_penn_states_very_and_mao_mao() -> None:
    assert COUNTED == {("penn-state", "Nice Day"): "very", ("penn-state", "Mao Mao"): "mao"}


@given(st.sampled_from(sorted(COUNTED)), st.data())
@share(0.5)
def test_a_counted_call_said_short_costs_a_card_per_word_left_out(
        call: tuple[str, str], data: st.DataObject) -> None:
    scene = data.draw(st.sampled_from(scenes(*call)), label="scene")
    card, run, due, state = _required(scene)
    copies = run - 1 if call[1] == "Nice Day" else 2
    if copies == 0:
        return  # the first ten asks no "very": nothing to leave out
    kept = data.draw(st.integers(0 if call[1] == "Nice Day" else 1, copies - 1), label="kept")
    others = data.draw(sayings([j for j in due if j != call[1]], card, run), label="others")
    said = f"{others}. {_short(call[1], run, kept)}" if others else _short(call[1], run, kept)
    _, events = act(state, Play(AVA, (scene.card,), say=said))  # type: ignore[arg-type]
    assert penalised(events) == [call[1]]
    drawn = [e.count for e in events if isinstance(e, Drew) and e.reason == "penalty"]
    assert drawn == [copies - kept]


#: Penn State's talk outside a play: remarks cost nothing; questions and oaths a card each.
REMARKS = ("Nice play", "Well done, Hideo", "Oops", "Good game", "Hold on", "What a hand",
           "Can't wait to win this", "Do it already", "Will do", "Hold on? Nice")
QUESTIONS = ("Whose turn is it?", "is it my turn", "Can I go?", "What was that")
OATHS = ("Damn", "oh hell", "shit", "Shut up, Ben", "you suck")


@given(st.sampled_from(REMARKS + QUESTIONS + OATHS), st.sampled_from([str, str.upper,
                                                                      str.lower]), st.data())
@share(0.5)
def test_penn_state_minds_only_questions_oaths_and_rudeness(words: str, case: Callable[
        [str], str], data: st.DataObject) -> None:
    state = seated("penn-state", [["2C"], ["5C", "6C"], ["4D", "4H"], ["8C"]], ["9C"])
    said = case(words) + data.draw(st.sampled_from(["", "!", "."]), label="end")
    _, events = act(state, SayWords(BEN, said))
    assert penalised(events) == ([] if words in REMARKS else ["Talking"])


@given(st.sampled_from(["Mao", "Happy Mao Day", "mao!", "HAPPY MAO DAY."]),
       st.integers(1, 3))
@share(0.5)
def test_lynnfield_allows_mao_outside_a_play_to_one_card_only(words: str, held: int) -> None:
    hand = ["5C", "6C", "7C"][:held]
    state = seated("lynnfield", [["2C"], ["9D"], hand, ["8C"]], ["9C"])
    _, events = act(state, SayWords(BEN, words))
    assert penalised(events) == ([] if held == 1 else ["No Speaking"])


@cache
def _late_scenes() -> list[Scene]:
    """Scenes of a call said last that ask for other calls too (a game seated for each:
    found when the test first draws one, not in every worker that collects this module)."""
    found = []
    for name, jargon in sorted(LAST_CALLS):
        found += [s for s in scenes(name, jargon) if len(_required(s)[2]) > 1]
    return found


def test_the_calls_said_last_are_penn_states_and_lynnfields_ends() -> None:
    expected = {("penn-state", "Last Card"), ("penn-state", "Mao"), ("penn-state", "Mao Mao"),
                ("lynnfield", "Game Ended")}
    assert expected == LAST_CALLS


@given(st.deferred(lambda: st.sampled_from(_late_scenes())), st.data())
@share(0.5)
def test_a_call_said_after_a_call_said_last_is_penalised(scene: Scene, data: st.DataObject
                                                         ) -> None:
    card, run, due, state = _required(scene)
    first = [j for j in due if (scene.preset, j) not in LAST_CALLS]
    ends = [j for j in due if (scene.preset, j) in LAST_CALLS]
    last = data.draw(sayings(ends, card, run), label="last")
    rest = data.draw(sayings(first, card, run), label="rest")
    _, events = act(state, Play(AVA, (scene.card,), say=f"{last}. {rest}"))  # type: ignore[arg-type]
    assert set(first) <= set(penalised(events))


@given(st.sampled_from([c for c in CALLS if c[0] == "penn-state"]),
       st.sampled_from(REMARKS + QUESTIONS + OATHS), st.data())
@share(0.5)
def test_penn_state_minds_questions_oaths_and_rudeness_said_with_a_play(
        call: tuple[str, str], words: str, data: st.DataObject) -> None:
    scene = data.draw(st.sampled_from(scenes(*call)), label="scene")
    card, run, due, state = _required(scene)
    said = data.draw(sayings(due, card, run), label="said")
    _, events = act(state, Play(AVA, (scene.card,), say=f"{said}. {words}"))  # type: ignore[arg-type]
    assert penalised(events) == ([] if words in REMARKS else ["Talking"])


@given(st.sampled_from([c for c in CALLS if c[0] == "penn-state"
                        and c[1] not in ("Mao", "Mao Mao")]), st.booleans(), st.data())
@share(0.5)
def test_penn_state_a_call_of_what_the_chair_called_is_free_and_any_other_a_bad_call(
        call: tuple[str, str], silent: bool, data: st.DataObject) -> None:
    scene = data.draw(st.sampled_from([s for s in scenes(*call) if s.left]), label="scene")
    card, run, due, state = _required(scene)
    said = "" if silent else data.draw(sayings(due, card, run), label="said")
    after, events = act(state, Play(AVA, (scene.card,), say=said))  # type: ignore[arg-type]
    named = set(penalised(events))
    assert named == (set(due) if silent else set())
    lead = data.draw(st.sampled_from(["", "That's a ", "that's an "]), label="lead")
    for jargon in sorted(named - {"Mao", "Last Card", "Mao Mao", "Thank You"}):
        _, heard = act(after, SayWords(BEN, f"{lead}{jargon}!"))
        assert [e for e in heard if isinstance(e, Drew)] == [], jargon
    _, bad = act(after, SayWords(BEN, f"{lead}Misplay!"))
    assert [e.kind for e in bad if isinstance(e, Drew | BadCall)] == ["bad_call", "drew"]


#: The presets whose "Thank you" is owed after a penalty, with words that cost one there.
THANKED = {"penn-state": "Whose turn is it?", "lynnfield": "Hello there"}
THANKS = ("Thank you", "thank you", "THANK YOU", "Thank You!", "thank you.")


def test_the_thanked_presets_are_those_owing_thanks() -> None:
    owed = {name for name in PRESETS for rule in preset(name).house_rules
            if isinstance(rule.spec, Reply) and rule.spec.say == "Thank you"
            and "penalty" in rule.spec.after}
    assert owed == set(THANKED)


@given(st.sampled_from([c for c in CALLS if c[0] in THANKED]), st.booleans(), st.data())
@share(0.5)
def test_thanks_owed_said_with_the_next_play_and_its_calls_is_never_penalised(
        call: tuple[str, str], said_thanks: bool, data: st.DataObject) -> None:
    scene = data.draw(st.sampled_from(scenes(*call)), label="scene")
    _, _, _, state = _required(scene)
    state, talked = act(state, SayWords(AVA, THANKED[scene.preset]))  # type: ignore[arg-type]
    assert len(penalised(talked)) == 1
    ctx = context_of(state, AVA, state.piles[0], parse(scene.card), parse(scene.card),
                     len(state.hands[AVA]), 1)
    due = [v.rule.jargon for v in state.rulebook().calls(ctx, "") if v.required]
    calls = data.draw(sayings(due, ctx.played, ctx.run_after), label="calls")
    thanks = data.draw(st.sampled_from(THANKS), label="thanks") if said_thanks else ""
    words = data.draw(st.sampled_from([f"{thanks}. {calls}", f"{calls}. {thanks}"]),
                      label="words").strip(". ")
    _, events = act(state, Play(AVA, (scene.card,), say=words))
    assert "played" in kinds(events) and not [e for e in events if isinstance(e, Refused)]
    if said_thanks:
        assert penalised(events) == []
    else:  # (its card comes first, so the calls the play needs may change with it)
        assert penalised(events)[:1] == ["Thank You"]
