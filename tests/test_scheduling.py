"""The order in which ``make test`` sends tests to its pytest-xdist workers (tests/conftest.py):
the slowest browser modules first, the other browser modules, the other slowest modules, the
rest; the tests of a module of SPLIT one by one."""

from __future__ import annotations

import re
from collections import OrderedDict
from pathlib import Path

from tests.conftest import FIRST, SLOWEST, SPLIT, put_first

ROOT = Path(__file__).resolve().parents[1]


def test_every_module_named_exists_once() -> None:
    # A module renamed or gone would silently lose its place.
    assert [name for name in SLOWEST + SPLIT if not (ROOT / name).is_file()] == []
    assert len(set(SLOWEST)) == len(SLOWEST) and len(set(SPLIT)) == len(SPLIT)


def test_a_split_module_builds_no_fixture_once_for_its_tests() -> None:
    # Its tests may run on different workers: a module fixture would be built on each.
    wide = re.compile(r"scope=\"(module|class)\"")
    assert [name for name in SPLIT if wide.search((ROOT / name).read_text("utf-8"))] == []


def test_the_slowest_browser_modules_go_first_then_the_browser_ones_then_the_slowest() -> None:
    slow_browser = [m for m in SLOWEST if m.startswith(FIRST)]
    slow_other = [m for m in SLOWEST if not m.startswith(FIRST)]
    assert slow_browser and slow_other
    queue = OrderedDict.fromkeys([
        "tests/engine/test_a.py", slow_other[0], "tests/browser/test_b.py",
        f"{slow_browser[1]}::test_x", "tests/c.py::C", "tests/browser/test_d.py",
        f"{slow_browser[0]}::test_y[1]", f"{slow_browser[0]}::test_y[2]"], True)
    put_first(queue)
    assert list(queue) == [
        f"{slow_browser[0]}::test_y[1]", f"{slow_browser[0]}::test_y[2]",
        f"{slow_browser[1]}::test_x", "tests/browser/test_b.py", "tests/browser/test_d.py",
        slow_other[0], "tests/engine/test_a.py", "tests/c.py::C"]
