"""Tables staged over HTTP as browsers stage them, and the drafts a hostile writer sends.

Every step is a request a person's browser makes (the home page, ``/new/``, ``/join/``,
``/start/``, the rule builder's ``submit/``), through the load test's HTTP
client (:class:`scripts.loadtest.http.Session`: a cookie jar, CSRF, htmx's header), so the
server's rate limits count them as they would count a person's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from games.authoring.forms import check, form_from_data, form_to_data
from games.authoring.model import CondList, Row, RuleForm, new_form
from games.authoring.revision import revision
from scripts.loadtest import pages
from scripts.loadtest.http import HttpError, Response, Session

#: A table of two people: at the start both write a rule (games/engine/setup.py), so one
#: can write first and the other then writes knowing nothing of it: the quickest real way
#: to a writer facing another player's secret rule.
PAIR = ("Ann", "Bob")


class StageError(RuntimeError):
    """A step that a browser would have got through was refused."""


async def need(session: Session, method: str, path: str, data: Any = None, *,
               htmx: bool = False, expect: tuple[int, ...] = (200,)) -> Response:
    """The answer to a request that must succeed (:class:`StageError` otherwise)."""
    try:
        response = await session.request(method, path, data, htmx=htmx)
    except HttpError as exc:
        raise StageError(str(exc)) from None
    if response.status not in expect:
        raise StageError(f"{method} {path}: status {response.status}: {plain(response.text)}")
    return response


def plain(text: str, size: int = 200) -> str:
    """An answer's words without its markup, cut to ``size`` characters."""
    return " ".join(re.sub(r"<[^>]+>", " ", text).split())[:size]


@dataclass
class Table:
    """A staged game: its code and one browser per human seat, the host first."""

    code: str
    people: list[Session] = field(default_factory=list)

    def path(self, tail: str = "") -> str:
        """``/g/<code>/<tail>``."""
        return f"/g/{self.code}/{tail}"


async def open_table(base: str, names: tuple[str, ...] = PAIR, decks: int = 1) -> Table:
    """A table of ``names`` (the first is the host and writes the first rule), dealt from
    ``decks`` decks, opened, joined and started over HTTP."""
    host = Session(base)
    await need(host, "GET", "/")
    players = len(names)
    answer = await need(host, "POST", "/new/", {
        "name": names[0], "players": str(players), "hand_size": "5", "decks": str(decks),
        "jokers": "on", "first_rule_maker": "host"}, expect=(302,))
    code = answer.headers.get("location", "").rstrip("/").rsplit("/", 1)[-1]
    if not code:
        raise StageError("/new/ answered without a game's address")
    table = Table(code, [host])
    for name in names[1:]:
        guest = Session(base)
        await need(guest, "GET", table.path())
        joined = await need(guest, "POST", table.path("join/"), {"name": name}, htmx=True)
        if error := pages.lobby_error(joined.text):
            raise StageError(f"{name} could not join {code}: {error}")
        table.people.append(guest)
    await need(host, "POST", table.path("start/"), {}, htmx=True, expect=(204,))
    return table


async def version(session: Session, table: Table) -> int:
    """The game's version as this person's page shows it."""
    page = await need(session, "GET", table.path())
    found = pages.version_of(page.text)
    if found is None:
        raise StageError(f"{table.code}: the page shows no version")
    return found


def queen_only(*, suit: str = "", colour: str = "") -> RuleForm:
    """The builder's form of "on a queen, only <suit>" (a suit letter) or "only a <colour>
    card" (``red``, ``black``)."""
    form = new_form()
    row = Row(test="suit", suits=(suit,)) if suit else Row(test="colour", colour=colour)
    form.lists["must"] = CondList("all", [row])
    return form


def rank_only(rank: str, colour: str) -> RuleForm:
    """The builder's form of "on a <rank>, only a <colour> card"."""
    form = new_form()
    form.lists["when"] = CondList("all", [Row(test="rank", subject="top", ranks=(rank,))])
    form.lists["must"] = CondList("all", [Row(test="colour", colour=colour)])
    return form


def fields(form: RuleForm, jargon: str = "", **extra: str) -> dict[str, list[str]]:
    """The builder's POST fields for ``form`` with the revision its preview draws (what
    "Write this rule" sends after a preview), and ``extra`` fields."""
    data = form_to_data(replace(form, jargon=jargon))
    checked = check(form_from_data(data))
    if checked.ok:
        data["revision"] = [revision(checked.spec)]
    return data | {name: [value] for name, value in extra.items()}


async def write_rule(session: Session, table: Table, form: RuleForm, jargon: str) -> Response:
    """Write ``form`` as this person's rule with the builder, as its page would; the answer
    (:class:`StageError` when the rule was not written)."""
    at = await version(session, table)
    answer = await need(session, "POST", table.path("builder/submit/"),
                        fields(form, jargon, version=str(at)), htmx=True)
    if "hx-retarget" in answer.headers:
        raise StageError(f"{table.code}: the rule was not written: {plain(answer.text)}")
    return answer
