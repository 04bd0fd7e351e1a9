"""Scoring a sealed guess against the real rule, once the game is over.

Verdicts, best first: **exact** (no difference over an exact probe space), **every play**
(right about every play the table saw) and **wrong**. Only the reveal calls this, once
every rule is open to everyone.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from games.deduction.hypotheses import check
from games.deduction.record import PublicRecord
from rules.analysis import Allowance, first_difference
from rules.cards import JOKER, Card
from rules.context import PlayContext, Settings
from rules.english import cards, describe_effect
from rules.evaluation import DEFAULT_SETTINGS, Rulebook, compile_condition, refusal_predicate
from rules.phrases import expand
from rules.spec import Call, InstantWin, Permission, Restriction, Rule, Trigger

Verdict = Literal["exact", "every_play", "wrong"]
#: How each verdict reads on the reveal.
VERDICT_WORDS: dict[Verdict, str] = {"exact": "exact", "every_play": "right on every play seen",
                                     "wrong": "wrong"}


@dataclass(frozen=True, slots=True)
class Score:
    """A guess's verdict, and a situation that shows why it is not better (if it is not)."""

    verdict: Verdict
    example: str = ""

    @property
    def words(self) -> str:
        """The verdict in words."""
        return VERDICT_WORDS[self.verdict]


def describe_situation(ctx: PlayContext) -> str:
    """A probed situation in a few words: ``9♥ played on 5♣``, and what else mattered."""
    played = ctx.played.symbol if ctx.physical != JOKER else f"🃏 as {ctx.played.symbol}"
    text = f"{played} played on {ctx.top.symbol}" if ctx.top else f"{played} played"
    under = [c.symbol for c in ctx.pile[-3:-1]]
    if under:
        text += f" (below it {' '.join(reversed(under))})"
    return f"{text}, holding {ctx.hand_before} cards, turn {ctx.turn}, card {ctx.position} " \
        "of the round"


def score(guess: Rule, real: Rule, record: PublicRecord,
          settings: Settings = DEFAULT_SETTINGS, allowance: Allowance | None = None) -> Score:
    """The verdict on ``guess`` for the rule ``real`` (of jargon ``real.jargon``), given what
    the table saw (``record``, as anyone saw it); the analysis tries at most what
    ``allowance`` leaves (never "exact" beyond it: see :class:`~rules.analysis.Allowance`)."""
    guess = replace(guess, author=real.author)
    seen = check(guess, real.jargon, record, settings)
    if seen.contradictions:
        return Score("wrong", seen.contradictions[0].describe())
    if guess.spec.kind != real.spec.kind:
        return Score("wrong", f"it is a {real.spec.kind.replace('_', ' ')}, not a "
                              f"{guess.spec.kind.replace('_', ' ')}")
    difference = first_difference(guess, real, settings, allowance=allowance)
    if not difference.found and difference.exact:
        return Score("exact")
    if difference.example is None:
        # Not found where the analysis had to sample (rules with several sequence tests, or
        # hand tests too many to try): that proves nothing, and says so.
        where = "hand" if real.spec.kind == "instant_win" else "situation"
        return Score("every_play", f"no {where} was found where they differ, but with these "
                                   f"rules the analysis cannot try every one")
    return Score("every_play", how_they_differ(guess, real, difference.example, settings))


def how_they_differ(guess: Rule, real: Rule, ctx: PlayContext,
                    settings: Settings = DEFAULT_SETTINGS) -> str:
    """``they differ on <situation>: the rule <does X>, the guess <does Y>`` for a situation
    where the two rules (of one kind) behave differently."""
    g, r = guess.spec, real.spec
    if isinstance(r, Permission) and isinstance(g, Permission):
        return (f"they differ on the group {_cards(ctx.hand)}: the rule "
                f"{_allows(real, ctx, settings)}, the guess {_allows(guess, ctx, settings)}")
    if isinstance(r, InstantWin) and isinstance(g, InstantWin):
        return (f"they differ on the hand {_cards(ctx.hand)}: the rule "
                f"{_wins(real, ctx, settings)}, the guess {_wins(guess, ctx, settings)}")
    where = f"they differ on {describe_situation(ctx)}"
    if isinstance(r, Trigger) and isinstance(g, Trigger):
        return f"{where}: the rule {_fires(real, ctx, settings)}, the guess " \
               f"{_fires(guess, ctx, settings)}"
    if isinstance(r, Call) and isinstance(g, Call):
        return f"{where}: {_calls(r, g, real, guess, ctx, settings)}"
    if isinstance(r, Restriction) and isinstance(g, Restriction):
        refuses = refusal_predicate(r, settings, real.author)(ctx)
        does = ("refuses it", "lets it through")
        return f"{where}: the rule {does[not refuses]}, the guess {does[refuses]}"
    return where


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(c.symbol for c in cards)


def _allows(rule: Rule, ctx: PlayContext, settings: Settings) -> str:
    allows = Rulebook([rule], settings).group_permission(ctx.hand) is not None
    return "lets it go down together" if allows else "does not"


def _wins(rule: Rule, ctx: PlayContext, settings: Settings) -> str:
    wins = Rulebook([rule], settings).winning_hand(ctx.hand) is not None
    return "makes it a winner" if wins else "does not"


def _fires(rule: Rule, ctx: PlayContext, settings: Settings) -> str:
    assert isinstance(rule.spec, Trigger)
    if not compile_condition(rule.spec.when, settings, rule.author)(ctx):
        return "does not fire"
    return "fires: " + "; ".join(describe_effect(e) for e in rule.spec.effects)


def _calls(r: Call, g: Call, real: Rule, guess: Rule, ctx: PlayContext,
           settings: Settings) -> str:
    """How two calls differ in one situation: the words asked for, or the penalty."""
    def asks(spec: Call, rule: Rule) -> tuple[bool, str]:
        return (compile_condition(spec.when, settings, rule.author)(ctx),
                expand(spec.say, ctx.played, ctx.run_after).text)

    (real_wants, real_phrase), (guess_wants, guess_phrase) = asks(r, real), asks(g, guess)
    if real_wants or guess_wants:
        if (real_wants, real_phrase) != (guess_wants, guess_phrase):
            def words(wants: bool, phrase: str) -> str:
                return f"asks for “{phrase}”" if wants else "asks for nothing"
            return f"the rule {words(real_wants, real_phrase)}, the guess " \
                   f"{words(guess_wants, guess_phrase)}"
    elif real_phrase != guess_phrase:
        return (f"neither asks for words, but the rule penalises “{real_phrase}” said anyway, "
                f"the guess “{guess_phrase}”")
    return f"a wrong call costs {cards(r.penalty)} under the rule, {cards(g.penalty)} under " \
           "the guess"
