"""The write path's subscriber list: each subscriber once, last in order, and taken off again."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from games.store import subscribers
from games.store.subscribers import Change, subscribe, subscribed, unsubscribe


@pytest.fixture
def restored() -> Iterator[None]:
    """The app's subscribers as they were, whatever the test did to the list."""
    kept = subscribed()
    yield
    subscribers._subscribers[:] = kept


def test_a_subscriber_is_listed_once_and_can_be_taken_off(restored: None) -> None:
    def listener(change: Change) -> None:
        """A subscriber of the test's own."""

    subscribe(listener)
    subscribe(listener)  # once only
    assert subscribed().count(listener) == 1 and subscribed()[-1] is listener
    assert unsubscribe(listener) is True
    assert listener not in subscribed()
    assert unsubscribe(listener) is False  # says so when there was nothing to take off
