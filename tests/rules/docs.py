"""The examples docs/rules.md gives of a kind of rule: a JSON block, then the sentence the
rule reads as (the tests hold the English to the page)."""

from __future__ import annotations

import re
from pathlib import Path

RULES_MD = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
EXAMPLE = re.compile(r"```json\n(.*?)```\n(.*?)\n\n", re.S)


def examples(section: str, until: str) -> list[tuple[str, str]]:
    """The (JSON, sentence) pairs of docs/rules.md from the heading ``section`` to the
    heading ``until``, the sentence on one line however the page wraps it."""
    text = RULES_MD.read_text(encoding="utf-8")
    part = text[text.index(section):text.index(until)]
    return [(data, " ".join(words.split())) for data, words in EXAMPLE.findall(part)]
