"""Load-test players: a WebSocket each (and for Mini Mao an HTTP session), paced alike.

:class:`Client` holds the receive loop, the pacing (one action per ``pace`` seconds, on
one's move) and acting over ``act``; :class:`MaoPlayer` plays as a newcomer would, by
``transport`` (``"socket"``, ``"post"`` or ``"action"``), and writes rules;
:class:`BaselinePlayer` moves when the baseline says it is its turn.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections import Counter
from dataclasses import dataclass, field
from random import Random
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException

from scripts.loadtest import pages
from scripts.loadtest.forms import play_form
from scripts.loadtest.http import HttpError, Response, Session
from scripts.loadtest.rules import rule_form_data
from scripts.loadtest.stats import Accepted, Arrivals

#: Seconds to wait for the answer to an action, and for the game to move past it (an
#: overloaded server answers late; past this, the answer counts as never given).
ANSWER_TIMEOUT = 60.0
OPEN_TIMEOUT = 30.0
MAX_FRAME = 16 * 1024 * 1024
ERROR_EXAMPLES = 20
#: How a player plays and passes: ``socket`` as the browser does while its socket is open
#: (the play form's fields as the socket's ``act`` frame), ``post`` as it does without one
#: (the form posted to ``/act/``), ``action`` the engine action's JSON as the ``act`` frame
#: (what the load test sent before the browser used the socket).
TRANSPORTS = ("socket", "post", "action")
SUITS = "CDHS"
STANDARD = [f"{r}{s}" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q",
                                 "K") for s in SUITS]


@dataclass
class Tally:
    """Counters shared by every client of one run."""

    errors: Counter[str] = field(default_factory=Counter)
    examples: list[str] = field(default_factory=list)
    stale: int = 0
    penalties: int = 0
    rule_retries: int = 0
    #: Actions the players sent (a play, a pass, a rule written...), answered or not.
    attempted: int = 0
    frames: int = 0
    frame_bytes: int = 0

    def stale_seen(self, detail: str) -> None:
        """Count an action refused because the game had moved on (a race, not an error)."""
        self.stale += 1
        if self.stale <= ERROR_EXAMPLES // 4:
            self.examples.append(f"stale: {detail[:200]}")

    def error(self, kind: str, detail: str) -> None:
        """Count an error of ``kind`` and keep the first few details."""
        self.errors[kind] += 1
        if len(self.examples) < ERROR_EXAMPLES:
            self.examples.append(f"{kind}: {detail[:300]}")


@dataclass
class Table:
    """One game of the run: its code, its players and the actions it accepted."""

    code: str
    players: list[Client] = field(default_factory=list)
    actions: list[Accepted] = field(default_factory=list)
    ended: bool = False
    final_version: int | None = None

    def players_arrivals(self) -> list[Arrivals]:
        """Every seat's arrivals, for the fan-out latency."""
        return [player.arrivals for player in self.players]


@dataclass(frozen=True, slots=True)
class Move:
    """What a player will do at ``version``: ``kind`` is play, pass, rule or act."""

    kind: str
    version: int
    payload: dict[str, Any] = field(default_factory=dict)


def ws_url(base: str, path: str) -> str:
    """``http://host:port`` and ``/ws/...`` as a ``ws://`` URL."""
    return "ws://" + base.split("://", 1)[1].rstrip("/") + path


class Client:
    """A player's socket, its arrivals and its pacing; subclasses decide and act."""

    def __init__(self, table: Table, seat: int, base: str, pace: float, tally: Tally,
                 seed: int) -> None:
        self.table = table
        self.seat = seat
        self.base = base
        self.pace = pace
        self.tally = tally
        self.rng = Random(seed)
        self.arrivals = Arrivals()
        self.latest = ""
        self.changed = asyncio.Event()
        #: The ``#feedback`` frames answering this player's actions, whole.
        self.answers: asyncio.Queue[str] = asyncio.Queue()
        self.ws: ClientConnection | None = None
        self.reader: asyncio.Task[None] | None = None
        self.closing = False
        self.next_allowed = 0.0
        self.acted_at = -1
        self.done = False

    # The socket.

    async def open_socket(self, path: str, headers: dict[str, str] | None = None) -> None:
        """Connect to ``path`` on this player's server and start reading frames."""
        self.ws = await connect(ws_url(self.base, path), origin=self.base,  # type: ignore[arg-type]
                                additional_headers=headers or {}, compression=None,
                                proxy=None, ping_interval=None, open_timeout=OPEN_TIMEOUT,
                                close_timeout=2, max_size=MAX_FRAME, max_queue=None,
                                user_agent_header="minimao-loadtest")
        self.closing = False
        self.reader = asyncio.create_task(self._read(self.ws))

    async def _read(self, ws: ClientConnection) -> None:
        loop = asyncio.get_running_loop()
        try:
            async for message in ws:
                at = loop.time()
                frame = message if isinstance(message, str) else message.decode()
                self.tally.frames += 1
                self.tally.frame_bytes += len(frame)
                self.take(frame, at)
        except ConnectionClosed as exc:
            if not self.closing:
                self.tally.error("socket_closed", f"{self.table.code} seat {self.seat}: {exc}")
        except (OSError, WebSocketException) as exc:
            if not self.closing:
                self.tally.error("socket_closed", f"{self.table.code} seat {self.seat}: {exc!r}")
        finally:
            self.changed.set()

    def take(self, frame: str, at: float) -> None:
        """Handle one frame that arrived at ``at``."""
        if pages.is_feedback(frame):
            self.answers.put_nowait(frame)
            return
        version = pages.version_of(frame)
        if version is None:
            self.latest = frame
            self.changed.set()
            return
        if version >= self.arrivals.last:
            self.arrivals.see(version, at)
            self.latest = frame
            self.observe(frame)
            self.changed.set()

    def observe(self, frame: str) -> None:
        """Take in a table frame that is newer than anything seen (for deciding moves)."""

    async def close(self) -> None:
        """Close the socket on purpose (not an error)."""
        self.closing = True
        if self.ws is not None:
            await self.ws.close()
        if self.reader is not None:
            await asyncio.gather(self.reader, return_exceptions=True)
        self.ws = self.reader = None

    @property
    def connected(self) -> bool:
        """Whether the socket is open."""
        return self.reader is not None and not self.reader.done()

    # Pacing.

    def decide(self) -> Move | None:
        """The move the latest frame calls for, if any; sets ``done`` when the game is over."""
        raise NotImplementedError

    async def perform(self, move: Move) -> None:
        """Carry out ``move`` and record the outcome."""
        raise NotImplementedError

    async def play(self, stop: asyncio.Event) -> None:
        """Act whenever it is this player's move, at most once per ``pace`` seconds."""
        loop = asyncio.get_running_loop()
        while not stop.is_set() and not self.done and self.connected:
            self.changed.clear()
            move = self.decide()
            if self.done:
                break
            if move is None or move.version <= self.acted_at:
                await first_of(self.changed.wait(), stop.wait())
                continue
            delay = self.next_allowed - loop.time()
            if delay > 0:
                await first_of(stop.wait(), timeout=delay)
                if stop.is_set():
                    break
                if self.arrivals.last != move.version:
                    continue  # the game moved on while this player waited: look again
            self.next_allowed = loop.time() + self.pace
            # Whatever the outcome, this player does not act twice on one screen: its next
            # move waits for a newer version (its own push may lag behind the HTTP answer).
            self.acted_at = move.version
            self.tally.attempted += 1
            await self.perform(move)

    # Acting over the socket.

    async def act_over_socket(self, move: Move, frame: dict[str, Any]) -> str | None:
        """Send an ``act`` frame; the answer's text if accepted, ``None`` if not."""
        assert self.ws is not None
        loop = asyncio.get_running_loop()
        while not self.answers.empty():
            self.answers.get_nowait()
        sent = loop.time()
        try:
            await self.ws.send(json.dumps(frame))
            answer = await asyncio.wait_for(self.answers.get(), ANSWER_TIMEOUT)
        except TimeoutError:
            self.tally.error("timeout", f"{self.table.code} seat {self.seat}: no answer to "
                             f"{move.kind} at version {move.version}")
            return None
        except ConnectionClosed:
            return None  # counted by the reader
        text = pages.feedback_text(answer)
        accepted = pages.feedback_accepted(answer)
        # The answer says whether the action was accepted (a secret rule's refusal is, with
        # its penalty). Where it does not (the baseline): no message means accepted.
        if accepted is False or (accepted is None and text and not self.is_penalty(text)):
            self.refused(move, text)
            return None
        self.table.actions.append(Accepted(move.version + 1, sent, move.kind))
        return text

    def is_penalty(self, text: str) -> bool:
        """Whether an answer tells of a penalty (an accepted action), not a refusal."""
        return False

    def refused(self, move: Move, text: str) -> None:
        """Count an action the server did not accept."""
        if pages.STALE in text or "changed while you were writing" in text:
            self.tally.stale_seen(f"{self.table.code} seat {self.seat} {move.kind} at "
                                  f"version {move.version}: {text}")
        else:
            self.tally.error("refused", f"{self.table.code} seat {self.seat} {move.kind} at "
                             f"version {move.version}: {text or '(no message)'}")


async def first_of(*waits: Any, timeout: float | None = None) -> None:
    """Wait for the first of ``waits`` (coroutines) to finish, or ``timeout``; cancel the rest."""
    tasks = [asyncio.ensure_future(w) for w in waits]
    try:
        await asyncio.wait(tasks, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()


class MaoPlayer(Client):
    """A Mini Mao player: an HTTP session, a socket, a notebook, rules from the builder."""

    def __init__(self, table: Table, seat: int, base: str, pace: float, tally: Tally,
                 seed: int, name: str, transport: str = "socket") -> None:
        super().__init__(table, seat, base, pace, tally, seed)
        if transport not in TRANSPORTS:
            raise ValueError(f"transport must be one of {TRANSPORTS}, not {transport!r}")
        self.name = name
        self.transport = transport
        self.session = Session(base)
        self.seen: pages.Seen | None = None
        self.notebook: set[tuple[str, str]] = set()

    async def http(self, method: str, path: str, data: Any = None, *, htmx: bool = False,
                   expect: tuple[int, ...] = (200,)) -> Response | None:
        """A request that counts an error for an unexpected status or a failure."""
        try:
            response = await self.session.request(method, path, data, htmx=htmx)
        except HttpError as exc:
            self.tally.error("http", str(exc))
            return None
        if response.status not in expect:
            self.tally.error("http", f"{method} {path}: status {response.status}: "
                             f"{_plain(response.text)[:200]}")
            return None
        return response

    async def close(self) -> None:
        """Close the socket and the session's kept-alive HTTP connection."""
        await super().close()
        self.session.drop()

    def is_penalty(self, text: str) -> bool:
        # The engine's refusal event, as its player reads it: "<name> tries 7♥ on Q♠. …".
        return text.startswith(f"{self.name} tries ")

    def observe(self, frame: str) -> None:
        # Pushes carry only what changed: the hand and the top card stay as last seen.
        self.seen = pages.Seen.read(frame, self.seen)

    def decide(self) -> Move | None:
        seen = self.seen
        if seen is None:
            return None
        if seen.ended:
            self.done = self.table.ended = True
            return None
        if seen.writing:
            return Move("rule", seen.version)
        if not seen.my_turn:
            return None
        options = [c for c in seen.hand if (seen.top, c) not in self.notebook]
        if not options or self.rng.random() < 0.05:
            return Move("pass", seen.version)
        card = self.rng.choice(options)
        say = "Mao" if len(seen.hand) == 2 and self.rng.random() < 0.5 else ""
        named = self.rng.choice(STANDARD) if card == "JK" else None
        return Move("play", seen.version, {"cards": [card], "named": [named], "say": say,
                                           "suit": self.rng.choice(SUITS), "pile": 0,
                                           "top": seen.top})

    async def perform(self, move: Move) -> None:
        if move.kind == "rule":
            await self.write_rule(move)
            return
        if self.transport == "post":
            text = await self.act_over_post(move)
        elif self.transport == "socket":
            text = await self.act_over_socket(move, self.socket_frame(move))
        else:
            action = {"type": move.kind}
            if move.kind == "play":
                action |= {k: v for k, v in move.payload.items() if k != "top"}
            text = await self.act_over_socket(move, {"type": "act", "version": move.version,
                                                     "action": action})
        if text and move.kind == "play":
            # Accepted with a message: a secret rule refused the card (a penalty).
            self.tally.penalties += 1
            self.notebook.add((move.payload["top"], move.payload["cards"][0]))

    def socket_frame(self, move: Move) -> dict[str, Any]:
        """The ``act`` frame ``table.js`` sends for ``move``: the play form's fields."""
        return {"type": "act", "form": self.browser_form(move)}

    def browser_form(self, move: Move) -> dict[str, list[str]]:
        """The fields the table's play form posts for ``move`` on this player's screen."""
        seen = self.seen
        return play_form(move.kind, move.version, move.payload,
                         joker_in_hand=seen is not None and "JK" in seen.hand,
                         piles=seen.piles if seen is not None else 1)

    async def act_over_post(self, move: Move) -> str | None:
        """Post the play form to ``/act/`` as htmx does; the answer's text if accepted."""
        sent = asyncio.get_running_loop().time()
        response = await self.http("POST", f"/g/{self.table.code}/act/",
                                   self.browser_form(move), htmx=True)
        if response is None:
            return None
        text = pages.answer_text(response.text)
        if response.headers.get("x-mao-accepted") != "1":
            self.refused(move, text)
            return None
        self.table.actions.append(Accepted(move.version + 1, sent, move.kind))
        return text

    async def write_rule(self, move: Move) -> None:
        """Submit a random valid rule with the builder, as the rule-maker's browser does."""
        data = rule_form_data(self.rng) | {"version": [str(move.version)]}
        loop = asyncio.get_running_loop()
        sent = loop.time()
        response = await self.http("POST", f"/g/{self.table.code}/builder/submit/", data,
                                   htmx=True, expect=(200, 403))
        if response is None:
            return
        if response.status == 200 and "hx-retarget" not in response.headers:
            self.table.actions.append(Accepted(move.version + 1, sent, "rule"))
            return
        text = _plain(response.text)
        if response.status == 403 or "changed while you were writing" in text:
            self.tally.stale_seen(f"{self.table.code} seat {self.seat} rule at version "
                                  f"{move.version}: {text}")
            return
        # The engine refused this rule (it would lock the game at once, say): try another.
        self.tally.rule_retries += 1
        if self.tally.rule_retries <= ERROR_EXAMPLES:
            self.tally.examples.append(f"rule retried: {text[:200]}")


def _plain(text: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", text).split())


class BaselinePlayer(Client):
    """A player of the baseline broadcast server: moves when ``version % players`` is its
    seat, so the baseline game goes round the table at the same pace as Mini Mao."""

    def __init__(self, table: Table, seat: int, base: str, pace: float, tally: Tally,
                 seed: int, players: int) -> None:
        super().__init__(table, seat, base, pace, tally, seed)
        self.players = players

    def decide(self) -> Move | None:
        version = self.arrivals.last
        if version < 0 or version % self.players != self.seat:
            return None
        return Move("act", version)

    async def perform(self, move: Move) -> None:
        await self.act_over_socket(move, {"type": "act", "version": move.version})
