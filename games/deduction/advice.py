"""Advice: the play from the player's hand that best tells their hypotheses from the
simplest other rules that fit what the table saw, and what each outcome would tell.

A play is worth making only if the rules considered disagree on it: if every one of them
refuses 7♦ on 6♦, playing it costs a card and tells nothing. The rivals come from the
detective's candidate space (:func:`games.deduction.detective.rivals`), built from the
viewer's public record alone; the player's hypotheses come with the names they see (H1).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rules.cards import card_of
from rules.context import PlayContext, Settings
from rules.english import describe
from rules.evaluation import DEFAULT_SETTINGS, compile_condition, refusal_predicate
from rules.spec import Call, Restriction, Rule, Trigger

#: How many plays are suggested per jargon at most (the best splits, on different cards).
SHOWN = 2

#: What a rule of each kind does with a play when it speaks, and when it does not, and how
#: to make the play so that the table hears the answer.
_OUTCOMES = {"restriction": ("refuses it", "lets it through", "Play {card}{where}"),
             "trigger": ("fires on it", "stays quiet", "Play {card}{where}"),
             "call": ("penalises it", "lets it pass", "Play {card}{where} and say nothing")}


@dataclass(frozen=True, slots=True)
class Split:
    """A play that splits the rules considered: ``card`` on pile ``pile`` (0-based), the
    names of the player's hypotheses that speak on it (``held_speak``) and that do not
    (``held_silent``), the rival rules on each side, and the sentence for the player."""

    card: str
    pile: int
    held_speak: tuple[str, ...]
    held_silent: tuple[str, ...]
    rivals_speak: tuple[Rule, ...]
    rivals_silent: tuple[Rule, ...]
    note: str

    @property
    def score(self) -> float:
        """How evenly the play splits the rules (bits): the player's hypotheses weigh as
        much together as the rivals together."""
        return _entropy(_share(self))


def _entropy(p: float) -> float:
    if p <= 0.0 or p >= 1.0:
        return 0.0
    return -(p * math.log2(p) + (1 - p) * math.log2(1 - p))


def _share(split: Split) -> float:
    """The weight of the rules that speak on the play, out of all considered."""
    held = len(split.held_speak) + len(split.held_silent)
    rivals = len(split.rivals_speak) + len(split.rivals_silent)
    sides = (held > 0) + (rivals > 0)
    speak = (len(split.held_speak) / held if held else 0.0) + (
        len(split.rivals_speak) / rivals if rivals else 0.0)
    return speak / sides


def speaks(rule: Rule, settings: Settings = DEFAULT_SETTINGS) -> Callable[[PlayContext], bool]:
    """Whether ``rule`` would speak on a play: refuse it (a restriction), fire on it (a
    trigger), or want words with it (a call)."""
    spec = rule.spec
    if isinstance(spec, Restriction):
        return refusal_predicate(spec, settings, rule.author)
    if isinstance(spec, Trigger | Call):
        return compile_condition(spec.when, settings, rule.author)
    raise ValueError(f"a {spec.kind} does not speak on one play")


def _names(names: Sequence[str]) -> str:
    if len(names) == 1:
        return f"{names[0]} is"
    return f"{', '.join(names[:-1])} and {names[-1]} are"


def _rivals_out(out: Sequence[Rule], of: int, alone: bool) -> str:
    if not out:
        return ""
    first = describe(out[0])
    if len(out) == 1:
        what = f"the other rule that fits (“{first}”)" if of == 1 else (
            f"1 of {of} other simple rules that fit (“{first}”)")
    else:
        what = (f"all {of} other simple rules that fit" if len(out) == of
                else f"{len(out)} of {of} other simple rules that fit")
        what += f" (such as “{first}”)"
    verb = "is" if len(out) == 1 else "are"
    return f"{what} {verb} out" if alone else f"and so {verb} {what}"


def _outcome(held: Sequence[str], out: Sequence[Rule], of: int) -> str:
    """Who is out after one outcome: ``H1 is out, and so are 3 of 8 other rules …``."""
    if held:
        rest = _rivals_out(out, of, alone=False)
        return f"{_names(held)} out" + (f", {rest}" if rest else "")
    return _rivals_out(out, of, alone=True) or "nothing is ruled out"


def note(jargon: str, kind: str, card: str, where: str, held_speak: Sequence[str],
         held_silent: Sequence[str], rivals_speak: Sequence[Rule],
         rivals_silent: Sequence[Rule]) -> str:
    """The advice in words: the play, then what each outcome rules out."""
    spoke, quiet, play = _OUTCOMES[kind]
    of = len(rivals_speak) + len(rivals_silent)
    on_speak = _outcome(held_silent, rivals_silent, of)
    on_quiet = _outcome(held_speak, rivals_speak, of)
    played = play.format(card=card_of(card).symbol, where=where)
    return f"{played}: if {jargon} {spoke}, {on_speak}; if it {quiet}, {on_quiet}."


def splits(jargon: str, held: Sequence[tuple[str, Rule]], others: Sequence[Rule],
           contexts: Sequence[Sequence[tuple[str, PlayContext]]],
           settings: Settings = DEFAULT_SETTINGS, shown: int = SHOWN) -> tuple[Split, ...]:
    """The best plays (``contexts``: per pile, each card of the hand with the situation of
    playing it there) to tell apart the hypotheses ``held`` (named) and the rival rules
    ``others``, best first, ``shown`` at most and one per card. Only rules of the kind of the
    first hypothesis that speaks on single plays are weighed together (a refusal and a
    firing are not the same answer); a play on which they all agree is never suggested."""
    playing = [(n, r) for n, r in held if isinstance(r.spec, Restriction | Trigger | Call)]
    if not playing:
        return ()
    kind = playing[0][1].spec.kind
    mine = [(n, speaks(r, settings)) for n, r in playing if r.spec.kind == kind]
    theirs = [(r, speaks(r, settings)) for r in others if r.spec.kind == kind]
    found: list[Split] = []
    several = len(contexts) > 1
    for pile, plays in enumerate(contexts):
        where = f" on pile {pile + 1}" if several else " here"
        for card, ctx in plays:
            held_speak = tuple(n for n, s in mine if s(ctx))
            held_silent = tuple(n for n, s in mine if n not in held_speak)
            rivals_speak = tuple(r for r, s in theirs if s(ctx))
            rivals_silent = tuple(r for r, s in theirs if not any(r is x for x in rivals_speak))
            if not (held_speak or rivals_speak) or not (held_silent or rivals_silent):
                continue  # every rule considered agrees: the play tells nothing
            found.append(Split(card, pile, held_speak, held_silent, rivals_speak,
                               rivals_silent, note(jargon, kind, card, where, held_speak,
                                                   held_silent, rivals_speak, rivals_silent)))
    # The most even split first; among equals, the one that tells the player's own
    # hypotheses apart, then card order (stable).
    found.sort(key=lambda s: (-round(s.score, 9), not (s.held_speak and s.held_silent)))
    best: list[Split] = []
    for split in found:
        if all(split.card != b.card for b in best):
            best.append(split)
        if len(best) >= shown:
            break
    return tuple(best)
