"""Judging speech outside a play: talking penalties, owed replies and the third person.

A **reply** is owed after a draw for one of its reasons and answered only by the player's
next action being speech with its phrase; a **talking** rule is broken by a word left over
once owed replies and allowed phrases take theirs; a **third-person** rule by a pronoun
left over (:data:`PRONOUNS`). During a point of order (:data:`Moment`) nobody is penalised
for talking but for a talking rule's ``in_order`` phrases (docs/rules.md, "Speech outside a
play").

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

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from rules.cards import Card
from rules.phrases import Phrase, compile_template, hear, speech_phrase, words
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


#: A reply's words name no card: any card fills its template in.
_ANY_CARD: Final = Card(5, "S")


@dataclass(frozen=True, slots=True)
class SpeechVerdict:
    """How one speech rule judged an action: a ``talking`` rule broken by words left over
    (``phrase``: the words it minds that were found, for a selective rule or a phrase
    costly in a point of order; else empty), an owed ``reply`` (``phrase``: its words as a
    perfect speaker says them) broken by not being said, or a ``third_person`` rule
    (``phrase`` empty) broken by a pronoun left over; a breach costs ``penalty`` cards."""

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


def reply_phrase(rule: Rule, reasons: Iterable[str] = ()) -> Phrase:
    """The words reply ``rule`` asks of a player who drew for ``reasons`` (a reason per card
    drawn since their last action): its ``{very}`` says one "very" per card beyond the first
    drawn for a reason it answers.

    >>> from rules.spec import load_rule
    >>> much = load_rule({"version": 1, "jargon": "Very Much", "rule": {
    ...     "kind": "reply", "say": "Thank you ({very} much)", "after": ["effect"]}})
    >>> [reply_phrase(much, ["effect"] * n).text for n in (1, 3)]
    ['thank you', 'thank you very very much']
    """
    assert isinstance(rule.spec, Reply)
    drawn = sum(1 for reason in reasons if reason in rule.spec.after)
    return compile_template(rule.spec.say).expand(_ANY_CARD, max(drawn, 1))


def _take_counted(rule: Rule, owed: Phrase, heard: Sequence[str], free: list[bool]) -> bool:
    """Take the words of reply ``rule`` (whose words count cards: ``{very}``) said for any
    count of cards; whether it was said for the count owed (``owed``). The owed saying is
    taken where it is said whole (not as the start of a longer one); else the leftmost and
    longest saying. Said for another count ("thank you" where "thank you very much" is
    owed, or the other way round), the reply is missed, but its words are the reply's, not
    talk."""
    template = compile_template(rule.spec.say) if isinstance(rule.spec, Reply) else None
    assert template is not None
    # A saying for n cards holds at least n - 1 words more than the first: every count
    # the words heard could hold is tried, however many cards were owed.
    found: list[tuple[int, int, Phrase]] = []
    for drawn in range(1, len(heard) + 2):
        phrase = template.expand(_ANY_CARD, drawn)
        span = phrase.find(heard, free)
        if span is not None:
            found.append((span[0], span[1], phrase))
    if not found:
        return False
    whole = [f for f in found if f[2] == owed
             and not any(o[0] <= f[0] and f[1] < o[1] for o in found)]
    start, end, said = whole[0] if whole else min(found, key=lambda f: (f[0], -f[1]))
    free[start:end] = [False] * (end - start)
    return said == owed


def _counts(rule: Rule) -> bool:
    """Whether reply ``rule``'s words count the cards drawn (``{very}``)."""
    return isinstance(rule.spec, Reply) and "{very}" in rule.spec.say


def _take(phrase: Phrase, heard: Sequence[str], free: list[bool]) -> bool:
    """Take the leftmost free occurrence of ``phrase``; whether there was one."""
    span = phrase.find(heard, free)
    if span is None:
        return False
    free[span[0]:span[1]] = [False] * (span[1] - span[0])
    return True


def judge_speech(rules: Sequence[Rule], owed: Sequence[Rule], said: str | None,
                 moment: Moment = "round", racing: Sequence[Phrase] = (),
                 with_play: bool = False, hand: int | None = None,
                 reasons: Sequence[str] = (), stuck: bool = False) -> list[SpeechVerdict]:
    """The verdicts of the speech rules on one action of a player who owes ``owed`` (for
    ``reasons``: :func:`reply_phrase`): ``said`` outside a play (``None``: no speech, every
    owed reply broken), at ``moment``, by a player holding ``hand`` cards (``None``: not
    known), ``stuck`` with a card drawn by passing that they cannot play; the words of the
    ``racing`` phrases are never counted. Owed replies first, then talking and third-person
    rules. Words said ``with_play`` answer owed replies and nothing else: call rules judge
    them.
    """
    heard = hear(said or "")
    free = [True] * len(heard)
    verdicts: list[SpeechVerdict] = []
    replies = [(r, reply_phrase(r, reasons)) for r in owed if isinstance(r.spec, Reply)]
    answered: dict[Phrase, bool] = {}
    # The longest phrase first, so "thank you" does not take the words of "thank you very
    # much", and a reply counting cards before another of the same words; identical
    # phrases share one occurrence.
    for rule, phrase in sorted(replies, key=lambda rp: (-rp[1].longest, not _counts(rp[0]),
                                                         rp[1].canonical)):
        if phrase not in answered:
            answered[phrase] = said is not None and (
                _take_counted(rule, phrase, heard, free) if _counts(rule)
                else _take(phrase, heard, free))
    for rule, phrase in replies:
        assert isinstance(rule.spec, Reply)
        if moment == "order" and not answered[phrase]:
            continue  # no penalty in a point of order: still owed after it
        verdicts.append(SpeechVerdict(rule, "reply", phrase.text, not answered[phrase],
                                      rule.spec.penalty))
    if said is None or with_play:
        return verdicts
    for rule in rules:
        spec = rule.spec
        if isinstance(spec, Talking) and moment == "round":
            allow = (*spec.allow, *(spec.allow_one if hand == 1 else ()),
                     *(spec.allow_stuck if stuck else ()))
            left = _left_over(heard, free, allow, racing)
            talked = _penalised(spec, said, heard, left) if spec.selective else any(left)
            verdicts.append(SpeechVerdict(rule, "talking", "", talked, spec.penalty))
        elif isinstance(spec, Talking) and spec.in_order:
            verdicts.append(_in_order(rule, spec, heard, free, racing))
        elif isinstance(spec, ThirdPerson) and spec.during in (moment, "always"):
            left = _left_over(heard, free, spec.allow, racing)
            personal = any(unused and word in PRONOUNS
                           for word, unused in zip(heard, left, strict=True))
            verdicts.append(SpeechVerdict(rule, "third_person", "", personal, spec.penalty))
    return verdicts


def _in_order(rule: Rule, spec: Talking, heard: Sequence[str], free: Sequence[bool],
              racing: Sequence[Phrase]) -> SpeechVerdict:
    """A talking rule's verdict on words said during a point of order: broken by a phrase of
    its ``in_order`` (``phrase``: the first found) that no other allowed phrase holds ("End
    point of order" holds "point of order")."""
    costly = [speech_phrase(p) for p in spec.in_order]
    others = [a for a in spec.allow if speech_phrase(a) not in costly]
    found = _found(costly, heard, _left_over(heard, free, others, racing))
    return SpeechVerdict(rule, "talking", found, bool(found), spec.penalty)


def _found(phrases: Sequence[Phrase], heard: Sequence[str], left: Sequence[bool]) -> str:
    """The words of the first of ``phrases`` found among the ``left`` words ("" if none)."""
    for phrase in phrases:
        span = phrase.find(heard, left)
        if span is not None:
            return " ".join(heard[span[0]:span[1]])
    return ""


#: Words that open a question said without its question mark: a question word ("whose turn
#: is it"), or one of those below followed by a verb ("what was that").
QUESTION_WORDS: Final = frozenset({"who", "whose", "whom", "which"})
OPENERS: Final = frozenset({"what", "when", "where", "why", "how"})
#: Verbs that open a question when a subject follows ("can i go", "is it my turn"), or
#: follow an opener ("what was that"); "can't wait", "do it already" and "will do" are not:
#: when in doubt, a remark, since a remark costs nothing.
BE: Final = frozenset({"is", "are", "am", "was", "were", "isn't", "aren't", "wasn't"})
AUXILIARIES: Final = BE | frozenset({
    "do", "does", "did", "can", "could", "may", "might", "should", "would", "will", "shall",
    "can't", "don't", "doesn't", "didn't", "won't", "wouldn't", "couldn't", "shouldn't"})
PEOPLE: Final = frozenset({"i", "you", "we", "they", "he", "she", "anyone", "anybody",
                           "someone", "somebody", "everyone"})
THINGS: Final = frozenset({"it", "this", "that", "there"})


def is_question(sentence: str) -> bool:
    """Whether ``sentence`` asks something: it ends with "?", or opens as a question does.

    >>> [is_question(s) for s in ("Whose turn is it", "is it my turn", "What was that",
    ...                           "What a hand", "Do it already", "Will do")]
    [True, True, True, False, False, False]
    """
    said = words(sentence)
    if sentence.rstrip().endswith("?"):
        return True
    if not said:
        return False
    second = said[1] if len(said) > 1 else ""
    return (said[0] in QUESTION_WORDS or (said[0] in OPENERS and second in AUXILIARIES)
            or (said[0] in AUXILIARIES and second in PEOPLE)
            or (said[0] in BE and second in THINGS))


def _penalised(spec: Talking, said: str, heard: Sequence[str], left: Sequence[bool]) -> bool:
    """Whether a selective talking rule minds what is left: one of its ``only`` phrases in
    the words left over, or, with ``questions``, a question among the sentences holding
    words left over (an allowed "Hold on?" asks nothing of the rule)."""
    if any(speech_phrase(p).find(heard, list(left)) is not None for p in spec.only):
        return True
    if not spec.questions or not any(left):
        return False
    sentences = [s for s in re.split(r"(?<=[.!?])\s+", said.strip()) if words(s)]
    start = 0
    for sentence in sentences:
        end = start + len(words(sentence))
        if any(left[start:end]) and is_question(sentence):
            return True
        start = end
    return False


def judge_play_talk(rules: Sequence[Rule], heard: Sequence[str], free: Sequence[bool],
                    racing: Sequence[Phrase] = (), said: str = "") -> list[SpeechVerdict]:
    """The verdicts of the talking rules that judge words said with a play (``play_talk``
    ``judged``) on the words ``heard`` with it (``said``: as typed), of which ``free`` are
    those no call or reply took; the words of the ``racing`` phrases (a suit named with a
    jack) are never talk. A selective rule minds only its phrases (``phrase``: the words
    found) and, with ``questions``, questions there too."""
    verdicts: list[SpeechVerdict] = []
    for rule in rules:
        spec = rule.spec
        if isinstance(spec, Talking) and spec.play_talk == "judged":
            left = _left_over(heard, free, spec.allow, racing)
            if spec.selective:
                found = _found([speech_phrase(p) for p in spec.only], heard, left)
                talked = bool(found) or _penalised(spec, said, heard, left)
                verdicts.append(SpeechVerdict(rule, "talking", found, talked, spec.penalty))
            else:
                verdicts.append(SpeechVerdict(rule, "talking", "", any(left), spec.penalty))
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


def perfect_reply(owed: Sequence[Rule], reasons: Sequence[str] = ()) -> str:
    """What a perfect speaker says when owing ``owed`` (for ``reasons``): each reply's
    canonical words once, the longest first, as sentences; :func:`judge_speech` answers
    every one of them and finds no talking in it."""
    phrases: list[Phrase] = []
    for rule in owed:
        if isinstance(rule.spec, Reply):
            phrase = reply_phrase(rule, reasons)
            if phrase not in phrases:
                phrases.append(phrase)
    phrases.sort(key=lambda p: (-p.longest, p.canonical))
    return ". ".join(p.text for p in phrases)
