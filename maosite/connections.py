"""Close an HTTP request's database connections when the request ends.

The settings keep connections open (``CONN_MAX_AGE`` ``None``) so that Channels' one worker
thread, where every socket's work runs, keeps one connection for the life of the process.
Under ASGI, though, Django runs each HTTP request on a thread of its own
(``ThreadSensitiveContext``), which ends with the request: a persistent connection there
would be left behind by its thread (a socket to PostgreSQL open until the garbage collector
finds it). So when a request finishes, on the request's own thread, its connections are
closed, as they were before; a connection inside a transaction that outlives the request (a
test's) is left alone.
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
