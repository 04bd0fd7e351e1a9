"""Close an HTTP request's database connections when the request ends.

The settings keep connections open for Channels' one worker thread, but Django runs each HTTP
request on a thread of its own that ends with it, which would leave its connection behind.
A connection inside a transaction that outlives the request (a test's) is left alone.
"""

from __future__ import annotations

from typing import Any

from django.core.signals import request_finished
from django.db import connections
from django.dispatch import receiver


@receiver(request_finished)
def close_request_connections(sender: Any, **kwargs: Any) -> None:
    """Close this thread's database connections that hold no transaction."""
    for connection in connections.all(initialized_only=True):
        if connection.connection is not None and not connection.in_atomic_block:
            connection.close()
