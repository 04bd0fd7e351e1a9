"""The two oracle attacks: what a writer's builder answers tell about another player's rule.

Each plays one writing turn of Ann's in three games that differ only in what Bob, the other
player, wrote in secret first (the public history is the same: "Bob has written a secret
rule"): the game holding the rule under test, a control game, and the control game again.
Ann sends every game the same requests; the positions where the first two answer
differently are what she learned (:func:`scripts.hostile.compare.bits`); the two controls
must answer alike, or the comparison is measuring noise (reported as ``noise``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from games.authoring.model import RuleForm
from scripts.hostile.compare import Answer, bits, differing, uncoded
from scripts.hostile.report import Finding
from scripts.hostile.staging import (
    Table,
    fields,
    open_table,
    queen_only,
    rank_only,
    version,
    write_rule,
)
from scripts.hostile.target import Target
from scripts.loadtest.http import HttpError, Session

#: Bob's secret rule in the lock oracle: "on a queen, only a black card".
SECRET_RULE = queen_only(colour="black")
#: Bob's rule in its control games: one no queen draft of Ann's can clash with.
CONTROL_RULE = rank_only("2", "red")
#: Bob's jargon in the jargon oracle, and in its control games.
SECRET_JARGON, CONTROL_JARGON = "Follow", "Zigzag"
#: Ann's own jargon when she writes her rule (not the server's random pick, which would
#: differ from game to game).
ANN_JARGON = "Gambit"


@dataclass(frozen=True, slots=True)
class Request:
    """One request of Ann's writing turn: the builder's endpoint and the fields posted."""

    kind: str
    data: dict[str, list[str]]


Turn = Callable[[int], list[Request]]


def lock_turn(at: int) -> list[Request]:
    """Ann's turn in the lock oracle, at game version ``at``: the four suit drafts, "only a
    red card", the same drafts through the builder's other redraws, a Suggest, and last
    "Write this rule" (it ends the turn)."""
    suits = [queen_only(suit=s) for s in "CDHS"]
    return [
        *(Request("preview", fields(form)) for form in suits),
        Request("preview", fields(queen_only(colour="red"))),
        Request("rows", fields(queen_only(suit="D"), area="must", op="refresh")),
        Request("form", fields(queen_only(suit="H"))),
        Request("jargon", fields(queen_only(suit="C"))),
        Request("submit", fields(queen_only(suit="C"), ANN_JARGON, version=str(at))),
    ]


def jargon_turn(asks: int) -> Turn:
    """Ann's turn in the jargon oracle: a preview and ``asks`` Suggests with "Follow" in the
    jargon field, a row redrawn, and last "Write this rule" named "Follow"."""

    def turn(at: int) -> list[Request]:
        draft = queen_only(suit="C")
        return [
            Request("preview", fields(draft, SECRET_JARGON)),
            *(Request("jargon", fields(draft, SECRET_JARGON)) for _ in range(asks)),
            Request("rows", fields(draft, SECRET_JARGON, area="must", op="refresh")),
            Request("submit", fields(draft, SECRET_JARGON, version=str(at))),
        ]

    return turn


async def play_turn(base: str, bob_rule: RuleForm, bob_jargon: str, turn: Turn
                    ) -> list[Answer]:
    """A fresh table of Ann and Bob; Bob writes ``bob_rule`` as ``bob_jargon``; Ann then
    sends ``turn``'s requests: their answers, the game's code masked."""
    table = await open_table(base)
    ann, bob = table.people
    await write_rule(bob, table, bob_rule, bob_jargon)
    at = await version(ann, table)
    return [await _send(ann, table, request) for request in turn(at)]


async def _send(ann: Session, table: Table, request: Request) -> Answer:
    try:
        answer = await ann.post(table.path(f"builder/{request.kind}/"), request.data,
                                htmx=True)
    except HttpError as exc:
        return Answer(request.kind, 0, f"no answer: {exc}")
    return Answer(request.kind, answer.status, uncoded(answer.text, table.code))


async def compare(base: str, secret: tuple[RuleForm, str], control: tuple[RuleForm, str],
                  turn: Turn) -> tuple[list[Answer], list[Answer], list[Answer]]:
    """The answers to ``turn`` in the secret game, the control game and the control again."""
    return (await play_turn(base, *secret, turn), await play_turn(base, *control, turn),
            await play_turn(base, *control, turn))


def _finding(name: str, what: str, games: tuple[list[Answer], list[Answer], list[Answer]],
             bound: int) -> Finding:
    secret, control, again = games
    learned = bits(secret, control)
    noise = len(differing(control, again))
    where = [f"{i + 1}:{secret[i].kind}" for i in differing(secret, control)]
    statuses = sorted({a.status for a in secret})
    line = (f"{learned} bit{'' if learned == 1 else 's'} learned about the unknown rule in "
            f"one writing turn "
            f"({len(secret)} requests; {what}); differing: {', '.join(where) or 'none'}; "
            f"statuses {statuses}; noise between two control games: {noise}")
    return Finding(name, line, {"bits": learned, "requests": len(secret), "noise": noise,
                                "differing": where, "statuses": statuses},
                   ok=learned <= bound and noise == 0, bound=f"<= {bound} bit(s) per turn")


async def lock_oracle(target: Target, quick: bool) -> Finding:
    """Attack 1: the builder's lockup bit, asked of every draft."""
    games = await compare(target.base, (SECRET_RULE, SECRET_JARGON), (CONTROL_RULE, SECRET_JARGON),
                          lock_turn)
    return _finding("lock oracle", "Bob's rule: on a queen, only a black card", games, 1)


async def jargon_oracle(target: Target, quick: bool) -> Finding:
    """Attack 2: a jargon name that is taken by a rule the writer does not know."""
    asks = 6 if quick else 20
    games = await compare(target.base, (SECRET_RULE, SECRET_JARGON),
                          (SECRET_RULE, CONTROL_JARGON),
                          jargon_turn(asks))
    return _finding("jargon oracle", f"Bob's rule named {SECRET_JARGON}, {asks} Suggests",
                    games, 0)
