"""The table's log in a real browser: pushes add only new lines at the top, and the list
keeps to the length a full page shows (table.js), saying when earlier lines exist."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.helpers import htmx_idle, start_from_idea
from tests.browser.test_phone import _host_with_bots, _wait_for_my_turn


def _log(page: Page) -> list[str]:
    return page.locator("#log-list > li").all_inner_texts()


def test_live_log_lines_match_a_reload_and_the_list_is_trimmed(
        new_context: Callable[..., BrowserContext], server_url: str,
        server_env: dict[str, str]) -> None:
    host = _host_with_bots(new_context, server_url, server_env)
    page = host.page
    start_from_idea(page)
    page.locator("#f-jargon").fill("Pip")
    page.get_by_role("button", name="Write this rule").click()

    # A few moves pushed live (the bots' and the host's passes), then a reload: the newest
    # lines, in order, are the same either way. The log is read on the host's turn, when the
    # bots have moved and nothing changes until the host acts (right after the host's pass,
    # a bot's move could land between the two readings).
    for _ in range(3):
        version = _wait_for_my_turn(host)
        page.keyboard.press("p")
        host.wait_version(version + 1)
    version = _wait_for_my_turn(host)
    htmx_idle(page)
    live = _log(page)
    page.reload()
    host.ready()
    assert host.version() == version
    assert _log(page)[:len(live)] == live[:len(_log(page))]
    assert live[0] == _log(page)[0]

    # Fill the list past its length as pushes would, then let table.js see a message.
    expect(page.locator("#log-earlier")).to_be_hidden()
    page.evaluate("""() => {
        const list = document.getElementById("log-list");
        for (let i = 0; i < 100; i++) {
            list.insertAdjacentHTML("afterbegin", `<li class="log__item">pushed ${i}</li>`);
        }
        document.body.dispatchEvent(new CustomEvent("htmx:wsAfterMessage"));
    }""")
    assert len(_log(page)) == 80
    assert _log(page)[0] == "pushed 99"
    expect(page.locator("#log-earlier")).to_be_visible()
