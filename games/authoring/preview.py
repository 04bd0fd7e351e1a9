"""The live preview of a rule being written: its sentence, a legality grid and warnings.

Pure (no Django). Secrecy by construction: :func:`preview` receives the draft and the
author's *own* rules in force (and public house rules, if a game has any), never another
player's rule. The grid, its counts and every warning (never changes anything, duplicate,
too hard or too easy, the game could lock up) are computed from those alone. Other players'
rules never reach the preview: the one question about them, :func:`locks_in_force` ("with
the rules in force, could this rule end the game?"), is asked only when the author writes the
rule, at most once per writing turn (games/builder/lock_check.py).
docs/rules.md ("What the builder may tell an author") lists what an author can learn.

The grid is drawn in a :class:`~games.authoring.situation.Situation` (the cards under the
top, the hand size, who plays, the suit named, the turn) that the author sets or leaves to
:func:`games.authoring.focus.auto_situation`, which picks one where the draft matters. Where
the grid cannot show the draft's effect, a note says so instead of "no problems".

The expensive checks (never fires, duplicate, lockup analysis) are cached per rule and
rulebook, so changing only the shown top card or situation costs a grid row.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from random import Random

from games.authoring.focus import auto_situation, shown_somewhere
from games.authoring.situation import Choice, Situation, blind_spots, reads_of
from games.engine import vetting
from games.engine.stall import stall_of
from games.engine.vetting import ends_play
from rules.analysis import (
    Grid,
    always_refuses,
    duplicate_of,
    legality_grid,
    never_fires,
    probe_space,
)
from rules.cards import JOKER, RANK_TEXT, STANDARD_CARDS, SUIT_SYMBOLS, Card, parse
from rules.conditions import Condition, HandCount, IsJoker, card_mask, walk
from rules.context import PlayContext, Settings
from rules.english import describe
from rules.evaluation import Rulebook, compile_condition, refusal_predicate
from rules.fields import SUBJECTS
from rules.spec import Call, InstantWin, Restriction, Rule, SpeechSpec, Trigger, conditions_of

#: The top card shown when the game has no pile yet.
DEFAULT_TOP = parse("QH")
#: Below this share of legal (top, card) pairs a rule is "too hard to guess".
TOO_HARD = 0.10
#: A restriction refusing fewer than this share of pairs "may never be noticed".
TOO_EASY = 0.02
#: Probe budget of the analysis checks in a preview (the library default is 200,000):
#: above it the probe space is sampled, and findings are worded "seems".
PREVIEW_BUDGET = 40_000
#: A first, quick pass of the never-fires check; the full budget runs only if it is unsure.
QUICK_BUDGET = 4_000
#: How many fixed varied situations back the grid's cheap evidence.
SITUATIONS = 400
_PAIRS = 52 * 52
_ORDINARY = (1 << 52) - 1
_NEUTRAL_JARGON = "(new rule)"
#: Warnings from the author's own rules, whatever the situation shown, that already say the
#: game could end: a draft with one is written without asking :func:`locks_in_force` (the
#: answer could add nothing the author must act on).
ENDS_GAME = frozenset({"stalls_for_good", "lockup_always", "lockup_tops"})


@dataclass(frozen=True, slots=True)
class Table:
    """What the preview needs to know of the game: settings, round, and who plays."""

    aces_high: bool = False
    jokers: bool = True
    hand_size: int = 5
    decks: int = 1
    players: int = 4
    round: int = 1
    player: int = 1

    @property
    def settings(self) -> Settings:
        """The rule language's settings."""
        return Settings(aces_high=self.aces_high)


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
class Warning:
    """A warning about the rule: a stable ``code`` and what it means, in plain words."""

    code: str
    text: str


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


def share(fraction: float) -> str:
    """A share in words that never rounds a few to nothing (or all but a few to all).

    >>> share(1 / 2704), share(0.25), share(0), share(0.998)
    ('under 1%', '25%', 'none', 'over 99%')
    """
    if fraction <= 0:
        return "none"
    if fraction < 0.01:
        return "under 1%"
    if 0.99 < fraction < 1:
        return "over 99%"
    return f"{fraction:.0%}"


def base_context(table: Table, top: Card) -> PlayContext:
    """The situation of the grid: a one-card pile, a freshly dealt hand, the first turn."""
    return PlayContext(top, (top,), hand_before=table.hand_size, players=table.players,
                       player=table.player, turn=1, round=table.round)


@lru_cache(maxsize=64)
def _book(rules: tuple[Rule, ...], aces_high: bool) -> Rulebook:
    return Rulebook(rules, Settings(aces_high=aces_high))


@lru_cache(maxsize=64)
def _always_refuses(rules: tuple[Rule, ...], aces_high: bool) -> bool:
    return always_refuses(_book(rules, aces_high), PREVIEW_BUDGET).found


@lru_cache(maxsize=512)
def _rule_grid(rule: Rule, table: Table) -> Grid:
    return legality_grid(_book((rule,), table.aces_high), base_context(table, DEFAULT_TOP))


@lru_cache(maxsize=64)
def _grid(rules: tuple[Rule, ...], table: Table) -> Grid:
    """The legality grid of ``rules`` in the grid situation.

    A play is legal when no restriction refuses it, so the grid of a rulebook is the
    intersection of its restrictions' own grids (cached one by one): adding a rule costs
    one single-rule grid. A joker is legal when some card is, unless a rule tests for
    jokers; then the whole rulebook is evaluated as it stands.
    """
    restrictions = [r for r in rules if isinstance(r.spec, Restriction)]
    if any(isinstance(n, IsJoker) for r in restrictions for c in conditions_of(r.spec)
           for n in walk(c)):
        rows = list(legality_grid(_book(rules, table.aces_high),
                                  base_context(table, DEFAULT_TOP)).rows)
    else:
        rows = [_ORDINARY] * 52
        for rule in restrictions:
            rows = [a & b for a, b in zip(rows, _rule_grid(rule, table).rows, strict=True)]
        rows = [row | (bool(row) << JOKER.index) for row in rows]
    if not table.jokers:
        # Without jokers in the deck a joker can save nothing: a top only it could follow
        # is a dead end, and the lockup warning must say so.
        rows = [row & ~(1 << JOKER.index) for row in rows]
    return Grid(tuple(rows))


def _kind_phrase(rule: Rule) -> str:
    spec = rule.spec
    if isinstance(spec, Restriction):
        return "it refuses no play that the rules you know allow"
    if isinstance(spec, Trigger | Call):
        return "its condition can never hold"
    if isinstance(spec, InstantWin):
        return "no hand can hold that many such cards"
    return "no group of cards can meet it"


def _card_list(cards: Sequence[Card], limit: int = 8) -> str:
    shown = " ".join(c.symbol for c in cards[:limit])
    return shown + (f" and {len(cards) - limit} more" if len(cards) > limit else "")


def _deal_possible(hand: Condition, table: Table) -> bool:
    """Whether some hand of ``table.hand_size`` cards, as dealt, meets ``hand``."""
    counts = [n for n in walk(hand) if isinstance(n, HandCount)]
    masks = [card_mask(n.where, table.aces_high) or 0 for n in counts]
    kinds = [*STANDARD_CARDS, *((JOKER,) if table.jokers else ())]
    classes: dict[tuple[int, ...], list[Card]] = {}
    for card in kinds:
        classes.setdefault(tuple(m >> card.index & 1 for m in masks), []).append(card)
    copies = {key: len(cards) * table.decks * (2 if cards[0].is_joker else 1)
              for key, cards in classes.items()}
    holds = compile_condition(hand, table.settings)
    keys = list(classes)
    for combo in itertools.combinations_with_replacement(range(len(keys)), table.hand_size):
        amounts = {k: combo.count(i) for i, k in enumerate(keys)}
        if any(amounts[k] > copies[k] for k in keys):
            continue
        held = tuple(card for i in combo for card in classes[keys[i]][:1])
        if holds(PlayContext(held[0], (), hand=held, hand_before=len(held))):
            return True
    return False


@lru_cache(maxsize=16)
def situations(table: Table, count: int = SITUATIONS, seed: int = 2718) -> tuple[PlayContext, ...]:
    """A fixed, seeded set of varied situations of this table: piles up to five cards deep,
    named suits, hands, seats, turns and rounds. Cheap evidence: a rule that changes
    something in one of them does change something; two rules that differ on one of them
    are not duplicates."""
    rng = Random(seed)
    found = []
    for _ in range(count):
        pile = tuple(rng.choice(STANDARD_CARDS) for _ in range(rng.randint(1, 5)))
        if rng.random() < 0.3:
            # Runs of equal ranks, which run-length tests need.
            pile = (*pile[:-1], *[c for c in STANDARD_CARDS if c.rank == pile[-1].rank][:3])
        hand = tuple(rng.choice(STANDARD_CARDS) for _ in range(rng.randint(0, 9)))
        played = rng.choice(STANDARD_CARDS)
        physical = JOKER if table.jokers and rng.random() < 0.1 else played
        found.append(PlayContext(
            played, pile, physical=physical, active_suit=rng.choice((None, *"CDHS")),
            hand=(played, *hand), players=table.players, player=rng.randrange(table.players),
            turn=rng.randint(1, 30), round=rng.randint(1, 12)))
    return tuple(found)


@lru_cache(maxsize=256)
def _signature(rule: Rule, table: Table) -> tuple[object, ...]:
    """What ``rule`` does on every cell of the grid situation: refusals of a restriction,
    the condition of a trigger or call with its effects or words. Rules with different
    signatures behave differently somewhere, so they are not duplicates."""
    spec = rule.spec
    if isinstance(spec, Restriction):
        refuses = refusal_predicate(spec, table.settings, rule.author)
        return (spec.kind, _rule_grid(rule, table).rows,
                tuple(refuses(ctx) for ctx in situations(table)))
    if isinstance(spec, Trigger | Call):
        extra = spec.effects if isinstance(spec, Trigger) else (spec.say, spec.penalty)
        holds = compile_condition(spec.when, table.settings, rule.author)
        return (spec.kind, extra, _condition_rows(spec.when, rule.author, table),
                tuple(holds(ctx) for ctx in situations(table)))
    return (spec.kind, rule.spec)


def _condition_rows(cond: Condition, author: int | None, table: Table) -> tuple[int, ...]:
    """For each top card, the bitmask of played cards on which ``cond`` holds."""
    holds = compile_condition(cond, table.settings, author)
    rows = []
    for top in STANDARD_CARDS:
        ctx = base_context(table, top)
        row = 0
        for card in STANDARD_CARDS:
            ctx.played = ctx.physical = card
            if holds(ctx):
                row |= 1 << card.index
        rows.append(row)
    return tuple(rows)


def _fires_on_grid(rule: Rule, others: tuple[Rule, ...], table: Table) -> bool:
    """Whether the grid or the fixed :func:`situations` show ``rule`` changing something."""
    spec = rule.spec
    if isinstance(spec, Restriction):
        old, new = _grid(others, table), _grid((*others, rule), table)
        if any(o & _ORDINARY & ~n for o, n in zip(old.rows, new.rows, strict=True)):
            return True
        refuses = refusal_predicate(spec, table.settings, rule.author)
        book = _book(others, table.aces_high)
        return any(refuses(ctx) and book.is_legal(ctx) for ctx in situations(table))
    if isinstance(spec, Trigger | Call):
        return any(_condition_rows(spec.when, rule.author, table)) or any(
            map(compile_condition(spec.when, table.settings, rule.author), situations(table)))
    return False


def _fires_on_own_probes(rule: Rule, others: tuple[Rule, ...], table: Table) -> bool | None:
    """A restriction probed on its own situations: ``True`` when it refuses a play the rules
    in force allow (it fires), ``False`` when it refuses nothing at all (exact), else
    ``None`` (only a joint search can tell)."""
    contexts, exact = probe_space(conditions_of(rule.spec), [rule.author], QUICK_BUDGET)
    refuses = refusal_predicate(rule.spec, table.settings, rule.author)  # type: ignore[arg-type]
    old = _book(others, table.aces_high)
    refused = [ctx for ctx in contexts if refuses(ctx)]
    if any(old.is_legal(ctx) for ctx in refused):
        return True
    return False if exact and not refused else None


def _never_fires(rule: Rule, others: tuple[Rule, ...], table: Table) -> Warning | None:
    """The never-fires warning, from the cheapest check that can decide."""
    if _fires_on_grid(rule, others, table):
        return None
    book = _book((rule,), table.aces_high)
    if isinstance(rule.spec, Restriction):
        own = _fires_on_own_probes(rule, others, table)
        if own is not None:
            return None if own else Warning(
                "never_fires", f"Your rule would never change anything: {_kind_phrase(rule)}.")
        book = _book((*others, rule), table.aces_high)
    finding = never_fires(rule, book, QUICK_BUDGET)
    if finding.found and not finding.exact:
        finding = never_fires(rule, book, PREVIEW_BUDGET)
    if not finding.found:
        return None
    seems = "would never" if finding.exact else "seems never to"
    return Warning("never_fires", f"Your rule {seems} change anything: {_kind_phrase(rule)}.")


def _is_duplicate(rule: Rule, others: tuple[Rule, ...], table: Table) -> bool:
    mine = _signature(rule, table)
    for other in others:
        if other.spec.kind != rule.spec.kind or _signature(other, table) != mine:
            continue
        if duplicate_of(rule, _book((other,), table.aces_high), PREVIEW_BUDGET) is not None:
            return True
    return False


@lru_cache(maxsize=128)
def _analyse(rule: Rule, others: tuple[Rule, ...], table: Table) -> tuple[Warning, ...]:
    """Every top-independent warning about ``rule`` joining ``others``."""
    warnings: list[Warning] = []
    spec = rule.spec
    never = _never_fires(rule, others, table)
    if never is not None:
        warnings.append(never)
    if _is_duplicate(rule, others, table):
        warnings.append(Warning("duplicate", "A rule you wrote earlier behaves exactly like "
                                "this one: nobody could tell them apart. Try something new."))
    if isinstance(spec, Restriction):
        warnings += _restriction_warnings(rule, others, table)
    stall = _new_stall(rule, others, table)
    if stall is not None:
        warnings.append(stall)
    if isinstance(spec, InstantWin) and _deal_possible(spec.hand, table):
        warnings.append(Warning("instant_at_deal", f"A hand of {table.hand_size} cards as dealt "
                                "could already meet this: a player might win the round "
                                "before anyone plays a card."))
    return tuple(warnings)


def _new_stall(rule: Rule, others: tuple[Rule, ...], table: Table) -> Warning | None:
    """A stall the draft brings to the author's own rules (games.engine.stall): certain
    ("nobody could ever empty their hand", the engine would end the game) or while everyone
    plays (hands never get smaller). Only the author's rules are read, so the reason may
    describe them."""
    found = stall_of(_book((*others, rule), table.aces_high), table.players)
    if found is None or stall_of(_book(others, table.aces_high), table.players) is not None:
        return None
    if found.certain:
        return Warning("stalls_for_good", "This rule would stall play, and the game "
                       f"would end. {found.reason}")
    return Warning("stalls", f"This rule could stall play. {found.reason}")


def _reads_author(rules: tuple[Rule, ...]) -> bool:
    return any("author" in c.reads() for r in rules for c in conditions_of(r.spec))


def _start_dead(rules: tuple[Rule, ...], table: Table, author: int | None) -> tuple[set[Card],
                                                                                  set[Card]]:
    """Top cards nothing may follow at the start of a round (first turn, hands just dealt):
    for some first player, and for every first player (the author or another)."""
    some = every = set(_grid(rules, table).dead_tops())
    if author is not None and _reads_author(rules):
        theirs = set(_grid(rules, replace(table, player=author)).dead_tops())
        some, every = some | theirs, every & theirs
    return some, every


def _restriction_warnings(rule: Rule, others: tuple[Rule, ...], table: Table) -> list[Warning]:
    """Warnings about a restriction joining ``others`` (the author's own rules).

    "At once" is said only when it is true: no card may follow *any* starter on the first
    turn of a round (the next round is dealt afresh, with a new starter). A lock on some top
    cards only is worded as what it is.
    """
    warnings = []
    old, new = _grid(others, table), _grid((*others, rule), table)
    alone = _rule_grid(rule, table)
    old_some, old_every = _start_dead(others, table, rule.author)
    new_some, new_every = _start_dead((*others, rule), table, rule.author)
    dead = sorted(new_some - old_some, key=lambda c: c.index)
    if len(new_every) == 52 and len(old_every) < 52:
        ever = (not _always_refuses(others, table.aces_high)
                and _always_refuses((*others, rule), table.aces_high))
        warnings.append(Warning("lockup_always", "With your rule no card could ever be played: "
                                "the game would lock up at once." if ever else
                                "With your rule no card could follow any starter on the first "
                                "turn of a round: the game would lock up at once."))
    elif dead:
        warnings.append(Warning("lockup_tops", f"Your rule could lock the game: at the start of "
                                f"a round no card at all could be played on {_card_list(dead)}, "
                                "so the game would lock up if one of them were on top."))
    if alone.fraction_legal < TOO_HARD:
        warnings.append(Warning("too_hard", f"Your rule forbids almost every play (only "
                                f"{share(alone.fraction_legal)} of cards are allowed on a "
                                "typical top card): very hard to guess."))
    elif new.fraction_legal < TOO_HARD <= old.fraction_legal:
        warnings.append(Warning("too_hard", "Together with the rules in force, fewer than one "
                                "play in ten would be legal: very hard to guess."))
    spec = rule.spec
    assert isinstance(spec, Restriction)
    refused = 1 - alone.fraction_legal
    # Only for rules the grid sees whole: about the played and top cards (and the suit).
    card_only = spec.when.reads() | spec.must.reads() <= {"played", "top", "active_suit"}
    if card_only and 0 < refused < TOO_EASY:
        pairs = round(refused * _PAIRS)
        warnings.append(Warning("too_easy", f"Your rule forbids very few plays ({pairs} of "
                                f"{_PAIRS:,} card-on-card pairs): others may never notice it."))
    return warnings


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


#: What a situation may read and still be the game's own: the cards on the pile, the suit
#: named, the table's size and round. The engine's "no card" lockup also tries every hand,
#: seat and later turn (games.engine.lockup.anything_playable), so a situation that reads
#: any of those is one player's dead end, not the game's.
_PILE_ONLY = frozenset({*SUBJECTS, "active_suit", "run_length", "players", "round"})


def _stuck(top: Card, rules: tuple[Rule, ...]) -> Warning:
    """No card may be played in the situation shown: a lockup of the game only when the
    rules read nothing the engine would vary before calling it one."""
    if reads_of([c for r in rules for c in conditions_of(r.spec)]) <= _PILE_ONLY:
        return Warning("lockup_situation", f"No card at all could be played on {top.symbol} "
                       "in the situation shown: the game would lock up if it arose.")
    return Warning("stuck_situation", f"No card at all could be played on {top.symbol} in "
                   "the situation shown: this player could play nothing here.")


def _notes(rule: Rule, table: Table, changed: int, codes: Sequence[str]) -> tuple[Warning, ...]:
    """What the grid cannot show of ``rule``: said plainly, so that an empty grid is never
    passed off as "no problems"."""
    spec = rule.spec
    blind = blind_spots(conditions_of(spec), spec.kind)
    if not isinstance(spec, Restriction | Trigger | Call):
        return (Warning("grid_blind", "The grid cannot show this rule's effect: it depends on "
                        f"{' and '.join(blind)}."),)
    if changed or "never_fires" in codes:
        return (Warning("grid_partial", "The grid keeps fixed what your rule also reads ("
                        f"{' and '.join(blind)}): it shows your rule in one case of it."),
                ) if changed and blind else ()
    if shown_somewhere(rule, table.hand_size, table.players, table.round, table.aces_high):
        return (Warning("not_here", "Your rule changes nothing in the situation shown: choose "
                        "another top card or situation to see it at work."),)
    depends = " and ".join(blind) or "parts of the situation the grid cannot set"
    return (Warning("grid_blind", f"The grid cannot show this rule's effect: it depends on "
                    f"{depends}."),)


#: What the preview says of a speech rule instead of a grid (and of "no problems").
SPEECH_NOTE = Warning("grid_speech", "The card grid does not apply to this rule: it judges "
                      "words said outside a play, never which cards may be played. Every "
                      "card is played as the other rules say.")


def _speech_preview(rule: Rule, top: Card, started: float) -> Preview:
    """The preview of a speech rule (talking, reply, third person): its sentence and a note
    that no grid can show it. It reads no card and refuses no play, so none of the grid's
    analyses apply (the builder's own notes, :mod:`games.authoring.notes`, compare its words
    with other rules')."""
    return Preview(describe(rule.spec), rule.spec.kind, top, (), (),
                   time.perf_counter() - started, (SPEECH_NOTE,))


def preview(rule: Rule, own: Sequence[Rule], table: Table, top: Card = DEFAULT_TOP,
            choice: Choice | None = None) -> Preview:
    """The preview of ``rule`` (by its author) joining ``own``: the author's own rules in
    force, with their authors (and public house rules). Never pass another player's rule
    (one is dropped if passed): other players' rules have no say in a preview.

    ``choice`` is what the author set of the situation; the rest is chosen for the draft.
    """
    started = time.perf_counter()
    rule = replace(rule, jargon=_NEUTRAL_JARGON)
    if isinstance(rule.spec, SpeechSpec):
        return _speech_preview(rule, top, started)
    # Secret by construction, whatever the caller passes: another author's rule is dropped.
    own_key = tuple(r for r in own if r.author is None or r.author == rule.author)
    warnings = list(_analyse(rule, own_key, table))
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
    old_row = _row(_book(own_key, table.aces_high), ctx, table.jokers)
    new_row = _row(_book((*own_key, rule), table.aces_high), ctx, table.jokers)
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
        warnings.insert(0, _stuck(top, (*own_key, rule)))
    changed = sum(c.by_this and was for c, was in zip(cells, old_row, strict=True)) + sum(
        c.fires for c in cells)
    notes = _notes(rule, table, changed, [w.code for w in warnings])
    return Preview(describe(spec), spec.kind, top, tuple(cells), tuple(warnings),
                   time.perf_counter() - started, notes, shown, auto)


def needs_check(rule: Rule, own: Sequence[Rule], table: Table) -> bool:
    """Whether writing ``rule`` should first ask :func:`locks_in_force` of every rule in
    force: not for a speech rule (it brings no lockup) nor for a draft whose preview already
    warns, from ``own`` alone and whatever the situation shown, that the game could end
    (:data:`ENDS_GAME`). A function of the draft and the author's own rules only."""
    if isinstance(rule.spec, SpeechSpec):
        return False
    rule = replace(rule, jargon=_NEUTRAL_JARGON)
    own_key = tuple(r for r in own if r.author is None or r.author == rule.author)
    return not any(w.code in ENDS_GAME for w in _analyse(rule, own_key, table))


def locks_in_force(rule: Rule, rules: Sequence[Rule], table: Table) -> bool:
    """The one bit the builder may learn of other players' rules, asked when the author
    writes ``rule`` and at most once per writing turn (games/builder/lock_check.py):
    whether ``rule`` joining ``rules`` (every rule in force beside it) would end the game by
    one of the engine's lockups (games/engine/ending.py) that ``rules`` alone does not have:
    a top card that no card may follow at the start of a round, nobody able to ever empty
    their hand, or play stalled for certain from some top card
    (:func:`games.engine.vetting.ends_play`). It reads no top card or situation, and does
    not say which lockup."""
    rule = replace(rule, jargon=_NEUTRAL_JARGON)
    if isinstance(rule.spec, SpeechSpec):
        # Speech costs cards only to a speaker who gets it wrong; a perfect table never
        # draws for it, so it brings no lockup (and the bit must not hint otherwise).
        return False
    book = tuple(rules)
    if isinstance(rule.spec, Restriction):
        before = set(_grid(book, table).dead_tops())
        if set(_grid((*book, rule), table).dead_tops()) - before:
            return True
    return ends_play(rule, book, table.settings, table.players)


def warm(others: Sequence[Rule], table: Table) -> None:
    """Compute what every preview in this rulebook reuses (its grid, each rule's signature)
    and how the game could end under it (the baseline of :func:`locks_in_force`)."""
    _grid(tuple(others), table)
    for rule in others:
        _signature(rule, table)
    vetting.warm(others, table.settings, table.players)


def clear_caches() -> None:
    """Forget cached rulebooks, grids and analyses (for benchmarks)."""
    for cached in (_book, _grid, _rule_grid, _analyse, _signature, _always_refuses,
                   auto_situation, shown_somewhere):
        cached.cache_clear()
    vetting.clear_caches()
