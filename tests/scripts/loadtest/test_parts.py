"""The load test's pure parts: percentiles, fan-out latency, HTTP answers, the baseline's
frames and the rules players write."""

from __future__ import annotations

import math
from random import Random

from games.authoring.forms import check, form_from_data
from scripts.loadtest import baseline, pages
from scripts.loadtest.http import parse_response
from scripts.loadtest.rules import rule_form_data
from scripts.loadtest.stats import Accepted, Arrivals, fan_out, percentile, summary
from tests.loops import run_apart


def test_percentile_interpolates_between_ranks() -> None:
    assert percentile([3.0, 1.0, 2.0, 4.0], 50) == 2.5
    assert percentile([5.0], 99) == 5.0
    assert math.isnan(percentile([], 50))


def test_summary_is_in_milliseconds() -> None:
    figures = summary([0.001 * n for n in range(1, 101)])
    assert figures["count"] == 100
    assert figures["median"] == 50.5
    assert figures["max"] == 100.0
    assert summary([]) == {"count": 0}


def test_arrivals_keep_the_first_time_of_each_newer_version() -> None:
    seat = Arrivals()
    assert seat.see(3, 1.0) and seat.see(5, 2.0)
    assert not seat.see(5, 3.0) and not seat.see(4, 4.0)
    assert seat.first_at_least(4) == 2.0
    assert seat.first_at_least(1) == 1.0
    assert seat.first_at_least(6) is None
    assert seat.last == 5


def test_fan_out_is_the_slowest_seat_and_counts_unseen_actions() -> None:
    fast, slow = Arrivals([1, 2], [10.0, 10.5]), Arrivals([1, 2], [10.2, 11.0])
    latencies, unseen = fan_out([Accepted(2, 10.25, "play"), Accepted(3, 11.0, "pass")],
                                [fast, slow])
    assert latencies == [0.75]
    assert unseen == 1


def test_a_chunked_answer_with_cookies_is_read() -> None:
    raw = (b"HTTP/1.1 302 Found\r\nLocation: /g/ABC123/\r\nSet-Cookie: sessionid=s1; Path=/\r\n"
           b"Set-Cookie: csrftoken=t1; Path=/\r\nTransfer-Encoding: chunked\r\n\r\n"
           b"5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n")
    response, cookies = parse_response(raw)
    assert response.status == 302
    assert response.headers["location"] == "/g/ABC123/"
    assert response.text == "hello world"
    assert len(cookies) == 2


def test_baseline_frames_carry_the_version_like_mini_mao_and_are_padded() -> None:
    frame = baseline.frame(7, 500)
    assert pages.version_of(frame) == 7
    assert len(frame) == 500
    answer = baseline.feedback("Your screen is out of date.")
    assert pages.is_feedback(answer) and pages.STALE in pages.feedback_text(answer)
    assert pages.feedback_text(baseline.feedback("")) == ""
    assert baseline.game_of("/ws/g/b3/") == "b3" and baseline.game_of("/version/b3/") == "b3"
    assert baseline.game_of("/elsewhere/") is None


def test_players_write_valid_rules_as_builder_form_fields() -> None:
    rng = Random(4)
    for _ in range(20):
        data = rule_form_data(rng)
        assert check(form_from_data(data)).ok


def test_a_session_keeps_its_connection_alive_and_opens_another_when_it_is_closed() -> None:
    import asyncio

    from scripts.loadtest.http import Session

    answers = [
        b"HTTP/1.1 200 OK\r\nContent-Length: 3\r\nSet-Cookie: csrftoken=abc\r\n\r\none",
        b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\ntwo\r\n0\r\n\r\n",
        b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\nConnection: close\r\n\r\nthree",
        b"HTTP/1.1 404 Not Found\r\nContent-Length: 4\r\n\r\nfour",
    ]
    seen: list[tuple[int, bytes]] = []

    async def scenario() -> tuple[list[tuple[int, str]], int]:
        connection_ids = iter(range(100))

        async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            number = next(connection_ids)
            while answers:
                try:
                    head = await reader.readuntil(b"\r\n\r\n")
                except asyncio.IncompleteReadError:
                    break
                seen.append((number, head))
                answer = answers.pop(0)
                writer.write(answer)
                await writer.drain()
                if b"Connection: close" in answer:
                    break
            writer.close()

        server = await asyncio.start_server(handle, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        session = Session(f"http://127.0.0.1:{port}")
        got = []
        for path in ("/1", "/2", "/3", "/4"):
            response = await session.get(path)
            got.append((response.status, response.text))
        session.drop()
        server.close()
        return got, session.connections

    got, connections = run_apart(scenario())
    assert got == [(200, "one"), (200, "two"), (200, "three"), (404, "four")]
    # Three requests on the first connection (the third answer closed it), one on a second.
    assert [number for number, _ in seen] == [0, 0, 0, 1]
    assert connections == 2
    assert b"Connection: keep-alive" in seen[0][1]
    assert b"Cookie: csrftoken=abc" in seen[1][1]
