"""Every relative link in README.md and docs/**/*.md points to a file or folder that exists.

Links are Markdown's inline ones, ``[text](target)`` and ``![alt](target)``, outside fenced
code blocks and inline code; a target with a scheme (``https:``, ``mailto:``) or only an
anchor (``#section``) is not a file and is skipped, and an anchor after a path is ignored.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: ``[text](target)`` or ``![alt](target "title")``: the target up to a space or ")".
LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^\s*(```|~~~)")
INLINE_CODE = re.compile(r"`[^`]*`")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def documents() -> list[Path]:
    """README.md and every Markdown file under docs/."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def links(text: str) -> list[tuple[int, str]]:
    """The inline link targets of a Markdown text with their line numbers, outside code."""
    found: list[tuple[int, str]] = []
    in_fence = False
    for number, line in enumerate(text.splitlines(), start=1):
        if FENCE.match(line):
            in_fence = not in_fence
            continue
        if not in_fence:
            found += [(number, m.group(1)) for m in LINK.finditer(INLINE_CODE.sub("", line))]
    return found


def broken(document: Path, root: Path = ROOT) -> list[str]:
    """The relative links of ``document`` whose file does not exist, as ``path:line: target``
    (``root`` is the checkout, for the names printed)."""
    missing = []
    for number, target in links(document.read_text(encoding="utf-8")):
        path = target.split("#", 1)[0].split("?", 1)[0]
        if not path or SCHEME.match(target) or target.startswith("//"):
            continue
        resolved = (document.parent / path).resolve()
        if resolved.exists():
            continue
        missing.append(f"{document.relative_to(root)}:{number}: {target}")
    return missing


def test_the_link_finder_skips_code_and_reads_titles() -> None:
    text = '[a](one.md "Title") ![b](<two.png>)\n`[c](three.md)`\n~~~\n[d](four.md)\n~~~'
    assert links(text) == [(1, "one.md"), (1, "two.png")]


def test_a_missing_file_is_reported_and_web_links_and_anchors_are_not(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "here.md").write_text("")
    page = tmp_path / "docs" / "page.md"
    page.write_text("[gone](gone.md) [web](https://example.com) [top](#top)\n"
                    "[up](../here.md#part) [img](pics/x.png)")
    assert broken(page, tmp_path) == ["docs/page.md:1: gone.md", "docs/page.md:2: pics/x.png"]


@pytest.mark.parametrize("document", documents(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_points_to_a_file(document: Path) -> None:
    assert broken(document) == []

