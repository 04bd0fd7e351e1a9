"""Judging one play offline: legal or not, which rules it breaks, what fires, which calls.

This is the referee's decision for a single play without a game around it; the
``judge`` management command prints it, and tests use it directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.cards import Card
from rules.context import PlayContext
from rules.effects import Effect
from rules.english import cards, describe_effect
from rules.evaluation import CallVerdict, Rulebook
from rules.spec import Rule


@dataclass(frozen=True, slots=True)
class Judgement:
    """The verdict on a play.

    ``broken`` lists the restrictions broken (empty when legal); ``fired`` the
    triggers per card, with the run of equal ranks that card completes; ``calls``
    the call verdicts; ``group_problem`` says why several cards may not go together.
    """

    broken: tuple[Rule, ...] = ()
    fired: tuple[tuple[Card, Rule, tuple[Effect, ...], int], ...] = ()
    calls: tuple[CallVerdict, ...] = ()
    group_problem: str = ""
    permission: Rule | None = None

    @property
    def legal(self) -> bool:
        """Whether the play stands."""
        return not self.broken and not self.group_problem


def judge_play(rulebook: Rulebook, pile: Sequence[Card], played: Sequence[Card],
               named: Sequence[Card | None] = (), said: str = "",
               context: PlayContext | None = None) -> Judgement:
    """Judge ``played`` (one card, or a group in order) on ``pile`` (top last).

    ``named`` gives, per played card, the card a joker stands for. Other parts of
    the situation (hand size, player, turn) come from ``context``.
    """
    base = context or PlayContext(played[0], tuple(pile))
    effective = [n if (c.is_joker and n is not None) else c
                 for c, n in zip(played, [*named, *[None] * len(played)], strict=False)]
    permission = None
    if len(played) > 1:
        permission = rulebook.group_permission(effective)
        if permission is None:
            return Judgement(group_problem="no rule allows playing these cards together")
    current = list(pile)
    # The round so far: the context's record when the caller gave one, else the pile.
    recorded = list(base.record) if base.record is not base.pile else list(pile)
    broken: list[Rule] = []
    fired: list[tuple[Card, Rule, tuple[Effect, ...], int]] = []
    calls: list[CallVerdict] = []
    hand_before = base.hand_before
    for i, (card, physical) in enumerate(zip(effective, played, strict=True)):
        ctx = PlayContext(card, tuple(current), physical=physical,
                          active_suit=base.active_suit if i == 0 else None, hand=base.hand,
                          hand_before=hand_before, player=base.player, players=base.players,
                          turn=base.turn, round=base.round, record=tuple(recorded))
        if i == 0:
            broken = rulebook.broken(ctx)
            if broken:
                return Judgement(broken=tuple(broken))
        fired += [(card, rule, effects, ctx.run_after)
                  for rule, effects in rulebook.fired(ctx)]
        if i == len(played) - 1:
            calls = rulebook.calls(ctx, said)
        current.append(card)
        recorded.append(card)
        hand_before -= 1
    return Judgement(fired=tuple(fired), calls=tuple(calls), permission=permission)


def report(judgement: Judgement) -> list[str]:
    """The verdict as lines of text for people."""
    if judgement.group_problem:
        return [f"Illegal: {judgement.group_problem}."]
    if judgement.broken:
        names = ", ".join(f"{r.jargon}" for r in judgement.broken)
        return [f"Illegal: breaks {names}. The cards go back and the player draws one penalty "
                "card."]
    lines = ["Legal."]
    if judgement.permission is not None:
        lines.append(f"Group allowed by {judgement.permission.jargon}.")
    for card, rule, effects, run in judgement.fired:
        text = "; ".join(describe_effect(e) + (f" ({e.draws_for(run)} now)" if e.per_run else "")
                         for e in effects)
        lines.append(f"Fires {rule.jargon} on {card.symbol}: {text}.")
    for verdict in judgement.calls:
        if verdict.broken:
            problem = "missing" if verdict.required else "said without need"
            penalty = verdict.penalty
            lines.append(f"Call {verdict.rule.jargon}: “{verdict.phrase}” {problem}; "
                         f"the penalty is {cards(penalty)}.")
        elif verdict.required:
            lines.append(f"Call {verdict.rule.jargon}: “{verdict.phrase}” said, as required.")
    return lines
