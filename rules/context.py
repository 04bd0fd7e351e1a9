"""What a rule can see when it judges one play: the :class:`PlayContext`."""

from __future__ import annotations

from dataclasses import dataclass

from rules.cards import JOKER, Card


@dataclass(frozen=True, slots=True)
class Settings:
    """Game settings that change what a rule means (fixed for a game, used when compiling)."""

    aces_high: bool = False


class PlayContext:
    """One attempted play of one card, as the rules see it (a slotted class: built per check).

    ``pile`` and ``played`` are effective cards (a joker as named), ``physical`` the card held;
    ``active_suit`` a suit named by a wild play; ``hand`` the hand before the play; ``record``
    every card laid this round, starter first, surviving a reshuffle (default: ``pile``);
    ``pending`` cards owed from ``owe`` effects; ``on_starter`` whether the top is the starter.
    """

    __slots__ = (
        "played", "physical", "pile", "active_suit", "hand", "hand_before", "hand_after",
        "player", "players", "turn", "round", "run_length", "said", "record", "pending",
        "on_starter", "_kinds",
    )

    def __init__(
        self,
        played: Card,
        pile: tuple[Card, ...],
        *,
        physical: Card | None = None,
        active_suit: str | None = None,
        hand: tuple[Card, ...] = (),
        hand_before: int | None = None,
        hand_after: int | None = None,
        player: int = 0,
        players: int = 4,
        turn: int = 1,
        round: int = 1,
        said: str = "",
        record: tuple[Card, ...] | None = None,
        pending: int = 0,
        on_starter: bool = False,
    ) -> None:
        self.played = played
        self.physical = played if physical is None else physical
        self.pile = pile
        top = pile[-1] if pile else None
        self.active_suit = active_suit if active_suit else (top.suit if top else None)
        self.hand = hand
        before = hand_before if hand_before is not None else max(len(hand), 1)
        self.hand_before = before
        self.hand_after = hand_after if hand_after is not None else before - 1
        self.player = player
        self.players = players
        self.turn = turn
        self.round = round
        self.run_length = run_of_equal_ranks(pile)
        self.said = said
        self.record = pile if record is None else record
        self.pending = pending
        self.on_starter = on_starter
        self._kinds: bytes | None = None

    @property
    def position(self) -> int:
        """Which card of the round this play is: the first played after the starter is 1."""
        return max(1, len(self.record))

    @property
    def record_kinds(self) -> bytes:
        """The record as one byte per card, the index of its kind, worked out once per
        context (and shared by :meth:`with_played`): every count and sum over the round
        is then a slice and a ``bytes.translate``, run in C, however long the round."""
        kinds = self._kinds
        if kinds is None:
            kinds = self._kinds = bytes([card.index for card in self.record])
        return kinds

    @property
    def top(self) -> Card | None:
        """The card being played on, or ``None`` on an empty pile."""
        return self.pile[-1] if self.pile else None

    def card(self, subject: str) -> Card | None:
        """The card a rule calls ``subject``: ``played``, ``top`` or ``pileN`` (N-th down)."""
        if subject == "played":
            return self.played
        depth = 1 if subject == "top" else int(subject[4:])
        return self.pile[-depth] if len(self.pile) >= depth else None

    @property
    def run_after(self) -> int:
        """Length of the run of equal ranks at the top of the pile once this card lands."""
        top = self.top
        if top is not None and not top.is_joker and top.rank == self.played.rank:
            return self.run_length + 1
        return 1

    def with_played(self, played: Card, physical: Card | None = None) -> PlayContext:
        """The same situation with another card played (for grids and joker naming)."""
        ctx = PlayContext(
            played, self.pile, physical=physical, active_suit=self.active_suit, hand=self.hand,
            hand_before=self.hand_before, hand_after=self.hand_after, player=self.player,
            players=self.players, turn=self.turn, round=self.round, said=self.said,
            record=self.record, pending=self.pending, on_starter=self.on_starter,
        )
        ctx._kinds = self._kinds
        return ctx


def run_of_equal_ranks(pile: tuple[Card, ...]) -> int:
    """How many cards of the top card's rank lie in a row at the top of ``pile`` (0 if empty)."""
    if not pile:
        return 0
    rank = pile[-1].rank
    count = 0
    for card in reversed(pile):
        if card.rank != rank or card == JOKER:
            break
        count += 1
    return count
