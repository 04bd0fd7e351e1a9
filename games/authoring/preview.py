"""The live preview of a rule being written: its sentence, a legality grid and warnings.

Pure (no Django). Secret by construction: :func:`preview` receives the draft and the
author's *own* rules in force (and public house rules), never another player's rule.
The grid is drawn in a :class:`~games.authoring.situation.Situation` the author sets or
:func:`games.authoring.focus.auto_situation` picks; the costly checks are cached.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

from games.authoring.focus import auto_situation, shown_somewhere
from games.authoring.grid import (
    DEFAULT_TOP,
    NEUTRAL_JARGON,
    Table,
    grid_of,
    rulebook_of,
    signature_of,
)
from games.authoring.grid import clear_caches as clear_grid_caches
from games.authoring.preview_warnings import (
    SPEECH_NOTE,
    Warning,
    analyse,
    grid_notes,
    stuck_warning,
)
from games.authoring.preview_warnings import clear_caches as clear_warning_caches
from games.authoring.situation import Choice, Situation
from games.engine import vetting
from rules.cards import JOKER, RANK_TEXT, STANDARD_CARDS, SUIT_SYMBOLS, Card
from rules.conditions import IsJoker, walk
from rules.context import PlayContext
from rules.english import describe
from rules.evaluation import Rulebook, compile_condition, refusal_predicate
from rules.spec import Call, Restriction, Rule, SpeechSpec, Trigger, conditions_of


@dataclass(frozen=True, slots=True)
class Cell:
    """One card kind of the grid, played on the shown top card.

    ``legal``: allowed under the author's own rules with the new one added; ``by_this``: the
    new rule refuses it; ``fires``: a legal play that sets off the new trigger or call.
    """

    card: Card
    legal: bool
    by_this: bool = False
    fires: bool = False

    @property
    def mark(self) -> str:
        """``this`` (refused by the new rule), ``refused`` (by the author's earlier rules) or
        ``legal``."""
        if self.by_this:
            return "this"
        return "legal" if self.legal else "refused"

    @property
    def label(self) -> str:
        """The cell's accessible name: ``Queen of hearts: refused by your rule``."""
        words = {"this": "refused by your rule", "refused": "refused by the rules you know",
                 "legal": "may be played"}[self.mark]
        return f"{self.card.name}: {words}" + ("; sets your rule off" if self.fires else "")

    @property
    def colour(self) -> str:
        """``red``, ``black`` or ``joker``, for drawing."""
        return self.card.colour or "joker"

    @property
    def rank(self) -> str:
        """The rank as printed on the card (``10``, ``Q``), or ``JK``."""
        return "JK" if self.card.is_joker else RANK_TEXT[self.card.rank]

    @property
    def suit(self) -> str:
        """The suit's symbol (``♥``); nothing for the joker."""
        return "" if self.card.is_joker else SUIT_SYMBOLS[self.card.suit]


@dataclass(frozen=True, slots=True)
class Preview:
    """The preview of one rule on one top card, in one situation.

    ``warnings`` come from the draft and the author's own rules (never another player's:
    nothing here depends on them). ``notes`` say what the grid cannot show (no problem with the
    rule, but no "no problems found" either); ``situation`` is the one the grid is drawn in,
    ``auto`` the one the preview chose for the draft (what "auto" choices stand for).
    """

    sentence: str
    kind: str
    top: Card
    cells: tuple[Cell, ...]
    warnings: tuple[Warning, ...]
    seconds: float
    notes: tuple[Warning, ...] = ()
    situation: Situation = Situation()
    auto: Situation = Situation()

    @property
    def caption(self) -> str:
        """The situation of the grid in words."""
        return self.situation.words(self.top)

    @property
    def by_suit(self) -> list[tuple[str, list[Cell]]]:
        """The cells for drawing: one row per suit (spades, hearts, diamonds, clubs), ace to
        king, then the joker on its own."""
        rows = [(suit, sorted((c for c in self.cells if c.card.suit == suit),
                              key=lambda c: c.card.rank)) for suit in "SHDC"]
        jokers = [c for c in self.cells if c.card.is_joker]
        return rows + ([("", jokers)] if jokers else [])

    @property
    def legal_count(self) -> int:
        """How many card kinds of the grid may be played."""
        return sum(c.legal for c in self.cells)

    @property
    def by_this_count(self) -> int:
        """How many card kinds the new rule refuses."""
        return sum(c.by_this for c in self.cells)

    @property
    def fires_count(self) -> int:
        """How many legal card kinds set the new trigger or call off."""
        return sum(c.fires for c in self.cells)

    @property
    def codes(self) -> list[str]:
        """The warnings' codes."""
        return [w.code for w in self.warnings]

    @property
    def all_clear(self) -> bool:
        """Whether there is nothing to say: no warning, no note."""
        return not (self.warnings or self.notes)


def _row(book: Rulebook, ctx: PlayContext, jokers: bool) -> list[bool]:
    """Whether each card kind (the joker last, when the deck has jokers) may be played in
    ``ctx``: a joker when it may stand for some card."""
    row = [book.is_legal(ctx.with_played(card)) for card in STANDARD_CARDS]
    if jokers:
        reads_joker = any(isinstance(n, IsJoker) for r in book.rules
                          for c in conditions_of(r.spec) for n in walk(c))
        row.append(any(book.is_legal(ctx.with_played(card, JOKER)) for card in STANDARD_CARDS)
                   if reads_joker else any(row))
    return row


def _speech_preview(rule: Rule, top: Card, started: float) -> Preview:
    """A speech rule's preview: its sentence and a note that no grid can show it."""
    # It reads no card and refuses no play, so none of the grid's analyses apply (the
    # builder's own notes, games.authoring.notes, compare its words with other rules').
    return Preview(describe(rule.spec), rule.spec.kind, top, (), (),
                   time.perf_counter() - started, (SPEECH_NOTE,))


#: What a preview that ran out of time says instead of its grid.
TOO_SLOW = Warning("too_slow", "This rule takes too long to check, so there is no preview: "
                               "simplify it (fewer rows, or rows that look back less far).")


def unfinished_preview(rule: Rule, top: Card, seconds: float) -> Preview:
    """The preview of a rule whose check ran out of time: its sentence and :data:`TOO_SLOW`,
    no grid."""
    return Preview(describe(rule.spec), rule.spec.kind, top, (), (TOO_SLOW,), seconds)


def preview(rule: Rule, own: Sequence[Rule], table: Table, top: Card = DEFAULT_TOP,
            choice: Choice | None = None) -> Preview:
    """The preview of ``rule`` (by its author) joining ``own``: the author's own rules in
    force, with their authors (and public house rules). Never pass another player's rule
    (one is dropped if passed): other players' rules have no say in a preview.

    ``choice`` is what the author set of the situation; the rest is chosen for the draft.
    """
    started = time.perf_counter()
    rule = replace(rule, jargon=NEUTRAL_JARGON)
    if isinstance(rule.spec, SpeechSpec):
        return _speech_preview(rule, top, started)
    # Secret by construction, whatever the caller passes: another author's rule is dropped.
    own_key = tuple(r for r in own if r.author is None or r.author == rule.author)
    warnings = list(analyse(rule, own_key, table))
    author = rule.author if rule.author is not None else 0
    auto = auto_situation(rule, own_key, top, table.hand_size, table.players, table.round,
                          table.aces_high)
    shown = (choice or Choice()).resolve(auto, top)
    ctx = shown.context(top, author, table.players, table.round)
    spec = rule.spec
    refuses = (refusal_predicate(spec, table.settings, rule.author)
               if isinstance(spec, Restriction) else None)
    fires = (compile_condition(spec.when, table.settings, rule.author)
             if isinstance(spec, Trigger | Call) else None)
    old_row = _row(rulebook_of(own_key, table.aces_high), ctx, table.jokers)
    new_row = _row(rulebook_of((*own_key, rule), table.aces_high), ctx, table.jokers)
    cells = []
    for card, legal, was in zip((*STANDARD_CARDS, JOKER), new_row, old_row, strict=False):
        if card.is_joker:
            by_this = refuses is not None and not legal and was
            sets_off = False
        else:
            play = ctx.with_played(card)
            by_this = refuses is not None and refuses(play)
            sets_off = fires is not None and legal and fires(play)
        cells.append(Cell(card, legal, by_this, sets_off))
    codes = [w.code for w in warnings]
    locked = "lockup_always" in codes or (
        "lockup_tops" in codes and shown == Situation(hand=table.hand_size)
        and any(top.symbol in w.text for w in warnings if w.code == "lockup_tops"))
    if refuses is not None and not any(new_row) and any(old_row) and not locked:
        warnings.insert(0, stuck_warning(top, (*own_key, rule)))
    changed = sum(c.by_this and was for c, was in zip(cells, old_row, strict=True)) + sum(
        c.fires for c in cells)
    notes = grid_notes(rule, table, changed, [w.code for w in warnings])
    return Preview(describe(spec), spec.kind, top, tuple(cells), tuple(warnings),
                   time.perf_counter() - started, notes, shown, auto)


def warm(others: Sequence[Rule], table: Table) -> None:
    """Compute what every preview in this rulebook reuses (its grid, each rule's signature)
    and how the game could end under it (the baseline of
    :func:`games.authoring.lock_check.locks_in_force`)."""
    grid_of(tuple(others), table)
    for rule in others:
        signature_of(rule, table)
    vetting.warm(others, table.settings, table.players)


def clear_caches() -> None:
    """Forget cached rulebooks, grids and analyses (for benchmarks)."""
    clear_grid_caches()
    clear_warning_caches()
    for cached in (auto_situation, shown_somewhere):
        cached.cache_clear()
    vetting.clear_caches()
