"""The builder's own notes on a draft: what the preview's analysis does not see.

Two notes, each a preview :class:`~games.builder.preview.Warning`:

- ``double_negative``: a restriction's "must not" over a condition with "not" ticked says
  the same as a simpler rule; the note says which.
- ``same_words``: a call asking for words that hold, or are held in, the words of another
  call rule the author knows ("Mao" and "Mao Mao": where both are asked for at once,
  each needs words of its own, so saying "Mao Mao" once makes only one of them;
  :func:`rules.phrases.phrases_overlap`): their own, a preset's house rules (public) and
  rules disclosed to everyone. Never another player's secret rule: their call words are
  their secret, and a note about them would give them away.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.builder.model import RuleForm
from games.builder.preview import Warning
from rules.phrases import phrases_overlap, words
from rules.spec import Call, Rule


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


def notes(form: RuleForm, rule: Rule, own: Sequence[Rule]) -> tuple[Warning, ...]:
    """The notes on the draft ``form`` (built as ``rule``); ``own`` holds only rules that
    the draft's author knows in full (:func:`games.builder.context.own_rules`)."""
    found = (_double_negative(form), _same_words(rule, own))
    return tuple(w for w in found if w is not None)
