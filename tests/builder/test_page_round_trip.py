"""Through the page itself: every valid rule, drawn as the panel draws it and posted as a
browser posts that page's controls, is read back as the same rule; and every rule the builder
writes is valid."""

from __future__ import annotations

from html.parser import HTMLParser
from random import Random
from typing import Any

from django.http import QueryDict
from django.template.loader import render_to_string
from hypothesis import assume, given
from hypothesis import strategies as st

from games.authoring.forms import TREE_OPS, apply_tree_op, check, form_from_data
from games.authoring.model import KIND_LISTS, RuleForm
from games.authoring.posted_rows import find_list, walk
from games.authoring.spec_form import spec_to_form
from games.builder.context import Panel, form_view
from rules.errors import RuleError
from rules.generate import random_any_condition, random_rule, random_spec
from rules.spec import FORMAT_VERSION, KINDS, load_rule, spec_to_json
from tests.examples import share


class Posted(HTMLParser):
    """The controls a browser posts from a page, in page order: named inputs (checkboxes and
    radios only when checked), each select's selected option (else its first), textareas;
    disabled controls and buttons post nothing."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, str]] = []
        self.select: str | None = None
        self.options: list[tuple[str, bool]] = []
        self.textarea: str | None = None
        self.text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        name = a.get("name")
        if "disabled" in a:
            return
        if tag == "input" and name and a.get("type") not in ("button", "submit"):
            if a.get("type") not in ("checkbox", "radio") or "checked" in a:
                default = "on" if a.get("type") in ("checkbox", "radio") else ""
                self.found.append((name, a.get("value", default)))
        elif tag == "select" and name:
            self.select, self.options = name, []
        elif tag == "option" and self.select is not None:
            self.options.append((a.get("value", ""), "selected" in a))
        elif tag == "textarea" and name:
            self.textarea, self.text = name, ""

    def handle_data(self, data: str) -> None:
        if self.textarea is not None:
            self.text += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "select" and self.select is not None:
            chosen = [value for value, selected in self.options if selected]
            if chosen or self.options:
                self.found.append((self.select, (chosen or [self.options[0][0]])[-1]))
            self.select = None
        elif tag == "textarea" and self.textarea is not None:
            # A browser drops the one newline that may follow the start tag.
            self.found.append((self.textarea, self.text.removeprefix("\n")))
            self.textarea = None


def page_posts(form: RuleForm) -> QueryDict:
    """What the builder page drawn for ``form`` posts (the panel of a writer, no preview)."""
    checked = check(form)
    panel = Panel("ROUND", 1, 0, "writing", ["Gogol"], True,
                  form=form_view(form, checked.problems), checked=checked)
    parser = Posted()
    parser.feed(render_to_string("games/builder/panel.html", {"builder": panel}))
    posted = QueryDict(mutable=True)
    for name, value in parser.found:
        posted.appendlist(name, value)
    return posted


def _posted_back(spec: dict[str, Any], jargon: str) -> None:
    """rule -> form -> the page's own posted fields -> rule is the identity."""
    form = spec_to_form(spec, jargon)
    checked = check(form_from_data(page_posts(form)))
    assert checked.ok, checked.problems
    assert checked.rule is not None
    assert spec_to_json(checked.rule.spec) == spec
    assert checked.rule.jargon == jargon


@given(st.integers(0, 2**32))
@share(1)
def test_a_random_rule_posted_by_the_page_comes_back_unchanged(seed: int) -> None:
    rule = random_rule(Random(seed))
    _posted_back(spec_to_json(rule.spec), rule.jargon)


def _nested(rng: Random, depth: int) -> dict[str, Any]:
    """A condition of groups in groups (``all``, ``any``, ``not``, one item or several),
    ``depth`` deep, with any condition of the language at the leaves."""
    if depth == 0:
        return random_any_condition(rng, depth=rng.randint(0, 2))
    shape = rng.choice(("all", "any", "not"))
    if shape == "not":
        return {"type": "not", "of": _nested(rng, depth - 1)}
    return {"type": shape, "of": [_nested(rng, rng.randint(0, depth - 1))
                                  for _ in range(rng.randint(1, 3))]}


@given(st.integers(0, 2**32), st.integers(1, 5), st.sampled_from(("must", "must_not", "when")))
@share(1)
def test_nested_groups_posted_by_the_page_come_back_unchanged(seed: int, depth: int,
                                                              where: str) -> None:
    rng = Random(seed)
    spec = {"kind": "restriction", where: _nested(rng, depth)}
    if where == "when":
        spec["must"] = random_any_condition(rng, depth=0)
    try:
        rule = load_rule({"version": FORMAT_VERSION, "jargon": "Nested", "rule": spec})
    except RuleError:
        assume(False)
        raise
    _posted_back(spec_to_json(rule.spec), "Nested")


@given(st.integers(0, 2**32))
@share(1)
def test_every_rule_the_builder_writes_is_valid(seed: int) -> None:
    # Any form the page can post, however its rows were added, grouped, moved and removed:
    # what check() accepts loads as a rule, and what it writes is that rule.
    rng = Random(seed)
    form = spec_to_form(spec_to_json(random_rule(rng).spec))
    for _ in range(rng.randint(1, 8)):
        lists = [(name, form.cond_list(name)) for name in KIND_LISTS[form.kind]]
        if not lists:
            break
        name, cond = rng.choice(lists)
        prefixes = [prefix for prefix, _row, _menu in walk(cond, name, name)]
        groups = [name, *(p for p in prefixes if find_list(form.lists, p) is not None)]
        op = rng.choice(TREE_OPS)
        apply_tree_op(form, op, rng.choice(groups if op in ("add", "group") else
                                           prefixes or [name]))
    checked = check(form_from_data(page_posts(form)))
    if checked.ok:
        assert checked.rule is not None
        again = load_rule({"version": FORMAT_VERSION, "jargon": "Written",
                           "rule": checked.spec})
        assert spec_to_json(again.spec) == checked.spec
    else:
        assert checked.problems


@given(st.integers(0, 2**32), st.sampled_from(KINDS))
@share(1)
def test_every_kind_posted_by_the_page_comes_back_unchanged(seed: int, kind: str) -> None:
    spec = random_spec(Random(seed), kind)
    try:
        rule = load_rule({"version": FORMAT_VERSION, "jargon": "Posted", "rule": spec})
    except Exception:  # noqa: BLE001 (random specs are not always valid)
        assume(False)
        raise
    _posted_back(spec_to_json(rule.spec), "Posted")
