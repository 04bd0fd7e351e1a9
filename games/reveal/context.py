"""Everything the reveal page shows, assembled from the stored game (no HTTP here).

:func:`reveal_context` refuses with ``ServiceError("reveal/not_ended")`` before it reads
the state; after the end everything comes through the engine's
:func:`~games.engine.visibility.spectator_view`. Only the viewer's own notes and hypotheses are
added, and only theirs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from django.utils.safestring import mark_safe

from games.deduction.record import jargon_labels, public_record
from games.display.hand_chart import describe_chart, hand_chart
from games.engine.events import (
    ClaimWon,
    Dealt,
    Event,
    Expelled,
    Fired,
    Hand,
    Refused,
    RuleWritten,
    SeatRemoved,
    Tie,
)
from games.engine.state import GameState, RoundWin
from games.engine.visibility import PlayerView, RuleSummary, spectator_view
from games.models import Game, Hypothesis, Note, SealedGuess
from games.reveal.guesses import (
    Moment,
    OwnHypothesis,
    OwnNotes,
    ScoredGuess,
    Scorer,
    Sealed,
    and_list,
    cracked_by,
    detective,
    guess_rule,
    score_guesses,
    timeline,
)
from games.reveal.players import player_rows
from games.store.errors import ServiceError
from games.store.reads import GameRef, game_entries, game_state, get_game, opening_events
from games.store.rows import seat_row
from rules.cards import card_of
from rules.context import Settings
from rules.english import describe
from rules.spec import Rule

END_HEADLINES = {
    "no_card": "Locked up: no card can be played",
    "no_way_out": "Locked up: nobody can ever go out",
    "stalled": "Locked up: play stalled for good",
    "host": "Ended by the host",
    "match": "The match is won",
    "last_player": "One player left: the others left the game",
    "time": "Time is up: the fewest cards win",
}
HOW_WORDS = {
    "emptied": "emptied their hand",
    "instant": "revealed a winning hand",
    "effect": "was declared the winner by a rule",
    "no_supply": "held the fewest cards when the round stopped (the stock ran dry, or no "
                 "play could go on)",
    "last_player": "was the last player left in the game",
}
KIND_WORDS = {
    "restriction": "Restriction",
    "trigger": "Trigger",
    "permission": "Permission",
    "call": "Call",
    "instant_win": "Instant win",
}
#: A log of at most this many lines opens fully; a longer one shows its rounds folded.
LOG_OPEN_LIMIT = 80


@dataclass(frozen=True, slots=True)
class LogLine:
    """One public line of the reveal's log."""

    kind: str
    text: str


@dataclass(slots=True)
class LogAction:
    """The public lines of one accepted action (numbered like the chart's x axis)."""

    number: int
    lines: list[LogLine] = field(default_factory=list)


@dataclass(slots=True)
class LogRound:
    """The part of the log that belongs to one round."""

    number: int
    actions: list[LogAction] = field(default_factory=list)
    outcome: str = ""

    @property
    def size(self) -> int:
        """Number of lines."""
        return sum(len(a.lines) for a in self.actions)

    @property
    def span(self) -> str:
        """The actions this round covers, as text ("actions 3-40")."""
        first, last = self.actions[0].number, self.actions[-1].number
        return f"action {first}" if first == last else f"actions {first}–{last}"


@dataclass(frozen=True, slots=True)
class RevealedRule:
    """A rule on the reveal: its summary, its kind in words ("Restriction"), the first time
    it spoke (a trigger's first firing, a restriction's first breaking...), the guesses
    sealed for it, and the viewer's own notes on it (``None``: they kept none)."""

    summary: RuleSummary
    kind_label: str
    first: str = ""
    guesses: tuple[ScoredGuess, ...] = ()
    mine: OwnNotes | None = None

    @property
    def shows_broken(self) -> bool:
        """Whether the rule can be broken (a restriction, a call)."""
        return self.summary.kind in ("restriction", "call")

    @property
    def fired_label(self) -> str:
        """What its ``fired`` count means ("Fired", "Said right"...); ``""``: nothing."""
        return FIRED_WORDS.get(self.summary.kind, "")

    @property
    def first_label(self) -> str:
        """The label of :attr:`first`: "First broken", "First fired"..."""
        return FIRST_WORDS.get(self.summary.kind, ("", ""))[0]

    @property
    def never(self) -> str:
        """What to say when it never spoke: "Never broken.", "Never fired."..."""
        return FIRST_WORDS.get(self.summary.kind, ("", ""))[1]

    @property
    def cracked_by(self) -> tuple[str, ...]:
        """Who guessed it exactly, earliest seal first."""
        return cracked_by(self.guesses)

    @property
    def cracked_words(self) -> str:
        """Who guessed it exactly, in words."""
        return and_list(self.cracked_by)

    @property
    def cracked_when(self) -> str:
        """When it was first cracked, in words: ``in round 1, turn 7`` (the earliest exact
        seal); ``""`` when nobody cracked it."""
        exact = sorted((g for g in self.guesses if g.exact), key=lambda g: g.order)
        return exact[0].when if exact else ""


#: What a rule's ``fired`` count is, by kind (a restriction never fires, a permission's
#: uses are not counted).
FIRED_WORDS = {"trigger": "Fired", "call": "Said right", "instant_win": "Won"}
#: The label of a rule's first moment, and the words when there was none, by kind.
FIRST_WORDS = {
    "restriction": ("First broken", "Never broken."),
    "call": ("First broken", "Never broken."),
    "trigger": ("First fired", "Never fired."),
    "instant_win": ("First won", "Never won a round."),
}


@dataclass(frozen=True, slots=True)
class Highlight:
    """The rule of the game: the one broken (or fired) most, and how it compares."""

    rule: RevealedRule
    what: Literal["broken", "fired"]
    count: int
    compared: str


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How one round ended: ``won`` (by ``name`` at ``seat``), ``tie`` or ``unfinished``."""

    round: int
    outcome: Literal["won", "tie", "unfinished"]
    how_words: str
    short: str
    seat: int | None = None
    name: str = ""
    how: str = ""
    names: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class HandCell:
    """One seat's cards in a row of the hand-size table; ``top``: the most anyone held."""

    cards: int
    top: bool = False


@dataclass(frozen=True, slots=True)
class HandRow:
    """A row of the hand-size table: a label, the action it shows (if one), cards per seat,
    and for the "Most held" row, which seats held the most anyone did and a note naming
    them all."""

    label: str
    action: int | None
    cards: tuple[int, ...]
    tops: tuple[bool, ...] = ()
    note: str = ""

    @property
    def cells(self) -> tuple[HandCell, ...]:
        """The cards per seat, each marked if it is the most anyone held."""
        return tuple(HandCell(n, i < len(self.tops) and self.tops[i])
                     for i, n in enumerate(self.cards))


@dataclass(frozen=True, slots=True)
class GameRows:
    """The stored rows the reveal reads besides the game: seats' bot labels, the sealed
    guesses, and the viewer's own notes and hypotheses."""

    bot_labels: tuple[str, ...]
    sealed: tuple[Sealed, ...]
    notes: Mapping[str, str]
    hypotheses: tuple[tuple[str, Any], ...]


def reveal_context(ref: GameRef, holder: str | None = None) -> dict[str, Any]:
    """The reveal of an ended game, as template context; ``holder`` (the viewer's, from
    their session) adds their own notes and hypotheses, which nobody else sees.

    Raises ``ServiceError`` ``game/not_found`` for an unknown game and
    ``reveal/not_ended`` for a game still in its lobby or being played.
    """
    game = get_game(ref)
    if game.phase != "ended" or game.state is None:
        raise ServiceError("reveal/not_ended",
                           "This game is still being played: the rules are revealed when it ends.")
    state = game_state(game)
    if state.phase != "ended":
        raise ServiceError("reveal/not_ended",
                           "This game is still being played: the rules are revealed when it ends.")
    entries = game_entries(game)
    actions = [entry.events for entry in entries]
    # A game dealt at its start logged that deal apart (no seat's action: not in
    # ``entries``, which line up with the state's history).
    opening = opening_events(game)
    moments = timeline(entries, opening)
    view = spectator_view(state)
    names = view.names
    marks = round_marks(actions)
    dealt_first = any(isinstance(e, Dealt) for e in opening)
    results = round_results(names, view.winners, [opening, *actions])
    log = log_rounds(actions, opening)
    outcomes = {r.round: r.short for r in results}
    for group in log:
        group.outcome = outcomes.get(group.number, "")
    stored = game_rows(game, holder)
    events = [event for events in actions for event in events]
    # Everyone's guesses are judged on the same evidence: the game as a spectator saw it.
    record = public_record(events, None, names)
    # Two rules may share a jargon: guesses and notes name a rule by the record's label.
    labels = jargon_labels(record, [(entry.id, entry.jargon) for entry in state.rules])
    scorer = Scorer(real_rules(state, labels), record,
                    Settings(aces_high=state.settings.aces_high))
    guesses = score_guesses(stored.sealed, scorer, names, moments,
                            {labels[entry.id]: entry.stint for entry in state.rules})
    every = rules_of(view.rules, firsts(actions, moments, names), guesses,
                     own_notes(stored, scorer), labels)
    # A preset's house rules were public all along: listed apart from the secrets.
    rules = [r for r in every if not r.summary.house]
    house = [r for r in every if r.summary.house]
    rule_marks = rule_marks_of(state, actions)
    refusals = refusal_marks(actions)
    gone = seats_gone(actions)
    return {
        "code": game.code,
        "names": names,
        "players": len(names),
        "action_count": len(actions),
        "rounds_played": len(marks) + int(dealt_first),
        "ended_at": game.ended_at,
        "end": view.end,
        "end_when": end_when(moments),
        "end_headline": END_HEADLINES.get(view.end.reason if view.end else "",
                                          "The game is over"),
        "rules": rules,
        "house_rules": house,
        "match": match_of(view),
        "highlight": highlight(rules),
        "detective": detective(guesses),
        "player_rows": player_rows(names, stored.bot_labels, events, guesses, labels),
        "guess_count": len(guesses),
        "general_note": stored.notes.get("", ""),
        "results": results,
        # Safe: hand_chart escapes every name and jargon it writes.
        "chart": mark_safe(hand_chart(names, state.history, marks, rule_marks=rule_marks,
                                      refusal_marks=refusals, gone=gone)),
        "chart_summary": describe_chart(names, state.history, len(marks), rule_marks,
                                        refusals, gone),
        "rule_marks": [(action, jargon) for action, jargon in rule_marks],
        "hand_table": hand_table(state.history, marks, names),
        "log": log,
        "log_size": sum(r.size for r in log),
        "log_open": sum(r.size for r in log) <= LOG_OPEN_LIMIT,
    }


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A match as the reveal tells it: each player's round wins out of ``target`` and
    who took it (``winner`` "": nobody reached the target before the game ended)."""

    target: int
    wins: tuple[tuple[str, int], ...]
    winner: str


def match_of(view: PlayerView) -> MatchResult | None:
    """The match of a game played as one (``match_wins`` set), else ``None``."""
    if view.match_wins is None:
        return None
    wins = view.wins or tuple(0 for _ in view.names)
    taken = [name for name, won in zip(view.names, wins, strict=True) if won >= view.match_wins]
    return MatchResult(view.match_wins, tuple(zip(view.names, wins, strict=True)),
                       taken[0] if taken else "")


def game_rows(game: Game, holder: str | None) -> GameRows:
    """The seats' bot labels, every sealed guess, and ``holder``'s own notes and
    hypotheses (none without a holder)."""
    labels = tuple(seat_row(seat, None).bot_label for seat in game.seats.order_by("index"))
    sealed = tuple(Sealed(g.seat, g.jargon, g.spec, g.version, g.sealed, g.stint)
                   for g in SealedGuess.objects.filter(game=game))
    if not holder:
        return GameRows(labels, sealed, {}, ())
    notes = dict(Note.objects.filter(game=game, holder=holder).values_list("jargon", "text"))
    hypotheses = tuple(Hypothesis.objects.filter(game=game, holder=holder)
                       .order_by("created", "pk").values_list("jargon", "spec"))
    return GameRows(labels, sealed, notes, hypotheses)


def real_rules(state: GameState, labels: Mapping[int, str] | None = None) -> dict[str, Rule]:
    """Every rule of the game by its label (``labels`` by rule id; none given, its jargon),
    named so, with its author (some rules speak of their author's seat, and a guess is read
    as if written by the same author)."""
    labels = labels or {}
    found = {}
    for entry in state.rules:
        label = labels.get(entry.id, entry.jargon)
        found[label] = replace(entry.rule, jargon=label, author=entry.author)
    return found


def own_notes(stored: GameRows, scorer: Scorer) -> dict[str, OwnNotes]:
    """The viewer's note and hypotheses per jargon, each hypothesis scored like a guess."""
    hypotheses: dict[str, list[OwnHypothesis]] = {}
    for jargon, spec in stored.hypotheses:
        rule = guess_rule(spec, jargon)
        if rule is not None and jargon in scorer.real:
            hypotheses.setdefault(jargon, []).append(
                OwnHypothesis(describe(rule), scorer(jargon, rule)))
    return {jargon: OwnNotes(stored.notes.get(jargon, ""), tuple(hypotheses.get(jargon, ())))
            for jargon in scorer.real
            if stored.notes.get(jargon, "").strip() or jargon in hypotheses}


def end_when(moments: Sequence[Moment]) -> str:
    """When the game ended, in words that agree with the rounds counted in the header (the
    rounds dealt): "in round 3", or "after round 2" when it ended while the next rule was
    being written (the engine has then already moved on to a round never dealt)."""
    last = moments[-1] if moments else None
    if last is None or last.stage == "before":
        return "before the first round was dealt"
    if last.stage == "between":
        return f"after round {last.round}, while the next rule was being written"
    return f"in round {last.round}"


def rules_of(summaries: Sequence[RuleSummary], first: Mapping[int, str] | None = None,
             guesses: Sequence[ScoredGuess] = (),
             mine: Mapping[str, OwnNotes] | None = None,
             labels: Mapping[int, str] | None = None) -> list[RevealedRule]:
    """The revealed rules in the order they were written (by round, then id), each with the
    first time it spoke (``first`` by rule id; a breaking comes with the rule's summary),
    its guesses and the viewer's notes on it (both kept under the rule's label: ``labels``
    by rule id, none given, its jargon)."""
    first = first or {}
    mine = mine or {}
    labels = labels or {}
    found = []
    for r in sorted(summaries, key=lambda r: (r.round, r.id)):
        label = labels.get(r.id, r.jargon)
        found.append(RevealedRule(r, KIND_WORDS.get(r.kind, r.kind),
                                  (r.first_broken or "") if r.kind in ("restriction", "call")
                                  else first.get(r.id, ""),
                                  tuple(g for g in guesses if g.jargon == label),
                                  mine.get(label)))
    return found


def firsts(actions: Sequence[Sequence[Event]], moments: Sequence[Moment],
           names: Sequence[str]) -> dict[int, str]:
    """The first firing of each trigger and the first win of each instant-win rule, in
    words like a first breaking ("Round 2, turn 4: Cy played 5♥"), by rule id."""
    found: dict[int, str] = {}
    for number, events in enumerate(actions):
        # The events of an action happen during its turn: the one after the last moment.
        before = moments[number - 1] if number else None
        round_ = before.round if before else 1
        turn = (before.turn if before else 0) + 1
        for event in events:
            name = names[event.seat] if event.seat is not None and event.seat < len(names) \
                else "Someone"
            if isinstance(event, Fired) and event.rule not in found:
                card = f" {card_of(event.card).symbol}" if event.card else " a card"
                found[event.rule] = f"Round {round_}, turn {turn}: {name} played{card}"
            elif isinstance(event, ClaimWon) and event.rule not in found:
                found[event.rule] = (f"Round {round_}, turn {turn}: {name} revealed "
                                     f"{' '.join(card_of(c).symbol for c in event.hand)}")
    return found


def seats_gone(actions: Sequence[Sequence[Event]]) -> list[tuple[int, int]]:
    """``(seat, action)`` for every seat that left the game: the action (from 1) whose
    events hold its removal or expulsion (its hand is no hand from then on)."""
    return [(event.seat, number) for number, events in enumerate(actions, start=1)
            for event in events
            if isinstance(event, SeatRemoved | Expelled) and event.seat is not None]


def rule_marks_of(state: GameState, actions: Sequence[Sequence[Event]]) -> list[tuple[int, str]]:
    """``(action, jargon)`` for every rule: the action whose events hold its writing.

    The rule's id is a secret of its ``RuleWritten`` (its author's alone while the game
    went on); the reveal reads events whole. A writing without an id is matched to the
    author's rule of that round.
    """
    by_id = {entry.id: entry for entry in state.rules}
    marks: list[tuple[int, str]] = []
    done: set[int] = set()
    for number, events in enumerate(actions, start=1):
        for event in events:
            if not isinstance(event, RuleWritten):
                continue
            entry = by_id.get(event.rule) if event.rule is not None else next(
                (e for e in state.rules if e.author == event.seat and e.round == event.round
                 and e.id not in done), None)
            if entry is not None and entry.id not in done:
                done.add(entry.id)
                marks.append((number, entry.jargon))
    return marks


def refusal_marks(actions: Sequence[Sequence[Event]]) -> list[int]:
    """The actions (1-based) in which a play was refused."""
    return [number for number, events in enumerate(actions, start=1)
            if any(isinstance(event, Refused) for event in events)]


def highlight(rules: Sequence[RevealedRule]) -> Highlight | None:
    """The rule of the game: the most broken (the earliest on a tie), else the most fired.

    ``None`` when no rule was ever broken or fired.
    """
    for what in ("broken", "fired"):
        def count(rule: RevealedRule, what: str = what) -> int:
            return rule.summary.broken if what == "broken" else rule.summary.fired

        best = max(rules, key=count, default=None)
        if best is None or count(best) == 0:
            continue
        equals = [r.summary.jargon for r in rules if r is not best and count(r) == count(best)]
        if equals:
            compared = f"as often as {and_list(equals)}"
        elif len(rules) > 1:
            compared = "more than any other rule"
        else:
            compared = ""
        return Highlight(best, "broken" if what == "broken" else "fired", count(best), compared)
    return None


def round_marks(actions: Sequence[Sequence[Event]]) -> list[tuple[int, int]]:
    """``(action, round)`` for every deal: the action (1-based) whose events dealt the round."""
    return [(number, event.round)
            for number, events in enumerate(actions, start=1)
            for event in events if isinstance(event, Dealt)]


def log_rounds(actions: Sequence[Sequence[Event]],
               opening: Sequence[Event] = ()) -> list[LogRound]:
    """Every event's public text in order, grouped by round (``opening``: the events of a
    game dealt at its start, shown as action 0, before the first action).

    An event belongs to the round it speaks of: a deal or a new rule opens the round it
    is for, so "X wins round 1" closes round 1 and the winner's new rule opens round 2,
    even when both come from one action. The private forms (a player's own cards) are
    never shown: the reveal is public; nor is "X picks up their hand", said of every
    seat at every deal (the deal's own line says it).
    """
    rounds: list[LogRound] = []
    current = 1
    numbered = [(0, opening)] if opening else []
    for number, events in [*numbered, *enumerate(actions, start=1)]:
        for event in events:
            if isinstance(event, Hand):
                continue
            if isinstance(event, Dealt | RuleWritten):
                current = event.round
            if not rounds or rounds[-1].number != current:
                rounds.append(LogRound(current))
            group = rounds[-1]
            if not group.actions or group.actions[-1].number != number:
                group.actions.append(LogAction(number))
            group.actions[-1].lines.append(LogLine(event.kind, event.text_for(None)))
    return rounds


def round_results(names: Sequence[str], winners: Sequence[RoundWin],
                  actions: Sequence[Sequence[Event]]) -> list[RoundResult]:
    """How each round that was dealt ended: a winner and how, a tie, or cut short."""
    dealt = [r for _, r in round_marks(actions)]
    won = {w.round: w for w in winners}
    ties: dict[int, tuple[int, ...]] = {}
    current = 1
    for events in actions:
        for event in events:
            if isinstance(event, Dealt):
                current = event.round
            elif isinstance(event, Tie):
                ties[current] = event.tied
    results = []
    for number in sorted(set(dealt) | set(won)):
        if number in won:
            win = won[number]
            results.append(RoundResult(number, "won", HOW_WORDS.get(win.how, win.how),
                                       f"won by {names[win.seat]}", seat=win.seat,
                                       name=names[win.seat], how=win.how))
        elif number in ties:
            results.append(RoundResult(number, "tie", "tied for fewest cards: nobody won",
                                       "a tie", names=tuple(names[s] for s in ties[number])))
        else:
            results.append(RoundResult(number, "unfinished",
                                       "unfinished: the game ended during this round",
                                       "unfinished"))
    return results


def hand_table(history: Sequence[Sequence[int]], marks: Sequence[tuple[int, int]],
               names: Sequence[str] = ()) -> list[HandRow]:
    """The chart as a small table: every seat's cards at the end of each round, and the most
    each one held, marking (and naming, ties and all) who held the most of anyone."""
    if not history:
        return []
    count = len(history)
    starts = sorted((a, r) for a, r in marks if 1 <= a <= count)
    rows = []
    for i, (action, number) in enumerate(starts):
        last = starts[i + 1][0] - 1 if i + 1 < len(starts) else count
        if last < action:
            continue
        label = f"End of round {number}" if i + 1 < len(starts) else "When the game ended"
        rows.append(HandRow(label, last, tuple(history[last - 1])))
    if not rows:
        rows.append(HandRow("When the game ended", count, tuple(history[-1])))
    seats = len(history[-1])
    most = tuple(max(row[s] for row in history) for s in range(seats))
    peak = max(most, default=0)
    tops = tuple(n == peak for n in most)
    leaders = [names[s] if s < len(names) else f"seat {s + 1}" for s in range(seats) if tops[s]]
    rows.append(HandRow("Most held", None, most, tops,
                        f"the most: {and_list(leaders)}, {peak}" if leaders else ""))
    return rows
