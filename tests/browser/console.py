"""What a page says on its console: every error it logs and every uncaught exception, kept
from the moment it is watched, for a test to assert there is none."""

from __future__ import annotations

from playwright.sync_api import ConsoleMessage, Error, Page


def watch(page: Page) -> list[str]:
    """A list that fills with the page's console errors and uncaught exceptions (``htmx:
    oobErrorNoTarget`` is one: htmx logs it as an error)."""
    errors: list[str] = []

    def logged(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(f"console: {message.text}")

    def thrown(error: Error) -> None:
        errors.append(f"exception: {error.message}")

    page.on("console", logged)
    page.on("pageerror", thrown)
    return errors
