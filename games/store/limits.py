"""Per-client limits on HTTP requests that create or change things, or cost CPU
(django-ratelimit).

Opening a table and joining one count per client address; actions at the table (and the
rule builder's "Write this rule"), the host's lobby changes (bots, seats, the start), the
rule builder's requests (each one checks and previews the draft) and its difficulty
estimates count per seat holder (a browser), or per address for a browser without a seat.
The rates are settings (``MAO_RATE_NEW_GAME``, ``MAO_RATE_JOIN``, ``MAO_RATE_ACT``,
``MAO_RATE_LOBBY``, ``MAO_RATE_BUILDER``); ``MAO_RATE_LIMITS=0`` turns them off (the load
test drives hundreds of players from one address). A request over its limit changes
nothing and is answered with :data:`TOO_FAST`.

Speech outside a play (a ``say`` action) is heard at any moment, not only on one's turn, and
every word said is pushed to every screen: it counts apart, per seat holder, on every
transport (the socket's frames too, which no HTTP limit sees): ``MAO_RATE_SAY``
(:func:`speech_over_limit`).
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest
from django_ratelimit.core import get_usage, is_ratelimited

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


#: The limits, by what they count: the setting holding the rate, and whether the count is
#: per seat holder (else per client address).
LIMITS = {
    "new_game": ("MAO_RATE_NEW_GAME", False),
    "join": ("MAO_RATE_JOIN", False),
    "act": ("MAO_RATE_ACT", True),
    # The notebook's writes (notes saved as they are typed, hypotheses) count apart from
    # the table's actions, at the same rate, so that typing a note never stops anyone
    # playing.
    "notebook": ("MAO_RATE_ACT", True),
    "lobby": ("MAO_RATE_LOBBY", True),
    "builder": ("MAO_RATE_BUILDER", True),
    # Polled while an estimate runs: apart from the builder's other requests, so that
    # waiting for one never holds up the preview.
    "difficulty": ("MAO_RATE_BUILDER", True),
}


def over_limit(request: HttpRequest, what: str) -> bool:
    """Count this request against the limit for ``what`` (a key of :data:`LIMITS`); True
    when it goes over (the request must then change nothing)."""
    setting, per_holder = LIMITS[what]
    return bool(is_ratelimited(request, group=f"mao:{what}",
                               key=_holder_or_ip if per_holder else _ip,
                               rate=getattr(settings, setting), method="POST", increment=True))


def speech_over_limit(holder: str) -> bool:
    """Count one thing said outside a play by seat holder ``holder`` against
    ``MAO_RATE_SAY``; True when it goes over (the words must then not be heard). Counted
    without a request, so the socket's ``act`` frames count with the table's form."""
    usage = get_usage(None, group="mao:say", key=lambda group, request: f"holder:{holder}",
                      rate=settings.MAO_RATE_SAY, increment=True)
    return bool(usage and usage["should_limit"])
