"""Judging speech outside a play: talking penalties, owed replies and the third person.

A player may speak at any moment of a round, not only with a play (the engine's ``Say``).
Two kinds of rule judge those words, and never the words said with a play (call rules do,
:mod:`rules.phrases`):

* a **reply** (:class:`~rules.spec.Reply`, "Thank you") is owed by a player who drew for
  one of its reasons. It is answered when the player's very next action is speech holding
  its phrase; any other next action (a play, a pass, a claim, or speech without the
  phrase) breaks it. There is no clock: "next action" is the whole of its meaning.
* a **talking** rule (:class:`~rules.spec.Talking`) is broken by speech that has a word
  left over once the replies the speaker owes have taken their words (each once, the
  longest first, as required calls do) and the rule's allowed phrases have taken theirs
  (as often as they occur).
* a **third-person** rule (:class:`~rules.spec.ThirdPerson`) is broken by speech that has
  a first- or second-person pronoun (:data:`PRONOUNS`) left over once the replies owed and
  the rule's allowed phrases have taken their words ("Thank you" allowed, "Thank you, I
  see" is broken, "Bob sees" is not).

Words are heard at one of two *moments* (:data:`Moment`): while the round is played, or
during a point of order, when nobody may be penalised for talking: talking rules judge
nothing then, and an owed reply is answered by its words but broken by nothing (it stays
owed until the player's next action after the point of order). A third-person rule judges
the moments its ``during`` names.

>>> from rules.spec import load_rule
>>> talking = load_rule({"version": 1, "jargon": "Talking",
...                      "rule": {"kind": "talking", "allow": ["Point of order"]}})
>>> thanks = load_rule({"version": 1, "jargon": "Courtesy",
...                     "rule": {"kind": "reply", "say": "Thank you"}})
>>> [v.broken for v in judge_speech([talking, thanks], [thanks], "Thank you! Point of order.")]
[False, False]
>>> [v.broken for v in judge_speech([talking, thanks], [], "Thank you")]
[True]
>>> third = load_rule({"version": 1, "jargon": "Third Person",
...                    "rule": {"kind": "third_person", "allow": ["Thank you"]}})
>>> [v.broken for v in judge_speech([talking, third], [], "Thank you", "order")]
[False]
>>> [v.broken for v in judge_speech([third], [], "I think Bob plays", "order")]
[True]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from rules.phrases import Phrase, speech_phrase, words
from rules.spec import Reply, Rule, Talking, ThirdPerson

#: When words outside a play are heard: while the round is played, or during a point of
#: order.
Moment = Literal["round", "order"]
#: The first- and second-person pronouns a third-person rule hears, as :func:`words` gives
#: them (lower case, a typed ’ read as '): the seed's "I, you, we, you all, me, my, your,
#: our, us, yours", every other form of them, their contractions, and the way a chat
#: writes "you" ("u", "ur").
PRONOUNS: Final = frozenset({
    "i", "me", "my", "mine", "myself", "we", "us", "our", "ours", "ourselves", "ourself",
    "you", "your", "yours", "yourself", "yourselves", "ya", "ye", "yall", "y'all", "u", "ur",
    "thee", "thou", "thy", "thine", "i'm", "i've", "i'll", "i'd", "we're", "we've", "we'll",
    "we'd", "you're", "you've", "you'll", "you'd", "let's"})


@dataclass(frozen=True, slots=True)
class SpeechVerdict:
    """How one speech rule judged an action: a ``talking`` rule (``phrase`` empty) broken
    by words left over, an owed ``reply`` (``phrase``: its words as a perfect speaker says
    them) broken by not being said, or a ``third_person`` rule (``phrase`` empty) broken by
    a pronoun left over; a breach costs ``penalty`` cards."""

    rule: Rule
    kind: Literal["talking", "reply", "third_person"]
    phrase: str
    broken: bool
    penalty: int = 1


def owed_replies(rules: Sequence[Rule], reasons: Iterable[str]) -> list[Rule]:
    """The reply rules of ``rules`` a player owes after drawing for ``reasons`` (in rulebook
    order)."""
    drawn = set(reasons)
    return [r for r in rules if isinstance(r.spec, Reply) and drawn & set(r.spec.after)]


def _take(phrase: Phrase, heard: Sequence[str], free: list[bool]) -> bool:
    """Take the leftmost free occurrence of ``phrase``; whether there was one."""
    span = phrase.find(heard, free)
    if span is None:
        return False
    free[span[0]:span[1]] = [False] * (span[1] - span[0])
    return True


def judge_speech(rules: Sequence[Rule], owed: Sequence[Rule], said: str | None,
                 moment: Moment = "round", racing: Sequence[Phrase] = ()
                 ) -> list[SpeechVerdict]:
    """The verdicts of the speech rules on one action of a player who owes the replies
    ``owed``: ``said`` is what they said outside a play, or ``None`` when the action is not
    speech (then every owed reply is broken and no talking rule judges anything), at
    ``moment`` (during a point of order, an owed reply not said has no verdict: it is still
    owed, and no talking rule judges anything). ``racing`` are the phrases of the races the
    table is running (:mod:`rules.races`): their words answer a race, so no talking or
    third-person rule counts them, however often they come.

    Owed replies come first (rulebook order), then each talking or third-person rule of
    ``rules`` that judges this moment.
    """
    heard = words(said or "")
    free = [True] * len(heard)
    verdicts: list[SpeechVerdict] = []
    replies = [(r, speech_phrase(r.spec.say)) for r in owed if isinstance(r.spec, Reply)]
    answered: dict[Phrase, bool] = {}
    # The longest phrase first, so "thank you" does not take the words of "thank you very
    # much"; identical phrases share one occurrence.
    for _, phrase in sorted(replies, key=lambda rp: (-rp[1].longest, rp[1].canonical)):
        if phrase not in answered:
            answered[phrase] = said is not None and _take(phrase, heard, free)
    for rule, phrase in replies:
        assert isinstance(rule.spec, Reply)
        if moment == "order" and not answered[phrase]:
            continue  # no penalty in a point of order: still owed after it
        verdicts.append(SpeechVerdict(rule, "reply", phrase.text, not answered[phrase],
                                      rule.spec.penalty))
    if said is None:
        return verdicts
    for rule in rules:
        spec = rule.spec
        if isinstance(spec, Talking) and moment == "round":
            left = _left_over(heard, free, spec.allow, racing)
            verdicts.append(SpeechVerdict(rule, "talking", "", any(left), spec.penalty))
        elif isinstance(spec, ThirdPerson) and spec.during in (moment, "always"):
            left = _left_over(heard, free, spec.allow, racing)
            personal = any(unused and word in PRONOUNS
                           for word, unused in zip(heard, left, strict=True))
            verdicts.append(SpeechVerdict(rule, "third_person", "", personal, spec.penalty))
    return verdicts


def _left_over(heard: Sequence[str], free: Sequence[bool], allow: Sequence[str],
               racing: Sequence[Phrase] = ()) -> list[bool]:
    """Which words of ``heard`` are left once the ``allow`` phrases, and the ``racing``
    ones, have taken theirs (as often as they occur, the longest first) from the ``free``
    ones."""
    left = list(free)
    allowed = sorted([*(speech_phrase(a) for a in allow), *racing],
                     key=lambda p: (-p.longest, p.canonical))
    while any(_take(phrase, heard, left) for phrase in allowed):
        pass
    return left


def perfect_reply(owed: Sequence[Rule]) -> str:
    """What a perfect speaker says when owing ``owed``: each reply's canonical words once,
    the longest first, as sentences; :func:`judge_speech` answers every one of them and
    finds no talking in it."""
    phrases: list[Phrase] = []
    for rule in owed:
        if isinstance(rule.spec, Reply):
            phrase = speech_phrase(rule.spec.say)
            if phrase not in phrases:
                phrases.append(phrase)
    phrases.sort(key=lambda p: (-p.longest, p.canonical))
    return ". ".join(p.text for p in phrases)
