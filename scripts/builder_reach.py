"""Which rules the builder's page can enter: ``python -m scripts.builder_reach [--random N]``.

Counts, over the example rules, the presets' house rules and laws, ``N`` random valid rules
and ``N`` restrictions on any random condition (seeded), those the builder can show and post
back unchanged, and for the others why not (the shape it lacks), most common first.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from pathlib import Path
from random import Random
from typing import Any

from games.authoring.forms import check, form_from_data, form_to_data
from games.authoring.spec_form import Unrepresentable, spec_to_form
from games.presets.registry import presets
from rules.errors import RuleError
from rules.generate import random_any_condition, random_rule
from rules.spec import FORMAT_VERSION, Rule, load_rule, load_rules_document, spec_to_json

EXAMPLES = Path(__file__).resolve().parent.parent / "rules" / "examples"


def why_not(spec: dict[str, Any], jargon: str) -> str | None:
    """Why the builder cannot enter ``spec`` (a shape, numbers left out), or ``None``."""
    try:
        form = spec_to_form(spec, jargon)
    except Unrepresentable as exc:
        return re.sub(r"\d+", "N", str(exc))
    needed = {"restriction": "must", "instant_win": "hand"}.get(form.kind)
    if needed and not form.lists[needed].rows:
        return f"an empty {needed!r} list (the rule language's always)"
    checked = check(form_from_data(form_to_data(form)))
    if checked.rule is None or spec_to_json(checked.rule.spec) != spec:
        return "posted back as another rule"
    return None


def corpus(count: int) -> dict[str, list[Rule]]:
    """The rules counted, by where they come from."""
    examples = [rule for path in sorted(EXAMPLES.glob("*.json"))
                for rule in load_rules_document(json.loads(path.read_text(encoding="utf-8")))]
    house = [rule for p in presets().values() for rule in (*p.house_rules, *p.laws)]
    rng = Random(2026)
    wide: list[Rule] = []
    while len(wide) < count:
        # Any condition the language holds, up to three levels deep, as a restriction's must.
        try:
            wide.append(load_rule({"version": FORMAT_VERSION, "jargon": "Wide", "rule": {
                "kind": "restriction", "must": random_any_condition(rng)}}))
        except RuleError:
            continue
    return {"examples": examples, "presets": house,
            "random rules": [random_rule(rng) for _ in range(count)],
            "random conditions": wide}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random", type=int, default=2000, help="random rules to try")
    args = parser.parse_args()
    for source, rules in corpus(args.random).items():
        reasons = Counter(why_not(spec_to_json(r.spec), r.jargon) for r in rules)
        entered = reasons.pop(None, 0)
        print(f"{source}: {entered} of {len(rules)} entered ({100 * entered / len(rules):.0f}%)")
        for reason, n in reasons.most_common():
            print(f"  {n:5}  {reason}")


if __name__ == "__main__":
    main()
