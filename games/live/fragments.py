"""The HTML fragments a WebSocket pushes to one viewer after a change.

Each fragment is a named partial of the page template with a stable id, rendered from a
snapshot (:mod:`games.live.snapshots`); the hot ones from the Jinja2 templates those partials
include (:mod:`games.table.fragments`), which are faster to draw. A :class:`Screen`
remembers what one socket shows, so a push carries only what changed: the status always, the
log only its new lines, the stage only when it changes (typing is never wiped out).
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from django.template.loader import render_to_string

from games.display.notebook_rows import evidence_context
from games.engine.visibility import LogLine, PlayerView, log_line, log_reader, public_view
from games.live.records import table_record
from games.live.snapshots import TableSnapshot
from games.lobby.context import lobby_context
from games.models import LOBBY, Seat
from games.presets.display import house_of
from games.table.context import (
    MOMENTS,
    TablePublic,
    TableSeat,
    log_lines,
    table_context,
    table_public,
)
from games.table.fragments import JINJA_FRAGMENTS, render_fragment, render_seat_row

#: The fragments of a full table frame, in the order they are sent.
TABLE = ("status", "moment", "race", "seats", "piles", "hand", "order", "talk",
         "talk-hint", "reply-owed", "host-tools", "seat-changes", "house", "rules", "log")
#: Fragments inside the stage, sent on their own while the stage stays.
INSIDE_STAGE = ("turn-buttons", "joker-row", "pile-row", "call-hint")
#: Events after which a screen's log is drawn whole: a point of order hides the viewer's
#: own lines while it lasts.
ORDER_TURNS = ("order_called", "order_ended")
#: Where a row of the seat list (the ``seat-row`` partial) begins and ends.
SEAT_ROW = re.compile(r'<li class="seat[ "]')
SEAT_ROW_END = "</li>"
#: The notebook's evidence, pushed to the screens that have their notebook open.
NOTEBOOK_EVIDENCE = "games/notebook/evidence.html#evidence"


@dataclass(slots=True)
class Screen:
    """What one socket's screen shows: its stage, the version of its log, what each
    fragment was rendered from. A new ``Screen()`` is a blank screen (send everything)."""

    stage: str | None = None
    log_version: int | None = None
    #: A digest of what each fragment was rendered from (:func:`shows`), by name: only
    #: equality is asked of it, and a digest is smaller than the string.
    shown: dict[str, bytes] = field(default_factory=dict)
    #: The version of the notebook's evidence the screen holds (``None``: none yet).
    notebook_version: int | None = None

    @classmethod
    def blank(cls, lobby: bool = False) -> Screen:
        """A screen that shows nothing yet (``lobby``: a lobby page, which stays one)."""
        return cls(stage=LOBBY if lobby else None)

    @property
    def is_lobby(self) -> bool:
        """Whether this screen is a lobby page."""
        return (self.stage or "").startswith(LOBBY)


def render_update(snapshot: TableSnapshot, seat: Seat | None, link: str,
                  screen: Screen | None = None, notebook: bool = False,
                  notice: str = "") -> tuple[str, Screen]:
    """The HTML to push to one viewer whose screen shows ``screen``, and what it shows next.

    A screen that shows the lobby keeps getting the lobby fragment; once the game
    has started, that fragment carries a link the page follows to the table.
    ``None`` (or a blank screen) gets every fragment and the whole log. ``notebook``: the
    viewer has the notebook open, so its evidence comes too whenever it is newer than
    the screen's. ``notice``: why this viewer lost the seat it held (or "").
    """
    screen = screen or Screen()
    if snapshot.game.phase == LOBBY or screen.is_lobby:
        return _lobby_update(snapshot, seat, link, screen, notice)
    new_events = (None if screen.log_version is None
                  else snapshot.events_after(screen.log_version))
    if new_events is not None and any(e.kind in ORDER_TURNS for e in new_events):
        # A point of order began or ended: the viewer's own lines of the log hide or show
        # again (games.engine.visibility.log_reader), so the whole log is drawn afresh.
        new_events = None
    # Without the whole log to render, the view needs only the events from the latest
    # moment on (the banner); building every viewer's view of 80 actions was wasted work.
    events = snapshot.events if new_events is None else snapshot.events_from_last(MOMENTS)
    public, public_inputs = _public(snapshot)
    context = table_context(snapshot.game, seat, events, snapshot.seats, notice,
                            state=snapshot.state(), stage_shown=screen.stage,
                            public=public) | {"oob": True}
    inputs = _inputs(context, public_inputs)
    digests = {name: shows(value) for name, value in inputs.items()}
    stage = str(context["stage_key"])
    names = [name for name in TABLE if name == "status" or name == "log"
             or screen.shown.get(name) != digests[name]]
    if stage != screen.stage:
        names.append("stage")  # holds the INSIDE_STAGE fragments
    elif _has_play_form(context):  # the INSIDE_STAGE fragments live in the play form
        names += [name for name in INSIDE_STAGE if screen.shown.get(name) != digests[name]]
    if new_events is not None:
        # The screen has the log up to ``log_version``: send only the lines after it (the
        # whole log was most of every frame); table.js keeps the list to LOG_SHOWN lines.
        names.remove("log")
        view: PlayerView = context["view"]
        reader = log_reader(view.viewer, view.order)
        context["log_new"] = log_lines([log_line(e, reader, view.stint) for e in new_events])
        if context["log_new"]:
            names.append("log-new")
    if "log-new" in names:
        inputs["log-new"] = json.dumps([(line.kind, line.text) for line in context["log_new"]])
    html = "".join(_render(snapshot, name, inputs.get(name), context) for name in names)
    evidence = screen.notebook_version
    if notebook and evidence != snapshot.version:
        html += notebook_evidence(snapshot)
        evidence = snapshot.version
    return html, Screen(stage=stage, log_version=snapshot.version, shown=digests,
                        notebook_version=evidence)


def shows(inputs: str) -> bytes:
    """A 128-bit digest of what a fragment is rendered from (equal digests: same fragment)."""
    return hashlib.blake2b(inputs.encode(), digest_size=16).digest()


def notebook_evidence(snapshot: TableSnapshot) -> str:
    """The notebook's evidence at the snapshot's version, rendered once for every viewer.

    It is the spectator's record (what the whole table watched), so every screen gets the
    same HTML; only screens with their notebook open are sent it.
    """
    key = ("notebook", "")
    html = snapshot.rendered.get(key)
    if html is None:
        house = house_of(str(snapshot.game.settings.get("preset", "")))
        context = evidence_context(table_record(snapshot), snapshot.game.code,
                                   house=house) | {"oob": True}
        html = snapshot.rendered[key] = render_to_string(NOTEBOOK_EVIDENCE, context)
    return html


def _render(snapshot: TableSnapshot, name: str, shows: str | None,
            context: dict[str, Any]) -> str:
    """Render fragment ``name``, or reuse the rendering of a viewer for whom it ``shows``
    the same thing at this version (``None``: never shared, such as the stage)."""
    if shows is None:
        return _fragment(name, context)
    key = (name, shows)
    html = snapshot.rendered.get(key)
    if html is None:
        html = snapshot.rendered[key] = (_seats(snapshot, context) if name == "seats"
                                         else _fragment(name, context))
    return html


def _fragment(name: str, context: dict[str, Any]) -> str:
    """Fragment ``name`` of the table drawn from ``context``: by Jinja2 where it is one of
    its templates, else the page's Django partial."""
    if name in JINJA_FRAGMENTS:
        return render_fragment(name, context)
    return render_to_string(f"games/table.html#{name}", context)


def _seats(snapshot: TableSnapshot, context: dict[str, Any]) -> str:
    """The seat list as this viewer sees it: the list rendered once per push with nobody's row
    marked, and the viewer's own row put in place (rendered whole should the rows not match).
    """
    seats: list[TableSeat] = context["seats"]
    mine = next((i for i, s in enumerate(seats) if s.me), None)
    public, public_inputs = _public(snapshot)
    key = ("seats-shared", public_inputs["seats"])
    shared = snapshot.rendered.get(key)
    if shared is None:
        shared = snapshot.rendered[key] = render_fragment(
            "seats", {"seats": public.seats, "oob": context["oob"]})
    if mine is None:
        return shared
    starts = [found.start() for found in SEAT_ROW.finditer(shared)]
    if len(starts) != len(seats):
        return render_fragment("seats", context)
    start = starts[mine]
    end = shared.index(SEAT_ROW_END, start) + len(SEAT_ROW_END)
    return shared[:start] + _own_row(seats[mine]) + shared[end:]


@lru_cache(maxsize=2048)
def _own_row(seat: TableSeat) -> str:
    """A viewer's own row of the seat list, kept across pushes: equal rows draw equal HTML."""
    return render_seat_row(seat)


def _lobby_update(snapshot: TableSnapshot, seat: Seat | None, link: str,
                  screen: Screen, notice: str) -> tuple[str, Screen]:
    game = snapshot.game
    context = lobby_context(game, seat, link, seats=snapshot.seats,
                            notice=notice) | {"oob": True}
    seats = len(snapshot.seats)
    # The join form and host buttons are re-sent only when they change, so a name
    # being typed survives someone else joining.
    full, host = seats >= int(str(context["size"])), bool(context["is_host"])
    # What each viewer's controls depend on: the host's on "full" (bot button) and
    # "two seated" (start button), a visitor's on "full" (join form), a player's on nothing.
    shown = (full, seats >= 2) if host else ((full,) if seat is None else ())
    controls = f"{LOBBY}:{seat.pk if seat else '-'}:{shown}:{game.phase}:{notice}"
    html = render_to_string("games/lobby.html#lobby-seats", context)
    if controls != screen.stage:
        html += render_to_string("games/lobby.html#lobby-controls", context)
    return html, Screen(stage=controls)


def _has_play_form(context: dict[str, Any]) -> bool:
    """Whether the stage holds the play form (the conditions of the stage partial)."""
    return not (context["ended"] or context["am_writer"] or context["writing"]
                or context["dealing"] or context["me"] is None)


def _public(snapshot: TableSnapshot) -> tuple[TablePublic, dict[str, str]]:
    """What every viewer's table shows alike at the snapshot's version, and what each
    fragment's public part shows (:func:`_public_inputs`): made once per rendering round."""
    kept: tuple[TablePublic, dict[str, str]] | None = snapshot.public.get("table")
    if kept is None:
        game = snapshot.game
        public = table_public(game.code, game.version, public_view(snapshot.state()),
                              snapshot.seats)
        kept = snapshot.public["table"] = (public, _public_inputs(public))
    return kept


def _public_inputs(public: TablePublic) -> dict[str, str]:
    """The public part of what fragments show (see :func:`_inputs`), from ``public`` alone,
    which every viewer's context holds as it is."""
    view, context = public.view, public.context
    piles = [(p.last(), p.count, p.suit) for p in view.piles]
    values: dict[str, Any] = {
        "status": (context["code"], context["version"], view.phase, view.round, view.turn,
                   view.direction, view.stock, context["current_name"], bool(view.winners),
                   context["writing"], context["writer_names"], view.end, context["dealing"],
                   context["dealer_name"], context["pending"], repr(view.clock),
                   context["paused_by"]),
        # Nobody's row marked: a viewer's list is this one with their own row marked.
        "seats": [repr(s) for s in public.seats],
        "piles": (piles, view.stock),
        "house": ([(r.jargon, r.text) for r in view.house_rules],
                  [(r.jargon, r.author_name, r.retired, r.text) for r in view.disclosed],
                  view.match_wins, view.settings.chair),
        "rules": [repr(r) for r in view.known_rules],
        "pile-row": piles if len(piles) > 1 else len(piles),
    }
    return {name: _json(value) for name, value in values.items()}


#: ``json.dumps(value, sort_keys=True, default=str)``, without making an encoder per call
#: (a push encodes about twenty values per viewer).
_json = json.JSONEncoder(sort_keys=True, default=str).encode


def _inputs(context: dict[str, Any], public: dict[str, str]) -> dict[str, str]:
    """What each fragment shows, as a string: equal strings render equal HTML.

    Each entry must hold *everything* its template reads from the context: two viewers
    with equal strings are sent the same HTML (a missing input would show one viewer
    another's screen; tests/web/test_fragments.py renders each viewer alone to compare).
    ``public``: :func:`_public_inputs` of the public part every viewer's context holds; an
    entry with a public part is that part and, after a line break (which JSON never holds),
    the viewer's own part.
    """
    view: PlayerView = context["view"]
    moment: LogLine | None = context["moment"]
    mine = next((i for i, s in enumerate(context["seats"]) if s.me), None)
    own: dict[str, Any] = {
        "status": (context["my_turn"], context["am_writer"], context["am_dealer"],
                   context["paused_turn"]),
        # Which row is the viewer's own (marked ``me``).
        "seats": mine,
        "house": [repr(m) for m in context["match"]],
        "rules": [repr(r) for r in view.my_rules],
    }
    values: dict[str, Any] = {
        "moment": ((moment.kind, moment.text, context["own_refusal"]) if moment is not None
                   else None),
        "hand": (view.hand, context["my_turn"], context["me"] is None, view.phase,
                 context["notice"], sorted(context["playable"]), context["off_turn"],
                 len(context["hand_down"]), context["hand_waits"]),
        # The point of order's panel (its forms post to the game's code).
        "order": (context["code"], repr(context["order_panel"])),
        # The say-box depends on whether it shows (the game's code is in its form's URL).
        "talk": (context["code"], context["may_say"]),
        "reply-owed": context["owes_reply"],
        # The rules that judge words said now, shown while the say-box is.
        "talk-hint": (context["may_say"], [repr(h) for h in context["talk_hints"]]),
        "call-hint": [repr(h) for h in context["call_hints"]],
        "host-tools": (context["is_host"], context["ended"],
                       [(s.index, s.name) for s in context["handable"]], context["nameable"],
                       context["sanctionable"]),
        # (No card count: a name being typed to take a seat over survives the play.)
        "seat-changes": (context["code"], [(s.index, s.name) for s in context["open_seats"]],
                         [(s.index, s.name) for s in context["openable"]],
                         [(s.index, s.name) for s in context["removable"]],
                         context["may_leave"], context["ask_to_leave"]),
        # The card drawn by passing changes the Pass button ("keep the card drawn").
        "turn-buttons": (context["my_turn"], context["pending"], str(context["drawn"])),
        "joker-row": context["has_joker"],
        # The race panel (its own partial): what each race shows this viewer.
        "race": (context["code"], [repr(r) for r in context["races"]],
                 view.clock.frozen_at),
    }
    inputs = {name: f"{public[name]}\n{_json(value)}" for name, value in own.items()}
    inputs.update((name, _json(value)) for name, value in values.items())
    inputs["piles"], inputs["pile-row"] = public["piles"], public["pile-row"]
    return inputs
