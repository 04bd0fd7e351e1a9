"""``{% page_template %}``: the name of the page template being drawn.

base.html writes it on ``<body data-page=...>`` so that the browser tests can tell which
page each screenshot shows (every page template must be checked by axe-core at least once:
tests/browser/test_coverage.py), whatever URL served it (the reveal's "not revealed yet",
the builder's page of its own, a 404). It names a file of this public repository, nothing
more.
"""

from __future__ import annotations

from typing import Any

from django import template

register = template.Library()


@register.simple_tag(takes_context=True)
def page_template(context: Any) -> str:
    """The outermost template of this render (``games/lobby.html``), without ``.html``."""
    origin = getattr(getattr(context, "template", None), "origin", None)
    name = getattr(origin, "template_name", None) or ""
    return str(name).removesuffix(".html")
