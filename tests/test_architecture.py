"""The architecture holds, checked by import-linter's contracts (pyproject.toml), and the
pure core uses no global randomness.

The contracts: the project's layers (tools, the site, the games, the rule language); the
games app's layers (wiring, live fan-out, the table, the features, the store, the models,
the engine); the pure core (``rules``, ``games.engine`` and the pure modules of the builder
and the reveal) imports no web framework and no stored game, directly or through another
module; no import cycle between siblings at any depth, imports inside functions included.
A planted violation of each kind must break them, so a contract that checks nothing fails
here. Randomness in the core comes from ``random.Random(seed)`` only, so that a game is a
function of its seed: that is an AST check of our own (import-linter sees modules, not
calls).
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("rules", "games", "maosite", "scripts")


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    """Run import-linter on the packages under ``root`` with the project's contracts."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run(
        [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command; "
         "sys.argv = ['lint-imports', '--no-cache']; lint_imports_command()"],
        cwd=root, env=env, capture_output=True, text=True, timeout=120, check=False)


def test_the_contracts_hold() -> None:
    done = lint_imports(ROOT)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "5 kept, 0 broken" in done.stdout


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The packages' Python files and pyproject.toml, copied for planting violations."""
    root = tmp_path_factory.mktemp("planted")
    for package in PACKAGES:
        shutil.copytree(ROOT / package, root / package,
                        ignore=shutil.ignore_patterns("__pycache__", "*.json", "*.md"))
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    return root


PLANTED = {
    # An import of the stored game hidden inside a function of the engine.
    "engine reads the database": ("games/engine/planted.py",
                                  "def peek():\n    from games.models import Game\n",
                                  ["The pure core", "The games app's layers"]),
    # Django reached indirectly: the builder's context imports Django.
    "engine reaches Django indirectly": ("games/engine/planted.py",
                                         "from games.builder import context\n",
                                         ["The pure core"]),
    "the rule language imports the games": ("rules/planted.py",
                                            "import games.engine.state\n",
                                            ["The project's layers"]),
    "the store imports the live fan-out": ("games/store/planted.py",
                                           "from games.live import notify\n",
                                           ["The games app's layers"]),
    "the games import the site": ("games/table/planted.py", "import maosite.settings\n",
                                  ["The project's layers"]),
    "deduction reads a game state": ("games/deduction/planted.py",
                                     "from games.engine.state import GameState\n",
                                     ["Deduction reads the public record"]),
    "a cycle of siblings": ("games/table/planted.py",
                            "def f():\n    from games.table import planted_too\n",
                            ["No import cycles"]),
}


@pytest.mark.parametrize("case", sorted(PLANTED))
def test_a_planted_violation_breaks_its_contract(copy: Path, case: str) -> None:
    path, source, broken = PLANTED[case]
    planted = [copy / path]
    (copy / path).write_text(source)
    if case == "a cycle of siblings":
        planted.append(copy / "games/table/planted_too.py")
        planted[-1].write_text("from games.table import planted\n")
    try:
        done = lint_imports(copy)
    finally:
        for file in planted:
            file.unlink()
    assert done.returncode != 0
    for name in broken:
        line = next((ln for ln in done.stdout.splitlines() if ln.startswith(name)), "")
        # The contract's name may wrap: its verdict is on the line or the next one.
        after = done.stdout.split(line, 1)[1].splitlines()[:2] if line else []
        assert "BROKEN" in line + " ".join(after), done.stdout[-3000:]


# Randomness: the core draws only from random.Random(seed).

CORE = [p for package in ("rules", "games/engine", "games/deduction")
        for p in sorted((ROOT / package).rglob("*.py"))
        if "management" not in p.parts and p.name != "apps.py"] + [ROOT / "games/bots/detective.py"]


def global_random_uses(source: str) -> list[str]:
    """Describe each use of the global ``random`` module in ``source``.

    Allowed: ``from random import Random`` (with or without an alias) and ``random.Random``.
    """
    problems: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "random":
                    problems.append(
                        f"line {node.lineno}: 'import random' (use 'from random import Random')"
                    )
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module == "random":
            for alias in node.names:
                if alias.name != "Random":
                    problems.append(f"line {node.lineno}: 'from random import {alias.name}'")
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "random"
            and node.attr != "Random"
        ):
            problems.append(f"line {node.lineno}: 'random.{node.attr}' (use a Random(seed))")
    return problems


def test_the_core_is_found() -> None:
    assert ROOT / "games" / "engine" / "apply.py" in CORE
    assert ROOT / "rules" / "spec.py" in CORE


@pytest.mark.parametrize("path", CORE, ids=[p.relative_to(ROOT).as_posix() for p in CORE])
def test_core_module_uses_no_global_random(path: Path) -> None:
    assert global_random_uses(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize(
    "source",
    [
        "import random",
        "import random as r",
        "from random import shuffle",
        "from random import Random, choice",
        "from random import *",
        "random.shuffle(cards)",
        "x = random.random()",
    ],
)
def test_global_random_is_caught(source: str) -> None:
    assert global_random_uses(source) != []


@pytest.mark.parametrize(
    "source",
    [
        "from random import Random",
        "from random import Random as Rng",
        "rng = random.Random(7)",
        "rng = Random(7)\nrng.shuffle(cards)",
    ],
)
def test_seeded_random_passes(source: str) -> None:
    assert global_random_uses(source) == []
