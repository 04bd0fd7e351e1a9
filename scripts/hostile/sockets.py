"""Attack 6: the table's WebSocket, ``/ws/g/<code>/``: sockets per holder and per address,
``act`` frames across sockets against ``MAO_RATE_ACT``, a foreign origin, a huge version."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from scripts.hostile.report import Finding
from scripts.hostile.staging import Table, open_table, rank_only, version, write_rule
from scripts.hostile.target import Target
from scripts.loadtest import pages
from scripts.loadtest.clients import ws_url
from scripts.loadtest.http import Session

#: What the server says to an action over a limit (games/store/limits.py ``TOO_FAST``).
TOO_FAST = "going too fast"
#: Frames per second on each socket: under the consumer's own flood limit (30 in 10 s).
FRAME_RATE = 2.5
#: The POST path's limit for one holder's actions (the default ``MAO_RATE_ACT``).
POST_PER_MINUTE = 120
#: Sockets opened at once while counting how many are accepted.
BATCH = 10
OPEN_TIMEOUT = 10.0
#: Seconds to wait after opening sockets for the server to close those over a cap.
SETTLE = 1.0
HUGE = 10**30


@dataclass(frozen=True, slots=True)
class Sizes:
    """How many sockets to try, and the act flood's sockets and seconds."""

    sockets: int
    act_sockets: int
    act_seconds: float


FULL = Sizes(sockets=100, act_sockets=8, act_seconds=15.0)
QUICK = Sizes(sockets=30, act_sockets=4, act_seconds=5.0)


async def _open(target: Target, table: Table, cookie: str = "",
                origin: str | None = None) -> ClientConnection:
    headers = {"Cookie": cookie} if cookie else {}
    return await connect(ws_url(target.base, table.path().replace("/g/", "/ws/g/", 1)),
                         origin=origin or target.base,  # type: ignore[arg-type]
                         additional_headers=headers, compression=None, proxy=None,
                         ping_interval=None, open_timeout=OPEN_TIMEOUT, close_timeout=2,
                         max_size=16 * 1024 * 1024, max_queue=None,
                         user_agent_header="minimao-hostile")


async def _open_many(target: Target, table: Table, count: int, cookie: str = ""
                     ) -> tuple[list[ClientConnection], Counter[str]]:
    """Try ``count`` sockets, :data:`BATCH` at a time: the open ones and why others failed."""
    opened: list[ClientConnection] = []
    failures: Counter[str] = Counter()
    for start in range(0, count, BATCH):
        tries = await asyncio.gather(
            *(_open(target, table, cookie) for _ in range(min(BATCH, count - start))),
            return_exceptions=True)
        for result in tries:
            if isinstance(result, BaseException):
                failures[type(result).__name__] += 1
            else:
                opened.append(result)
    # A socket over a cap is accepted, then closed by the server with a code that says why:
    # only those still open after a moment count as accepted.
    await asyncio.sleep(SETTLE)
    for ws in [ws for ws in opened if ws.close_code is not None]:
        failures[f"closed {ws.close_code}"] += 1
        opened.remove(ws)
    return opened, failures


async def _close(sockets: list[ClientConnection]) -> None:
    await asyncio.gather(*(s.close() for s in sockets), return_exceptions=True)


async def _read_answers(ws: ClientConnection, answers: Counter[str], until: float) -> None:
    """Count the answers to actions arriving on ``ws`` before ``until``."""
    with contextlib.suppress(ConnectionClosed, TimeoutError):
        while (left := until - time.monotonic()) > 0:
            frame = await asyncio.wait_for(ws.recv(), left)
            text = frame if isinstance(frame, str) else frame.decode()
            if pages.is_feedback(text):
                answers["too fast" if TOO_FAST in text else "processed"] += 1
    if ws.close_code is not None:
        answers[f"closed {ws.close_code}"] += 1


async def _act_flood(target: Target, table: Table, cookie: str, sizes: Sizes
                     ) -> tuple[int, Counter[str]]:
    """Pass frames over Ann's sockets, each at :data:`FRAME_RATE`: frames sent, answers."""
    sockets, _ = await _open_many(target, table, sizes.act_sockets, cookie)
    answers: Counter[str] = Counter()
    at = await version(Session(target.base), table)
    frame = json.dumps({"type": "act", "version": at, "action": {"type": "pass"}})
    until = time.monotonic() + sizes.act_seconds
    readers = [asyncio.create_task(_read_answers(ws, answers, until + 3.0)) for ws in sockets]
    sent = 0
    while time.monotonic() < until:
        tick = time.monotonic()
        for ws in sockets:
            with contextlib.suppress(ConnectionClosed):
                await ws.send(frame)
                sent += 1
        await asyncio.sleep(max(0.0, 1 / FRAME_RATE - (time.monotonic() - tick)))
    await asyncio.gather(*readers)
    await _close(sockets)
    return sent, answers


async def _origin(target: Target, table: Table) -> str:
    try:
        ws = await _open(target, table, origin="http://localhost:1")
    except InvalidHandshake as exc:
        return f"refused ({exc})"
    await ws.close()
    return "accepted"


async def _huge_version(target: Target, table: Table, cookie: str) -> dict[str, Any]:
    """An ``act`` frame with version 10**30: what came back, and whether the socket and the
    server's log stayed clean."""
    logged = target.log_errors()
    ws = await _open(target, table, cookie)
    answer = "(nothing)"
    try:
        await ws.send(json.dumps({"type": "act", "version": HUGE, "action": {"type": "pass"}}))
        until = time.monotonic() + 5.0
        while (left := until - time.monotonic()) > 0:
            frame = await asyncio.wait_for(ws.recv(), left)
            text = frame if isinstance(frame, str) else frame.decode()
            if pages.is_feedback(text):
                answer = pages.feedback_text(text) or "(accepted, no message)"
                break
    except (ConnectionClosed, TimeoutError):
        pass
    still_open = ws.close_code is None
    await ws.close()
    after = target.log_errors()
    return {"answer": answer, "socket_open": still_open,
            "server_errors_logged": None if logged is None or after is None else after - logged}


async def socket_attacks(target: Target, quick: bool) -> Finding:
    """Every socket attack on one table in play (Ann and Bob, their rules written)."""
    sizes = QUICK if quick else FULL
    table = await open_table(target.base)
    ann, bob = table.people
    await write_rule(ann, table, rank_only("2", "red"), "Alpha")
    await write_rule(bob, table, rank_only("K", "black"), "Beta")
    cookie = ann.cookie_header()

    mine, refused_mine = await _open_many(target, table, sizes.sockets, cookie)
    await _close(mine)
    strangers, refused_strangers = await _open_many(target, table, sizes.sockets)
    await _close(strangers)
    sent, answers = await _act_flood(target, table, cookie, sizes)
    origin = await _origin(target, table)
    # Bob has not acted: Ann's actions for the minute are spent by the flood.
    huge = await _huge_version(target, table, bob.cookie_header())

    # The limit counts per minute: a flood shorter than a minute may reach it, never pass it.
    processed = answers["processed"]
    line = (f"{len(mine)} of {sizes.sockets} sockets accepted for one holder, "
            f"{len(strangers)} of {sizes.sockets} from one address"
            + (f" (refused: {dict(refused_mine + refused_strangers)})"
               if refused_mine or refused_strangers else "")
            + f"; act frames: {processed} of {sent} processed in {sizes.act_seconds:.0f} s "
            f"over {sizes.act_sockets} sockets (the POST path allows {POST_PER_MINUTE} a "
            f"minute), answers {dict(answers)}; origin "
            f"http://localhost:1: {origin}; version 10**30: {huge['answer']!r}, socket "
            f"{'open' if huge['socket_open'] else 'closed'}, server errors logged "
            f"{'-' if huge['server_errors_logged'] is None else huge['server_errors_logged']}")
    return Finding("sockets", line,
                   {"holder_sockets": len(mine), "address_sockets": len(strangers),
                    "tried": sizes.sockets, "act_sent": sent, "act_processed": processed,
                    "answers": dict(answers),
                    "origin_localhost_1": origin, "huge_version": huge},
                   ok=(processed <= POST_PER_MINUTE and origin != "accepted"
                       and len(mine) < sizes.sockets and len(strangers) < sizes.sockets
                       and not huge["server_errors_logged"]),
                   bound=f"<= {POST_PER_MINUTE} acts a minute, a cap on sockets, foreign "
                         "origins refused, no server error")
