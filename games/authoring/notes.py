"""The builder's own notes on a draft: what the preview's analysis does not see.

Five :class:`~games.authoring.preview_warnings.Warning` codes: ``double_negative``, ``same_words``,
``speech_words``, ``no_pronoun`` and ``race_public`` (docs/rules.md, "Notes of the
builder"). Notes compare only with rules the author knows, never another player's secret.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.authoring.model import RuleForm
from games.authoring.preview_warnings import Warning
from rules.phrases import phrases_overlap, words
from rules.spec import Call, Reply, Rule, Talking, ThirdPerson, Trigger
from rules.speech import PRONOUNS


def _double_negative(form: RuleForm) -> Warning | None:
    if form.kind != "restriction" or form.mode != "must_not":
        return None
    rows = form.cond_list("must").rows
    negated = [i + 1 for i, row in enumerate(rows) if row.negate]
    if not negated:
        return None
    if len(rows) == 1:
        simpler = "untick “not” and choose “must”: the same rule, said simply."
    elif len(negated) == len(rows):
        other = "any" if form.cond_list("must").join == "all" else "all"
        simpler = (f"untick every “not”, choose “must” and combine “{other} of these”: "
                   "the same rule, said simply.")
    else:
        listed = ", ".join(map(str, negated))
        simpler = (f"see condition{'s' if len(negated) > 1 else ''} {listed}; a rule said "
                   "without “not” in it is easier for everyone to read.")
    return Warning("double_negative", "“Must not” with “not” ticked is a double negative "
                   f"(the card must not be not …): {simpler}")


def _same_words(rule: Rule, own: Sequence[Rule]) -> Warning | None:
    spec = rule.spec
    if not isinstance(spec, Call):
        return None
    twin = next((r for r in own if isinstance(r.spec, Call)
                 and phrases_overlap(spec.say, r.spec.say)), None)
    if twin is None:
        return None
    assert isinstance(twin.spec, Call)
    what = ("the same words" if words(twin.spec.say) == words(spec.say) else
            "words that hold these, or are held in them")
    whose = ("Your rule" if twin.author is not None and twin.author == rule.author
             else "The house rule" if twin.author is None else "The disclosed rule")
    return Warning("same_words", f"{whose} “{twin.jargon}” already asks for {what}. "
                   "Where both ask at once, each needs words of its own: a player who says "
                   "them once makes only one of the two calls. Choose different words.")


def _whose(twin: Rule, rule: Rule) -> str:
    """Who the other rule belongs to, as a note names it."""
    if twin.author is not None and twin.author == rule.author:
        return f"your rule “{twin.jargon}”"
    return f"the house rule “{twin.jargon}”" if twin.author is None else (
        f"the disclosed rule “{twin.jargon}”")


def _first_up(text: str) -> str:
    """``text`` with its first letter a capital (and the jargon's own case kept)."""
    return text[:1].upper() + text[1:]


def _say(rule: Rule) -> str:
    """The words a call or a reply asks for ("" for another kind)."""
    spec = rule.spec
    return spec.say if isinstance(spec, Call | Reply) else ""


def _speech_words(rule: Rule, own: Sequence[Rule]) -> Warning | None:
    spec = rule.spec
    if isinstance(spec, Talking):
        for owed in own:
            if not isinstance(owed.spec, Reply):
                continue
            allowed = next((a for a in spec.allow if phrases_overlap(a, _say(owed))), None)
            if allowed is not None:
                return Warning("speech_words", f"“{allowed}” shares words with "
                               f"{_whose(owed, rule)}: words a player owes are never talking, "
                               "so they need no allowing, and allowed here anyone may say them "
                               "at any time.")
        return None
    calls = [r for r in own if isinstance(r.spec, Call)]
    replies = [r for r in own if isinstance(r.spec, Reply)]
    if isinstance(spec, Reply):
        twin = next((r for r in calls if phrases_overlap(spec.say, _say(r))), None)
        if twin is not None:
            return Warning("speech_words", f"{_first_up(_whose(twin, rule))} asks for words "
                           "like these with a play. Words said with a play answer a reply "
                           "owed first: a player who owes it says them twice to make the call "
                           "too.")
        twin = next((r for r in replies if phrases_overlap(spec.say, _say(r))
                     and words(spec.say) != words(_say(r))), None)
        if twin is not None:
            return Warning("speech_words", f"{_first_up(_whose(twin, rule))} asks for words "
                           "that hold these, or are held in them: a player who owes both must "
                           "say each in full (saying the longer once answers only one).")
        return None
    if isinstance(spec, Call):
        twin = next((r for r in replies if phrases_overlap(spec.say, _say(r))), None)
        if twin is not None:
            return Warning("speech_words", f"{_first_up(_whose(twin, rule))} asks for words "
                           "like these as a reply. Words said with a play answer a reply owed "
                           "first: a player who owes it says them twice to make this call too.")
    return None


def _no_pronoun(rule: Rule) -> Warning | None:
    spec = rule.spec
    if not isinstance(spec, ThirdPerson):
        return None
    plain = next((a for a in spec.allow if not PRONOUNS & set(words(a))), None)
    if plain is None:
        return None
    return Warning("no_pronoun", f"“{plain}” uses no first- or second-person pronoun: the "
                   "rule never minds it, so excepting it changes nothing.")


def _race_public(rule: Rule) -> Warning | None:
    spec = rule.spec
    if not isinstance(spec, Trigger) or not any(e.race for e in spec.effects):
        return None
    return Warning("race_public", "Everyone sees a race as it opens (what it asks, its clock) "
                   "and hears its result with your rule's jargon: each time your rule fires, "
                   "the table learns what it does, if not when it fires.")


def notes(form: RuleForm, rule: Rule, own: Sequence[Rule]) -> tuple[Warning, ...]:
    """The notes on the draft ``form`` (built as ``rule``); ``own`` holds only rules that
    the draft's author knows in full (:func:`games.builder.context.own_rules`)."""
    found = (_double_negative(form), _same_words(rule, own), _speech_words(rule, own),
             _no_pronoun(rule), _race_public(rule))
    return tuple(w for w in found if w is not None)
