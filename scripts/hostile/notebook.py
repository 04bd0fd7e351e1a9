"""Attack 4: filling the database with notebook notes from one address.

Anyone with a game's link has a notebook, told apart by the holder token of their session;
a browser that drops its session cookie is a new holder. So one address posts notes of
:data:`NOTE` characters, each from a fresh session (the same CSRF cookie, no session
cookie), to one game, until :data:`TRIES` notes or the server refuses.
"""

from __future__ import annotations

from collections import Counter
from random import Random

from scripts.hostile.report import Finding
from scripts.hostile.staging import need, open_table
from scripts.hostile.target import Target
from scripts.loadtest.http import HttpError, Session

#: A note's length: the most the notebook keeps (games/models.py ``MAX_NOTE``).
NOTE = 4000
#: Consecutive refusals after which the address is taken to be stopped.
STOPPED = 5


async def notebook_storage(target: Target, quick: bool) -> Finding:
    """Notes from fresh sessions of one address into one game: bytes stored."""
    tries = 60 if quick else 300
    table = await open_table(target.base)
    writer = Session(target.base)
    await need(writer, "GET", table.path())
    csrf = writer.cookies.get("csrftoken", "")
    size_before = target.database_bytes()
    rng = Random(4)
    statuses: Counter[int] = Counter()
    stored = refused_in_a_row = 0
    for _ in range(tries):
        writer.cookies = {"csrftoken": csrf}  # a new holder: no session cookie
        text = "".join(rng.choice("abcdefghij ") for _ in range(NOTE))
        try:
            answer = await writer.post(table.path("notebook/note/"), {"jargon": "",
                                                                      "text": text}, htmx=True)
        except HttpError:
            statuses[0] += 1
            refused_in_a_row += 1
        else:
            statuses[answer.status] += 1
            if answer.status == 200:
                stored += 1
                refused_in_a_row = 0
            else:
                refused_in_a_row += 1
        if refused_in_a_row >= STOPPED:
            break
    size_after = target.database_bytes()
    grown = (None if size_before is None or size_after is None
             else size_after - size_before)
    line = (f"{stored * NOTE:,} bytes of notes stored from one address in one game "
            f"({stored} of {sum(statuses.values())} notes of {NOTE:,} characters, each "
            f"from a fresh session; statuses {dict(sorted(statuses.items()))}); database "
            f"grew {'-' if grown is None else f'{grown:,} bytes'}")
    return Finding("notebook storage", line,
                   {"stored_notes": stored, "bytes_per_address": stored * NOTE,
                    "bytes_per_game": stored * NOTE, "tries": tries,
                    "statuses": dict(statuses), "database_growth_bytes": grown},
                   ok=stored < tries, bound="a cap per address stops it")
