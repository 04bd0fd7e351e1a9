"""The Jinja2 environment (maosite/jinja_env.py) prints, escapes and links as Django does."""

from __future__ import annotations

import pytest
from django.template import engines
from django.template.backends.jinja2 import Jinja2

#: Values a player may write, and others a template prints.
VALUES = ["Ann", "<script>alert(1)</script>", "O'Brien & \"Co\"", "", 0, 1, 12, None, True]


def jinja(source: str, **context: object) -> str:
    backend = engines["jinja2"]
    assert isinstance(backend, Jinja2)
    return backend.env.from_string(source).render(context)


def django(source: str, **context: object) -> str:
    return engines["django"].from_string(source).render(context)


@pytest.mark.parametrize("value", VALUES)
def test_a_value_prints_as_django_prints_it(value: object) -> None:
    assert jinja("{{ v }}", v=value) == django("{{ v }}", v=value)
    assert jinja('<b title="{{ v }}">', v=value) == django('<b title="{{ v }}">', v=value)


@pytest.mark.parametrize("value", VALUES)
def test_the_filters_give_django_s_output(value: object) -> None:
    assert jinja("{{ v|capfirst }}", v=value) == django("{{ v|capfirst }}", v=value)
    assert jinja("{{ n|pluralize }}", n=value if isinstance(value, int) else 2) == django(
        "{{ n|pluralize }}", n=value if isinstance(value, int) else 2)
    names = ["Ann", value, "<b>"]
    assert jinja('{{ names|join(" & ") }}', names=names) == django(
        '{{ names|join:" & " }}', names=names)


def test_safe_text_is_not_escaped_twice() -> None:
    from django.utils.safestring import mark_safe
    from markupsafe import Markup

    assert jinja("{{ a }}{{ b }}", a=mark_safe("<i>'</i>"), b=Markup('<b>"</b>')) == (
        "<i>'</i><b>\"</b>")


def test_urls_and_static_files_are_django_s() -> None:
    assert jinja('{{ url("act", "ABC123") }}') == django("{% url 'act' 'ABC123' %}")
    assert jinja('{{ static("css/table.css") }}') == django(
        "{% load static %}{% static 'css/table.css' %}")
