"""The Jinja2 environment of the table's hot fragments (settings ``TEMPLATES``).

It escapes as Django's templates do (``&quot;``, ``&#x27;``, where Jinja2 writes ``&#34;``
and ``&#39;``) and lends them the few filters the fragments use, so a fragment drawn here is
byte for byte the one Django's engine drew: the page and the push can share one source.
"""

from __future__ import annotations

from functools import lru_cache
from html import escape
from typing import Any, Protocol, cast

from django.template import defaultfilters
from django.templatetags.static import static
from django.urls import get_script_prefix, reverse
from jinja2 import Environment, Undefined
from markupsafe import Markup


class HasHTML(Protocol):
    """Safe text: what ``__html__`` returns is printed as it is."""

    def __html__(self) -> str: ...


def environment(**options: Any) -> Environment:
    """The environment Django's Jinja2 backend renders with (``OPTIONS["environment"]``)."""
    # A missing variable prints nothing, with DEBUG on too, as in Django's templates (the
    # backend's DEBUG default, DebugUndefined, would print the expression).
    env = Environment(**options | {"undefined": Undefined}, finalize=django_escaped)
    env.filters.update(pluralize=defaultfilters.pluralize, capfirst=defaultfilters.capfirst,
                       join=django_join)
    env.globals.update(static=static, url=url)
    return env


def django_escaped(value: object) -> str | HasHTML:
    """What ``{{ value }}`` hands to Jinja2's escaping so that it prints as Django's does.

    The two escape ``&``, ``<`` and ``>`` alike and differ on quotes only, so text with a
    quote is escaped here, Django's way (then safe, Jinja2 leaves it), and the rest is left to
    Jinja2's faster escaping; safe text (with ``__html__``) as it is. Values print as
    ``str()`` prints them: Django would localize dates and floats, which the fragments do not
    show.

    >>> django_escaped("<b title=\\"Ann's\\">"), django_escaped("<b>"), django_escaped(3)
    (Markup('&lt;b title=&quot;Ann&#x27;s&quot;&gt;'), '<b>', '3')
    >>> django_escaped(Markup("<b title='x'>"))
    Markup("<b title='x'>")
    """
    if isinstance(value, str) and value.__class__ is str:
        text = value
    elif hasattr(value, "__html__"):
        return cast(HasHTML, value)
    else:
        text = str(value)
    if '"' in text or "'" in text:
        return Markup(escape(text))
    return text


def django_join(items: list[object], separator: str) -> Markup:
    """``items|join(" and ")``: each item escaped as Django's ``join`` escapes it; the
    separator is the template's own text (a literal, which Django's templates take as safe).

    >>> django_join(["Ann", "<b>", 'O"Brien'], " & ")
    Markup('Ann & &lt;b&gt; & O&quot;Brien')
    """
    return Markup(separator).join(django_escaped(item) for item in items)


def url(name: str, *args: object) -> str:
    """``url("act", code)``: the path of a named URL, as ``{% url "act" code %}`` gives it."""
    return _reverse(get_script_prefix(), name, args)


@lru_cache(maxsize=1024)
def _reverse(prefix: str, name: str, args: tuple[object, ...]) -> str:
    """A URL reversed once per argument set (and script prefix, which the path starts with)."""
    return reverse(name, args=args)
