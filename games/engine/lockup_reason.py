"""Why nobody can ever empty their hand, in words that say what locks.

Two different locks end a game as ``no_way_out``: no card can ever be the last one played
(restrictions refuse every last card, like "the last card must be an ace" with "aces may
never be played"), or a last card may be played but what it sets off fills the hand again
(a draw for its player). The sentence names the rules that make it so; the game is over
when it is read, so every rule is revealed anyway.
"""

from __future__ import annotations

from games.engine.lockup import has_way_out
from rules.english import describe
from rules.evaluation import Rulebook
from rules.spec import Restriction, Rule, Trigger

OPENING = "Nobody can ever empty their hand under these rules: "


def no_way_out_reason(rulebook: Rulebook, players: int | None = None) -> str:
    """The end's sentence for a rulebook with no way out (:func:`has_way_out` false)."""
    if not has_way_out(rulebook, players, follow_triggers=False):
        named = _refusing(rulebook, players)
        return OPENING + "no card can ever be the last one played." + _listed(named)
    refills = [r for r in rulebook.rules if isinstance(r.spec, Trigger) and any(
        e.kind in ("draw", "pass_hands") for e in r.spec.effects)]
    return (OPENING + "a last card may be played, but what it sets off fills a hand again."
            + _listed(refills))


def _refusing(rulebook: Rulebook, players: int | None) -> list[Rule]:
    """A smallest set of restrictions (dropping one at a time) that alone refuse every
    last card; empty if the analysis cannot single them out."""
    kept = [r for r in rulebook.rules if isinstance(r.spec, Restriction)]
    for rule in list(kept):
        fewer = [r for r in kept if r is not rule]
        if not has_way_out(Rulebook(fewer, rulebook.settings), players,
                           follow_triggers=False):
            kept = fewer
    if has_way_out(Rulebook(kept, rulebook.settings), players, follow_triggers=False):
        return []
    return kept


def _listed(rules: list[Rule]) -> str:
    """`` Ace: the last card must be… Nope: an ace may never be played.``"""
    return "".join(f" {r.jargon}: {_lower_first(describe(r))}" for r in rules)


def _lower_first(sentence: str) -> str:
    return sentence[:1].lower() + sentence[1:]
