"""Accessibility checks of what a page shows, by axe-core.

Every screenshot a browser test takes (the ``shoot`` fixture) is also checked here against
the WCAG 2.0, 2.1 and 2.2 A and AA rules (and axe's best practices), experimental ones
included, so each page in each state the tests reach is held to zero violations.
``MAO_A11Y_REPORT=<file>`` records the violations (one JSON line per state) instead of
failing, to count them across the whole suite.

axe-core is the npm package pinned in package.json (``npm ci`` installs it; ``make test``
does), not a copy bundled with a Python wrapper, which lags behind its releases: see
docs/testing.md for how to move it to the newest release.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

from tests.browser.helpers import POLL_MS

ROOT = Path(__file__).resolve().parents[2]
#: The axe-core script npm installs from package.json's exact pin.
AXE_SCRIPT = ROOT / "node_modules" / "axe-core" / "axe.min.js"
#: The axe-core rule tags of WCAG 2.0, 2.1 and 2.2, levels A and AA, and axe's best
#: practices (one level-one heading per page, every part of a page in a landmark...).
TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice")
#: Rules whose "needs review" answers count as violations: an ``aria-label`` on an element
#: without a role that allows it, and text whose contrast axe cannot compute because of its
#: background (for example a hatched one), which must then be given a plain one.
REVIEWED = ("aria-prohibited-attr", "color-contrast")
#: Runs axe on the page with every rule of the tags, and the rules axe holds back as
#: experimental among them switched on too (a tag run leaves them out). Every rule runs on
#: every element; only the violations and the undecided checks are read, so axe describes
#: (a selector, the HTML) only their elements, not each element that passed, and only they
#: cross to Python: describing the passes was most of a check's CPU (docs/performance.md).
#: A check during which an animation or transition started (a push landing while axe
#: read the page: a banner fading in is briefly paler than its colours) is run again once
#: the page rests, up to five times in all.
RUN = """
async (tags) => {
  const experimental = axe.getRules(["experimental"])
    .filter((rule) => rule.tags.some((tag) => tags.includes(tag)))
    .map((rule) => rule.ruleId);
  const rules = Object.fromEntries(experimental.map((id) => [id, {enabled: true}]));
  const starts = ["animationstart", "transitionstart"];
  const resting = () => document.getAnimations().every(
    a => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity);
  const rest = () => new Promise((done) => {
    const wait = () => resting() ? done() : setTimeout(wait, 25);
    wait();
  });
  for (let attempt = 1; ; attempt++) {
    // At rest first, in this same task as the check: no push lands in between unseen.
    await rest();
    let moved = false;
    const mark = () => { moved = true; };
    starts.forEach((name) => document.addEventListener(name, mark, true));
    const found = await axe.run(document, {runOnly: {type: "tag", values: tags},
                                           rules: rules,
                                           resultTypes: ["violations", "incomplete"]});
    starts.forEach((name) => document.removeEventListener(name, mark, true));
    if ((!moved && resting()) || attempt === 5) {
      return {violations: found.violations, incomplete: found.incomplete};
    }
  }
}
"""


@cache
def axe_script() -> str:
    """The pinned axe-core's source; fails saying how to install it when it is missing."""
    if not AXE_SCRIPT.exists():
        raise AssertionError(f"axe-core is not installed ({AXE_SCRIPT} is missing): run "
                             "`npm ci` in the project's folder (`make test` does)")
    return AXE_SCRIPT.read_text(encoding="utf-8")


def axe_version() -> str:
    """The pinned axe-core's version, as its script's banner says ("4.14.1")."""
    banner = axe_script().split("\n", 1)[0]
    return banner.removeprefix("/*! axe v").strip()


@dataclass(frozen=True, slots=True)
class Violation:
    """One axe rule broken on a page, with the elements that break it."""

    rule: str
    impact: str
    help: str
    targets: tuple[str, ...]

    def __str__(self) -> str:
        shown = ", ".join(self.targets[:5]) + (" ..." if len(self.targets) > 5 else "")
        return f"{self.rule} ({self.impact}): {self.help} -> {shown}"


def _why(node: dict[str, Any]) -> str:
    """What axe says of one element (for a check it could not decide, why not)."""
    said = [check.get("message", "") for part in ("any", "all", "none")
            for check in node.get(part, [])]
    return "; ".join(m for m in said if m)


def _behind_text(why: str) -> bool:
    """Whether axe could not judge contrast for a gradient or image behind the text."""
    # A hatched cell; a glyph too short to judge or an element partly overlapping the text
    # are limits of axe's method, not doubts about the colours.
    return "gradient" in why or "background image" in why


def _violation(found: dict[str, Any]) -> Violation:
    targets = tuple(" ".join(str(t) for t in node["target"]) + f" [{_why(node)}]"
                    for node in found["nodes"])
    return Violation(found["id"], str(found.get("impact") or ""), found["help"], targets)


#: True once no finite animation or transition is running on the page.
SETTLED = """() => document.getAnimations().every(
    a => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity)"""


def violations(page: Page) -> list[Violation]:
    """The violations axe-core finds on ``page`` as it stands (see :data:`TAGS`, :data:`RUN`)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(axe_script())
    # Judge the page as it rests: a banner fading in is briefly paler than its colours.
    page.wait_for_function(SETTLED, polling=POLL_MS)
    results = page.evaluate(RUN, list(TAGS))
    doubtful = []
    for found in results["incomplete"]:
        if found["id"] not in REVIEWED:
            continue
        # Contrast axe could not compute because of a pattern behind the text must be made
        # computable (see _behind_text).
        nodes = [n for n in found["nodes"]
                 if found["id"] != "color-contrast" or _behind_text(_why(n))]
        if nodes:
            doubtful.append(found | {"nodes": nodes})
    return [_violation(v) for v in [*results["violations"], *doubtful]]


def check(page: Page, state: str) -> None:
    """Fail (or, with ``MAO_A11Y_REPORT``, record) the violations of ``page`` in ``state``."""
    found = violations(page)
    report = os.environ.get("MAO_A11Y_REPORT")
    if report:
        with Path(report).open("a", encoding="utf-8") as out:
            out.write(json.dumps({"state": state, "violations": [
                {"rule": v.rule, "impact": v.impact, "nodes": len(v.targets),
                 "targets": list(v.targets)} for v in found
            ]}) + "\n")
        return
    assert not found, f"accessibility violations in {state}:\n" + "\n".join(map(str, found))
