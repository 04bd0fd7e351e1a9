"""Publishing one rule of an ended game as a solo puzzle, and the puzzles published.

:func:`publish` refuses with a :class:`~games.store.errors.ServiceError` (nothing saved)
unless the game has ended, the viewer (by their holder) wrote the rule in their own stint
of its seat, and the rule passes :func:`~games.publishing.checks.refusal`. Publishing the
same rule again gives the puzzle already published, unchanged.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from typing import Final, cast

from django.db import IntegrityError, transaction
from django.utils.text import slugify

from games.engine.state import RuleEntry
from games.models import ENDED, PublishedPuzzle
from games.publishing.checks import refusal
from games.puzzles.detective_run import run_detective
from games.puzzles.grading import PUBLISH_SEEDS, grade, summary
from games.puzzles.library import Grade, Puzzle
from games.store.errors import ServiceError
from games.store.identity import seat_of
from games.store.reads import GameRef, game_state, get_game
from rules.spec import FORMAT_VERSION, Rule, load_rule, spec_to_json

NOT_AUTHOR: Final = "Only the player who wrote a rule may publish it."
NOT_ENDED: Final = "A rule may be published only after the game's reveal."


def published_rule(entry: RuleEntry) -> Rule:
    """The rule of ``entry`` as a puzzle holds it: its spec and jargon, no author."""
    return load_rule({"version": FORMAT_VERSION, "jargon": entry.data["jargon"],
                      "rule": entry.data["rule"]})


def own_rules(ref: GameRef, holder: str | None) -> list[RuleEntry]:
    """The rules of an ended game that ``holder`` wrote (in their own stint of their seat)."""
    game = get_game(ref)
    seat = seat_of(game, holder)
    if seat is None or game.phase != ENDED or game.state is None:
        return []
    state = game_state(game)
    return [e for e in state.rules if state.wrote(seat.index, e)]


@dataclass(frozen=True, slots=True)
class Publishable:
    """One of the viewer's own rules on the reveal: its id in the game, its jargon, and
    whether it is published already."""

    engine_id: int
    jargon: str
    published: bool


def publishable(ref: GameRef, holder: str | None) -> list[Publishable]:
    """The reveal's "Publish as a puzzle" rows: ``holder``'s own rules of an ended game."""
    game = get_game(ref)
    entries = own_rules(game, holder)
    done = set(PublishedPuzzle.objects.filter(
        game=game, engine_id__in=[e.id for e in entries]).values_list("engine_id", flat=True))
    return [Publishable(e.id, str(e.data["jargon"]), e.id in done) for e in entries]


def publish(ref: GameRef, holder: str | None, engine_id: int,
            show_name: bool = False) -> PublishedPuzzle:
    """Publish rule ``engine_id`` of an ended game for its author ``holder`` (see the
    module doc); the author's seat name goes out only with ``show_name``."""
    game = get_game(ref)
    if game.phase != ENDED:
        raise ServiceError("publish/not_ended", NOT_ENDED)
    entry = next((e for e in own_rules(game, holder) if e.id == engine_id), None)
    if entry is None:
        raise ServiceError("publish/not_author", NOT_AUTHOR)
    done = PublishedPuzzle.objects.filter(game=game, engine_id=engine_id).first()
    if done is not None:
        return done
    rule = published_rule(entry)
    refused = refusal(rule)
    if refused is not None:
        raise ServiceError(*refused)
    puzzle = Puzzle("grading", rule.jargon, (rule,), "easy", source="published")
    measured = grade(summary(run_detective(puzzle, seed) for seed in PUBLISH_SEEDS))
    seat = seat_of(game, holder)
    name = seat.name if show_name and seat is not None else ""
    try:
        with transaction.atomic():
            return PublishedPuzzle.objects.create(
                slug=slug_for(rule.jargon), game=game, engine_id=engine_id, jargon=rule.jargon,
                spec=spec_to_json(rule.spec), grade=measured, author_name=name,
                holder=holder or "")
    except IntegrityError:  # the same rule published at the same moment: that one
        return PublishedPuzzle.objects.get(game=game, engine_id=engine_id)


def slug_for(jargon: str) -> str:
    """A slug that names nothing but the jargon (no game code, no player): lower-case
    letters and digits joined by single hyphens, as a puzzle's slug must be."""
    # slugify keeps "_" and the cut may end on a hyphen: neither is a puzzle slug.
    words = re.sub(r"[^a-z0-9]+", "-", slugify(jargon))[:40].strip("-") or "rule"
    return f"{words}-{secrets.token_hex(4)}"


def as_puzzle(row: PublishedPuzzle) -> Puzzle:
    """A published puzzle as the library holds it: only the rule, its jargon and, when the
    author chose it, their name."""
    rule = load_rule({"version": FORMAT_VERSION, "jargon": row.jargon, "rule": row.spec})
    by = f"Published by {row.author_name}." if row.author_name else "Published by a player."
    return Puzzle(row.slug, row.jargon, (rule,), cast(Grade, row.grade),
                  blurb=by, source="published")


def published_puzzles() -> tuple[Puzzle, ...]:
    """Every published puzzle, oldest first, to join the built-in library; a row that is no
    longer a valid puzzle (stored before a check it fails) is left out, not fatal to all."""
    found = []
    for row in PublishedPuzzle.objects.all():
        try:
            found.append(as_puzzle(row))
        except ValueError:  # a RuleError too
            continue
    return tuple(found)
