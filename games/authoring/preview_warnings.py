"""The preview's warnings: never changes anything, duplicate, too hard or too easy, the game
could lock up, and the notes where the grid cannot show the draft.

Pure (no Django). Computed from the draft and the author's own rules alone, and cached per
rule and rulebook (:mod:`games.authoring.preview` says why).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from games.authoring.focus import shown_somewhere
from games.authoring.grid import (
    ORDINARY,
    PREVIEW_BUDGET,
    Table,
    condition_rows,
    grid_of,
    rule_grid_of,
    rulebook_of,
    signature_of,
    situations,
)
from games.authoring.situation import blind_spots, reads_of
from games.engine.stall import stall_of
from rules.analysis import always_refuses, duplicate_of, never_fires, probe_space
from rules.cards import JOKER, STANDARD_CARDS, Card
from rules.conditions import Condition, HandCount, card_mask, walk
from rules.context import PlayContext
from rules.evaluation import compile_condition, refusal_predicate
from rules.fields import SUBJECTS
from rules.spec import Call, InstantWin, Restriction, Rule, Trigger, conditions_of

#: Below this share of legal (top, card) pairs a rule is "too hard to guess".
TOO_HARD = 0.10
#: A restriction refusing fewer than this share of pairs "may never be noticed".
TOO_EASY = 0.02
#: A first, quick pass of the never-fires check; the full budget runs only if it is unsure.
QUICK_BUDGET = 4_000
_PAIRS = 52 * 52
#: The warnings that say the game could end (the engine would end it by a lockup).
ENDS_GAME = frozenset({"stalls_for_good", "lockup_always", "lockup_tops"})


@dataclass(frozen=True, slots=True)
class Warning:
    """A warning about the rule: a stable ``code`` and what it means, in plain words."""

    code: str
    text: str


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


@lru_cache(maxsize=64)
def _always_refuses(rules: tuple[Rule, ...], aces_high: bool) -> bool:
    return always_refuses(rulebook_of(rules, aces_high), PREVIEW_BUDGET).found


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


def _fires_on_grid(rule: Rule, others: tuple[Rule, ...], table: Table) -> bool:
    """Whether the grid or the fixed :func:`situations` show ``rule`` changing something."""
    spec = rule.spec
    if isinstance(spec, Restriction):
        old, new = grid_of(others, table), grid_of((*others, rule), table)
        if any(o & ORDINARY & ~n for o, n in zip(old.rows, new.rows, strict=True)):
            return True
        refuses = refusal_predicate(spec, table.settings, rule.author)
        book = rulebook_of(others, table.aces_high)
        return any(refuses(ctx) and book.is_legal(ctx) for ctx in situations(table))
    if isinstance(spec, Trigger | Call):
        return any(condition_rows(spec.when, rule.author, table)) or any(
            map(compile_condition(spec.when, table.settings, rule.author), situations(table)))
    return False


def _fires_on_own_probes(rule: Rule, others: tuple[Rule, ...], table: Table) -> bool | None:
    """A restriction probed on its own situations: ``True`` when it refuses a play the rules
    in force allow (it fires), ``False`` when it refuses nothing at all (exact), else
    ``None`` (only a joint search can tell)."""
    contexts, exact = probe_space(conditions_of(rule.spec), [rule.author], QUICK_BUDGET)
    refuses = refusal_predicate(rule.spec, table.settings, rule.author)  # type: ignore[arg-type]
    old = rulebook_of(others, table.aces_high)
    refused = [ctx for ctx in contexts if refuses(ctx)]
    if any(old.is_legal(ctx) for ctx in refused):
        return True
    return False if exact and not refused else None


def _never_fires(rule: Rule, others: tuple[Rule, ...], table: Table) -> Warning | None:
    """The never-fires warning, from the cheapest check that can decide."""
    if _fires_on_grid(rule, others, table):
        return None
    book = rulebook_of((rule,), table.aces_high)
    if isinstance(rule.spec, Restriction):
        own = _fires_on_own_probes(rule, others, table)
        if own is not None:
            return None if own else Warning(
                "never_fires", f"Your rule would never change anything: {_kind_phrase(rule)}.")
        book = rulebook_of((*others, rule), table.aces_high)
    finding = never_fires(rule, book, QUICK_BUDGET)
    if finding.found and not finding.exact:
        finding = never_fires(rule, book, PREVIEW_BUDGET)
    if not finding.found:
        return None
    seems = "would never" if finding.exact else "seems never to"
    return Warning("never_fires", f"Your rule {seems} change anything: {_kind_phrase(rule)}.")


def _is_duplicate(rule: Rule, others: tuple[Rule, ...], table: Table) -> bool:
    mine = signature_of(rule, table)
    for other in others:
        if other.spec.kind != rule.spec.kind or signature_of(other, table) != mine:
            continue
        if duplicate_of(rule, rulebook_of((other,), table.aces_high), PREVIEW_BUDGET) is not None:
            return True
    return False


@lru_cache(maxsize=128)
def analyse(rule: Rule, others: tuple[Rule, ...], table: Table) -> tuple[Warning, ...]:
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
    found = stall_of(rulebook_of((*others, rule), table.aces_high), table.players)
    if found is None or stall_of(rulebook_of(others, table.aces_high), table.players) is not None:
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
    some = every = set(grid_of(rules, table).dead_tops())
    if author is not None and _reads_author(rules):
        theirs = set(grid_of(rules, replace(table, player=author)).dead_tops())
        some, every = some | theirs, every & theirs
    return some, every


def _start_lockup(rule: Rule, others: tuple[Rule, ...], table: Table) -> Warning | None:
    """The warning that the restriction ``rule`` joining ``others`` could lock the game at
    the start of a round, if it could.

    "At once" is said only when it is true: no card may follow *any* starter on the first
    turn of a round (the next round is dealt afresh, with a new starter). A lock on some top
    cards only is worded as what it is.
    """
    old_some, old_every = _start_dead(others, table, rule.author)
    new_some, new_every = _start_dead((*others, rule), table, rule.author)
    dead = sorted(new_some - old_some, key=lambda c: c.index)
    if len(new_every) == 52 and len(old_every) < 52:
        ever = (not _always_refuses(others, table.aces_high)
                and _always_refuses((*others, rule), table.aces_high))
        return Warning("lockup_always", "With your rule no card could ever be played: "
                       "the game would lock up at once." if ever else
                       "With your rule no card could follow any starter on the first "
                       "turn of a round: the game would lock up at once.")
    if dead:
        return Warning("lockup_tops", f"Your rule could lock the game: at the start of "
                       f"a round no card at all could be played on {_card_list(dead)}, "
                       "so the game would lock up if one of them were on top.")
    return None


def ends_the_game(rule: Rule, others: tuple[Rule, ...], table: Table) -> bool:
    """Whether :func:`analyse` of the same arguments warns that the game could end (a code
    of :data:`ENDS_GAME`), worked out without its other warnings."""
    if isinstance(rule.spec, Restriction) and _start_lockup(rule, others, table) is not None:
        return True
    stall = _new_stall(rule, others, table)
    return stall is not None and stall.code in ENDS_GAME


def _restriction_warnings(rule: Rule, others: tuple[Rule, ...], table: Table) -> list[Warning]:
    """Warnings about a restriction joining ``others`` (the author's own rules)."""
    old, new = grid_of(others, table), grid_of((*others, rule), table)
    alone = rule_grid_of(rule, table)
    lockup = _start_lockup(rule, others, table)
    warnings = [] if lockup is None else [lockup]
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


#: What a situation may read and still be the game's own: the cards on the pile, the suit
#: named, the table's size and round. The engine's "no card" lockup also tries every hand,
#: seat and later turn (games.engine.lockup.anything_playable), so a situation that reads
#: any of those is one player's dead end, not the game's.
_PILE_ONLY = frozenset({*SUBJECTS, "active_suit", "run_length", "players", "round"})


def stuck_warning(top: Card, rules: tuple[Rule, ...]) -> Warning:
    """No card may be played in the situation shown: a lockup of the game only when the
    rules read nothing the engine would vary before calling it one."""
    if reads_of([c for r in rules for c in conditions_of(r.spec)]) <= _PILE_ONLY:
        return Warning("lockup_situation", f"No card at all could be played on {top.symbol} "
                       "in the situation shown: the game would lock up if it arose.")
    return Warning("stuck_situation", f"No card at all could be played on {top.symbol} in "
                   "the situation shown: this player could play nothing here.")


def grid_notes(rule: Rule, table: Table, changed: int, codes: Sequence[str]) -> tuple[Warning, ...]:
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


def clear_caches() -> None:
    """Forget cached analyses (for benchmarks)."""
    for cached in (analyse, _always_refuses):
        cached.cache_clear()
