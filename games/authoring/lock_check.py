"""The one question about every rule in force: could this rule end the game?

:func:`locks_in_force` is the only function of the builder that reads other players'
rules; it is asked only when the author writes a rule, at most once per writing turn
(games/builder/lock_check.py spends the check). :func:`needs_check` decides, from the draft
and the author's own rules alone, whether to ask it at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from games.authoring.grid import NEUTRAL_JARGON, Table, grid_of
from games.authoring.preview_warnings import ends_the_game
from games.engine.vetting import ends_play
from rules.spec import Restriction, Rule, SpeechSpec


def needs_check(rule: Rule, own: Sequence[Rule], table: Table) -> bool:
    """Whether writing ``rule`` should first ask :func:`locks_in_force` of every rule in
    force: not for a speech rule (it brings no lockup) nor for a draft whose preview already
    warns, from ``own`` alone and whatever the situation shown, that the game could end
    (:data:`~games.authoring.preview_warnings.ENDS_GAME`: the check's answer could add
    nothing the author must act on). A function of the draft and the author's own rules only."""
    if isinstance(rule.spec, SpeechSpec):
        return False
    rule = replace(rule, jargon=NEUTRAL_JARGON)
    own_key = tuple(r for r in own if r.author is None or r.author == rule.author)
    return not ends_the_game(rule, own_key, table)


def locks_in_force(rule: Rule, rules: Sequence[Rule], table: Table) -> bool:
    """The one bit the builder may learn of other players' rules, asked when the author
    writes ``rule`` and at most once per writing turn (games/builder/lock_check.py):
    whether ``rule`` joining ``rules`` (every rule in force beside it) would end the game by
    one of the engine's lockups (games/engine/ending.py) that ``rules`` alone does not have:
    a top card that no card may follow at the start of a round, nobody able to ever empty
    their hand, or play stalled for certain from some top card
    (:func:`games.engine.vetting.ends_play`). It reads no top card or situation, and does
    not say which lockup."""
    rule = replace(rule, jargon=NEUTRAL_JARGON)
    if isinstance(rule.spec, SpeechSpec):
        # Speech costs cards only to a speaker who gets it wrong; a perfect table never
        # draws for it, so it brings no lockup (and the bit must not hint otherwise).
        return False
    book = tuple(rules)
    if isinstance(rule.spec, Restriction):
        before = set(grid_of(book, table).dead_tops())
        if set(grid_of((*book, rule), table).dead_tops()) - before:
            return True
    return ends_play(rule, book, table.settings, table.players)
