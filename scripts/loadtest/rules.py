"""The rules load-test players write: random valid rules, as the builder form posts them.

A random rule is turned into the builder's form fields and checked with
:func:`~games.authoring.forms.check`; after a few misses the builder's starting rule is used.
The jargon is left blank, so the server suggests one.
"""

from __future__ import annotations

from random import Random
from typing import Any

from games.authoring.forms import check, form_from_data, form_to_data
from games.authoring.model import new_form
from games.authoring.revision import revision
from games.authoring.spec_form import Unrepresentable, spec_to_form
from rules.generate import random_rule
from rules.spec import dump_rule

TRIES = 20


def rule_form_data(rng: Random) -> dict[str, list[str]]:
    """The builder's POST fields for a random valid rule (without the ``version``)."""
    for _ in range(TRIES):
        spec = dump_rule(random_rule(rng))["rule"]
        try:
            form = spec_to_form(spec, "")
        except Unrepresentable:
            continue
        data = form_to_data(form)
        checked = check(form_from_data(data))
        if checked.ok:
            return _as_previewed(data, checked.spec)
    data = form_to_data(new_form())
    return _as_previewed(data, check(form_from_data(data)).spec)


def _as_previewed(data: dict[str, list[str]], spec: dict[str, Any]) -> dict[str, list[str]]:
    """The form with its preview's revision, as a browser posts "Write this rule"."""
    return data | {"revision": [revision(spec)]}
