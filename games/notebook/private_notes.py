"""The private half of the notebook: one viewer's notes, hypotheses and sealed guesses.

Built for the viewer who wrote them and nobody else, from their own public record (their
own hand included, which hypotheses about hands need): each hypothesis with its check
against everything seen, the experiments the viewer's hand offers, and the guess sealed
for each jargon.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from games.deduction.experiments import Experiment, Table
from games.deduction.hypotheses import Check, check
from games.deduction.record import PublicRecord
from games.deduction.suggest import suggest
from games.display.notebook_rows import anchor
from games.engine.state import GameState
from games.models import Game, Seat
from games.notebook.services import (
    Written,
    guesses_of,
    house_rules,
    hypotheses_of,
    notes_of,
    read_rule,
)
from games.reveal.guesses import moment_at, timeline
from games.store.budgets import Refused, metered
from games.store.reads import game_entries, game_state, opening_events
from rules.context import Settings
from rules.english import describe
from rules.fields import MAX_DEPTH
from rules.spec import Rule, spec_to_json


@dataclass(frozen=True, slots=True)
class HypothesisRow:
    """One hypothesis as its writer sees it: its sentence and how it fares."""

    id: int
    label: str
    sentence: str
    check: Check
    sealed: bool


@dataclass(frozen=True, slots=True)
class GuessRow:
    """The guess sealed for a jargon, and when: at game ``version``, which was ``when`` in
    the game (``in round 1, turn 3``), at the time ``sealed``."""

    sentence: str
    version: int
    sealed: datetime
    when: str = ""


@dataclass(frozen=True, slots=True)
class JargonNotes:
    """Everything of the viewer's own about one jargon."""

    jargon: str
    anchor: str
    note: str
    hypotheses: tuple[HypothesisRow, ...]
    guess: GuessRow | None
    experiments: tuple[Experiment, ...]
    #: Whether the viewer wrote this rule (no guess to seal then).
    own: bool = False
    #: Whether advice was worked out (the viewer is to play and holds a hypothesis the
    #: table has not contradicted): no experiments then means nothing in the hand tells.
    advised: bool = False


@dataclass(frozen=True, slots=True)
class PrivateNotes:
    """The private tab of one viewer's notebook."""

    code: str
    version: int
    player: bool
    playing: bool
    ended: bool
    general_note: str
    jargons: tuple[JargonNotes, ...]
    message: str = ""
    #: Seconds until advice is worked out again when the viewer spent their CPU budget
    #: (0: it was worked out, or there was none to give).
    advice_paused: int = 0

    @property
    def hypotheses(self) -> int:
        """How many hypotheses the viewer holds."""
        return sum(len(j.hypotheses) for j in self.jargons)


def table_now(state: GameState, seat: int | None) -> tuple[Table, ...]:
    """The table as ``seat`` sees it before its next play, one per discard pile (none: not
    playing now, or a point of order under way).

    During a point of order every hand is face down on every screen (as
    :func:`games.engine.visibility.player_view` shows it), so the notebook offers no experiment
    from the viewer's hand either: naming a card to try would show the hand.
    """
    if seat is None or state.phase != "playing" or not state.piles:
        return ()
    if state.order.current is not None:
        return ()
    # The engine counts a turn when it is played: the next play is turn ``turn + 1``.
    return tuple(Table(seat=seat, hand=tuple(state.hands[seat]),
                       under=pile.effective_text()[-MAX_DEPTH:], record=tuple(state.record),
                       turn=state.turn + 1, round=state.round, players=state.table_size,
                       active_suit=pile.suit) for pile in state.piles)


def _row(written: Written, number: int, record: PublicRecord, sealed_spec: object,
         settings: Settings) -> HypothesisRow:
    return HypothesisRow(
        id=written.id, label=f"H{number}", sentence=describe(written.rule),
        check=check(written.rule, written.jargon, record, settings),
        sealed=sealed_spec is not None and spec_to_json(written.rule.spec) == sealed_spec)


def private_notes_of(game: Game, seat: Seat | None, holder: str | None, record: PublicRecord,
                     message: str = "") -> PrivateNotes:
    """The private tab for the viewer ``holder`` (at ``seat``, or a spectator), with
    ``record`` being that viewer's public record of the game."""
    state = game_state(game)
    index = seat.index if seat is not None and not seat.is_bot else None
    notes = notes_of(game, holder)
    written = hypotheses_of(game, holder)
    guesses = guesses_of(game, index, state.stint_of(index) if index is not None else 0)
    tables = table_now(state, index)
    # Where the game stood at each seal, as the reveal will say it (the log is read only
    # for a viewer who sealed something).
    moments = timeline(game_entries(game), opening_events(game)) if guesses else []
    settings = Settings(aces_high=state.settings.aces_high)
    sightings = {s.jargon: s.author for s in record.sightings}
    # A house rule is public: nothing to guess, so no hypotheses (its evidence still shows).
    house = house_rules(game)
    held: dict[str, list[tuple[str, Rule]]] = {}
    jargons = []
    for jargon in record.jargons:
        if jargon in house and sightings[jargon] is None:
            continue
        guess = guesses.get(jargon)
        mine = [w for w in written if w.jargon == jargon]
        rows = tuple(_row(w, i + 1, record, guess.spec if guess else None, settings)
                     for i, w in enumerate(mine))
        # A hypothesis the table already contradicts is nothing to test.
        held[jargon] = [(r.label, w.rule) for r, w in zip(rows, mine, strict=True)
                        if r.check.consistent]
        jargons.append(JargonNotes(
            jargon=jargon, anchor=anchor(jargon), note=notes.get(jargon, ""), hypotheses=rows,
            guess=GuessRow(describe(read_rule(guess.spec, jargon)), guess.version,
                           guess.sealed, moment_at(moments, guess.version).words)
            if guess else None,
            experiments=(), own=index is not None and sightings[jargon] == index))
    paused = 0
    if tables and any(held.values()):
        # The rivals are worked out from the whole record: on the viewer's CPU budget (the
        # builder's, shared), so reloading the notebook in a loop cannot take a core.
        found = metered(f"{game.code}:h{(holder or '')[:32]}",
                        lambda: {j: suggest(j, h, record, tables, settings)
                                 for j, h in held.items() if h}, one_at_a_time=False)
        if isinstance(found, Refused):
            paused = found.retry_after
        else:
            jargons = [replace(j, experiments=found.get(j.jargon, ()),
                               advised=j.jargon in found) for j in jargons]
    return PrivateNotes(code=game.code, version=game.version, player=index is not None,
                        playing=bool(tables), ended=state.phase == "ended",
                        general_note=notes.get("", ""), jargons=tuple(jargons), message=message,
                        advice_paused=paused)

