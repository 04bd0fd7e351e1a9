"""The ASGI gate that holds a refused client to its Retry-After (maosite.retry_gate)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from django.conf import settings
from hypothesis import given
from hypothesis import strategies as st

from maosite import retry_gate
from maosite.retry_gate import RetryAfterGate

TOO_FAST = b"You are going too fast."


class Site:
    """A stand-in for Django: answers 429 (with ``retry_after``) while ``refusing``."""

    def __init__(self, retry_after: str | None = "3") -> None:
        self.calls: list[str] = []
        self.refusing = True
        self.retry_after = retry_after
        self.body = TOO_FAST

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        self.calls.append(scope["path"])
        await asyncio.sleep(0)  # Django answers on a thread: others run meanwhile
        if self.refusing:
            headers = [(b"content-type", b"text/plain; charset=utf-8"),
                       (b"x-frame-options", b"DENY"), (b"set-cookie", b"csrftoken=mine"),
                       (b"content-length", str(len(self.body)).encode())]
            if self.retry_after is not None:
                headers.append((b"retry-after", self.retry_after.encode()))
            await send({"type": "http.response.start", "status": 429, "headers": headers})
            await send({"type": "http.response.body", "body": self.body[:10], "more_body": True})
            await send({"type": "http.response.body", "body": self.body[10:]})
        else:
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await send({"type": "http.response.body", "body": b"ok"})


class Clock:
    """A clock the test moves; sleeping moves it too."""

    def __init__(self) -> None:
        self.now = 100.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


def scope(path: str = "/g/ABCD/builder/preview/", session: str | None = "ann",
          address: str = "10.0.0.1", method: str = "POST",
          cookie: str | None = None) -> dict[str, Any]:
    headers = [(b"host", b"testserver")]
    if cookie is None and session is not None:
        cookie = f"csrftoken=x; {settings.SESSION_COOKIE_NAME}={session}"
    if cookie is not None:
        headers.append((b"cookie", cookie.encode()))
    return {"type": "http", "path": path, "method": method, "headers": headers,
            "client": (address, 5000)}


def ask(gate: RetryAfterGate, request: dict[str, Any]) -> tuple[int, dict[bytes, bytes], bytes]:
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    asyncio.run(gate(request, receive, send))
    start = sent[0]
    body = b"".join(m.get("body", b"") for m in sent[1:])
    return start["status"], dict(start["headers"]), body


async def statuses_of(gate: RetryAfterGate, statuses: list[int]) -> None:
    """One request through ``gate``, its status appended to ``statuses``."""
    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b""}

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            statuses.append(message["status"])

    await gate(scope(), receive, send)


def gate_for(site: Site) -> tuple[RetryAfterGate, Clock]:
    clock = Clock()
    return RetryAfterGate(site, clock=clock, sleep=clock.sleep), clock


def test_a_refused_client_is_answered_without_the_site_until_its_wait_is_over() -> None:
    site = Site(retry_after="30")
    gate, clock = gate_for(site)
    assert ask(gate, scope())[0] == 429
    clock.now += 5
    status, headers, body = ask(gate, scope())
    assert (status, body) == (429, TOO_FAST)
    assert clock.slept == [retry_gate.HOLD]  # held, so that it cannot ask again at once
    assert headers[b"retry-after"] == b"23"
    assert headers[b"content-type"] == b"text/plain; charset=utf-8"
    assert headers[b"x-frame-options"] == b"DENY"  # the site's own headers, but
    assert b"set-cookie" not in headers  # never its cookies
    assert headers[b"content-length"] == str(len(TOO_FAST)).encode()
    assert site.calls == ["/g/ABCD/builder/preview/"]  # the second never reached the site
    clock.now += 23
    site.refusing = False
    assert ask(gate, scope())[0] == 200
    assert len(site.calls) == 2


def test_a_short_wait_is_held_then_let_through() -> None:
    site = Site(retry_after="1")
    gate, clock = gate_for(site)
    ask(gate, scope())
    clock.now += 0.25
    site.refusing = False
    assert ask(gate, scope())[0] == 200
    assert clock.slept == [pytest.approx(0.75)]
    assert len(site.calls) == 2


def test_a_refusal_without_retry_after_counts_as_one_second() -> None:
    site = Site(retry_after=None)
    gate, clock = gate_for(site)
    ask(gate, scope())
    site.refusing = False
    assert ask(gate, scope())[0] == 200
    assert clock.slept == [pytest.approx(1.0)]


def test_other_clients_and_other_paths_are_not_held() -> None:
    site = Site(retry_after="30")
    gate, clock = gate_for(site)
    ask(gate, scope())
    site.refusing = False
    assert ask(gate, scope(session="bob"))[0] == 200
    assert ask(gate, scope(path="/g/ABCD/builder/submit/"))[0] == 200
    assert clock.slept == []


def test_a_request_without_a_session_passes_untouched() -> None:
    site = Site(retry_after="30")
    gate, _ = gate_for(site)
    ask(gate, scope(session=None))
    site.refusing = False
    assert ask(gate, scope(session=None))[0] == 200
    assert not gate.refusals


def test_the_client_is_the_session_django_reads() -> None:
    """Django reads the last of two session cookies, and unquotes: so does the gate."""
    site = Site(retry_after="30")
    gate, _ = gate_for(site)
    name = settings.SESSION_COOKIE_NAME
    ask(gate, scope(cookie=f"{name}=real"))
    site.refusing = False
    assert ask(gate, scope(cookie=f"{name}=decoy1; {name}=real"))[0] == 429
    assert ask(gate, scope(cookie=f'{name}="real"'))[0] == 429
    assert ask(gate, scope(cookie=f"{name}=real; {name}=other"))[0] == 200


def test_a_long_refusal_is_not_replayed() -> None:
    """A page answered 429 (the lobby's form, say) is left to the site: never cut short."""
    site = Site(retry_after="30")
    site.body = b"<html>" + b"x" * retry_gate.BODY + b"</html>"
    gate, _ = gate_for(site)
    ask(gate, scope())
    assert not gate.refusals
    site.refusing = False
    assert ask(gate, scope())[0] == 200


def test_another_method_on_the_path_is_not_held() -> None:
    site = Site(retry_after="30")
    gate, _ = gate_for(site)
    ask(gate, scope(method="POST"))
    site.refusing = False
    assert ask(gate, scope(method="GET"))[0] == 200


def test_a_wait_is_never_longer_than_the_longest() -> None:
    site = Site(retry_after="99999")
    gate, clock = gate_for(site)
    ask(gate, scope())
    clock.now += retry_gate.LONGEST
    site.refusing = False
    assert ask(gate, scope())[0] == 200


def test_a_client_holds_a_bounded_number_of_requests() -> None:
    site = Site(retry_after="1")
    held = asyncio.Event()

    async def never(seconds: float) -> None:
        await held.wait()

    gate = RetryAfterGate(site, sleep=never)
    statuses: list[int] = []

    async def flood() -> None:
        async def one() -> None:
            await statuses_of(gate, statuses)

        await one()  # the site's refusal
        site.refusing = False
        waiting = [asyncio.create_task(one()) for _ in range(retry_gate.HOLDS + 5)]
        await asyncio.sleep(0)
        assert gate.holding[next(iter(gate.holding))] == retry_gate.HOLDS
        assert statuses == [429] * 6  # the site's, then five answered at once
        held.set()
        await asyncio.gather(*waiting)

    asyncio.run(flood())
    # Of the held, the first is let through; the rest are refused beside it.
    assert statuses.count(200) == 1
    assert statuses.count(429) == 1 + 5 + retry_gate.HOLDS - 1
    assert not gate.holding


@given(st.lists(st.integers(0, 40), min_size=1, max_size=60))
def test_the_gate_remembers_at_most_its_bound(clients: list[int]) -> None:
    """However many clients and paths, at most CLIENTS waits of a bounded size each."""
    site = Site(retry_after="30")
    gate, _ = gate_for(site)
    bound = 7
    original = retry_gate.CLIENTS
    retry_gate.CLIENTS = bound
    try:
        for who in clients:
            ask(gate, scope(session=f"s{who}", path="/g/" + "x" * 10_000 + "/"))
            assert len(gate.refusals) <= bound
            assert all(len(path) == 32 for _, path in gate.refusals)
        # The last client refused is always still held.
        site.refusing = False
        assert ask(gate, scope(session=f"s{clients[-1]}", path="/g/" + "x" * 10_000 + "/")
                   )[0] == 429
    finally:
        retry_gate.CLIENTS = original


def test_websockets_pass_through() -> None:
    seen: list[str] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        seen.append(scope["type"])

    asyncio.run(RetryAfterGate(app)({"type": "websocket", "path": "/ws/"}, None, None))  # type: ignore[arg-type]
    assert seen == ["websocket"]


def test_the_site_is_served_through_the_gate() -> None:
    from maosite.asgi import application, http_app

    assert isinstance(http_app, RetryAfterGate)
    request = application({"type": "http", "path": "/"}, None, None)
    try:
        assert request.cr_code.co_qualname == "RetryAfterGate.__call__"  # type: ignore[attr-defined]
    finally:
        request.close()  # type: ignore[attr-defined]


def test_of_the_requests_held_together_only_the_first_reaches_the_site() -> None:
    site = Site(retry_after="1")
    release = asyncio.Event()

    async def until_released(seconds: float) -> None:
        await release.wait()

    gate = RetryAfterGate(site, sleep=until_released)
    statuses: list[int] = []

    async def run() -> None:
        async def one() -> None:
            await statuses_of(gate, statuses)

        await one()
        site.refusing = False
        held = [asyncio.create_task(one()) for _ in range(3)]
        await asyncio.sleep(0)
        release.set()
        await asyncio.gather(*held)

    asyncio.run(run())
    assert len(site.calls) == 2  # the first refusal, then one of the three held
    assert sorted(statuses) == [200, 429, 429, 429]
    assert not gate.trying
