"""What the table's two word boxes say before anything is typed: which rules the viewer
knows judge the words said there.

Words said *with a play* are heard only as that card goes down (a call such as "Mao"); words
*to the table* are said at once, outside any play, where a talking rule can cost a card. Only
rules the viewer may know are named: the house rules, rules disclosed at a round's end, and
the viewer's own; never another player's secret rule (its words are for the player to work
out, as with :func:`games.table.context.owes_public_reply`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from games.engine.visibility import PlayerView, RuleSummary
from rules.spec import Call, Talking, ThirdPerson


@dataclass(frozen=True, slots=True)
class SpeechHint:
    """One known rule that judges words said in a box: its ``jargon``, whose it is
    (``whose``: "a house rule", "disclosed", "your rule") and its English (``text``)."""

    jargon: str
    whose: str
    text: str


def known_rules(view: PlayerView) -> Iterable[tuple[RuleSummary, str]]:
    """The rules in force the viewer may know in full, each once, with whose it is."""
    seen: set[int] = set()
    for rows, whose in ((view.house_rules, "a house rule"), (view.disclosed, "disclosed"),
                        (view.my_rules, "your rule")):
        for row in rows:
            if row.retired is None and row.id not in seen:
                seen.add(row.id)
                yield row, whose


def talk_hints(view: PlayerView) -> tuple[SpeechHint, ...]:
    """The known rules that judge words said to the table now: a talking rule while the
    round is played (during a point of order, where talking is free, only one with phrases
    costly there: ``in_order``), a third-person rule when its moment is now."""
    moment = "order" if view.order is not None else "round"
    hints = []
    for row, whose in known_rules(view):
        spec = row.rule.spec
        if ((isinstance(spec, Talking) and (moment == "round" or spec.in_order))
                or (isinstance(spec, ThirdPerson) and spec.during in (moment, "always"))):
            hints.append(SpeechHint(row.jargon, whose, row.text))
    return tuple(hints)


def call_hints(view: PlayerView) -> tuple[SpeechHint, ...]:
    """The known rules that judge words said with a play (calls, and talking rules whose
    ``play_talk`` is ``judged``), with their English."""
    return tuple(SpeechHint(row.jargon, whose, row.text) for row, whose in known_rules(view)
                 if isinstance(row.rule.spec, Call) or (
                     isinstance(row.rule.spec, Talking) and row.rule.spec.play_talk == "judged"))

