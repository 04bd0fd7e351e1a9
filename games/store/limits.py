"""Per-client limits on requests that create or change things, or cost CPU
(django-ratelimit, counting in Django's cache).

Rates are the ``MAO_RATE_*`` settings; ``MAO_RATE_LIMITS=0`` turns them off. A request over
its limit changes nothing and is answered with :data:`TOO_FAST`. Actions count the same on
every transport (:func:`action_over_limit`); speech counts apart (:func:`speech_over_limit`).
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

from django.conf import settings
from django.http import HttpRequest
from django_ratelimit.core import get_usage

from games.store.identity import holder_of

TOO_FAST = "You are going too fast: wait a moment, then try again."


def client_address(request: HttpRequest) -> str:
    """Who a request comes from; requests with no address (a Unix socket) share one count."""
    return address_of(request.META.get("REMOTE_ADDR") or "")


def address_of(raw: str) -> str:
    """A client address as the limits count it: an IPv6 address cut to its /64 network
    (one client's share; an IPv4 address mapped into IPv6 as itself), or ``"unknown"``
    when ``raw`` is no address.

    >>> address_of("2001:db8::1"), address_of("::ffff:10.0.0.5"), address_of("")
    ('2001:db8::/64', '10.0.0.5', 'unknown')
    """
    try:
        address = ipaddress.ip_address(raw)
    except ValueError:
        return "unknown"
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:  # an IPv4 client of a dual-stack socket
            return str(address.ipv4_mapped)
        return f"{ipaddress.IPv6Address(int(address) >> 64 << 64)}/64"
    return str(address)


@dataclass(frozen=True, slots=True)
class Limit:
    """One limit: the setting holding its rate, whether it counts per seat holder (else per
    client address), and the setting of a second rate counted per client address as well
    (``None``: none). A browser makes itself a fresh holder with any page it opens, so a
    limit per holder alone holds back nobody who drops their cookie; a second count per
    address does."""

    setting: str
    per_holder: bool
    address_setting: str | None = None


#: The limits, by what they count.
LIMITS = {
    "new_game": Limit("MAO_RATE_NEW_GAME", per_holder=False),
    "join": Limit("MAO_RATE_JOIN", per_holder=False),
    # The table's form, the rule builder's "Write this rule" and the socket's act frames:
    # one count per seat holder for every transport (:func:`action_over_limit`).
    "act": Limit("MAO_RATE_ACT", per_holder=True),
    # The notebook's writes (notes saved as they are typed, hypotheses) count apart from
    # the table's actions, at the same rate, so that typing a note never stops anyone
    # playing; and per address too, since anyone with the link has a notebook.
    "notebook": Limit("MAO_RATE_ACT", per_holder=True,
                      address_setting="MAO_RATE_NOTEBOOK_ADDRESS"),
    # The hypothesis builder's requests (each checks the draft against the evidence).
    "hypothesis": Limit("MAO_RATE_BUILDER", per_holder=True,
                        address_setting="MAO_RATE_NOTEBOOK_ADDRESS"),
    "lobby": Limit("MAO_RATE_LOBBY", per_holder=True),
    "builder": Limit("MAO_RATE_BUILDER", per_holder=True),
    # Polled while an estimate runs: apart from the builder's other requests, so that
    # waiting for one never holds up the preview.
    "difficulty": Limit("MAO_RATE_BUILDER", per_holder=True),
    # Publishing a rule as a puzzle (the detective grades it: seconds of CPU each).
    "publish": Limit("MAO_RATE_PUBLISH", per_holder=False),
    # The admin's login form: each attempt hashes a password (PBKDF2, about 0.4 s of CPU).
    "admin_login": Limit("MAO_RATE_ADMIN_LOGIN", per_holder=False),
}


def _count(group: str, key: str, rate: str) -> bool:
    """Count this POST against the limit for ``what`` (a key of :data:`LIMITS`), per holder
    and per address where both apply; True when over. Other methods are not counted.
    """
    usage = get_usage(None, group=f"mao:{group}", key=lambda group, request: key, rate=rate,
                      increment=True)
    return bool(usage and usage["should_limit"])


def over_limit(request: HttpRequest, what: str) -> bool:
    """Count this POST against the limit for ``what`` (a key of :data:`LIMITS`); True
    when it goes over (the request must then change nothing). Other methods are not
    counted. With a second rate per address, both counts go up and either going over is
    enough."""
    if request.method != "POST":
        return False
    limit = LIMITS[what]
    address = f"ip:{client_address(request)}"
    holder = holder_of(request.session) if limit.per_holder else None
    over = _count(what, f"holder:{holder}" if holder else address,
                  getattr(settings, limit.setting))
    if limit.address_setting is not None:
        over = _count(f"{what}:ip", address, getattr(settings, limit.address_setting)) or over
    return over


def action_over_limit(holder: str | None, address: str) -> bool:
    """Count one action by ``holder`` (else ``address``) against ``MAO_RATE_ACT``; True if over."""
    return _count("act", f"holder:{holder}" if holder else f"ip:{address}",
                  settings.MAO_RATE_ACT)


def speech_over_limit(holder: str) -> bool:
    """Count one thing said out of a play by ``holder`` against ``MAO_RATE_SAY``; True if over."""
    return _count("say", f"holder:{holder}", settings.MAO_RATE_SAY)
