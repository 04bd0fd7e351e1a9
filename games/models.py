"""Database models for games: the stored game, its seats, and mirrors of its history.

:class:`Game` (its engine state as JSON and a version) and its append-only
:class:`LogEntry` rows are the record; :class:`Round` and :class:`Rule` are mirrors for
the admin and the reveal, never read back into the engine. Writes go through
:mod:`games.store.writes` and :mod:`games.lobby.services`.
"""

from __future__ import annotations

import secrets
from typing import Any, Literal, get_args

from django.core.validators import MaxValueValidator, MinLengthValidator
from django.db import models
from django.db.models.functions import Lower

from games.engine.setup import MAX_NAME
from games.engine.state import Phase

#: A stored game's phase: ``lobby`` while its seats are being taken (no engine state yet),
#: then the engine's (:data:`games.engine.state.Phase`). Typed, so that comparing
#: ``Game.phase`` with a misspelt phase fails mypy (a non-overlapping comparison).
GamePhase = Literal["lobby"] | Phase
GAME_PHASES: tuple[GamePhase, ...] = ("lobby", *get_args(Phase))
#: The phase of a game whose seats are still being taken (no engine state yet).
LOBBY: Literal["lobby"] = "lobby"
#: The phases of a game in play: someone may act in them.
IN_PLAY: tuple[GamePhase, ...] = ("writing", "dealing", "playing")
#: The phase of a finished game.
ENDED: Literal["ended"] = "ended"
CODE_LENGTH = 6
# No 0/O, 1/I/L: a code read aloud or copied by hand cannot be mistaken for another.
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
MAX_SEATS = 8
BOT_KINDS = ("experimenter", "oracle", "detective")
ROUND_ENDINGS = ("emptied", "instant", "effect", "no_supply", "last_player")


def new_code() -> str:
    """A random public game code: six characters of :data:`CODE_ALPHABET` (31**6 codes)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


class AppendOnlyError(RuntimeError):
    """Raised on an attempt to change or delete a :class:`LogEntry` (the log is append-only)."""


class Game(models.Model):
    """One game of Mini Mao.

    ``state`` is ``GameState.to_json()`` after the last accepted action (``None`` while the
    game is in its lobby) and ``version`` counts accepted changes, lobby changes included
    (0 for a new game); a client sends the version it last saw with each
    action, so a late or doubled submission is refused instead of applied twice. ``phase``
    mirrors the state's phase so that lists of games can be filtered without reading states.
    """

    code = models.CharField(
        max_length=CODE_LENGTH, unique=True, default=new_code, editable=False,
        validators=[MinLengthValidator(CODE_LENGTH)],
        help_text="Short public code, shown to players and used in URLs.")
    seed = models.BigIntegerField(help_text="Seed of every shuffle and draw of lots.")
    settings = models.JSONField(help_text="GameSettings.to_json().")
    state = models.JSONField(null=True, blank=True,
                             help_text="GameState.to_json() after the last accepted action; "
                                       "empty while the game is still in its lobby.")
    version = models.PositiveIntegerField(
        default=0, help_text="Number of accepted actions; equals the last LogEntry's seq.")
    phase: models.CharField[GamePhase, GamePhase] = models.CharField(
        max_length=16, choices=[(p, p) for p in GAME_PHASES], default="writing", db_index=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    has_bots = models.BooleanField(
        default=False, help_text="Whether a bot plays any seat (kept with the seats, so the "
                                 "bot driver skips games of people without reading them).")
    due = models.BigIntegerField(
        null=True, blank=True, db_index=True,
        help_text="When the game's earliest timer is due (ms of the server's clock; empty: "
                  "none): a turn clock, a race, a timed end (games/timers).")

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"Game {self.code}"


class Seat(models.Model):
    """A place at a game's table: seat ``index`` is the engine's seat number.

    A human seat is held by ``holder``, the SHA-256 of the random token kept in the session of
    the browser that took it (no accounts; see :mod:`games.store.identity`): the token itself
    is never stored. A bot seat has ``is_bot`` set and a ``bot_kind``. Names are unique per
    game ignoring case, as the engine requires.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField(validators=[MaxValueValidator(MAX_SEATS - 1)])
    name = models.CharField(max_length=MAX_NAME)
    holder = models.CharField(max_length=64, null=True, blank=True, db_index=True,
                              editable=False,
                              help_text="SHA-256 of the holder token in the player's session.")
    is_bot = models.BooleanField(default=False)
    bot_kind = models.CharField(max_length=16, blank=True, default="",
                                choices=[("", "human"), *((k, k) for k in BOT_KINDS)])
    is_host = models.BooleanField(default=False)
    joined = models.DateTimeField(auto_now_add=True)
    lock_checked_round = models.PositiveIntegerField(
        null=True, blank=True, editable=False,
        help_text="The round whose writing turn spent this seat's one check of a draft "
                  "against every rule in force (games/builder/lock_check.py); empty: none.")

    class Meta:
        ordering = ["game", "index"]
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="seat_unique_index"),
            models.UniqueConstraint("game", Lower("name"), name="seat_unique_name"),
            models.CheckConstraint(condition=models.Q(index__lt=MAX_SEATS),
                                   name="seat_index_range"),
            models.CheckConstraint(
                condition=(models.Q(is_bot=False, bot_kind="")
                           | (models.Q(is_bot=True) & ~models.Q(bot_kind=""))),
                name="seat_bot_kind_iff_bot"),
        ]

    def __str__(self) -> str:
        return f"{self.name} (seat {self.index} of {self.game_id})"


class Round(models.Model):
    """A round of a game, from its deal to its end.

    ``how`` is the engine's way of winning (``emptied``, ``instant``, ``effect``,
    ``no_supply``); a round that ended in a tie for fewest cards has ``how="no_supply"``
    and no winner; a round cut short by the end of the game has neither.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    rule_maker = models.PositiveSmallIntegerField(help_text="Seat index of the rule-maker.")
    winner = models.PositiveSmallIntegerField(null=True, blank=True,
                                              help_text="Seat index of the winner.")
    how = models.CharField(max_length=16, blank=True, default="",
                           choices=[("", "-"), *((h, h) for h in ROUND_ENDINGS)])
    started = models.DateTimeField()
    ended = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="round_unique_number"),
        ]

    def __str__(self) -> str:
        return f"Round {self.number} of game {self.game_id}"


class Rule(models.Model):
    """A secret rule in force in a game (a mirror of one ``RuleEntry`` of the state).

    Secret until the game ends: only the author's own views and the reveal may show it.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rules")
    engine_id = models.PositiveIntegerField(help_text="RuleEntry.id in the game state.")
    author = models.PositiveSmallIntegerField(help_text="Seat index of the rule-maker.")
    round_written = models.PositiveSmallIntegerField()
    jargon = models.CharField(max_length=40)
    spec = models.JSONField(help_text="The rule as stored in the state (jargon and rule).")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "engine_id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "engine_id"], name="rule_unique_engine_id"),
        ]

    def __str__(self) -> str:
        return f"{self.jargon} (rule {self.engine_id} of game {self.game_id})"


class LogEntryQuerySet(models.QuerySet["LogEntry"]):
    """Refuses bulk updates and deletes: the log is append-only."""

    def update(self, **kwargs: Any) -> int:
        """Refused."""
        raise AppendOnlyError("LogEntry rows are append-only: they cannot be updated.")

    def delete(self) -> tuple[int, dict[str, int]]:
        """Refused."""
        raise AppendOnlyError("LogEntry rows are append-only: they cannot be deleted.")


class LogEntry(models.Model):
    """One accepted action of a game and everything it caused, in order.

    ``seq`` is the game's version after the action; ``events`` hold secrets, so views filter
    them per viewer. **Append-only**: ``save()`` only inserts, and ``delete()`` and the
    queryset's ``update()``/``delete()`` raise :class:`AppendOnlyError`; rows go only with
    their game.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="log")
    seq = models.PositiveIntegerField()
    action = models.JSONField()
    events = models.JSONField()
    created = models.DateTimeField(auto_now_add=True)
    at = models.BigIntegerField(
        null=True, blank=True,
        help_text="The time the action was applied at (ms of the server's clock), which a "
                  "replay applies it at again; empty for entries made before the clock.")

    objects = LogEntryQuerySet.as_manager()

    class Meta:
        ordering = ["game", "seq"]
        verbose_name_plural = "log entries"
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="logentry_unique_seq"),
        ]

    def __str__(self) -> str:
        return f"Log {self.seq} of game {self.game_id}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Insert this new entry; refuse to change an existing one."""
        if not self._state.adding or kwargs.get("force_update") or kwargs.get("update_fields"):
            raise AppendOnlyError(
                f"LogEntry rows are append-only: entry {self.seq} of game {self.game_id} "
                "cannot be changed.")
        kwargs["force_insert"] = True
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        """Refused."""
        raise AppendOnlyError(
            f"LogEntry rows are append-only: entry {self.seq} of game {self.game_id} "
            "cannot be deleted.")


#: The longest note a player may keep (about a page).
MAX_NOTE = 4000
#: How many hypotheses one player may keep per game (they are checked on demand).
MAX_HYPOTHESES = 60


class Note(models.Model):
    """A player's (or a spectator's) own note on a game: general (``jargon`` empty) or
    about one jargon. Private to its writer, identified like a seat by ``holder``."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="notes")
    holder = models.CharField(max_length=64, db_index=True, editable=False)
    jargon = models.CharField(max_length=40, blank=True, default="")
    text = models.TextField(max_length=MAX_NOTE, blank=True, default="")
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "jargon"]
        constraints = [
            models.UniqueConstraint(fields=["game", "holder", "jargon"], name="note_unique"),
        ]

    def __str__(self) -> str:
        return f"Note on {self.jargon or 'the game'} in game {self.game_id}"


class Hypothesis(models.Model):
    """A rule a player thinks a jargon means, written in the rule builder; checked against
    the table on demand. Private to its writer (``holder``) until the reveal."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hypotheses")
    holder = models.CharField(max_length=64, db_index=True, editable=False)
    jargon = models.CharField(max_length=40)
    spec = models.JSONField(help_text="The rule's JSON (``kind`` and its fields).")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "jargon", "created"]
        verbose_name_plural = "hypotheses"

    def __str__(self) -> str:
        return f"Hypothesis on {self.jargon} in game {self.game_id}"


class SealedGuess(models.Model):
    """A player's sealed guess of what a jargon means: scored against the real rule at the
    reveal, and nobody learns before whether it is right. One per player and jargon (a new
    seal replaces the old); ``version`` and ``sealed`` say when it was sealed."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="guesses")
    seat = models.PositiveSmallIntegerField(help_text="Seat index of the player.")
    jargon = models.CharField(max_length=40)
    spec = models.JSONField(help_text="The rule's JSON (``kind`` and its fields).")
    version = models.PositiveIntegerField(help_text="The game's version when sealed.")
    sealed = models.DateTimeField(auto_now=True)
    stint = models.PositiveIntegerField(
        default=0, help_text="Which of the seat's successive players sealed it "
                             "(GameState.stints): only they see it before the reveal.")

    class Meta:
        ordering = ["game", "jargon", "sealed"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat", "jargon"], name="guess_unique"),
        ]

    def __str__(self) -> str:
        return f"Guess of {self.jargon} by seat {self.seat} in game {self.game_id}"


#: Why a browser lost its seat: the host removed it from the lobby, or handed it to a bot;
#: during the game (games/store/seating.py) the host opened it for someone new, or removed
#: it from the game, its player left it, or a rule of the game expelled it.
SEAT_LOSSES = ("removed", "handed_over", "opened", "taken_out", "left", "expelled")


class SeatNotice(models.Model):
    """Why the browser that held a seat (``holder``) no longer holds it, so that its screen
    can say so instead of silently turning into a spectator's. ``name`` is the seat's name;
    ``seat`` and ``stint`` (a seat lost during the game) also remember which seat the
    browser played, the one seat it may take back."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seat_notices")
    holder = models.CharField(max_length=64, db_index=True, editable=False)
    name = models.CharField(max_length=MAX_NAME)
    reason = models.CharField(max_length=16, choices=[(r, r) for r in SEAT_LOSSES])
    seat = models.PositiveSmallIntegerField(
        null=True, blank=True,
        help_text="The seat lost during the game (its engine number); empty for a seat lost "
                  "in the lobby, where nothing secret was seen. A browser that played a seat "
                  "may take back that seat only (games/store/seating.py).")
    stint = models.PositiveIntegerField(
        null=True, blank=True,
        help_text="Which of the seat's successive players the browser was "
                  "(GameState.stints): taking the seat back, it resumes that stint.")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "created"]

    @property
    def text(self) -> str:
        """What its former holder is told."""
        name = self.name
        return {
            "removed": f"The host removed you (“{name}”) from this table. You can join again "
                       "while a seat is free, or watch.",
            "opened": f"The host opened your seat (“{name}”) for someone new to take over: you "
                      "are watching now. You can take it back while it is open.",
            "taken_out": f"The host removed your seat (“{name}”) from the game, and its cards "
                         "went back into the stock: you are watching now.",
            "left": f"You left your seat (“{name}”): you are watching now. You can take it "
                    "back while it is open.",
            "expelled": f"You (“{name}”) have been expelled from the game, and your cards went "
                        "back into the stock: you are watching now.",
        }.get(self.reason, f"The host handed your seat (“{name}”) to a bot: you are watching "
                           "now.")

    def __str__(self) -> str:
        return f"{self.name} {self.reason} in game {self.game_id}"


#: The grades a published puzzle may have (games/puzzles/library.py ``Grade``).
PUZZLE_GRADES = ("easy", "medium", "hard", "very_hard")


class PublishedPuzzle(models.Model):
    """A rule its author published as a solo puzzle after the game's reveal: only the rule
    and its jargon go out, and the author's name only when they chose to show it. The game
    and the publisher's holder stay here (one puzzle per rule, a rate per publisher) and
    are never shown."""

    slug = models.SlugField(max_length=60, unique=True)
    game = models.ForeignKey(Game, on_delete=models.SET_NULL, null=True, blank=True,
                             related_name="published_puzzles")
    engine_id = models.PositiveIntegerField(help_text="RuleEntry.id of the rule in its game.")
    jargon = models.CharField(max_length=40)
    spec = models.JSONField(help_text="The rule's JSON (``kind`` and its fields).")
    grade = models.CharField(max_length=16, choices=[(g, g) for g in PUZZLE_GRADES])
    author_name = models.CharField(max_length=MAX_NAME, blank=True, default="",
                                   help_text="Shown only when the author chose to show it.")
    holder = models.CharField(max_length=64, editable=False,
                              help_text="SHA-256 of the publisher's holder token.")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created", "id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "engine_id"], name="published_once"),
        ]

    def __str__(self) -> str:
        return f"{self.jargon} ({self.slug})"


#: How a solo run stands: under way, cracked (every hidden rule named exactly), given up,
#: or over without a crack (the game locked up).
SOLO_OUTCOMES = ("playing", "cracked", "gave_up", "ended")
#: A prophecy's verdict (games.puzzles.prophet).
PROPHECY_VERDICTS = ("exact", "every_play", "contradicted")


class SoloRun(models.Model):
    """A solo game against a puzzle's hidden rules (games/solo), by the browser ``holder``
    (as a seat is held). ``day`` is set for the daily challenge (one run per browser and day);
    ``plays``, ``penalties`` and ``marks`` (the share text's row) are filled in at its end."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="solo")
    puzzle = models.CharField(max_length=80, help_text="The puzzle's slug.")
    holder = models.CharField(max_length=64, db_index=True, editable=False)
    name = models.CharField(max_length=MAX_NAME)
    day = models.DateField(null=True, blank=True, db_index=True,
                           help_text="The daily challenge's day; empty for a free puzzle.")
    outcome = models.CharField(max_length=16, default="playing",
                               choices=[(o, o) for o in SOLO_OUTCOMES])
    plays = models.PositiveIntegerField(default=0)
    penalties = models.PositiveIntegerField(default=0)
    marks = models.CharField(max_length=400, blank=True, default="")
    created = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]
        constraints = [
            models.UniqueConstraint(fields=["holder", "day"], name="solo_one_daily_run",
                                    condition=models.Q(day__isnull=False)),
        ]

    def __str__(self) -> str:
        return f"Solo {self.puzzle} by {self.name} ({self.outcome})"


class Prophecy(models.Model):
    """A solo player's statement of a hidden rule and its verdict; at most one per turn of
    play (``round`` and ``turn``, held by a constraint)."""

    run = models.ForeignKey(SoloRun, on_delete=models.CASCADE, related_name="prophecies")
    jargon = models.CharField(max_length=40)
    spec = models.JSONField(help_text="The rule guessed (``kind`` and its fields).")
    verdict = models.CharField(max_length=16, choices=[(v, v) for v in PROPHECY_VERDICTS])
    contradiction = models.TextField(blank=True, default="")
    round = models.PositiveIntegerField()
    turn = models.PositiveIntegerField()
    version = models.PositiveIntegerField(help_text="The game's version after it.")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["run", "version"]
        verbose_name_plural = "prophecies"
        constraints = [
            models.UniqueConstraint(fields=["run", "round", "turn"],
                                    name="prophecy_one_per_turn"),
        ]

    def __str__(self) -> str:
        return f"Prophecy on {self.jargon}: {self.verdict}"


class DetectiveResult(models.Model):
    """The detective's run on a puzzle and deal (games.puzzles.detective_run), computed
    once per (puzzle, seed) and kept."""

    puzzle = models.CharField(max_length=80)
    seed = models.BigIntegerField()
    plays = models.PositiveIntegerField()
    penalties = models.PositiveIntegerField()
    cracked = models.BooleanField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["puzzle", "seed"], name="detective_once_per_deal"),
        ]

    def __str__(self) -> str:
        return f"Detective on {self.puzzle} ({self.seed})"
