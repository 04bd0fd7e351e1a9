"""``{% fragment "status" %}``: a hot fragment of the table, drawn by Jinja2 in a Django page.

The page's partial holds only this tag, so the page and the push (which renders the Jinja2
template itself) draw the fragment from one source.
"""

from __future__ import annotations

from typing import Any, cast

from django import template
from django.template.context import Context
from django.utils.safestring import SafeString, mark_safe

from games.table.fragments import render_fragment

register = template.Library()


@register.simple_tag(takes_context=True)
def fragment(context: Context, name: str) -> SafeString:
    """Fragment ``name`` (games.table.fragments.JINJA_FRAGMENTS) drawn from the page's context;
    Jinja2 has escaped what it prints."""
    return mark_safe(render_fragment(name, cast(dict[str, Any], context.flatten())))
