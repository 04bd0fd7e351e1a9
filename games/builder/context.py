"""What the builder's templates receive: a :class:`Panel` built for one viewer.

``context |= panel_context(game, seat_index)``, then include ``games/builder/panel.html``.
A panel never holds another player's rule, jargon or author, nor anything computed from
one: only the draft, public facts and :func:`own_rules`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from django.urls import reverse

from games.authoring import model as m
from games.authoring.examples import Template, example_of, templates
from games.authoring.fields import shows
from games.authoring.forms import Checked, Problem, check, kept_fields
from games.authoring.grid import DEFAULT_TOP, Table
from games.authoring.groups import KINDS as GROUP_KINDS
from games.authoring.groups import case_role
from games.authoring.model import GROUP, CondList, EffectRow, Row, RuleForm
from games.authoring.notes import notes
from games.authoring.options import Option, options
from games.authoring.posted_rows import counted_lists, walk
from games.authoring.preview import Cell, Preview
from games.authoring.revision import revision
from games.authoring.situation import Choice, Situation, depth_read, reads_of
from games.authoring.situation_view import SituationView
from games.builder.gallery import Idea, ideas
from games.builder.preview_pool import computed_preview
from games.builder.start import adopted, blank_form, shown_problems, slot_messages
from games.engine.settings import GameSettings
from games.engine.state import GameState
from games.models import Game
from rules.cards import RANK_TEXT, STANDARD_CARDS, SUIT_NAMES, SUIT_SYMBOLS, Card, parse
from rules.errors import CardError
from rules.phrases import PLACEHOLDERS
from rules.spec import Rule, conditions_of

RANK_WORDS = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}


@dataclass
class RowView:
    """One condition row as the template draws it: a test, or a group (``group``); a count
    of cards passing rows of tests draws them too (``where``, ``where2``)."""

    area: str
    index: int
    row: Row
    tests: list[tuple[str, list[Option]]]
    subjects: list[Option]
    others: list[Option]
    shows: frozenset[str]
    error: str = ""
    autofocus: bool = False
    aces_high: bool = False
    #: Field name prefix (``when-0``, ``must-2-1``); the top-level row's by default.
    field_prefix: str = ""
    #: The row's number for people (``2``, ``2.1``); its place in its list by default.
    label: str = ""
    #: The top-level list it is drawn in (what its buttons redraw); ``area`` by default.
    list_area: str = ""
    #: How many rows its own list has (its move buttons show where they can move it).
    siblings: int = 1
    #: The move button to focus after the row moved (``up`` or ``down``), if any.
    moved: str = ""
    #: Its part in a case table (``when``, ``then``, ``otherwise``), if it is in one.
    role: str = ""
    group: ListView | None = None
    where: ListView | None = None
    where2: ListView | None = None

    @property
    def prefix(self) -> str:
        """Field name prefix: ``when-0``, or ``must-2-1`` in a group."""
        return self.field_prefix or f"{self.area}-{self.index}"

    @property
    def number(self) -> str:
        """Row number for people (1-based; ``2.1`` for the first row of group 2)."""
        return self.label or str(self.index + 1)

    @property
    def target(self) -> str:
        """The top-level list the row's buttons redraw."""
        return self.list_area or self.area

    @property
    def is_group(self) -> bool:
        return self.row.test == GROUP

    @property
    def can_move_up(self) -> bool:
        return self.index > 0

    @property
    def can_move_down(self) -> bool:
        return self.index + 1 < self.siblings

    @property
    def focus_up(self) -> bool:
        """Focus its "move up" button: it just moved up, or down to the end of its list."""
        return self.can_move_up and (self.moved == "up" or (
            self.moved == "down" and not self.can_move_down))

    @property
    def focus_down(self) -> bool:
        """Focus its "move down" button: it just moved down, or up to the top of its list."""
        return self.can_move_down and (self.moved == "down" or (
            self.moved == "up" and not self.can_move_up))

    @property
    def ranks(self) -> list[Option]:
        """Rank checkboxes, named in words for screen readers, in the game's order (the ace
        last when aces are high)."""
        return [Option(r, r, r in self.row.ranks, RANK_WORDS.get(r, r))
                for r in rank_order(self.aces_high)]

    @property
    def suits(self) -> list[Option]:
        """Suit checkboxes with their symbols."""
        return [Option(s, SUIT_SYMBOLS[s], s in self.row.suits, SUIT_NAMES[s])
                for s in m.SUIT_CHOICES]

    @property
    def colours(self) -> list[Option]:
        return options(m.COLOUR_CHOICES, self.row.colour)

    @property
    def parities(self) -> list[Option]:
        return options(m.PARITY_CHOICES, self.row.parity)

    @property
    def ops(self) -> list[Option]:
        labels = m.POSITION_OP_LABELS if self.row.test == "position" else m.OP_LABELS
        return options(labels, self.row.op)

    @property
    def absolutes(self) -> list[Option]:
        return options(m.ABSOLUTE_LABELS, "yes" if self.row.absolute else "no")

    @property
    def value_is_list(self) -> bool:
        """Whether the number input takes a list ("5, 10"), so it is a text input."""
        return self.row.test == "position"

    @property
    def value_min(self) -> int:
        """The number input's lowest value: a signed difference may be negative."""
        return -13 if self.row.test == "difference" and not self.row.absolute else 0

    @property
    def count_ops(self) -> list[Option]:
        labels = m.COUNT_THAN_OP_LABELS if self._than else m.COUNT_OP_LABELS
        return options(labels, self.row.count_op)

    @property
    def _than(self) -> bool:
        """Whether the row is a count compared with another count."""
        return self.row.test == "count" and bool(self.row.match2)

    @property
    def thans(self) -> list[Option]:
        """What a count compares with: its number, or another count's cards."""
        return options(m.THAN_LABELS, self.row.match2)

    @property
    def ranks2(self) -> list[Option]:
        """Rank checkboxes of the second count."""
        return [Option(r, r, r in self.row.ranks2, RANK_WORDS.get(r, r))
                for r in rank_order(self.aces_high)]

    @property
    def suits2(self) -> list[Option]:
        """Suit checkboxes of the second count."""
        return [Option(s, SUIT_SYMBOLS[s], s in self.row.suits2, SUIT_NAMES[s])
                for s in m.SUIT_CHOICES]

    @property
    def colours2(self) -> list[Option]:
        return options(m.COLOUR_CHOICES, self.row.colour2)

    @property
    def parities2(self) -> list[Option]:
        return options(m.PARITY_CHOICES, self.row.parity2)

    @property
    def pluses(self) -> list[Option]:
        """The further cards a sum may add up (checkboxes), named as the subjects are: those
        ticked first, in the order they are added (the order the page posts them in)."""
        offered = m.LIST_SUBJECTS[self.area]
        order = [*(s for s in self.row.plus if s in offered),
                 *(s for s in offered if s not in self.row.plus)]
        return [Option(s, m.SUBJECT_LABELS[s], s in self.row.plus) for s in order]

    @property
    def value_sets(self) -> list[Option]:
        return options(m.VALUE_SET_LABELS, self.row.value_set)

    @property
    def sames(self) -> list[Option]:
        """What the counted cards may also share with the played card."""
        return options(m.SAME_LABELS, self.row.same)

    @property
    def sum_thans(self) -> list[Option]:
        """What a sum of named cards compares with: a number, a card's value, the position."""
        offered = {"", *m.LIST_SUBJECTS[self.area], "position"}
        return options({k: v for k, v in m.SUM_THAN_LABELS.items() if k in offered},
                       self.row.sum_than)

    @property
    def shows_value(self) -> bool:
        """Whether the comparison has a number (a sum compared with a card's value has not)."""
        return not (self.row.test == "sum" and self.row.sum_than)

    @property
    def rels(self) -> list[Option]:
        return options(m.RELATION_LABELS, self.row.rel)

    @property
    def matches(self) -> list[Option]:
        # The round's record keeps a joker as the card it stood for: no count of jokers. Only
        # a count may count every card (of those sharing something with the played card).
        left_out = "joker" if self.row.test == "count" else m.EVERY
        return options({k: v for k, v in m.MATCH_LABELS.items() if k != left_out},
                       self.row.match)

    @property
    def single_subject(self) -> str:
        """The fixed subject's words when the list offers only one (``each card``)."""
        return "each card" if self.area == "each" else (
            "the cards in the hand" if self.area == "hand" else "")


def rank_order(aces_high: bool) -> tuple[str, ...]:
    """The ranks as the game orders them: ace to king, or two to ace when aces are high."""
    return (*m.RANK_CHOICES[1:], m.RANK_CHOICES[0]) if aces_high else m.RANK_CHOICES


def row_view(area: str, index: int, row: Row, error: str = "",
             aces_high: bool = False) -> RowView:
    """The template's picture of one row of list ``area`` (or ``where``: a count's tests)."""
    allowed = m.LIST_TESTS[area]
    groups = [(label, [Option(t, m.TEST_LABELS[t], t == row.test) for t in tests
                       if t in allowed]) for label, tests in m.TEST_GROUPS]
    labels = m.STEP_SUBJECT_LABELS if area == "step" else m.SUBJECT_LABELS
    subjects = options({s: labels[s] for s in m.LIST_SUBJECTS[area]}, row.subject)
    # A sum compared with a card's value may add up one card alone.
    alone = {"": "no other card"} if row.test == "sum" else {}
    others = options(alone | {s: labels[s] for s in m.LIST_SUBJECTS[area]}, row.other)
    return RowView(area, index, row, [g for g in groups if g[1]], subjects, others,
                   shows(row, area), error, aces_high=aces_high)


LIST_TITLES = {
    "when": ("When", "Leave it empty and the rule applies to every play."),
    "must": ("", ""),
    "each": ("Each card of the group", "Leave it empty to allow any cards."),
    "step": ("Each card after the first, compared with the card before it",
             "Leave it empty for no link between the cards."),
    "hand": ("A player may reveal their hand and win when", ""),
}


@dataclass
class ListView:
    """A condition list (its rows, its join) as the template draws it: a top-level list, a
    group's rows (``at`` its row's prefix) or a count's tests (``at`` ending ``-w``)."""

    area: str
    cond: CondList
    rows: list[RowView]
    error: str = ""
    focus: str = ""
    #: Field name prefix of the list (``must``, ``must-2``, ``must-2-w``).
    at: str = ""
    #: Who the list belongs to, for people: "" (a top-level list), "group 2", "the tests of
    #: condition 3".
    owner: str = ""

    @property
    def prefix(self) -> str:
        return self.at or self.area

    @property
    def focus_add(self) -> bool:
        """Focus the add button (a row of this list was just removed)."""
        return self.focus == f"remove:{self.prefix}"

    @property
    def title(self) -> str:
        return LIST_TITLES[self.area][0]

    @property
    def help(self) -> str:
        return LIST_TITLES[self.area][1]

    @property
    def joins(self) -> list[Option]:
        """The group kinds its rows may be joined by (those that fit their number)."""
        fitting = {name: kind.label for name, kind in GROUP_KINDS.items()
                   if kind.fits(len(self.cond.rows)) or name == self.cond.join}
        return options(fitting, self.cond.join)


@dataclass
class EffectView:
    """One effect row as the template draws it."""

    index: int
    effect: EffectRow
    error: str = ""
    autofocus: bool = False

    @property
    def number(self) -> int:
        return self.index + 1

    @property
    def types(self) -> list[Option]:
        return options(m.EFFECT_LABELS, self.effect.type)

    @property
    def whos(self) -> list[Option]:
        return options(m.WHO_LABELS, self.effect.who)

    @property
    def directions(self) -> list[Option]:
        return options(m.DIRECTION_LABELS, self.effect.direction)

    @property
    def answers(self) -> list[Option]:
        return options(m.ANSWER_LABELS, self.effect.answer)


@dataclass
class FormView:
    """The whole form as the template draws it, with problems at their places."""

    form: RuleForm
    lists: dict[str, ListView]
    effects: list[EffectView]
    errors: dict[str, str]
    focus: str = ""
    #: The kinds of rule the game lets its rule-makers write (``None``: any).
    allowed: tuple[str, ...] | None = None

    @property
    def kinds(self) -> list[Option]:
        shown = {kind: label for kind, label in m.KINDS.items()
                 if self.allowed is None or kind in self.allowed or kind == self.form.kind}
        return options(shown, self.form.kind)

    @property
    def modes(self) -> list[Option]:
        return options(m.MODES, self.form.mode)

    @property
    def reasons(self) -> list[Option]:
        """A reply rule's reasons to draw (checkboxes), those ticked selected."""
        return [Option(r, label, r in self.form.after) for r, label in m.REASON_LABELS.items()]

    @property
    def moments(self) -> list[Option]:
        """When a third-person rule judges words (a menu), the form's choice selected."""
        return options(m.MOMENT_LABELS, self.form.during)

    @property
    def play_talks(self) -> list[Option]:
        """What a talking rule makes of words said with a play (a menu), the form's choice
        selected."""
        return options(m.PLAY_TALK_LABELS, self.form.play_talk)

    @property
    def placeholders(self) -> list[tuple[str, str]]:
        return [("{" + name + "}", words) for name, words in PLACEHOLDERS.items()]

    @property
    def when(self) -> ListView | None:
        return self.lists.get("when")

    @property
    def must(self) -> ListView | None:
        return self.lists.get("must")

    @property
    def each(self) -> ListView | None:
        return self.lists.get("each")

    @property
    def step(self) -> ListView | None:
        return self.lists.get("step")

    @property
    def hand(self) -> ListView | None:
        return self.lists.get("hand")

    @property
    def kept(self) -> list[tuple[str, str]]:
        """Hidden fields holding what the other kinds of rule use (see :func:`kept_fields`)."""
        return kept_fields(self.form)


def form_view(form: RuleForm, problems: Sequence[Problem] = (), focus: str = "",
              aces_high: bool = False) -> FormView:
    """Everything the template needs to draw ``form`` with its problems."""
    errors: dict[str, str] = {}
    for problem in problems:
        errors.setdefault(problem.slot, problem.message)
    lists = {}
    for name in m.KIND_LISTS.get(form.kind, ()):
        lists[name] = list_view(form.cond_list(name), name, name, name, errors, focus,
                                aces_high)
    effects = [EffectView(i, e, errors.get(f"effects-{i}", "")) for i, e in
               enumerate(form.effects)]
    if effects and focus == "add:effects":
        effects[-1].autofocus = True
    return FormView(form, lists, effects, errors, focus)


def list_view(cond: CondList, at: str, area: str, menu: str, errors: dict[str, str],
              focus: str, aces_high: bool, owner: str = "", numbered: str = "") -> ListView:
    """The template's picture of the list at prefix ``at`` in top-level list ``area`` (its
    rows on list ``menu``'s menus), its groups and counts' tests within it; ``owner`` names
    it for people ("group 2"), ``numbered`` starts its rows' numbers (``2.`` makes ``2.1``)."""
    rows = []
    for i, row in enumerate(cond.rows):
        prefix = f"{at}-{i}"
        view = row_view(menu, i, row, errors.get(prefix, ""), aces_high)
        view.field_prefix, view.list_area, view.siblings = prefix, area, len(cond.rows)
        view.label = f"{numbered}{i + 1}"
        view.autofocus = focus == f"add:{prefix}"
        op, _, where = focus.partition(":")
        view.moved = op if op in ("up", "down") and where == prefix else ""
        if cond.join == "cases":
            view.role = case_role(i, len(cond.rows))
        if row.test == GROUP:
            view.group = list_view(row.group, prefix, area, menu, errors, focus, aces_high,
                                   f"group {view.label}", f"{view.label}.")
        for letter, attr in counted_lists(row):
            # Condition 2's counted cards' tests are 2c1, 2c2...; its other cards', 2d1...
            whose, mark = (("the other cards", "d") if letter == "t" else
                           ("the counted cards", "c"))
            setattr(view, attr, list_view(getattr(row, attr), f"{prefix}-{letter}", area,
                                          "where", errors, focus, aces_high,
                                          f"{whose} of condition {view.label}",
                                          f"{view.label}{mark}"))
        rows.append(view)
    return ListView(area, cond, rows, errors.get(at, ""), focus, at, owner)


def error_slots(form: RuleForm) -> list[str]:
    """Every message slot the form shows (the preview refreshes each of them)."""
    slots = ["form", "jargon"]
    for name in m.KIND_LISTS.get(form.kind, ()):
        slots.append(name)
        slots += [prefix for prefix, _row, _menu in walk(form.cond_list(name), name, name)]
    if form.kind == "trigger":
        slots.append("effects")
        slots += [f"effects-{i}" for i in range(len(form.effects))]
    slots += {"call": ["say", "penalty", "each_missing", "early_penalty"],
              "permission": ["min", "max"],
              "talking": ["allow", "penalty", "play_talk", "only", "allow_one", "allow_stuck",
                          "in_order"],
              "reply": ["reply", "after", "penalty"],
              "third_person": ["during", "exempt", "penalty"]}.get(form.kind, [])
    return slots


# The game side.


def own_rules(state: GameState, seat: int) -> list[Rule]:
    """The rules in force the builder may show ``seat`` in detail: its own (this stint),
    house rules and disclosed ones; never one still secret from them."""
    return [replace(e.rule, author=e.author) for e in state.rules
            if e.retired is None
            and (state.wrote(seat, e) or e.house or e.id in state.disclosed)]


def table_of(state: GameState, seat: int) -> Table:
    """The preview's picture of the game: settings, the coming round, a player who is not
    the writer (the players are those still in the game: the number the rules read)."""
    s: GameSettings = state.settings
    return Table(aces_high=s.aces_high, jokers=s.jokers, hand_size=s.hand_size, decks=s.decks,
                 players=state.table_size, round=state.round, player=state.step(seat, 1))


def default_top(state: GameState | None) -> Card:
    """The top of the first pile when there is one (public), else the queen of hearts."""
    if state is not None and state.piles:
        top = state.piles[0].top
        if not top.is_joker:
            return top
    return DEFAULT_TOP


def read_top(text: str | None, state: GameState | None) -> Card:
    """The top card chosen in the form, or the default."""
    try:
        card = parse(text) if text else default_top(state)
    except CardError:
        card = default_top(state)
    return default_top(state) if card.is_joker else card


@dataclass
class Panel:
    """Everything ``panel.html`` and its partials need, for one viewer of one game."""

    code: str
    version: int
    seat: int | None
    phase: str
    writers: list[str]
    writing: bool
    has_written: bool = False
    #: Whether the form holds no condition yet: the preview invites one, marking nothing.
    blank: bool = False
    form: FormView | None = None
    checked: Checked | None = None
    preview: Preview | None = None
    top: Card = DEFAULT_TOP
    slots: list[tuple[str, str]] = field(default_factory=list)
    message: str = ""
    choice: Choice = field(default_factory=Choice)
    depth: int = 1
    #: How deep the pile controls the page shows reach (posted as ``sit-depth``), if known.
    piles_shown: int | None = None
    #: Whether the rules shown read the round so far (its position, counts, sums).
    rounds: bool = False
    #: Whether the page shows the round's controls now (posted as ``sit-rounds``), if known.
    rounds_shown: bool | None = None
    aces_high: bool = False
    #: The fingerprint of the rule the preview shows (:mod:`games.authoring.revision`).
    revision: str = ""
    #: The example the form holds as it stands (its id), or "" for a rule of one's own.
    example: str = ""
    #: The example whose jargon the jargon field holds, unless the writer typed their own.
    jargon_from: str = ""
    #: Whether the jargon field is redrawn with this response (an example's jargon set or
    #: cleared).
    jargon_redrawn: bool = False
    #: The rules in force the writer knows besides their own (house rules, rules
    #: disclosed), by jargon: the preview's grid and notes count them too.
    known: tuple[str, ...] = ()
    #: Whether the panel was drawn without the preview of its finished draft (a push): the
    #: builder asks for it as it loads.
    preview_later: bool = False
    #: The round whose rule is being written (0: none).
    round: int = 0

    @property
    def draft_key(self) -> str:
        """Names this writing turn (game, seat, round): the page keeps the writer's draft
        under it through a reload (static/js/builder.js)."""
        return f"{self.code}:{self.seat}:{self.round}"

    @cached_property
    def urls(self) -> dict[str, str]:
        """The builder's endpoints for this game (reversed once per panel: the panel's
        template reads them about 25 times)."""
        names = ("panel", "form", "rows", "preview", "submit", "jargon")
        urls = {n: reverse(f"builder:{n}", kwargs={"code": self.code}) for n in names}
        # The difficulty estimate is a feature above the builder (games.difficulty), routed
        # by name so that the builder never imports it.
        urls["difficulty"] = reverse("difficulty", kwargs={"code": self.code})
        return urls

    @property
    def writer_names(self) -> str:
        """``Gogol`` or ``Gogol and Bull``."""
        return " and ".join(self.writers)

    @property
    def templates(self) -> tuple[Template, ...]:
        return templates()

    @property
    def previews_grid(self) -> bool:
        """Whether the panel draws the grid and its situation (the rule-writer's builder)."""
        return self.writing

    @property
    def writes_rule(self) -> bool:
        """Whether the page holds the rule-writer's parts (examples, revision, jargon and
        form messages): answers bring them out of band only where they are."""
        return True

    @property
    def situation(self) -> SituationView:
        """The preview's "Situation" controls; "Auto" stands for the defaults until a
        preview chose the situation where the draft matters."""
        auto = self.preview.auto if self.preview is not None else Situation()
        return SituationView(self.choice, auto, self.depth, self.piles_shown,
                             self.rounds, self.rounds_shown)

    @property
    def tops(self) -> list[tuple[str, list[Option]]]:
        """Top cards to preview on, by suit."""
        order = rank_order(self.aces_high)
        ranked = sorted(STANDARD_CARDS, key=lambda c: order.index(RANK_TEXT[c.rank]))
        return [(SUIT_NAMES[s].capitalize(),
                 [Option(str(c), f"{c.symbol} {c.name}", c == self.top)
                  for c in ranked if c.suit == s]) for s in "SHDC"]

    @property
    def grid(self) -> list[tuple[str, list[Cell]]]:
        """The preview's cells by suit, in the game's rank order (the ace last when aces are
        high), then the joker."""
        if self.preview is None:
            return []
        order = rank_order(self.aces_high)
        return [(suit, sorted(cells, key=lambda c: order.index(c.rank)) if suit else cells)
                for suit, cells in self.preview.by_suit]

    @property
    def ideas(self) -> list[tuple[str, list[Idea]]]:
        """The gallery's ideas by grade, easiest first (the same for every writer)."""
        found = ideas()
        return [(grade, [i for i in found if i.grade == grade])
                for grade in dict.fromkeys(i.grade for i in found)]

    @property
    def example_options(self) -> list[Option]:
        """The example menu's choices, the example the form holds selected."""
        return [Option(t.id, t.label, t.id == self.example) for t in templates()]


def writer_names(state: GameState | None) -> list[str]:
    """Names of the seats writing a rule now."""
    return [state.names[i] for i in state.writers] if state is not None else []


def make_panel(game: Game, state: GameState | None, seat: int | None,
               form: RuleForm | None = None, top: Card | None = None, focus: str = "",
               with_preview: bool = True, choice: Choice | None = None) -> Panel:
    """The panel for ``seat`` (``None``: a spectator), with ``form`` or an empty rule."""
    phase = state.phase if state is not None else game.phase
    writing = (state is not None and state.phase == "writing" and seat is not None
               and seat in state.writers)
    # In a game of two both players write at once: one may have finished before the other.
    written = state is not None and state.phase == "writing" and any(
        e.author == seat and e.round == state.round for e in state.rules)
    panel = Panel(game.code, game.version, seat, phase, writer_names(state), writing,
                  has_written=written)
    if not writing or state is None or seat is None:
        return panel
    panel.round = state.round
    form = form or blank_form()
    checked = check(form, author=seat, kinds=state.settings.rule_kinds)
    panel.aces_high = state.settings.aces_high
    problems, panel.blank = shown_problems(form, checked.problems)
    panel.form = form_view(form, problems, focus, panel.aces_high)
    panel.form.allowed = state.settings.rule_kinds
    panel.checked = checked
    panel.top = top or default_top(state)
    panel.slots = slot_messages(error_slots(form), problems)
    panel.choice = choice or Choice()
    panel.example = example_of(checked.spec)
    if with_preview and checked.ok and checked.rule is not None:
        table, mine = table_of(state, seat), own_rules(state, seat)
        panel.known = tuple(r.jargon for r in mine if r.author != seat)
        conditions = [c for r in (*mine, checked.rule) for c in conditions_of(r.spec)]
        panel.depth = depth_read(conditions)
        panel.rounds = bool(reads_of(conditions) & {"record", "position"})
        shown = computed_preview(checked.rule, mine, table, panel.top, panel.choice)
        # The builder's own notes on the draft (double negatives, the author's own rules)
        # join the preview's warnings, so "No problems found" is said only when neither has.
        panel.preview = replace(shown, warnings=(*shown.warnings,
                                                 *notes(checked.form, checked.rule, mine)))
        panel.revision = revision(checked.spec)
    return panel


def load_state(game: Game) -> GameState | None:
    """The game's engine state, or ``None`` while it is in its lobby."""
    return GameState.from_json(game.state) if game.state else None


def panel_context(game: Game, seat_index: int | None,
                  state: GameState | None = None, idea: str = "",
                  preview: bool = True) -> dict[str, Any]:
    """The context ``games/builder/panel.html`` needs: ``{"builder": Panel}`` (``state``: the
    game's, if already parsed; ``idea``: the id of an example to start from, if any).
    Without ``preview`` (a push) no preview is computed: the builder asks for it as it loads
    (the page without script needs it drawn in)."""
    form = adopted(idea)
    builder = make_panel(game, load_state(game) if state is None else state, seat_index, form,
                         with_preview=preview)
    if form is not None and builder.form is not None:
        builder.jargon_from = idea  # its jargon goes once the rule is changed away from it
    builder.preview_later = (not preview and builder.checked is not None
                             and builder.checked.ok)
    return {"builder": builder}
