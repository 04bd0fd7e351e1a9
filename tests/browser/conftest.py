"""Browser tests: a real daphne server and Debian's chromium driven by Playwright (sync API).

The server is a separate process on a free port with its own fresh SQLite file (no ``db``
fixture). Chromium is Debian's headless shell at :data:`CHROMIUM` (``playwright install`` is
never run), or Debian's whole browser where the shell is missing (:func:`chromium_path`);
without either the tests are skipped, unless ``MAO_REQUIRE_BROWSER=1`` (CI). Screenshots
go to ``test-output/screenshots/`` (git-ignored), one file per stage and player.
"""

from __future__ import annotations

import fcntl
import os
import secrets
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Generator, Iterator
from contextlib import closing, contextmanager, suppress
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError

from scripts.daphne import running
from tests.browser import accessibility, coverage
from tests.browser.helpers import open_context

#: Debian's ``chromium-headless-shell``: the same Blink as its ``chromium``, without the
#: desktop browser around it (its tab strip and toolbar, drawn even headless), a large
#: share of the browser tests' CPU (docs/performance.md). Playwright runs the same shell
#: for a headless launch of the browsers it downloads itself.
CHROMIUM = "/usr/bin/chromium-headless-shell"
#: Debian's whole browser, used where the headless shell is not installed.
CHROMIUM_BROWSER = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "test-output" / "screenshots"
#: Whether every state a test checks is also kept as a picture (``MAO_SCREENSHOTS=1``): a
#: full page's PNG costs Chromium more CPU than drawing the page did. A failed test's pages
#: are pictured whatever it says.
PICTURES = os.environ.get("MAO_SCREENSHOTS") == "1"
#: Whether the test's own call failed, for the pictures its contexts leave when they close.
CALL_FAILED = pytest.StashKey[bool]()
#: Seconds a bot waits before acting: short, but a real thread like production.
BOT_DELAY = "0.2"
STARTUP_TIMEOUT = 30.0
#: Waits for every finite animation and transition of the page to finish (a spinner turns
#: for ever: it is left to turn).
SETTLED = """
() => Promise.all(document.getAnimations()
  .filter(a => a.effect && a.effect.getComputedTiming().iterations !== Infinity)
  .map(a => a.finished.catch(() => null)))
"""


@pytest.fixture(scope="session")
def server_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The live server's environment, as deployed (DEBUG off, plain HTTP on the loopback):
    its own fresh SQLite file, the static files collected once for the run
    (:func:`collected_static`) and a key of its own, which tests.browser.stage shares to
    write to its database and sign its cookies."""
    folder = tmp_path_factory.mktemp("live")
    env = os.environ | {
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1",
        "MAO_HTTPS": "0",
        "MAO_BOT_DELAY": BOT_DELAY,
        "DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}",
        "PYTHONUNBUFFERED": "1",
    }
    # One process: the in-memory channel layer, whatever the shell running the tests has set
    # for other purposes.
    for name in ("DJANGO_SETTINGS_MODULE", "DJANGO_DEBUG", "REDIS_URL", "REDIS_PREFIX"):
        env.pop(name, None)
    # As deployed, whitenoise serves them under hashed names: a template naming a file that
    # is not there fails here as it would in production.
    env["MAO_STATIC_ROOT"] = str(collected_static(env, tmp_path_factory))
    return env


def _run_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder every pytest-xdist worker of this run shares (the run's own without
    workers)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@contextmanager
def _once_per_run(folder: Path, name: str) -> Iterator[bool]:
    """Hold the run's lock ``name`` in ``folder``; yield whether this process is the first
    to take it (the others wait for the first to finish, then find its work done)."""
    marker = folder / f"{name}.done"
    with (folder / f"{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            first = not marker.exists()
            yield first
            if first:
                marker.touch()
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def collected_static(env: dict[str, str], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The static files as ``collectstatic`` leaves them for production (hashed, compressed),
    collected once for the whole run into the workers' shared folder."""
    target = _run_folder(tmp_path_factory) / "browser-static"
    with _once_per_run(target.parent, "browser-static") as first:
        if first:
            subprocess.run([sys.executable, "manage.py", "collectstatic", "--no-input", "-v",
                            "0"], cwd=ROOT, env=env | {"MAO_STATIC_ROOT": str(target)},
                           check=True)
    return target


@contextmanager
def serve(env: dict[str, str], folder: Path, log_name: str = "daphne.log") -> Iterator[str]:
    """Run daphne with ``env`` on a free port until the block ends; yield its base URL.

    Its log is kept next to the screenshots afterwards, as ``log_name``: it explains a
    failure. The database must be ready (or need nothing for ``/``, which must answer 200).
    """
    log = folder / log_name
    # Two pytest-xdist workers each run servers: each keeps its own logs.
    if worker := os.environ.get("PYTEST_XDIST_WORKER"):
        log_name = f"{Path(log_name).stem}-{worker}.log"
    try:
        with running(env, log, STARTUP_TIMEOUT) as url:
            yield url
    finally:
        SCREENSHOTS.parent.mkdir(parents=True, exist_ok=True)
        (SCREENSHOTS.parent / log_name).write_bytes(log.read_bytes())


@pytest.fixture(scope="session")
def migrated_db(server_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty SQLite database, migrated once for the whole run: each live server starts
    on a copy of it (:func:`copy_database`). Under pytest-xdist the first worker to need it
    migrates it, in the run's folder that all the workers share; the others wait and copy."""
    shared = _run_folder(tmp_path_factory)
    template = shared / "browser-migrated.sqlite3"
    with _once_per_run(shared, "browser-migrated") as first:
        if first:
            subprocess.run([sys.executable, "manage.py", "migrate", "--no-input", "-v", "0"],
                           cwd=ROOT, env=server_env | {"DATABASE_URL": f"sqlite:///{template}"},
                           check=True)
    return template


def copy_database(source: Path, target: Path) -> None:
    """Copy the SQLite database ``source`` to a new file ``target`` (whatever its WAL holds
    included), as ``migrate`` would have left it."""
    with closing(sqlite3.connect(source)) as read, closing(sqlite3.connect(target)) as write:
        read.backup(write)


@pytest.fixture(scope="session")
def server_url(server_env: dict[str, str], migrated_db: Path) -> Iterator[str]:
    """The base URL of a live daphne serving Mini Mao with a fresh database."""
    yield from _serve_migrated(server_env, migrated_db, "daphne.log")


def _serve_migrated(env: dict[str, str], migrated: Path, log_name: str) -> Iterator[str]:
    """Give the SQLite database ``env`` names the tables of ``migrated`` (a copy: see
    :func:`migrated_db`), then serve it (:func:`serve`)."""
    database = Path(env["DATABASE_URL"].removeprefix("sqlite:///"))
    copy_database(migrated, database)
    with serve(env, database.parent, log_name) as url:
        yield url


@pytest.fixture(scope="session")
def timed_env(server_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory
              ) -> dict[str, str]:
    """A second live server's environment: clocks on (sweep each 0.5 s), its own database."""
    # The main server keeps the clocks off, so no other test meets a turn running out while
    # it takes its time.
    folder = tmp_path_factory.mktemp("timed")
    return server_env | {"MAO_TIMERS": "1", "MAO_TIMER_SWEEP": "0.5",
                         "DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}"}


@pytest.fixture(scope="session")
def timed_server_url(timed_env: dict[str, str], migrated_db: Path) -> Iterator[str]:
    """The base URL of the live server whose clocks run (:func:`timed_env`)."""
    yield from _serve_migrated(timed_env, migrated_db, "daphne-timed.log")


@pytest.fixture(scope="package")
def browser() -> Iterator[Browser]:
    """Debian's chromium, launched once for the browser tests (each player gets a context).

    Closed when they end, not with the session: Playwright's event loop runs in this thread
    while it is open, and the tests run after these in the same process (under pytest-xdist,
    any of them) reach the database, which Django refuses from a thread with a running loop
    (SynchronousOnlyOperation)."""
    executable = chromium_path()
    if executable is None:
        message = ("Debian's chromium is not installed "
                   "(apt-get install chromium-headless-shell)")
        if os.environ.get("MAO_REQUIRE_BROWSER") == "1":
            pytest.fail(message)
        pytest.skip(message)
    playwright = sync_playwright().start()
    try:
        chromium = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()
    finally:
        playwright.stop()


def chromium_path() -> str | None:
    """The chromium the tests drive: :data:`CHROMIUM`, else :data:`CHROMIUM_BROWSER`, else
    None (neither is installed)."""
    return next((path for path in (CHROMIUM, CHROMIUM_BROWSER) if Path(path).exists()), None)


@pytest.fixture
def new_context(browser: Browser, server_url: str, request: pytest.FixtureRequest
                ) -> Iterator[Callable[..., BrowserContext]]:
    """Make browser contexts (one per person: separate cookies); all closed after the test,
    each of their pages pictured first if it failed (:func:`picture_failure`)."""
    yield from _contexts(browser, server_url, request.node)


def _contexts(browser: Browser, url: str, test: pytest.Item
              ) -> Iterator[Callable[..., BrowserContext]]:
    """A maker of browser contexts on the server at ``url`` for ``test``, closing them all at
    the end."""
    made: list[BrowserContext] = []

    def make(**options: Any) -> BrowserContext:
        context = open_context(browser, url, **options)
        made.append(context)
        return context

    yield make
    if test.stash.get(CALL_FAILED, False):
        picture_failure(test.name, made)
    for context in made:
        context.close()


def picture_failure(test: str, contexts: list[BrowserContext]) -> None:
    """Keep a picture of every page of ``contexts`` as it stood when ``test`` failed, in
    :data:`SCREENSHOTS` as ``failed-<test>-<context>-<page>.png``."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    stem = "".join(c if c.isalnum() or c in "-_" else "-" for c in test)
    for number, context in enumerate(contexts):
        for index, page in enumerate(context.pages):
            # A page that crashed or hangs has no picture to give.
            with suppress(PlaywrightError):
                page.screenshot(path=str(SCREENSHOTS / f"failed-{stem}-{number}-{index}.png"),
                                full_page=True, timeout=5_000)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]
                              ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Note whether a test's own call failed, before its fixtures close (see
    :func:`_contexts`)."""
    report: pytest.TestReport = yield
    if report.when == "call":
        item.stash[CALL_FAILED] = report.failed
    return report


@pytest.fixture
def timed_context(browser: Browser, timed_server_url: str, request: pytest.FixtureRequest
                  ) -> Iterator[Callable[..., BrowserContext]]:
    """As :func:`new_context`, on the live server whose clocks run (:func:`timed_env`)."""
    yield from _contexts(browser, timed_server_url, request.node)


@pytest.fixture(scope="session")
def screenshot_dir() -> Path:
    """``test-output/screenshots/``, created (each run overwrites the pictures by name)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


@pytest.fixture
def shoot(screenshot_dir: Path) -> Callable[[Page, str], Path]:
    """``shoot(page, "full-03-lobby-ann")`` checks the page's accessibility as it stands
    (:mod:`tests.browser.accessibility`) and, with :data:`PICTURES`, saves a full-page
    screenshot; returns the picture's path."""

    def save(page: Page, name: str) -> Path:
        return take_shot(page, screenshot_dir, name)

    return save


def take_shot(page: Page, folder: Path, name: str) -> Path:
    """What ``shoot`` does, for a fixture of wider scope: the picture ``folder/name.png``
    (with :data:`PICTURES`), axe's check of the page as it stands and its note for the
    coverage check."""
    path = folder / f"{name}.png"
    # From the top: a sticky header scrolled down would be drawn mid-page.
    page.evaluate("window.scrollTo(0, 0)")
    # Once what is moving has come to rest (a banner popping in is faint at first, which
    # axe would judge as drawn): every animation and transition that ends.
    page.evaluate(SETTLED)
    if PICTURES:
        page.screenshot(path=str(path), full_page=True)
    # Every state worth a picture is held to zero accessibility violations, and counts
    # towards every page being checked (tests/browser/coverage.py).
    accessibility.check(page, name)
    coverage.record(page, name)
    return path


def _in_browser_tests(item: pytest.Item) -> bool:
    return Path(str(item.path)).resolve().parent == coverage.BROWSER_TESTS


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Note every browser test collected (before ``-k`` or ``--deselect`` drop any: this
    runs first), for the coverage check when the session ends."""
    coverage.COLLECTED.update(item.nodeid for item in items if _in_browser_tests(item))


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Note the browser tests that passed (the coverage check needs every one); a test
    marked as an expected failure that failed as expected counts too."""
    done = report.passed or (report.skipped and hasattr(report, "wasxfail"))
    if report.when == "call" and done and report.nodeid.startswith("tests/browser/"):
        coverage.PASSED.add(report.nodeid)
