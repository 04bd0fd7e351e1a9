"""How hard a new rule is to guess: how often it speaks, and how long the detective takes.

Pure (no Django): :func:`estimate` looks at the rule alone, never at the other rules in
force, in the game's settings; the verdict follows :data:`BANDS`. It stops simulating
tables once the verdict is settled (:func:`settled`: the same whatever the tables left
would show). ``give_up`` (asked between simulated actions) cuts it short with the tables
finished (``cut_short``), as does running out of :data:`PROBES`, which bounds the time any
rule's estimate takes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from random import Random
from statistics import median

from games.autoplay.detective_bot import DetectiveMemory
from games.deduction.scoring import score
from games.engine.actions import WriteRule
from games.engine.apply import apply
from games.engine.events import Event, Played, Refused
from games.engine.settings import GameSettings
from games.engine.setup import new_game
from games.engine.simulate import NAMES, play_on
from games.engine.state import GameState
from rules.analysis import Allowance
from rules.cards import JOKER, STANDARD_CARDS
from rules.context import PlayContext, Settings
from rules.evaluation import compile_condition, refusal_predicate
from rules.spec import Call, Restriction, Rule, Trigger, canonical_text, dump_rule, load_rule

#: The detective's seat at the simulated tables (seat 0 writes the rule).
DETECTIVE_SEAT = 1
#: The simulated tables: players and hand size (a long round), whatever the game's.
SIMULATED_PLAYERS = 6
SIMULATED_HAND = 7
#: Simulated tables per estimate, and the most plays of evidence each one gets.
TABLES = 6
MAX_PLAYS = 60
#: Typical situations the share of plays it speaks on is measured over.
SITUATIONS = 600
#: The kinds of rule the detective learns (it never sees a permission named, and knows few
#: instant wins).
LEARNT = frozenset({"restriction", "trigger", "call"})
#: The verdict by the median plays the detective needed (cracked at most tables): up to the
#: first number "easy", up to the second "about right", beyond it "hard"; cracked at fewer
#: than half the tables: "very hard". "No heart on a club" takes about 20 (about right).
BANDS = (12, 45)

#: Situations the scoring of the detective's guesses may try in one estimate, all tables
#: together (:class:`~rules.analysis.Allowance`): a guess is proved right by trying every
#: situation the two rules can tell apart, and some rules have very many. Past it the
#: estimate stops, cut short, as when ``give_up`` says so.
PROBES = 100_000

#: Whether an estimate should stop now (asked between simulated actions).
GiveUp = Callable[[], bool]


def never() -> bool:
    """The default :data:`GiveUp`: run to the end."""
    return False


@dataclass(frozen=True, slots=True)
class Difficulty:
    """How hard a rule is to guess (see the module docstring)."""

    kind: str
    #: The share of typical plays it refuses (or fires on, or wants words with); ``None``
    #: for a permission or an instant win, which do not speak on single plays.
    speaks: float | None
    #: For each simulated table, the plays of evidence the detective needed (``None``: not
    #: cracked within :data:`MAX_PLAYS`).
    plays_to_crack: tuple[int | None, ...]
    #: Whether it gave up before every simulated table was played: the measures then cover
    #: the tables it finished.
    cut_short: bool = False

    @property
    def cracked(self) -> int:
        """At how many tables the detective cracked it."""
        return sum(n is not None for n in self.plays_to_crack)

    @property
    def typical(self) -> int | None:
        """The median plays needed where it was cracked (``None``: never cracked)."""
        found = [n for n in self.plays_to_crack if n is not None]
        return round(median(found)) if found else None

    @property
    def verdict(self) -> str:
        """``easy``, ``about right``, ``hard``, ``very hard`` or ``unknown`` (a kind of rule
        the detective does not learn: permissions and instant wins; or no simulated table
        finished in time)."""
        if not self.plays_to_crack:
            return "unknown"
        if self.typical is None or 2 * self.cracked < len(self.plays_to_crack):
            return "very hard"
        if self.typical <= BANDS[0]:
            return "easy"
        return "about right" if self.typical <= BANDS[1] else "hard"

    def sentences(self) -> tuple[str, ...]:
        """What the builder tells the author, in plain words."""
        said = []
        if self.speaks is not None:
            verb = {"restriction": "refuses", "trigger": "sets off on",
                    "call": "asks for words with"}.get(self.kind, "speaks on")
            said.append(f"In typical situations your rule {verb} {_share(self.speaks)} of "
                        "plays.")
        tables = len(self.plays_to_crack)
        if not tables and self.cut_short:
            return (*said, "Our detective bot ran out of time before it finished a simulated "
                           "game, so it cannot say how hard your rule is to guess.")
        if not tables:
            return (*said, "Our detective bot does not learn this kind of rule, so it cannot "
                           "say how hard it is to guess.")
        if self.typical is None:
            said.append(f"Our detective bot did not crack it within {MAX_PLAYS} plays at any "
                        f"of {tables} simulated tables.")
        else:
            said.append(f"Our detective bot cracked it at {self.cracked} of {tables} simulated "
                        f"tables, after about {self.typical} plays.")
        advice = {"easy": "Easy: it will be guessed quickly.",
                  "about right": "About right: a good rule to guess by playing.",
                  "hard": "Hard: expect it to stay secret for a long while.",
                  "very hard": "Very hard: players may never work it out."}[self.verdict]
        return (*said, advice)


def _share(fraction: float) -> str:
    """``about 1 in 8`` (or ``none``, ``almost all``)."""
    if fraction <= 0:
        return "none"
    if fraction >= 0.97:
        return "almost all"
    if fraction >= 0.5:
        return f"about {round(fraction * 100)}%"
    return f"about 1 in {max(2, round(1 / fraction))}"


def typical_situations(settings: GameSettings, count: int = SITUATIONS,
                       seed: int = 4242) -> tuple[PlayContext, ...]:
    """Seeded plays of every kind at a table of ``settings``: one to five cards on the pile,
    hands of every size, every seat, turns and rounds."""
    rng = Random(seed)
    found = []
    for _ in range(count):
        pile = tuple(rng.choice(STANDARD_CARDS) for _ in range(rng.randint(1, 5)))
        hand = tuple(rng.choice(STANDARD_CARDS) for _ in range(rng.randint(0, 9)))
        played = rng.choice(STANDARD_CARDS)
        physical = JOKER if settings.jokers and rng.random() < 0.05 else played
        found.append(PlayContext(
            played, pile, physical=physical, hand=(played, *hand), hand_before=len(hand) + 1,
            hand_after=len(hand), players=settings.players,
            player=rng.randrange(settings.players), turn=rng.randint(1, 40),
            round=rng.randint(1, 6), record=pile))
    return tuple(found)


def speaks(rule: Rule, settings: GameSettings) -> float | None:
    """The share of typical plays ``rule`` speaks on (see :class:`Difficulty`)."""
    spec = rule.spec
    language = Settings(aces_high=settings.aces_high)
    if isinstance(spec, Restriction):
        said = refusal_predicate(spec, language, rule.author)
    elif isinstance(spec, Trigger | Call):
        said = compile_condition(spec.when, language, rule.author)
    else:
        return None
    plays = typical_situations(settings)
    return sum(map(said, plays)) / len(plays)


def plays_to_crack(rule: Rule, settings: GameSettings, seed: int,
                   max_plays: int = MAX_PLAYS) -> int | None:
    """The plays the detective needed to crack ``rule`` alone (``None``: not within reach)."""
    return _crack(rule, settings, seed, max_plays, never).cracked_at


def _crack(rule: Rule, settings: GameSettings, seed: int, max_plays: int,
           give_up: GiveUp, allowance: Allowance | None = None) -> _Progress:
    """One simulated table (see :func:`plays_to_crack`), stopped early when ``give_up``
    says so or the scoring runs out of ``allowance`` (``gave_up``)."""
    allowance = allowance or Allowance(PROBES)
    progress = _Progress()
    if give_up():
        progress.gave_up = True
        return progress
    # A long round gives the evidence room: six players, hands of seven (one deck holds
    # them), the game's jokers and aces.
    table = GameSettings(players=SIMULATED_PLAYERS, hand_size=SIMULATED_HAND,
                         jokers=settings.jokers, aces_high=settings.aces_high,
                         first_rule_maker=0)
    state = new_game(table, NAMES[:table.players], seed)
    text = dump_rule(rule)["rule"]
    state, events = apply(state, WriteRule(0, {"jargon": rule.jargon, "rule": text}))
    real = load_rule({"version": 1, "jargon": rule.jargon, "author": 0, "rule": text})
    language = Settings(aces_high=settings.aces_high)
    # The detective at seat 1 reasons from what that seat saw; this memory reads the same
    # events, so its guesses are the bot's.
    memory = DetectiveMemory(DETECTIVE_SEAT)
    memory.read([e.seen_by(DETECTIVE_SEAT) for e in events])

    def cracked(now: GameState, happened: Sequence[Event]) -> bool:
        memory.read([e.seen_by(DETECTIVE_SEAT) for e in happened])
        progress.plays += sum(isinstance(e, Played | Refused) for e in happened)
        guess = memory.brought_up_to_date(language).guess(rule.jargon)
        if guess is not None and canonical_text(guess.spec) != progress.last_guess:
            progress.last_guess = canonical_text(guess.spec)  # scoring is the cost: once
            verdict = score(guess, real, memory.reader.record(), language, allowance).verdict
            if verdict == "exact":
                progress.cracked_at = progress.plays
                return True
            if allowance.ran_out:
                progress.gave_up = True
                return True
        if progress.plays >= max_plays or now.phase != "playing":
            return True
        progress.gave_up = give_up()
        return progress.gave_up

    kinds = ("experimenter", "detective", *("experimenter",) * (table.players - 2))
    play_on(state, kinds, seed, max_actions=10 * max_plays, seen=events, until=cracked)
    return progress


@dataclass(slots=True)
class _Progress:
    """How far one simulated table has come: plays seen, the last guess scored, the plays
    it took to crack the rule (``None``: not yet), and whether it was given up."""

    plays: int = 0
    last_guess: str = ""
    cracked_at: int | None = None
    gave_up: bool = False


def settled(found: Sequence[int | None], tables: int) -> bool:
    """Whether ``found``, the first of ``tables`` simulated tables, settle the verdict: the
    same whatever the others show.

    The median rises with each table's plays, and the verdict's band with the median, so
    for each number of tables still to crack it is enough to try them all cracked at once
    and all cracked as late as can be.

    >>> settled([5, 6, 7, 8], 6)
    True
    >>> settled([5, 6, 7], 6)
    False
    """
    left = tables - len(found)
    verdicts = {Difficulty("", None, (*found, *(plays,) * cracked,
                                      *(None,) * (left - cracked))).verdict
                for cracked in range(left + 1) for plays in (0, _LATEST)}
    return len(verdicts) == 1


#: Later than any table can crack a rule (for :func:`settled`).
_LATEST = 1 << 30


def estimate(rule: Rule, settings: GameSettings, tables: int = TABLES,
             max_plays: int = MAX_PLAYS, seed: int = 1, give_up: GiveUp = never) -> Difficulty:
    """How hard ``rule`` is to guess at a table of ``settings`` (see the module docstring):
    at most ``tables`` simulated tables, fewer once the verdict is :func:`settled`; cut
    short, with the tables finished, once ``give_up`` says so."""
    said = speaks(rule, settings)
    if rule.spec.kind not in LEARNT:
        return Difficulty(rule.spec.kind, said, ())
    found: list[int | None] = []
    allowance = Allowance(PROBES)
    for t in range(tables):
        progress = _crack(rule, settings, seed * 1000 + t, max_plays, give_up, allowance)
        if progress.gave_up:
            return Difficulty(rule.spec.kind, said, tuple(found), cut_short=True)
        found.append(progress.cracked_at)
        if settled(found, tables):
            break
    return Difficulty(rule.spec.kind, said, tuple(found))
