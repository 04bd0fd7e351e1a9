"""An ASGI gate that holds each client to the ``Retry-After`` the site gave it.

Once Django answers a client 429 on a method and path (``Retry-After: N``, or one second
without it), that client's requests to the same method and path for the next N seconds never
reach Django: the gate
holds each until the wait is over (at most :data:`HOLD` seconds, at most :data:`HOLDS` of a
client's at once; more are answered at once) and then lets the first through, or answers
the site's own 429 again (when the wait is longer, or to the others held beside the first).
A flood of refused requests thus costs no body read, session or cache lookup, and a client
sends Django about one request a wait.

A client is its session cookie, read as Django reads it; a request without one passes
untouched. Only a short refusal (at most :data:`BODY` bytes: the plain "too fast" answers)
is remembered, so a page is never replayed cut short. What the gate learns is per process
(in the scale-out mode each process learns from its own answers), and it remembers at most
:data:`CLIENTS` waits of a bounded size each.
"""

from __future__ import annotations

import asyncio
import hashlib
import math
import time
from collections import Counter, OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.http.cookie import parse_cookie

# ASGI's own shapes, loosely: Django's handler and the tests' stand-ins type them differently.
Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Any]]
Send = Callable[[Any], Awaitable[None]]
App = Callable[[Any, Any, Any], Awaitable[None]]

#: The longest the gate holds one request, in seconds.
HOLD = 2.0
#: A client's requests held at once; more are answered at once.
HOLDS = 16
#: Waits remembered (clients and paths), the oldest forgotten first.
CLIENTS = 10_000
#: The longest wait the gate enforces, whatever ``Retry-After`` says, in seconds.
LONGEST = 60
#: The longest refusal (its body, in bytes) the gate remembers and answers with again.
BODY = 1024
#: The headers of a refusal the gate never answers with again: its own length, and cookies.
NOT_REPLAYED = (b"content-length", b"set-cookie")


@dataclass(frozen=True, slots=True)
class Refusal:
    """A 429 the site gave: until when it holds (monotonic seconds), and what it said (its
    headers but :data:`NOT_REPLAYED`, and its body)."""

    until: float
    headers: tuple[tuple[bytes, bytes], ...]
    body: bytes


class RetryAfterGate:
    """Wraps the site's HTTP application (see the module's description)."""

    def __init__(self, app: App, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.app = app
        self.clock = clock
        self.sleep = sleep
        self.refusals: OrderedDict[tuple[str, str], Refusal] = OrderedDict()
        self.holding: Counter[str] = Counter()
        #: Clients and paths whose held request has been let through, until it is answered.
        self.trying: set[tuple[str, str]] = set()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        client = _client(scope)
        if client is None:
            await self.app(scope, receive, send)
            return
        key = (client, _digest(f"{scope.get('method', '')} {scope.get('path', '')}".encode()))
        refusal = self._refusal(key)
        if refusal is not None:
            wait = refusal.until - self.clock()
            if self.holding[client] >= HOLDS:
                await _answer(send, refusal, wait)
                return
            self.holding[client] += 1
            try:
                await self.sleep(min(wait, HOLD))
            finally:
                self.holding[client] -= 1
                if not self.holding[client]:
                    del self.holding[client]
            if wait > HOLD:
                # Held anyway, so that a client told to wait long cannot ask again at once.
                await _answer(send, refusal, refusal.until - self.clock())
                return
            if key in self.trying:
                # Another of the client's held requests went first: the site would refuse
                # this one beside it (one in flight), so the gate does.
                await _answer(send, refusal, 1.0)
                return
            self.trying.add(key)
            try:
                await self.app(scope, receive, self._watching(key, send))
            finally:
                self.trying.discard(key)
            return
        await self.app(scope, receive, self._watching(key, send))

    def _refusal(self, key: tuple[str, str]) -> Refusal | None:
        refusal = self.refusals.get(key)
        if refusal is not None and refusal.until <= self.clock():
            del self.refusals[key]
            return None
        return refusal

    def _watching(self, key: tuple[str, str], send: Send) -> Send:
        """``send``, remembering a 429 the site answers on ``key``."""
        started: Message | None = None
        body = b""

        async def watched(message: Message) -> None:
            nonlocal started, body
            if message["type"] == "http.response.start" and message.get("status") == 429:
                started = message
            elif message["type"] == "http.response.body" and started is not None:
                body += message.get("body", b"")
                if len(body) > BODY:
                    started = None  # a page, not a short refusal: not replayed
                elif not message.get("more_body"):
                    self._remember(key, started, body)
                    started = None
            await send(message)

        return watched

    def _remember(self, key: tuple[str, str], start: Message, body: bytes) -> None:
        headers = tuple((name, value) for name, value in start.get("headers", ())
                        if name.lower() not in NOT_REPLAYED)
        wait = _retry_after(headers)
        self.refusals[key] = Refusal(self.clock() + wait, headers, body)
        self.refusals.move_to_end(key)
        while len(self.refusals) > CLIENTS:
            self.refusals.popitem(last=False)


def _retry_after(headers: tuple[tuple[bytes, bytes], ...]) -> int:
    """The seconds a 429's ``Retry-After`` asks for (1 without one), at most :data:`LONGEST`."""
    for name, value in headers:
        if name.lower() == b"retry-after" and value.strip().isdigit():
            return max(1, min(LONGEST, int(value)))
    return 1


def _client(scope: Scope) -> str | None:
    """Who sends the request: a digest of its session cookie as Django reads it (``None``:
    it has none)."""
    cookies = b"; ".join(value for name, value in scope.get("headers", ()) if name == b"cookie")
    session = parse_cookie(cookies.decode("latin-1")).get(settings.SESSION_COOKIE_NAME)
    return _digest(session.encode("latin-1", "replace")) if session else None


def _digest(text: bytes) -> str:
    return hashlib.blake2b(text, digest_size=16).hexdigest()


async def _answer(send: Send, refusal: Refusal, wait: float) -> None:
    """The site's 429 again, its ``Retry-After`` counting down."""
    headers = [(name, value) for name, value in refusal.headers
               if name.lower() != b"retry-after"]
    headers.append((b"retry-after", str(max(1, math.ceil(wait))).encode()))
    headers.append((b"content-length", str(len(refusal.body)).encode()))
    await send({"type": "http.response.start", "status": 429, "headers": headers})
    await send({"type": "http.response.body", "body": refusal.body})
