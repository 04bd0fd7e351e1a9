"""Browser tests: a real daphne server and Debian's chromium driven by Playwright (sync API).

The server is a separate process on a free port with its own fresh SQLite file, so these
tests never touch pytest-django's test database (they request no ``db`` fixture).
Chromium is Debian's package at :data:`CHROMIUM`, launched through ``executable_path``;
``playwright install`` is never run. Without it the tests are skipped, unless
``MAO_REQUIRE_BROWSER=1`` (CI) turns that into a failure.

Screenshots go to ``test-output/screenshots/`` (git-ignored), one file per stage and player.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from tests.browser.helpers import open_context

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "test-output" / "screenshots"
#: Seconds a bot waits before acting: short, but a real thread like production.
BOT_DELAY = "0.2"
STARTUP_TIMEOUT = 30.0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_until_up(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + STARTUP_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"daphne exited with {process.returncode}:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(url, timeout=1) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.1)
    raise RuntimeError(f"daphne did not answer {url} within {STARTUP_TIMEOUT} s:\n"
                       f"{log.read_text()}")


@pytest.fixture(scope="session")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a live daphne serving Mini Mao with a fresh database."""
    folder = tmp_path_factory.mktemp("live")
    env = os.environ | {
        "DEBUG": "1",
        "MAO_BOT_DELAY": BOT_DELAY,
        "DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}",
        "PYTHONUNBUFFERED": "1",
    }
    # One process: the in-memory channel layer and DEBUG's loopback hosts, whatever the shell
    # running the tests has set for other purposes.
    for name in ("DJANGO_SETTINGS_MODULE", "REDIS_URL", "REDIS_PREFIX", "ALLOWED_HOSTS"):
        env.pop(name, None)
    subprocess.run([sys.executable, "manage.py", "migrate", "--no-input", "-v", "0"],
                   cwd=ROOT, env=env, check=True)
    port = _free_port()
    log = folder / "daphne.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
             "maosite.asgi:application"], cwd=ROOT, env=env, stdout=out,
            stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_until_up(url + "/", process, log)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        # Keep the server's log next to the screenshots: it explains a failure.
        SCREENSHOTS.parent.mkdir(parents=True, exist_ok=True)
        (SCREENSHOTS.parent / "daphne.log").write_bytes(log.read_bytes())


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's chromium, launched once for the session (each player gets a context)."""
    if not Path(CHROMIUM).exists():
        message = "Debian's chromium is not installed"
        if os.environ.get("MAO_REQUIRE_BROWSER") == "1":
            pytest.fail(message)
        pytest.skip(message)
    playwright = sync_playwright().start()
    try:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()
    finally:
        playwright.stop()


@pytest.fixture
def new_context(browser: Browser, server_url: str) -> Iterator[Callable[..., BrowserContext]]:
    """Make browser contexts (one per person: separate cookies); all closed after the test."""
    made: list[BrowserContext] = []

    def make(**options: Any) -> BrowserContext:
        context = open_context(browser, server_url, **options)
        made.append(context)
        return context

    yield make
    for context in made:
        context.close()


@pytest.fixture(scope="session")
def screenshot_dir() -> Path:
    """``test-output/screenshots/``, created (each run overwrites the pictures by name)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


@pytest.fixture
def shoot(screenshot_dir: Path) -> Callable[[Page, str], Path]:
    """``shoot(page, "full-03-lobby-ann")`` saves a full-page screenshot and returns its path."""

    def save(page: Page, name: str) -> Path:
        path = screenshot_dir / f"{name}.png"
        # From the top: a sticky header scrolled down would be drawn mid-page.
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(path), full_page=True)
        return path

    return save
