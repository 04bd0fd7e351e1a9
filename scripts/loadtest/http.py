"""A tiny asyncio HTTP/1.1 client with a cookie jar: one browser session of a load-test player.

Only what the load test needs against a server on the loopback: GET and form POST over one
kept-alive connection per session, as a browser keeps one (a new connection when the server
closed it: an answer that says ``Connection: close`` or has no length, or a connection found
closed when reused), cookies kept by name, Django's CSRF token
sent back in ``X-CSRFToken`` with a matching ``Origin``, and htmx's ``HX-Request`` header
when asked. No redirect is followed: the caller reads ``Location`` itself.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from urllib.parse import urlencode, urlsplit

TIMEOUT = 30.0
MAX_BODY = 4 * 1024 * 1024


class HttpError(RuntimeError):
    """A request that did not get an answer (refused, reset, timed out, malformed)."""


@dataclass(slots=True)
class Response:
    """A status, the headers (lower-case names; the last value of a repeated one) and text."""

    status: int
    headers: dict[str, str]
    text: str


def _dechunk(body: bytes) -> bytes:
    out = bytearray()
    while body:
        line, _, rest = body.partition(b"\r\n")
        size = int(line.split(b";")[0] or b"0", 16)
        if size == 0:
            break
        out += rest[:size]
        body = rest[size + 2:]
    return bytes(out)


def parse_response(raw: bytes) -> tuple[Response, list[str]]:
    """The response in ``raw`` (a whole HTTP/1.1 answer) and its ``Set-Cookie`` values."""
    head, sep, body = raw.partition(b"\r\n\r\n")
    if not sep:
        raise HttpError("the server closed the connection without a whole answer")
    lines = head.decode("latin-1").split("\r\n")
    parts = lines[0].split(" ", 2)
    if len(parts) < 2 or not parts[1].isdigit():
        raise HttpError(f"not an HTTP status line: {lines[0][:80]!r}")
    headers: dict[str, str] = {}
    cookies: list[str] = []
    for line in lines[1:]:
        name, _, value = line.partition(":")
        name, value = name.strip().lower(), value.strip()
        if name == "set-cookie":
            cookies.append(value)
        headers[name] = value
    if headers.get("transfer-encoding", "").lower() == "chunked":
        body = _dechunk(body)
    return Response(int(parts[1]), headers, body.decode("utf-8", "replace")), cookies


@dataclass
class Session:
    """One browser: a base URL (``http://127.0.0.1:8000``) and the cookies it was given."""

    base: str
    cookies: dict[str, str] = field(default_factory=dict)
    requests: int = 0
    #: Connections opened (one per session while the server keeps it alive).
    connections: int = 0

    def __post_init__(self) -> None:
        parts = urlsplit(self.base)
        if parts.scheme != "http" or not parts.hostname:
            raise ValueError(f"the load test speaks plain http to a host: {self.base!r}")
        self.host = parts.hostname
        self.port = parts.port or 80
        self.netloc = parts.netloc
        self.origin = f"http://{parts.netloc}"
        self._stream: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None
        self._lock = asyncio.Lock()

    def cookie_header(self) -> str:
        """The ``Cookie`` header this session sends (also used for its WebSocket)."""
        return "; ".join(f"{name}={value}" for name, value in self.cookies.items())

    def _keep(self, set_cookies: list[str]) -> None:
        for value in set_cookies:
            jar: SimpleCookie = SimpleCookie()
            jar.load(value)
            for name, morsel in jar.items():
                if morsel["max-age"] == "0" or not morsel.value:
                    self.cookies.pop(name, None)
                else:
                    self.cookies[name] = morsel.value

    async def get(self, path: str, *, htmx: bool = False) -> Response:
        """GET ``path``."""
        return await self.request("GET", path, htmx=htmx)

    async def post(self, path: str, data: dict[str, list[str]] | dict[str, str], *,
                   htmx: bool = False) -> Response:
        """POST ``data`` as a form, with the CSRF token of this session."""
        return await self.request("POST", path, data, htmx=htmx)

    async def request(self, method: str, path: str, data: object = None, *,
                      htmx: bool = False) -> Response:
        """Send one request and read the whole answer; :class:`HttpError` if there is none."""
        body = urlencode(data, doseq=True).encode() if data is not None else b""  # type: ignore[arg-type]
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.netloc}", "Connection: keep-alive",
                 "User-Agent: minimao-loadtest", "Accept: text/html"]
        if self.cookies:
            lines.append(f"Cookie: {self.cookie_header()}")
        if method == "POST":
            lines += ["Content-Type: application/x-www-form-urlencoded",
                      f"Content-Length: {len(body)}", f"Origin: {self.origin}",
                      f"Referer: {self.origin}{path}"]
            if "csrftoken" in self.cookies:
                lines.append(f"X-CSRFToken: {self.cookies['csrftoken']}")
        if htmx:
            lines.append("HX-Request: true")
        payload = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body
        self.requests += 1
        try:
            async with self._lock:
                raw = await asyncio.wait_for(self._exchange(payload), TIMEOUT)
        except (OSError, TimeoutError, asyncio.IncompleteReadError, ValueError) as exc:
            self.drop()
            raise HttpError(f"{method} {path}: {type(exc).__name__}: {exc}") from None
        response, set_cookies = parse_response(raw)
        self._keep(set_cookies)
        return response

    def drop(self) -> None:
        """Close the kept-alive connection (the next request opens another)."""
        if self._stream is not None:
            self._stream[1].close()
            self._stream = None

    async def _exchange(self, payload: bytes) -> bytes:
        reused = self._stream is not None
        try:
            return await self._send_and_read(payload)
        except (OSError, asyncio.IncompleteReadError):
            self.drop()
            if not reused:
                raise
        # The server had closed the idle connection: the request never reached it.
        return await self._send_and_read(payload)

    async def _send_and_read(self, payload: bytes) -> bytes:
        if self._stream is None:
            self._stream = await asyncio.open_connection(self.host, self.port)
            self.connections += 1
        reader, writer = self._stream
        writer.write(payload)
        await writer.drain()
        head = await reader.readuntil(b"\r\n\r\n")
        headers = head.decode("latin-1").lower()
        length = re.search(r"\r\ncontent-length:\s*(\d+)", headers)
        if length is not None:
            body = await reader.readexactly(min(int(length.group(1)), MAX_BODY))
        elif re.search(r"\r\ntransfer-encoding:\s*chunked", headers):
            body = await _read_chunks(reader)
        else:  # no length: the answer ends when the server closes
            body = await reader.read(MAX_BODY)
            while chunk := await reader.read(MAX_BODY):
                body += chunk
            self.drop()
            return head + body
        if re.search(r"\r\nconnection:\s*close", headers):
            self.drop()
        return head + body


async def _read_chunks(reader: asyncio.StreamReader) -> bytes:
    """A chunked body, read to its last chunk, still chunked (``parse_response`` undoes it)."""
    raw = bytearray()
    while True:
        line = await reader.readuntil(b"\r\n")
        raw += line
        size = int(line.split(b";")[0].strip() or b"0", 16)
        raw += await reader.readexactly(size + 2)  # the chunk and its CRLF (or the last CRLF)
        if size == 0:
            return bytes(raw)
