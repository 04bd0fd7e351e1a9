"""Regenerate the screenshots of the README and docs (``docs/screenshots/*.png``).

``python -m scripts.screenshots`` starts a fresh daphne, plays a short game with Playwright
and Debian's Chromium, and saves ``home.png``, ``builder.png``, ``table.png`` (1280 px) and
``phone.png`` (375 px), viewport only. ``--out DIR`` writes them elsewhere.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect, sync_playwright

from scripts.daphne import running

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
DESKTOP = ViewportSize(width=1280, height=860)
PHONE = ViewportSize(width=375, height=812)
WAIT_MS = 10_000
#: The rule Ann writes: "A red card may not be played on a red card." (jargon Pip).
RULE_SENTENCE = "A red card may not be played on a red card."
#: How many plays the two people make before the pictures of the table.
PLAYS = 6
#: Waits for every finite animation and transition of the page to finish.
SETTLED = """
() => Promise.all(document.getAnimations()
  .filter(a => a.effect && a.effect.getComputedTiming().iterations !== Infinity)
  .map(a => a.finished.catch(() => null)))
"""
HTMX_IDLE = ("!document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling,"
             " .htmx-added')")


@contextmanager
def serve(folder: Path) -> Iterator[str]:
    """Migrate a fresh SQLite file in ``folder`` and run daphne on it until the block ends;
    yield its base URL."""
    env = os.environ | {"DEBUG": "1", "MAO_BOT_DELAY": "0.3", "MAO_RATE_LIMITS": "0",
                        "MAO_TIMERS": "0", "DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}",
                        "PYTHONUNBUFFERED": "1"}
    for name in ("DJANGO_SETTINGS_MODULE", "REDIS_URL", "REDIS_PREFIX", "ALLOWED_HOSTS",
                 "SECRET_KEY"):
        env.pop(name, None)
    subprocess.run([sys.executable, "manage.py", "migrate", "--no-input", "-v", "0"],
                   cwd=ROOT, env=env, check=True)
    with running(env, folder / "daphne.log") as url:
        yield url


def _idle(page: Page) -> None:
    page.wait_for_function(HTMX_IDLE, timeout=WAIT_MS)


def _shoot(page: Page, path: Path) -> None:
    _idle(page)
    page.evaluate(SETTLED)
    page.screenshot(path=str(path))
    print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: "
          f"{path.stat().st_size // 1024} KiB")


def _person(browser: Browser, url: str) -> tuple[BrowserContext, Page]:
    context = browser.new_context(base_url=url, viewport=DESKTOP)
    context.set_default_timeout(WAIT_MS)
    return context, context.new_page()


def _dismiss_notes(page: Page) -> None:
    """Put away the notes for newcomers ("Got it"): they would cover part of the page."""
    _idle(page)
    for name in ("first-visit", "first-refusal"):
        button = page.locator(f'button[data-dismiss="{name}"]')
        if button.count() and button.first.is_visible():
            button.first.click()
            expect(button.first).to_be_hidden()
    _idle(page)


def _sentence(page: Page, sentence: str) -> None:
    expect(page.locator("#builder-preview .preview-sentence")).to_have_text(sentence)
    _idle(page)


def _write_rule(page: Page, out: Path) -> None:
    """Ann builds "A red card may not be played on a red card." with the menus."""
    expect(page.locator("#builder-form")).to_be_visible()
    _sentence(page, "Only a black card may be played on a queen.")
    page.locator("#f-when-0-test").select_option("colour")
    expect(page.locator("#f-when-0-colour")).to_have_value("red")
    _idle(page)
    _sentence(page, "Only a black card may be played on a red card.")
    page.locator("#f-mode").select_option("must_not")
    _sentence(page, "A black card may not be played on a red card.")
    page.locator("#f-must-0-colour").select_option("red")
    _sentence(page, RULE_SENTENCE)
    page.locator("#f-top").select_option("7H")
    expect(page.locator(".preview-summary")).to_contain_text("On 7♥:")
    page.locator("#f-jargon").fill("Pip")
    _dismiss_notes(page)
    # The detective's estimate of how hard the rule is comes in the background.
    preview = page.locator("#builder-preview")
    expect(preview).not_to_contain_text("Asking our detective bot", timeout=60_000)
    expect(preview.locator(".spinner")).to_have_count(0, timeout=120_000)
    page.get_by_role("heading", name="Write your secret rule").evaluate(
        "h => { h.scrollIntoView({block: 'start'}); window.scrollBy(0, -130); }")
    # Tall enough for the preview's grid of cards under the situation.
    page.set_viewport_size(ViewportSize(width=DESKTOP["width"], height=1180))
    _shoot(page, out / "builder.png")
    page.set_viewport_size(DESKTOP)
    page.get_by_role("button", name="Write this rule").click()


def _hand(page: Page) -> list[str]:
    cards: list[str] = page.locator(".hand .card").evaluate_all(
        "els => els.map(e => e.dataset.card)")
    return cards


def _my_turn(page: Page) -> bool:
    return page.locator('#turn-buttons [data-action="pass"]:not([disabled])').count() > 0


def _version(page: Page) -> int:
    return int(page.locator("#version").input_value())


def _play_a_little(pages: list[Page]) -> None:
    """The people play red cards while they have them (Pip refuses a red on a red, so a
    refusal shows soon), else pass; the bot plays its own turns."""
    made = 0
    deadline = time.monotonic() + 60
    while made < PLAYS and time.monotonic() < deadline:
        movers = [p for p in pages if _my_turn(p)]
        if not movers:
            time.sleep(0.1)
            continue
        page = movers[0]
        version = _version(page)
        reds = [c for c in _hand(page) if c[-1] in "HD"]
        if reds and len(_hand(page)) > 1:
            page.locator(f'.hand .card[data-card="{reds[0]}"]').first.click()
        else:
            page.get_by_role("button", name="Pass (draw a card)").click()
        page.wait_for_function(
            "v => Number(document.getElementById('version').value) > v", arg=version,
            timeout=WAIT_MS)
        _idle(page)
        made += 1
    for page in pages:
        _idle(page)


def take(browser: Browser, url: str, out: Path) -> None:
    """Play the short game and save the pictures into ``out``."""
    ann_context, ann = _person(browser, url)
    bob_context, bob = _person(browser, url)
    try:
        ann.goto("/")
        _shoot(ann, out / "home.png")
        ann.get_by_label("Your name").fill("Ann")
        ann.get_by_label("Seats at the table").select_option("3")
        ann.get_by_label("Cards in each hand").select_option("7")
        ann.get_by_label("Who writes the first rule").select_option("host")
        ann.get_by_role("button", name="Open the table").click()
        ann.wait_for_url("**/g/*/")
        link = ann.get_by_label("Link to this table").input_value()
        bob.goto(link)
        _idle(bob)
        bob.locator("#join-name").fill("Bob")
        bob.get_by_role("button", name="Take a seat").click()
        expect(ann.locator("#lobby .lobby__seats")).to_contain_text("Bob")
        ann.get_by_role("button", name="Add bot").click()
        _idle(ann)
        ann.get_by_role("button", name="Start the game").click()
        _write_rule(ann, out)
        for page in (ann, bob):
            expect(page.locator("#play-form")).to_be_visible()
        _play_a_little([ann, bob])
        for page in (ann, bob):
            _dismiss_notes(page)
        bob.locator("body").press("n")
        notebook = bob.locator("#notebook")
        expect(notebook).to_be_visible()
        pip = notebook.locator("details.nb-jargon", has_text="Pip")
        expect(pip).to_contain_text("by Ann")
        pip.locator("summary").click()
        bob.evaluate("window.scrollTo(0, 0)")
        _shoot(bob, out / "table.png")
        phone = ann_context.new_page()
        phone.set_viewport_size(PHONE)
        phone.goto(ann.url)
        expect(phone.locator("#play-form")).to_be_visible()
        _shoot(phone, out / "phone.png")
    finally:
        ann_context.close()
        bob_context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scripts.screenshots",
                                     description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=OUT, help="folder for the PNG files")
    args = parser.parse_args(argv)
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} is missing: apt-get install chromium", file=sys.stderr)
        return 1
    out: Path = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    with (tempfile.TemporaryDirectory(prefix="mao-shots-") as folder,
          serve(Path(folder)) as url, sync_playwright() as playwright):
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            take(browser, url, out)
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
