"""The error pages as a visitor meets them: a server run as in production (DEBUG off, so
Django shows the site's own 404 and 500 pages rather than its debugging ones), checked by
axe-core at 1280 and 375 px.

One server runs on a database never migrated, as a deployment whose migrations did not
run: a game's link fails there with a real server error (500). On another, migrated, a bad
game code and a mistyped address are the friendly 404 page.
"""

from __future__ import annotations

import secrets
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.conftest import ROOT, copy_database, serve
from tests.browser.helpers import horizontal_overflow

SIZES = [(1280, "desktop"), (375, "phone")]


@pytest.fixture(scope="module")
def production_env(tmp_path_factory: pytest.TempPathFactory,
                   server_env: dict[str, str]) -> dict[str, str]:
    """The environment of a production run: DEBUG off, its own key, static files collected."""
    folder = tmp_path_factory.mktemp("production")
    env = server_env | {"DEBUG": "0", "SECRET_KEY": secrets.token_urlsafe(50),
                        "ALLOWED_HOSTS": "127.0.0.1", "MAO_HTTPS": "0",
                        "MAO_STATIC_ROOT": str(folder / "static")}
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--no-input", "-v", "0"],
                   cwd=ROOT, env=env, check=True)
    return env


def _production(env: dict[str, str], folder: Path, migrated: Path | None) -> Iterator[str]:
    """A production daphne on a new database in ``folder``: a copy of ``migrated``, or never
    migrated."""
    database = folder / "db.sqlite3"
    env = env | {"DATABASE_URL": f"sqlite:///{database}"}
    if migrated is not None:
        copy_database(migrated, database)
    with serve(env, folder, f"daphne-production-{'migrated' if migrated else 'empty'}.log") \
            as url:
        yield url


@pytest.fixture(scope="module")
def broken_url(production_env: dict[str, str],
               tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A production daphne whose database was never migrated: a game's link fails."""
    yield from _production(production_env, tmp_path_factory.mktemp("empty"), migrated=None)


@pytest.fixture(scope="module")
def production_url(production_env: dict[str, str], migrated_db: Path,
                   tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A production daphne on a migrated, empty database."""
    yield from _production(production_env, tmp_path_factory.mktemp("migrated"), migrated_db)


def _open(new_context: Callable[..., BrowserContext], url: str, width: int) -> Page:
    context = new_context(base_url=url, viewport={"width": width, "height": 800})
    return context.new_page()


@pytest.mark.parametrize(("width", "name"), SIZES)
def test_a_server_error_is_the_site_s_own_page(
        broken_url: str, new_context: Callable[..., BrowserContext],
        shoot: Callable[[Page, str], Path], width: int, name: str) -> None:
    page = _open(new_context, broken_url, width)
    response = page.goto("/g/ABCDEF/")
    assert response is not None and response.status == 500
    expect(page.get_by_role("heading", level=1)).to_have_text("Something went wrong")
    expect(page.get_by_role("link", name="How to play")).to_have_count(2)
    assert horizontal_overflow(page) <= 0
    shoot(page, f"error-500-{name}")


@pytest.mark.parametrize(("width", "name"), SIZES)
def test_a_bad_game_code_is_a_friendly_404(
        production_url: str, new_context: Callable[..., BrowserContext],
        shoot: Callable[[Page, str], Path], width: int, name: str) -> None:
    page = _open(new_context, production_url, width)
    response = page.goto("/g/NOPE42/")
    assert response is not None and response.status == 404
    expect(page.get_by_role("heading", level=1)).to_have_text("Nothing here")
    expect(page.locator(".lede")).to_have_text("There is no game with the code “NOPE42”.")
    assert horizontal_overflow(page) <= 0
    shoot(page, f"error-404-game-{name}")
    page.get_by_role("link", name="How to play").last.click()
    expect(page.get_by_role("heading", level=1)).to_have_text("How to play Mini Mao")
    response = page.goto("/no/such/page/")
    assert response is not None and response.status == 404
    expect(page.locator(".lede")).to_have_text("There is no page at this address.")
