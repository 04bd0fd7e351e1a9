"""The axe-core the browser tests run: the exact pin of package.json, its experimental rules
switched on among the WCAG and best-practice ones."""

from __future__ import annotations

import json

from playwright.sync_api import Browser

from tests.browser.accessibility import ROOT, axe_script, axe_version, violations


def test_the_axe_run_is_the_one_pinned_and_locked() -> None:
    pinned = json.loads((ROOT / "package.json").read_text())["devDependencies"]["axe-core"]
    locked = json.loads((ROOT / "package-lock.json").read_text())[
        "packages"]["node_modules/axe-core"]["version"]
    assert axe_version() == pinned == locked


def test_rules_axe_marks_experimental_are_run_too(browser: Browser) -> None:
    page = browser.new_page()
    try:
        # A table whose first row stands for a caption: only experimental rules see it.
        rows = "".join(f"<tr><td>{a}</td><td>{b}</td><td>{c}</td></tr>"
                       for a, b, c in ("abc", "123", "456"))
        page.set_content('<html lang="en"><title>t</title><main><h1>Page</h1><table>'
                         f'<tr><td colspan="3">Looks like a caption</td></tr>{rows}'
                         "</table></main></html>")
        assert "table-fake-caption" in [v.rule for v in violations(page)]
    finally:
        page.close()


def test_contrast_axe_cannot_judge_over_a_gradient_is_a_violation(browser: Browser) -> None:
    page = browser.new_page()
    try:
        # axe leaves contrast over a gradient undecided ("incomplete"): it must still fail.
        page.set_content('<html lang="en"><title>t</title><main><h1>Page</h1>'
                         '<p style="background: linear-gradient(#fff, #eee)">Hatched</p>'
                         "</main></html>")
        assert "color-contrast" in [v.rule for v in violations(page)]
    finally:
        page.close()


#: Puts a banner fading in (from a fifth of its colour, over 0.4 s) on the page the moment
#: axe's first check starts, as a push landing mid-check would.
BANNER_AT_FIRST_CHECK = """() => {
  const run = axe.run;
  axe.run = function (...args) {
    axe.run = run;
    const banner = document.createElement("p");
    banner.textContent = "Bull tries 10 on 8: that's a Seasons!";
    banner.style.cssText = "color: #600; background: #fff; animation: fade 0.4s";
    document.querySelector("main").append(banner);
    return run.apply(this, args);
  };
}"""


def test_a_check_that_met_an_animation_starting_is_made_again_at_rest(
        browser: Browser) -> None:
    page = browser.new_page()
    try:
        page.set_content('<html lang="en"><title>t</title><style>@keyframes fade '
                         "{from {opacity: 0.2} to {opacity: 1}}</style>"
                         "<main><h1>Page</h1></main></html>")
        page.evaluate(axe_script())
        page.evaluate(BANNER_AT_FIRST_CHECK)
        assert violations(page) == []
        assert page.locator("main p").count() == 1  # put there as the first check began
    finally:
        page.close()
