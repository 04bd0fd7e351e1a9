"""Where a writer's draft starts: an empty rule, or an idea adopted from the gallery.

A new builder opens on :func:`blank_form`, an empty restriction: nothing in it the writer
did not choose. Switching the kind keeps the conditions the writer made their own, but not
an example adopted and left as it was (:func:`untouched_example`): that example belongs
to the kind it was written for, so the new kind starts empty.
"""

from __future__ import annotations

from copy import deepcopy

from games.authoring.examples import example_of, template
from games.authoring.forms import Problem, check
from games.authoring.model import KIND_LISTS, LISTS, CondList, RuleForm
from games.authoring.spec_form import spec_to_form


def blank_form(kind: str = "restriction", jargon: str = "") -> RuleForm:
    """An empty rule of ``kind``: every condition list and the effects empty (so no kind
    switched to later finds a starting condition either)."""
    form = RuleForm(kind=kind, jargon=jargon)
    form.lists = {name: CondList("all", []) for name in LISTS}
    form.effects = []
    return form


def shown_problems(form: RuleForm, problems: list[Problem]) -> tuple[list[Problem], bool]:
    """The problems to mark on ``form``, and whether it is blank: a fresh start, no condition
    anywhere, whose empty condition list the page answers with an invitation to add one
    rather than an error the writer did not make (a trigger's missing effect stays marked)."""
    if any(cond.rows for cond in form.lists.values()):
        return problems, False
    kept = [problem for problem in problems
            if problem.code != "spec/empty" or problem.slot not in form.lists]
    return kept, len(kept) < len(problems)


def slot_messages(form_slots: list[str], problems: list[Problem]) -> list[tuple[str, str]]:
    """Each slot of ``form_slots`` with the first of ``problems``' messages for it ("" for
    none): every error paragraph an answer redraws."""
    found: dict[str, str] = {}
    for problem in problems:
        found.setdefault(problem.slot, problem.message)
    return [(slot, found.get(slot, "")) for slot in form_slots]


def adopted(template_id: str) -> RuleForm | None:
    """The form holding the example ``template_id`` with its jargon, or ``None``."""
    found = template(template_id)
    return None if found is None else spec_to_form(found.spec, found.jargon)


def untouched_example(form: RuleForm) -> str:
    """The id of the example ``form``'s fields hold when read as a rule of another kind than
    ``form.kind`` (the kind was switched away from an example left as it was), or ``""``."""
    for kind, lists in KIND_LISTS.items():
        # A kind whose lists were not on the page would be read with starting rows.
        if kind == form.kind or any(name not in form.lists for name in lists):
            continue
        other = deepcopy(form)  # checking fills in missing lists: leave the form as posted
        other.kind = kind
        checked = check(other)
        if checked.ok and (found := example_of(checked.spec)):
            return found
    return ""
