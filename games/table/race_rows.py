"""The races on the table as one viewer's screen draws them (``templates/games/table.html``,
partial ``race``): what each asks, its button, its clock, who has answered.

Built from the engine's public race views (:class:`~games.engine.visibility.RaceView`): a race
is the same for everyone but for the viewer's own button (a spectator has none).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.visibility import PlayerView, RaceView, clock_text
from rules.english import cards
from rules.phrases import compile_template

#: The suits a race to name one offers, with the key that names each.
SUIT_BUTTONS = (("C", "♣", "Clubs"), ("D", "♦", "Diamonds"), ("H", "♥", "Hearts"),
                ("S", "♠", "Spades"))


@dataclass(frozen=True, slots=True)
class RaceRow:
    """One race as a screen draws it: its ``number`` (the button's answer names it), how it
    is answered (``means``), what it asks (``ask``, with ``notes`` on the other words that
    will do), the big button's label (``button``; the suit buttons for a race to name one),
    its window's end (``due``, ms of the server's clock) and the time left as of the
    view (``left``), who has answered (``answered``, names in order), whether the
    viewer has (``mine``: ``None`` for a spectator or a seat that does not race, who has no
    button), what is at stake and whose rule it is."""

    number: int
    means: str
    ask: str
    notes: str
    button: str
    due: int
    left: str
    answered: tuple[str, ...]
    mine: bool | None
    stakes: str
    jargon: str
    author_name: str

    @property
    def waiting(self) -> bool:
        """Whether the viewer still has to answer (a seated player who has not)."""
        return self.mine is False


def race_rows(view: PlayerView) -> list[RaceRow]:
    """The races on the table as ``view``'s viewer sees them, oldest first."""
    return [_row(view, race) for race in view.races]


def _row(view: PlayerView, race: RaceView) -> RaceRow:
    clock = view.clock
    if race.means == "say":
        _, notes = compile_template(race.words).display()
        ask, button = f"Say “{race.shown}”", f"{race.shown}!"
        stakes = f"The last to say it, and anyone who does not, draws {cards(race.penalty)}."
    elif race.means == "press":
        notes, ask, button = [], race.shown, race.shown
        stakes = f"The last to do it, and anyone who does not, draws {cards(race.penalty)}."
    else:
        notes, ask, button = [], "Name the suit", ""
        stakes = (f"The first to name one sets it ({view.names[race.player]}, whose card it "
                  "is, wins a tie).")
    now = clock.at if clock.frozen_at is None else clock.frozen_at
    return RaceRow(
        number=race.number, means=race.means, ask=ask,
        notes="; ".join(notes), button=button,
        due=race.due, left=clock_text(max(0, race.due - now) / 1000),
        answered=tuple(view.names[s] for s in race.answered),
        mine=(race.has_answered(view.viewer) if view.viewer in race.seats else None),
        stakes=stakes, jargon=race.jargon, author_name=race.author_name)
