"""Through the page itself: a rule the builder can show, drawn as the panel draws it and posted
as a browser posts that page's controls, is read back as the same rule."""

from __future__ import annotations

from html.parser import HTMLParser
from random import Random
from typing import Any

from django.http import QueryDict
from django.template.loader import render_to_string
from hypothesis import assume, given
from hypothesis import strategies as st

from games.authoring.forms import check, form_from_data
from games.authoring.model import RuleForm
from games.authoring.spec_form import Unrepresentable, spec_to_form
from games.builder.context import Panel, form_view
from rules.fields import SUBJECTS
from rules.generate import random_rule, random_spec
from rules.spec import FORMAT_VERSION, KINDS, load_rule, spec_to_json


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


def _shown(spec: dict[str, Any], jargon: str) -> RuleForm:
    try:
        form = spec_to_form(spec, jargon)
    except Unrepresentable:
        assume(False)
        raise
    needed = {"restriction": "must", "instant_win": "hand"}.get(form.kind)
    assume(needed is None or form.lists[needed].rows)
    # The page ticks a sum's further cards in its own order (the order of its chips).
    assume(all(row.plus == tuple(s for s in SUBJECTS if s in row.plus)
               for cond in form.lists.values() for row in cond.rows))
    return form


def _posted_back(spec: dict[str, Any], jargon: str) -> None:
    form = _shown(spec, jargon)
    checked = check(form_from_data(page_posts(form)))
    assert checked.ok, checked.problems
    assert checked.rule is not None
    assert spec_to_json(checked.rule.spec) == spec
    assert checked.rule.jargon == jargon


@given(st.integers(0, 2**32))
def test_a_random_rule_posted_by_the_page_comes_back_unchanged(seed: int) -> None:
    rule = random_rule(Random(seed))
    _posted_back(spec_to_json(rule.spec), rule.jargon)


@given(st.integers(0, 2**32), st.sampled_from(KINDS))
def test_every_kind_posted_by_the_page_comes_back_unchanged(seed: int, kind: str) -> None:
    spec = random_spec(Random(seed), kind)
    try:
        rule = load_rule({"version": FORMAT_VERSION, "jargon": "Posted", "rule": spec})
    except Exception:  # noqa: BLE001 (random specs are not always valid)
        assume(False)
        raise
    _posted_back(spec_to_json(rule.spec), "Posted")
