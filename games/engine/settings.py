"""Game settings: players, hand size, decks, jokers, aces, the first rule-maker, and the
lifecycle a preset chooses (rule making, reveal, match, dealer, penalties, the starter).

Every setting has a default that plays Mini Mao as it always was, so settings stored
before a setting existed still load (:meth:`GameSettings.from_json`).
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from typing import Any, Final, Literal, get_args

from games.engine.errors import EngineError
from rules.spec import KINDS, MAX_JARGON

MIN_PLAYERS, MAX_PLAYERS = 2, 8
MIN_HAND, MAX_HAND = 3, 7
STANDARD_DECK = 52
#: Most round wins a match may ask for, and most cards one refused play may cost.
MAX_MATCH_WINS: Final = 20
MAX_PENALTY_CAP: Final = 10
MAX_CHAIR: Final = 20
#: A preset's name: lower-case words joined by hyphens (``penn-state``).
PRESET_NAME: Final = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
MAX_PRESET_NAME: Final = 40
#: Bounds of the clock's settings: seconds a turn may last (and "Hold on" may give), and
#: minutes a timed game may last.
MAX_TURN_SECONDS: Final = 600
MAX_GAME_MINUTES: Final = 600

#: What the winner of a round does about the rules: must add one (Mini Mao), may add one
#: or skip, may write a law replacing the secret laws in force (or skip and keep them), or
#: nothing (the rules stay as they are).
RuleMaking = Literal["add", "may_add", "replace", "none"]
#: When secret rules become public: at the game's end, or at the end of every round.
Reveal = Literal["end", "round"]
#: What one refused play costs: one card however many rules it broke, or one per rule.
Penalty = Literal["per_refusal", "per_rule"]
#: Who may call a point of order (games/engine/point_of_order.py): any player, the host only, or
#: nobody (the game has none).
OrderCallers = Literal["anyone", "host", "nobody"]
#: Who, besides its caller and the host, may end a point of order outright: nobody else
#: (``caller``) or any player (``anyone``, Lynnfield).
OrderEnders = Literal["caller", "anyone"]
RULE_MAKING: Final[tuple[RuleMaking, ...]] = get_args(RuleMaking)
ORDER_CALLERS: Final[tuple[OrderCallers, ...]] = get_args(OrderCallers)
ORDER_ENDERS: Final[tuple[OrderEnders, ...]] = get_args(OrderEnders)
#: Most seconds a point of order's settings may name (the quiet before others agree, the
#: gap between one player's calls).
MAX_ORDER_SECONDS: Final = 600
#: Most points of order one player may be allowed to call in a round.
MAX_ORDER_CALLS: Final = 20
REVEALS: Final[tuple[Reveal, ...]] = get_args(Reveal)
PENALTIES: Final[tuple[Penalty, ...]] = get_args(Penalty)
#: What a play (or a pass) out of turn does: it is refused and nothing happens (Mini Mao:
#: the table offers no move off one's turn), or it is tried and the chair refuses it with a
#: penalty, the cards going back and the rightful player keeping the turn.
OutOfTurnPlay = Literal["refused", "penalised"]
OUT_OF_TURN_PLAYS: Final[tuple[OutOfTurnPlay, ...]] = get_args(OutOfTurnPlay)
#: How two seats, neither the card's player, naming a suit in the same instant are told
#: apart: by lot, or by calling again (the first of them to name one again sets it).
SuitTies = Literal["lot", "again"]
SUIT_TIES: Final[tuple[SuitTies, ...]] = get_args(SuitTies)
#: What a lockup ends: the game (Mini Mao), or only the round, on the cards held.
LockupEnds = Literal["match", "round"]
LOCKUP_ENDS: Final[tuple[LockupEnds, ...]] = get_args(LockupEnds)
#: What a reshuffle leaves on each discard pile: its top card only, or the run of cards of
#: the top card's rank lying on top (so a run goes on counting after the reshuffle).
ReshuffleKeeps = Literal["top", "run"]
RESHUFFLE_KEEPS: Final[tuple[ReshuffleKeeps, ...]] = get_args(ReshuffleKeeps)
#: What a draw the stock cannot supply, even after reshuffling, does: it ends the round on
#: the cards held (``end``), or every seat holding two cards or more gives one card, at
#: random from its hand, to a new stock and the draw goes on (``donate``; the round ends
#: only when nobody can give one).
StockOut = Literal["end", "donate"]
STOCK_OUTS: Final[tuple[StockOut, ...]] = get_args(StockOut)
#: Most mistakes in a row an expulsion may wait for.
MAX_EXPEL_MISTAKES: Final = 10
_WHOLE = ("players", "hand_size", "decks", "delay_penalty", "hold_on_cards",
          "order_quiet_seconds", "order_gap_seconds")
_OPTIONAL_WHOLE = ("first_rule_maker", "match_wins", "penalty_cap", "expel_mistakes",
                   "turn_seconds", "hold_on_seconds", "game_minutes", "order_calls",
                   "bad_call_penalty")
_BOOLEANS = ("jokers", "aces_high", "dealer_rotates", "name_start", "starter_triggers",
             "multiples", "expel_hand", "order_agree", "delay_passes", "violation_calls",
             "unnamed_suit_stays", "play_drawn", "penalty_waits", "order_words", "host_pause",
             "host_times", "leave_consent", "expel_new_only", "order_sanctions")
_TEXTS = ("rule_making", "reveal", "penalty", "chair", "preset", "out_of_turn",
          "delay_jargon", "order_callers", "order_enders", "lockup_ends", "deal_words",
          "play_words", "suit_ties", "reshuffle_keeps", "stock_out")
#: Most characters of the words a dealer says at each deal.
MAX_DEAL_WORDS: Final = 120


def kind_not_allowed(kinds: tuple[str, ...]) -> str:
    """Why a rule of another kind than ``kinds`` (a game's ``rule_kinds``) is refused.

    >>> kind_not_allowed(("restriction",))
    'In this game a rule-maker writes only restriction rules.'
    """
    named = " or ".join(kind.replace("_", " ") for kind in kinds)
    return f"In this game a rule-maker writes only {named} rules."


@dataclass(frozen=True, slots=True)
class GameSettings:
    """How one game is played; every field has a default, and the parts off by default are the
    clock (:mod:`games.engine.clock`), plays off one's turn and expulsion
    (:mod:`games.engine.out_of_turn`, :mod:`games.engine.expulsion`) and the points of order
    (:mod:`games.engine.point_of_order`).

    ``first_rule_maker`` is a seat, or ``None`` to draw one (it also deals first); ``chair`` is
    the name the table speaks with for a rule no player wrote; ``None`` in a limit
    (``match_wins``, ``penalty_cap``, ``turn_seconds``, ``order_calls``...) means none.
    """

    players: int = 4
    hand_size: int = 5
    decks: int = 1
    jokers: bool = True
    aces_high: bool = False
    first_rule_maker: int | None = None
    rule_making: RuleMaking = "add"
    reveal: Reveal = "end"
    match_wins: int | None = None
    dealer_rotates: bool = False
    name_start: bool = False
    penalty: Penalty = "per_refusal"
    penalty_cap: int | None = None
    starter_triggers: bool = False
    lockup_ends: LockupEnds = "match"
    #: The kinds of rule a rule-maker may write (rules/spec.py ``KINDS``); ``None``: any.
    rule_kinds: tuple[str, ...] | None = None
    chair: str = "Dealer"
    #: What the dealer says before dealing and once the starter is turned (none: nothing).
    deal_words: str = ""
    play_words: str = ""
    preset: str = "mini-mao"
    law: str | None = None
    # The clock.
    turn_seconds: int | None = None
    delay_penalty: int = 1
    delay_jargon: str = "Delay of Game"
    delay_passes: bool = True
    #: Whether a player may call a rule the last play or pass broke, by its jargon
    #: ("Misplay!"), outside a play without its words counting as talk.
    violation_calls: bool = False
    #: What calling a rule the last play or pass did not break costs the caller (the
    #: chair says "Bad Call"); ``None``: nothing (:mod:`games.engine.bad_calls`).
    bad_call_penalty: int | None = None
    suit_ties: SuitTies = "lot"
    hold_on_seconds: int | None = None
    hold_on_cards: int = 10
    game_minutes: int | None = None
    # The host may set the game's end during play (or move it): then the fewest cards win.
    host_times: bool = False
    # -- Plays and seats: out-of-turn plays, multiples, expulsion ---
    out_of_turn: OutOfTurnPlay = "refused"
    multiples: bool = False
    expel_hand: bool = False
    expel_mistakes: int | None = None
    # Mistakes in a row expel only the players the host names as new (Lynnfield's "a new
    # player"): the app cannot tell who is new, the table can.
    expel_new_only: bool = False
    # A player hands their seat on only with the host's consent: the host opens it for
    # someone new (the player cannot leave it of their own accord).
    leave_consent: bool = False
    # Points of order (every player may call one, three a round, half a minute apart; its
    # caller or the host ends it).
    order_callers: OrderCallers = "anyone"
    order_enders: OrderEnders = "caller"
    order_agree: bool = False
    order_quiet_seconds: int = 0
    order_calls: int | None = 3
    order_gap_seconds: int = 30
    # The host may sanction a player for excessive or needless points of order: a penalty
    # card, or the loss of the right to call one (the host's removing a seat disqualifies).
    order_sanctions: bool = False
    # The host may pause the game: play stops as for a point of order, but no rule judges
    # what is said until the host resumes it (Lynnfield's Chairman's pause).
    host_pause: bool = False
    # A suit-naming card played with no suit named: off, its own suit is named; on, the
    # suit in force before it stays (Lynnfield's Jess' Clause).
    unnamed_suit_stays: bool = False
    # A pass's one card may be played at once: the turn goes on until the drawer plays it
    # or passes again, keeping it (Lynnfield).
    play_drawn: bool = False
    # A penalty card the player to move draws in their turn cannot be played that turn.
    penalty_waits: bool = False
    # Words said call and end points of order: "Point of order" calls one as the button
    # does, "End point of order" ends one for whoever may end it (Lynnfield).
    order_words: bool = False
    # The stock: what a reshuffle keeps on each pile, and what a draw it cannot supply does.
    reshuffle_keeps: ReshuffleKeeps = "top"
    stock_out: StockOut = "end"

    def __post_init__(self) -> None:
        if isinstance(self.rule_kinds, list):  # as JSON gives it
            object.__setattr__(self, "rule_kinds", tuple(self.rule_kinds))
        kinds = self.rule_kinds
        if kinds is not None and not (
                isinstance(kinds, tuple) and kinds
                and all(isinstance(k, str) and k in KINDS for k in kinds)
                and len(set(kinds)) == len(kinds)):
            raise EngineError("settings/invalid", "rule_kinds must list kinds of rule "
                              f"({', '.join(KINDS)}) at most once each, or be null for any")
        for name in _BOOLEANS:
            if not isinstance(getattr(self, name), bool):
                raise EngineError("settings/invalid", f"{name} must be true or false")
        for name in (*_WHOLE, *_OPTIONAL_WHOLE):
            value = getattr(self, name)
            if (value is not None or name in _WHOLE) and (
                    isinstance(value, bool) or not isinstance(value, int)):
                raise EngineError("settings/invalid", f"{name} must be a whole number")
        for name in _TEXTS:
            if not isinstance(getattr(self, name), str):
                raise EngineError("settings/invalid", f"{name} must be text")
        checks = [
            (MIN_PLAYERS <= self.players <= MAX_PLAYERS,
             f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}"),
            (MIN_HAND <= self.hand_size <= MAX_HAND, f"hand size must be {MIN_HAND} to {MAX_HAND}"),
            (self.decks in (1, 2), "decks must be 1 or 2"),
            (self.first_rule_maker is None or 0 <= self.first_rule_maker < self.players,
             "the first rule-maker must be one of the seats"),
            # The deal must leave an ordinary card for the starter (8 hands of 7 need 2 decks).
            (self.players * self.hand_size < STANDARD_DECK * self.decks,
             f"{self.players} hands of {self.hand_size} need two decks"),
            (self.rule_making in RULE_MAKING,
             f"rule_making must be one of {', '.join(RULE_MAKING)}"),
            (self.reveal in REVEALS, f"reveal must be one of {', '.join(REVEALS)}"),
            # A round ended by a lockup says which rules locked it: they must be public then.
            (self.lockup_ends == "match" or self.reveal == "round",
             'lockup_ends "round" needs reveal "round" (the lockup names the rules)'),
            (self.match_wins is None or 1 <= self.match_wins <= MAX_MATCH_WINS,
             f"match_wins must be 1 to {MAX_MATCH_WINS}, or null for no match"),
            (self.penalty in PENALTIES, f"penalty must be one of {', '.join(PENALTIES)}"),
            (self.suit_ties in SUIT_TIES, f"suit_ties must be one of {', '.join(SUIT_TIES)}"),
            (self.reshuffle_keeps in RESHUFFLE_KEEPS,
             f"reshuffle_keeps must be one of {', '.join(RESHUFFLE_KEEPS)}"),
            (self.stock_out in STOCK_OUTS, f"stock_out must be one of {', '.join(STOCK_OUTS)}"),
            (self.lockup_ends in LOCKUP_ENDS,
             f"lockup_ends must be one of {', '.join(LOCKUP_ENDS)}"),
            (self.penalty_cap is None or 1 <= self.penalty_cap <= MAX_PENALTY_CAP,
             f"penalty_cap must be 1 to {MAX_PENALTY_CAP}, or null for no cap"),
            (bool(self.chair.strip()) and len(self.chair) <= MAX_CHAIR
             and self.chair == self.chair.strip(),
             f"chair must be a name of 1 to {MAX_CHAIR} characters"),
            (all(len(w) <= MAX_DEAL_WORDS and w == w.strip()
                 for w in (self.deal_words, self.play_words)),
             f"deal_words and play_words must be at most {MAX_DEAL_WORDS} characters, "
             "without spaces around"),
            (len(self.preset) <= MAX_PRESET_NAME and bool(PRESET_NAME.match(self.preset)),
             "preset must be a preset's name (lower-case words joined by hyphens)"),
            (self.law is None or (isinstance(self.law, str) and bool(self.law.strip())),
             "law must be the jargon of a preset law, or null"),
            (self.turn_seconds is None or 1 <= self.turn_seconds <= MAX_TURN_SECONDS,
             f"turn_seconds must be 1 to {MAX_TURN_SECONDS}, or null for no turn clock"),
            (1 <= self.delay_penalty <= MAX_PENALTY_CAP,
             f"delay_penalty must be 1 to {MAX_PENALTY_CAP}"),
            (bool(self.delay_jargon.strip()) and len(self.delay_jargon) <= MAX_JARGON,
             f"delay_jargon must be a name of 1 to {MAX_JARGON} characters"),
            (self.hold_on_seconds is None or 1 <= self.hold_on_seconds <= MAX_TURN_SECONDS,
             f"hold_on_seconds must be 1 to {MAX_TURN_SECONDS}, or null for no \"Hold on\""),
            (1 <= self.hold_on_cards <= 60, "hold_on_cards must be 1 to 60"),
            (self.bad_call_penalty is None or 1 <= self.bad_call_penalty <= MAX_PENALTY_CAP,
             f"bad_call_penalty must be 1 to {MAX_PENALTY_CAP}, or null for none"),
            (self.game_minutes is None or 1 <= self.game_minutes <= MAX_GAME_MINUTES,
             f"game_minutes must be 1 to {MAX_GAME_MINUTES}, or null for an untimed game"),
            (self.out_of_turn in OUT_OF_TURN_PLAYS,
             f"out_of_turn must be one of {', '.join(OUT_OF_TURN_PLAYS)}"),
            (self.expel_mistakes is None or 2 <= self.expel_mistakes <= MAX_EXPEL_MISTAKES,
             f"expel_mistakes must be 2 to {MAX_EXPEL_MISTAKES}, or null for never"),
            (self.order_callers in ORDER_CALLERS,
             f"order_callers must be one of {', '.join(ORDER_CALLERS)}"),
            (self.order_enders in ORDER_ENDERS,
             f"order_enders must be one of {', '.join(ORDER_ENDERS)}"),
            (0 <= self.order_quiet_seconds <= MAX_ORDER_SECONDS,
             f"order_quiet_seconds must be 0 to {MAX_ORDER_SECONDS}"),
            (self.order_calls is None or 1 <= self.order_calls <= MAX_ORDER_CALLS,
             f"order_calls must be 1 to {MAX_ORDER_CALLS}, or null for no limit"),
            (0 <= self.order_gap_seconds <= MAX_ORDER_SECONDS,
             f"order_gap_seconds must be 0 to {MAX_ORDER_SECONDS}"),
        ]
        for ok, message in checks:
            if not ok:
                raise EngineError("settings/invalid", message)

    def to_json(self) -> dict[str, Any]:
        """The settings as JSON data."""
        data = asdict(self)
        if self.rule_kinds is not None:
            data["rule_kinds"] = list(self.rule_kinds)
        return data

    @classmethod
    def from_json(cls, data: Any) -> GameSettings:
        """Read settings, refusing unknown fields and wrong types with a clear message.

        A setting missing from ``data`` takes its default (stored games predate most).
        """
        if not isinstance(data, dict):
            raise EngineError("settings/invalid", "settings must be an object")
        known = set(cls.__dataclass_fields__)
        unknown = sorted(set(data) - known, key=str)
        if unknown:
            raise EngineError("settings/invalid", f"unknown setting {unknown[0]!r}")
        return cls(**data)
