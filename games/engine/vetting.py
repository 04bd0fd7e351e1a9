"""Vetting a rule before it is written: the checks an author's draft must pass, for bots.

:func:`objection` compares the rulebook with and without the rule (``locks_at_once``,
``no_way_out``, ``stalls``, ``too_hard`` below :data:`TOO_HARD`), so a rule is blamed only
for what it adds. :func:`ends_game` is the one bit an author learns of every rule in force;
a bot writes knowing what :func:`author_knowledge` gives it (an :class:`AuthorKnowledge`), as
a person does in the builder.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache

from games.engine import stall
from games.engine.lockup import has_way_out
from games.engine.stall import stall_of, stalled_tops
from games.engine.state import GameState, RuleEntry
from rules.analysis import Grid, always_refuses, legality_grid
from rules.cards import Card
from rules.context import Settings
from rules.evaluation import DEFAULT_SETTINGS, Rulebook
from rules.spec import Rule

#: Below this share of legal (top, card) pairs a rule is "too hard to guess" (the
#: builder's threshold; tests/engine/test_vetting.py keeps the two equal).
TOO_HARD = 0.10
#: Probe budget of the "no card could ever be played" check (sampled above it).
BUDGET = 20_000


@dataclass(frozen=True, slots=True)
class Objection:
    """Why a rule should not be written: a stable ``code`` and a sentence."""

    code: str
    reason: str


def objection(rule: Rule, others: Sequence[Rule] = (), settings: Settings = DEFAULT_SETTINGS,
              players: int | None = None) -> Objection | None:
    """The first check ``rule`` fails when it joins ``others`` (see the module doc)."""
    return _objection(rule, tuple(others), settings, players)


@dataclass(frozen=True, slots=True)
class _Baseline:
    """What the checks need of the rulebook without the new rule (worked out once)."""

    grid: Grid
    refuses_all: bool
    way_out: bool
    stalls: bool


@lru_cache(maxsize=64)
def _baseline(others: tuple[Rule, ...], settings: Settings, players: int | None) -> _Baseline:
    book = Rulebook(others, settings)
    grid = legality_grid(book)
    # A grid with a legal cell is a situation with a legal play: no need to probe further.
    refuses_all = len(grid.dead_tops()) == 52 and always_refuses(book, BUDGET).found
    return _Baseline(grid, refuses_all, has_way_out(book, players),
                     stall_of(book, players) is not None)


@lru_cache(maxsize=512)
def _objection(rule: Rule, others: tuple[Rule, ...], settings: Settings,
               players: int | None) -> Objection | None:
    old = _baseline(others, settings, players)
    after = Rulebook((*others, rule), settings)
    new = legality_grid(after)
    dead = len(new.dead_tops())
    if dead > len(old.grid.dead_tops()) or (
            dead == 52 and not old.refuses_all and always_refuses(after, BUDGET).found):
        return Objection("locks_at_once", "With this rule some top card, or every one, "
                         "would admit no card at all: the game would lock up.")
    alone = legality_grid(Rulebook((rule,), settings)).fraction_legal
    if alone < TOO_HARD or new.fraction_legal < TOO_HARD <= old.grid.fraction_legal:
        return Objection("too_hard", "This rule forbids almost every play: very hard to "
                         "guess.")
    if old.way_out and not has_way_out(after, players):
        return Objection("no_way_out", "With this rule nobody could ever empty their hand.")
    stall = stall_of(after, players)
    if stall is not None and not old.stalls:
        return Objection("stalls", f"This rule would stall play: {stall.reason}")
    return None


# The one bit an author learns of the rules in force.


def ends_play(rule: Rule, rules: Sequence[Rule], settings: Settings = DEFAULT_SETTINGS,
              players: int | None = None) -> bool:
    """Whether ``rule`` brings ``no_way_out`` or a certain stall that ``rules`` alone had not."""
    return _ends_play(rule, tuple(rules), settings, players)


def ends_game(rule: Rule, rules: Sequence[Rule], settings: Settings = DEFAULT_SETTINGS,
              players: int | None = None) -> bool:
    """The one bit: whether ``rule`` joining ``rules`` (every rule in force) would end the
    game by any of the engine's three lockups that ``rules`` alone does not have: a top card
    that admits no card (or no card ever playable), nobody able to empty their hand, or
    play stalled for certain. One bit whatever the cause: it never says which rule, or
    which lockup."""
    old = _baseline(tuple(rules), settings, players)
    after = Rulebook((*rules, rule), settings)
    new = legality_grid(after)
    dead = len(new.dead_tops())
    if dead > len(old.grid.dead_tops()) or (
            dead == 52 and not old.refuses_all and always_refuses(after, BUDGET).found):
        return True
    return ends_play(rule, rules, settings, players)


@lru_cache(maxsize=512)
def _ends_play(rule: Rule, rules: tuple[Rule, ...], settings: Settings,
               players: int | None) -> bool:
    way_out, stalled = _ending_of(rules, settings, players)
    if not way_out:
        return False  # nobody can go out already: the draft brings nothing new
    after = Rulebook((*rules, rule), settings)
    return not has_way_out(after, players) or bool(stalled_tops(after, players) - stalled)


@lru_cache(maxsize=64)
def _ending_of(rules: tuple[Rule, ...], settings: Settings,
               players: int | None) -> tuple[bool, frozenset[Card]]:
    """Of a rulebook (once per rulebook, by its rules: every draft is compared with it):
    whether some last card leaves a hand empty, and the tops that stall for certain."""
    book = Rulebook(rules, settings)
    return has_way_out(book, players), stalled_tops(book, players)


def warm(rules: Sequence[Rule], settings: Settings = DEFAULT_SETTINGS,
         players: int | None = None) -> None:
    """Work out once what every draft joining ``rules`` is compared with."""
    _ending_of(tuple(rules), settings, players)


def clear_caches() -> None:
    """Forget the cached analyses, the rulebooks' stalls and ways out too (for benchmarks)."""
    for cached in (_baseline, _objection, _ends_play, _ending_of):
        cached.cache_clear()
    stall.clear_caches()
    has_way_out.cache_clear()


def _nothing_ends(rule: Rule) -> bool:
    return False


@dataclass(frozen=True, slots=True)
class AuthorKnowledge:
    """What a bot writing a rule may consult, as a person does in the builder: its own
    rules in force, in detail (``own``), and of every rule in force the one bit
    ``ends_game(draft)`` (:func:`ends_game`)."""

    own: tuple[Rule, ...] = ()
    ends_game: Callable[[Rule], bool] = field(default=_nothing_ends)

    def objection(self, rule: Rule, settings: Settings = DEFAULT_SETTINGS,
                  players: int | None = None) -> Objection | None:
        """The checks an author's draft gets: against the author's own rules, then the
        bit (worded without a cause, like the builder's)."""
        found = objection(rule, self.own, settings, players)
        if found is None and self.ends_game(rule):
            return Objection("ends_game", "With the rules in force, this rule would end "
                             "the game.")
        return found


def staying_entries(state: GameState) -> list[RuleEntry]:
    """The rules in force that stay beside a rule written now: every one, or only the house
    rules where the new rule is a law replacing the laws in force (``rule_making``
    "replace")."""
    entries = state.active_rules()
    if state.settings.rule_making == "replace":
        entries = [e for e in entries if e.house]
    return entries


def author_knowledge(state: GameState, seat: int) -> AuthorKnowledge:
    """What ``seat`` knows when writing a rule in ``state``: in detail, its own rules and those
    whose text everyone knows (a preset's house rules, secret rules disclosed), and the bit
    computed with every rule in force (held only inside that one question).
    Where the new rule is a law replacing the laws in force (``rule_making`` "replace"),
    only the house rules stay beside it (:func:`staying_entries`)."""
    staying = [(e, replace(e.rule, author=e.author)) for e in staying_entries(state)]
    rules = tuple(rule for _, rule in staying)
    known = tuple(rule for e, rule in staying
                  if state.wrote(seat, e) or e.house or e.id in state.disclosed)
    settings, players = state.rulebook().settings, state.analysis_players()
    return AuthorKnowledge(known, lambda draft: ends_game(draft, rules, settings, players))
