"""The error pages as a visitor meets them: a server run as in production (DEBUG off, so
Django shows the site's own 404 and 500 pages rather than its debugging ones), checked by
axe-core at 1280 and 375 px.

The live server of the browser tests runs as in production: a bad game code and a mistyped
address are the friendly 404 page there. One more runs on a database never migrated, as a
deployment whose migrations did not run: a game's link fails there with a real server error
(500).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.conftest import serve
from tests.browser.helpers import horizontal_overflow

SIZES = [(1280, "desktop"), (375, "phone")]


@pytest.fixture(scope="module")
def broken_url(server_env: dict[str, str],
               tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A production daphne whose database was never migrated: a game's link fails."""
    folder = tmp_path_factory.mktemp("empty")
    env = server_env | {"DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}"}
    with serve(env, folder, "daphne-never-migrated.log") as url:
        yield url


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
        server_url: str, new_context: Callable[..., BrowserContext],
        shoot: Callable[[Page, str], Path], width: int, name: str) -> None:
    page = _open(new_context, server_url, width)
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
