"""The notebook's store: notes, hypotheses and sealed guesses, and the records they read.

Notes and hypotheses are their writer's alone before the reveal; a sealed guess belongs to
a seat. Every write is checked (a refusal is a ``ServiceError`` and changes nothing) and
bounded: :data:`MAX_NOTES`, ``MAX_NOTE``, ``MAX_HYPOTHESES`` per writer and
``MAO_NOTEBOOK_GAME_BYTES`` per game (``notebook/full``), half of it for seatless browsers.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Func, IntegerField, QuerySet, Sum

from games.deduction.record import PublicRecord, public_record
from games.engine.state import GameState
from games.models import MAX_HYPOTHESES, MAX_NOTE, Game, Hypothesis, Note, SealedGuess, Seat
from games.presets.display import house_of
from games.store.errors import ServiceError
from games.store.reads import game_log, game_settings, game_state
from rules.context import Settings
from rules.errors import RuleError
from rules.spec import FORMAT_VERSION, Rule, load_rule, spec_to_json

#: How many notes one writer may keep per game (one on the game, one per jargon seen).
MAX_NOTES = 60


class _Bytes(Func):
    """The bytes a text or JSON column holds (UTF-8; JSON as its text)."""

    output_field = IntegerField()

    def as_sqlite(self, compiler: Any, connection: Any, **extra: Any) -> Any:
        return self.as_sql(compiler, connection,
                           template="LENGTH(CAST(%(expressions)s AS BLOB))", **extra)

    def as_postgresql(self, compiler: Any, connection: Any, **extra: Any) -> Any:
        return self.as_sql(compiler, connection,
                           template="OCTET_LENGTH((%(expressions)s)::text)", **extra)


def _bytes(rows: QuerySet[Any], column: str) -> int:
    return int(rows.aggregate(total=Sum(_Bytes(column)))["total"] or 0)


def _make_room(game: Game, holder: str, adding: int, note: str | None = None,
               hypothesis: int | None = None) -> None:
    """Refuse (``notebook/full``) unless ``adding`` more bytes, written by ``holder`` in
    place of their ``note`` on a jargon or their ``hypothesis`` (by id), if any, fit in
    the game's notebooks. Called inside the write's transaction: the game's notebook writes wait
    for each other there (PostgreSQL: a lock of their own, not the game row's, which the
    table's actions take; SQLite: its one writer)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [_LOCK_SPACE, game.pk])
    players = list(game.seats.filter(is_bot=False).exclude(holder="")
                   .values_list("holder", flat=True))
    cap = settings.MAO_NOTEBOOK_GAME_BYTES
    notes = Note.objects.filter(game=game)
    if note is not None:
        notes = notes.exclude(holder=holder, jargon=note)
    hypotheses = Hypothesis.objects.filter(game=game)
    if hypothesis is not None:
        hypotheses = hypotheses.exclude(pk=hypothesis)
    if holder not in players:
        # Whoever holds no seat shares the half of the room the players' part leaves.
        cap //= 2
        notes, hypotheses = notes.exclude(holder__in=players), \
            hypotheses.exclude(holder__in=players)
    if _bytes(notes, "text") + _bytes(hypotheses, "spec") + adding > cap:
        raise ServiceError("notebook/full", "This game's notebooks are full: nothing more can "
                                            "be kept. Delete a note or a hypothesis first.")


#: The first key of the notebook's advisory lock on PostgreSQL (the second is the game's id).
_LOCK_SPACE = 0x4D414F  # "MAO"


def _spec_bytes(spec: Any) -> int:
    return len(json.dumps(spec).encode())


@dataclass(frozen=True, slots=True)
class Written:
    """A hypothesis as its writer sees it in the notebook."""

    id: int
    jargon: str
    rule: Rule


#: Records kept, by game, version and seat: a notebook asks for the same record several
#: times a version (its page, its grids, each check of a hypothesis), and each is read
#: from the game's whole log.
RECORDS_KEPT = 64
_records: OrderedDict[tuple[int, str, int, int | None], PublicRecord] = OrderedDict()
_records_lock = threading.Lock()


def record_for(game: Game, seat: int | None) -> PublicRecord:
    """The game's public record at ``game``'s version as ``seat`` (``None``: a spectator) saw
    it, read from the log (the viewer's own hand included: hypotheses about hands need it)."""
    key = (game.pk, game.code, game.version, seat)
    with _records_lock:
        record = _records.get(key)
        if record is not None:
            _records.move_to_end(key)
            return record
    state = game_state(game)
    stint = state.stint_of(seat) if seat is not None else 0
    record = public_record(game_log(game, until=game.version), seat, state.names, stint)
    with _records_lock:
        _records[key] = record
        while len(_records) > RECORDS_KEPT:
            _records.popitem(last=False)
    return record


def forget_records() -> None:
    """Drop every record kept (for tests that rewrite a game's rows behind its version)."""
    with _records_lock:
        _records.clear()


def rule_settings(game: Game) -> Settings:
    """The game's settings that change a rule's meaning (aces high or low)."""
    return Settings(aces_high=game_settings(game).aces_high)


def house_rules(game: Game) -> dict[str, str]:
    """The game's house rules by jargon, in English: public, known rather than guessed."""
    return house_of(game_settings(game).preset)


def _seen(record: PublicRecord, jargon: str, house: Collection[str] = ()) -> str:
    """The jargon as the table saw it, or ``notebook/unknown_jargon``; a house rule (public)
    is ``notebook/house_rule``: there is nothing to guess about it."""
    cleaned = " ".join(str(jargon).split())
    if any(known.casefold() == cleaned.casefold() for known in house):
        raise ServiceError("notebook/house_rule",
                           f"{cleaned} is a house rule: everyone knows it already.")
    for seen in record.jargons:
        if seen.casefold() == cleaned.casefold():
            return seen
    raise ServiceError("notebook/unknown_jargon",
                       f"No rule called {cleaned!r} has shown itself at this table yet.")


def _text(value: str, limit: int, what: str) -> str:
    if "\x00" in value:
        raise ServiceError("notebook/bad_text", f"{what} cannot hold that character.")
    if len(value) > limit:
        raise ServiceError("notebook/too_long", f"{what} is too long (at most {limit} "
                                                "characters).")
    return value


def read_rule(spec: Any, jargon: str, author: int | None = None) -> Rule:
    """A hypothesis or guess as a rule; ``notebook/bad_rule`` naming the field if invalid."""
    try:
        return load_rule({"version": FORMAT_VERSION, "jargon": jargon, "rule": spec,
                          **({"author": author} if author is not None else {})})
    except RuleError as exc:
        raise ServiceError("notebook/bad_rule", str(exc)) from None


def save_note(game: Game, holder: str, jargon: str, text: str,
              record: PublicRecord | None = None) -> Note | None:
    """Keep ``holder``'s note on ``jargon`` (empty: on the game); an empty text deletes it
    (``None``). Refused past :data:`MAX_NOTES` notes (``notebook/too_many_notes``) or when
    the game's notebooks are full (``notebook/full``)."""
    text = _text(text, MAX_NOTE, "A note")
    jargon = _seen(record or record_for(game, None), jargon) if jargon.strip() else ""
    mine = Note.objects.filter(game=game, holder=holder)
    if not text.strip():
        mine.filter(jargon=jargon).delete()
        return None
    with transaction.atomic():
        if (not mine.filter(jargon=jargon).exists()
                and mine.count() >= MAX_NOTES):
            raise ServiceError("notebook/too_many_notes", f"You can keep {MAX_NOTES} notes "
                                                          "in one game: empty one first.")
        _make_room(game, holder, len(text.encode()), note=jargon)
        note, _ = Note.objects.update_or_create(game=game, holder=holder, jargon=jargon,
                                                defaults={"text": text})
    return note


def notes_of(game: Game, holder: str | None) -> dict[str, str]:
    """``holder``'s notes by jargon ("" for the game as a whole)."""
    if not holder:
        return {}
    return dict(Note.objects.filter(game=game, holder=holder).values_list("jargon", "text"))


def add_hypothesis(game: Game, holder: str, jargon: str, spec: Any,
                   record: PublicRecord | None = None) -> Written:
    """Keep a new hypothesis of ``holder`` for a jargon the table has seen."""
    jargon = _seen(record or record_for(game, None), jargon, house_rules(game))
    rule = read_rule(spec, jargon)
    spec = spec_to_json(rule.spec)
    with transaction.atomic():
        if Hypothesis.objects.filter(game=game, holder=holder).count() >= MAX_HYPOTHESES:
            raise ServiceError("notebook/too_many", f"You can keep {MAX_HYPOTHESES} "
                                                    "hypotheses: delete one first.")
        _make_room(game, holder, _spec_bytes(spec))
        row = Hypothesis.objects.create(game=game, holder=holder, jargon=jargon, spec=spec)
    return Written(row.pk, jargon, rule)


def change_hypothesis(game: Game, holder: str, hypothesis_id: int, spec: Any) -> Written:
    """Put a new rule in place of one of ``holder``'s hypotheses (its jargon stays)."""
    row = Hypothesis.objects.filter(game=game, holder=holder, pk=hypothesis_id).first()
    if row is None:
        raise ServiceError("notebook/no_hypothesis", "That hypothesis is not in your notebook.")
    rule = read_rule(spec, row.jargon)
    row.spec = spec_to_json(rule.spec)
    with transaction.atomic():
        _make_room(game, holder, _spec_bytes(row.spec), hypothesis=row.pk)
        row.save(update_fields=["spec"])
    return Written(row.pk, row.jargon, rule)


def delete_hypothesis(game: Game, holder: str, hypothesis_id: int) -> None:
    """Forget one of ``holder``'s hypotheses (someone else's is not found)."""
    deleted, _ = Hypothesis.objects.filter(game=game, holder=holder, pk=hypothesis_id).delete()
    if not deleted:
        raise ServiceError("notebook/no_hypothesis", "That hypothesis is not in your notebook.")


def hypotheses_of(game: Game, holder: str | None) -> list[Written]:
    """``holder``'s hypotheses, by jargon then oldest first."""
    if not holder:
        return []
    return [Written(row.pk, row.jargon, read_rule(row.spec, row.jargon))
            for row in Hypothesis.objects.filter(game=game, holder=holder)]


def seal_guess(game: Game, seat: Seat | None, jargon: str, spec: Any,
               record: PublicRecord | None = None) -> SealedGuess:
    """Seal ``seat``'s guess for a jargon (a new seal replaces an older one).

    Only players seal, only while the game is on, never on their own rule:
    ``notebook/not_player``, ``notebook/game_over``, ``notebook/own_rule``.
    """
    if seat is None or seat.is_bot:
        raise ServiceError("notebook/not_player", "Only the players at the table seal guesses.")
    state: GameState = game_state(game)
    if state.phase == "ended":
        raise ServiceError("notebook/game_over", "The game is over: every rule is revealed.")
    record = record or record_for(game, None)
    jargon = _seen(record, jargon, house_rules(game))
    if own_rule(state, seat.index, jargon):
        raise ServiceError("notebook/own_rule", f"{jargon} is your own rule: you know what "
                                                "it means.")
    rule = read_rule(spec, jargon)
    guess, _ = SealedGuess.objects.update_or_create(
        game=game, seat=seat.index, jargon=jargon,
        defaults={"spec": spec_to_json(rule.spec), "version": game.version,
                  "stint": state.stint_of(seat.index)})
    return guess


def own_rule(state: GameState, seat: int | None, jargon: str) -> bool:
    """Whether whoever plays ``seat`` now (this stint) wrote the rule ``jargon``."""
    return any(entry.jargon == jargon and state.wrote(seat, entry) for entry in state.rules)


def guesses_of(game: Game, seat: int | None, stint: int = 0) -> dict[str, SealedGuess]:
    """``seat``'s sealed guesses by jargon, those its player in ``stint`` sealed: an earlier
    player's guesses are theirs (someone taking the seat over does not read them; a seal
    of their own replaces one for the same jargon, the seat's guess at the reveal)."""
    if seat is None:
        return {}
    return {g.jargon: g
            for g in SealedGuess.objects.filter(game=game, seat=seat, stint=stint)}
