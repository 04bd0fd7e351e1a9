"""Per-client limits on HTTP requests that create or change things (django-ratelimit).

Opening a table and joining one count per client address; actions at the table count per
seat holder (a browser), or per address for a browser without a seat. The rates are
settings (``MAO_RATE_NEW_GAME``, ``MAO_RATE_JOIN``, ``MAO_RATE_ACT``); ``MAO_RATE_LIMITS=0``
turns them off (the load test drives hundreds of players from one address). A request over
its limit changes nothing and is answered with :data:`TOO_FAST`.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django_ratelimit.core import is_ratelimited

from games.store.identity import holder_of

TOO_FAST = "You are going too fast: wait a moment, then try again."


def _holder_or_ip(group: str, request: HttpRequest) -> str:
    holder = holder_of(request.session)
    return f"holder:{holder}" if holder else f"ip:{request.META.get('REMOTE_ADDR', '')}"


def over_limit(request: HttpRequest, what: str) -> bool:
    """Count this request against the limit for ``what`` (``new_game``, ``join`` or ``act``);
    True when it goes over (the request must then change nothing)."""
    rate = {"new_game": settings.MAO_RATE_NEW_GAME, "join": settings.MAO_RATE_JOIN,
            "act": settings.MAO_RATE_ACT}[what]
    key = _holder_or_ip if what == "act" else "ip"
    return bool(is_ratelimited(request, group=f"mao:{what}", key=key, rate=rate,
                               method="POST", increment=True))
