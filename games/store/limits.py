"""Per-client limits on HTTP requests that create or change things (django-ratelimit).

Opening a table and joining one count per client address; actions at the table count per
seat holder (a browser), or per address for a browser without a seat. The rates are
settings (``MAO_RATE_NEW_GAME``, ``MAO_RATE_JOIN``, ``MAO_RATE_ACT``); ``MAO_RATE_LIMITS=0``
turns them off (the load test drives hundreds of players from one address). A request over
its limit changes nothing and is answered with :data:`TOO_FAST`.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest
from django_ratelimit.core import is_ratelimited

from games.store.identity import holder_of

TOO_FAST = "You are going too fast: wait a moment, then try again."


def client_address(request: HttpRequest) -> str:
    """Who a request comes from, as far as an address tells: ``REMOTE_ADDR``, an IPv6
    address cut to its /64 network (one client's share; an IPv4 address mapped into IPv6 as
    itself), or ``"unknown"`` when there is none.

    django-ratelimit's own ``ip`` key refuses a request without an address with an error (a
    500): daphne listening on a Unix socket without ``--proxy-headers`` gives none. Such
    requests share one count instead.
    """
    raw = request.META.get("REMOTE_ADDR") or ""
    try:
        address = ipaddress.ip_address(raw)
    except ValueError:
        return "unknown"
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:  # an IPv4 client of a dual-stack socket
            return str(address.ipv4_mapped)
        return f"{ipaddress.IPv6Address(int(address) >> 64 << 64)}/64"
    return str(address)


def _ip(group: str, request: HttpRequest) -> str:
    return f"ip:{client_address(request)}"


def _holder_or_ip(group: str, request: HttpRequest) -> str:
    holder = holder_of(request.session)
    return f"holder:{holder}" if holder else _ip(group, request)


def over_limit(request: HttpRequest, what: str) -> bool:
    """Count this request against the limit for ``what`` (``new_game``, ``join``, ``act`` or
    ``notebook``); True when it goes over (the request must then change nothing).

    The notebook's writes (notes saved as they are typed, hypotheses) count apart from the
    table's actions, at the same rate, so that typing a note never stops anyone playing.
    """
    rate = {"new_game": settings.MAO_RATE_NEW_GAME, "join": settings.MAO_RATE_JOIN,
            "act": settings.MAO_RATE_ACT, "notebook": settings.MAO_RATE_ACT}[what]
    key = _holder_or_ip if what in ("act", "notebook") else _ip
    return bool(is_ratelimited(request, group=f"mao:{what}", key=key, rate=rate,
                               method="POST", increment=True))
