"""Each preset page's table of the seed's rules is honest: every row has a status, every
played row names a test that exists, the coverage line counts the table, and the presets'
summary (docs/presets/README.md) says the same counts."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PRESET_PAGES = ["teaching", "five-card", "penn-state", "lynnfield"]

HEADER = ["#", "rule or procedure of the seed", "status", "how the preset plays it", "test"]
STATUS = re.compile(r"^(played|differs: \S.*|out of scope: \S.*)$")
NODE = re.compile(r"`([^`\s]+\.py)::([A-Za-z_]\w*)(?:\[[^\]]*\])?`")
COVERAGE = re.compile(r"Coverage: (\d+) rules and procedures; (\d+) played, (\d+) differ, "
                      r"(\d+) out of scope\.")


@dataclass(frozen=True)
class Row:
    """One row of a page's table."""

    number: int
    status: str
    test: str


def cells(line: str) -> list[str]:
    """The cells of a table line, an escaped ``\\|`` kept inside its cell."""
    parts = re.split(r"(?<!\\)\|", line.strip())
    return [part.strip() for part in parts[1:-1]]


def table(text: str) -> tuple[list[str], list[Row]]:
    """The header and the rows of the page's first table."""
    lines = [line for line in text.splitlines() if line.startswith("|")]
    if len(lines) < 2:
        raise AssertionError("no table")
    header = cells(lines[0])
    rows = [Row(int(row[0]), row[2], row[4]) for row in map(cells, lines[2:])]
    return header, rows


def coverage(text: str) -> tuple[int, int, int, int]:
    """The counts the page's coverage line states: rows, played, differ, out of scope."""
    paragraph = next((part for part in text.split("\n\n") if part.startswith("Coverage:")), "")
    found = COVERAGE.fullmatch(" ".join(paragraph.split()))
    if found is None:
        raise AssertionError(f"no coverage line of the form {COVERAGE.pattern!r}")
    total, played, differ, out = (int(group) for group in found.groups())
    return total, played, differ, out


def defines(path: Path, name: str) -> bool:
    """Whether the test file at ``path`` defines a function ``name``."""
    tree = ast.parse(path.read_text())
    return any(isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == name
               for node in ast.walk(tree))


def page(name: str) -> str:
    return (ROOT / "docs" / "presets" / f"{name}.md").read_text()


@pytest.mark.parametrize("name", PRESET_PAGES)
def test_the_table_has_the_five_columns(name: str) -> None:
    header, _ = table(page(name))
    assert header == HEADER


@pytest.mark.parametrize("name", PRESET_PAGES)
def test_the_rows_are_numbered_in_order(name: str) -> None:
    _, rows = table(page(name))
    assert [row.number for row in rows] == list(range(1, len(rows) + 1))


@pytest.mark.parametrize("name", PRESET_PAGES)
def test_every_row_has_a_valid_status(name: str) -> None:
    _, rows = table(page(name))
    bad = [row.number for row in rows if not STATUS.match(row.status)]
    assert bad == []


@pytest.mark.parametrize("name", PRESET_PAGES)
def test_every_played_row_names_a_test_that_exists(name: str) -> None:
    _, rows = table(page(name))
    missing = []
    for row in rows:
        if row.status != "played":
            continue
        nodes = NODE.findall(row.test)
        if not nodes or not all((ROOT / path).is_file() and defines(ROOT / path, function)
                                for path, function in nodes):
            missing.append(row.number)
    assert missing == []


@pytest.mark.parametrize("name", PRESET_PAGES)
def test_the_coverage_line_counts_the_table(name: str) -> None:
    _, rows = table(page(name))
    played = sum(row.status == "played" for row in rows)
    differ = sum(row.status.startswith("differs:") for row in rows)
    out = sum(row.status.startswith("out of scope:") for row in rows)
    assert coverage(page(name)) == (len(rows), played, differ, out)


def test_the_summary_counts_each_page() -> None:
    text = (ROOT / "docs" / "presets" / "README.md").read_text()
    lines = [cells(line) for line in text.splitlines() if line.startswith("| 0")]
    found = {row[1].strip("`"): tuple(int(n) for n in row[2:6]) for row in lines}
    assert found == {name: coverage(page(name)) for name in PRESET_PAGES}


def test_a_row_with_a_bad_status_or_a_missing_test_is_found() -> None:
    text = ("| # | rule or procedure of the seed | status | how the preset plays it | test |\n"
            "|---|---|---|---|---|\n"
            "| 1 | deal five | played | `hand_size` 5 | `tests/presets/test_rows.py::no_such` |\n"
            "| 2 | a ceremony | out of scope | nothing | |\n"
            "\nCoverage: 2 rules and procedures; 1 played, 0 differ, 1 out of scope.\n")
    _, rows = table(text)
    assert not STATUS.match(rows[1].status)
    [(path, function)] = NODE.findall(rows[0].test)
    assert not defines(ROOT / path, function)
    assert defines(ROOT / path, "test_a_row_with_a_bad_status_or_a_missing_test_is_found")
    assert coverage(text) == (2, 1, 0, 1)
