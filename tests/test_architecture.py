"""The architecture holds, checked by import-linter's contracts (pyproject.toml), and the
pure core uses no global randomness.

A planted violation of each contract must break it, so a contract that checks nothing fails
here; randomness in the core comes from ``random.Random(seed)`` only (an AST check of our
own over the contract's modules).
"""

from __future__ import annotations

import ast
import importlib.metadata
import os
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Sequence
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

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
    # A third-party package that pulls Django in itself (import-linter does not look inside
    # external packages, so each one must be named in the contract).
    "engine imports a runtime dependency": ("games/engine/planted.py", "import whitenoise\n",
                                            ["The pure core"]),
    "the rule language imports the database driver": ("rules/planted.py", "import psycopg\n",
                                                      ["The pure core"]),
    # A preset that reads the stored games: Django, and a layer above the presets.
    "presets read the store": ("games/presets/planted.py",
                               "from games.store import reads\n",
                               ["The pure core", "The games app's layers"]),
    # The pure packages beside the features: the builder's pure half and the bots' games.
    "authoring reads the store": ("games/authoring/planted.py",
                                  "from games.store import reads\n",
                                  ["The pure core", "The games app's layers"]),
    "autoplay reaches Django through a feature": ("games/autoplay/planted.py",
                                                  "def f():\n    from games.builder import views\n",
                                                  ["The pure core", "The games app's layers"]),
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


# The pure-core contract names every runtime dependency.


def requirements() -> list[Requirement]:
    """What the installed site needs at run time: ``[project.dependencies]`` and every extra
    but the development tools (``scale``: PostgreSQL and Redis)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = [group for name, group in project["optional-dependencies"].items()
              if name != "dev"]
    return [Requirement(text) for text in project["dependencies"] + sum(extras, [])]


def distributions(requirement: Requirement) -> set[str]:
    """The distribution a requirement names, with those its requested extras add
    (``psycopg[binary,pool]``: psycopg, psycopg-binary, psycopg-pool)."""
    found: set[str] = {canonicalize_name(requirement.name)}
    for text in importlib.metadata.requires(requirement.name) or []:
        needed = Requirement(text)
        if needed.marker is not None and any(
                needed.marker.evaluate({"extra": extra}) for extra in requirement.extras):
            found.add(canonicalize_name(needed.name))
    return found


def import_names(distribution: str) -> set[str]:
    """The top-level packages an installed distribution provides (not private ones, such
    as brotli's ``_brotli`` extension)."""
    provided = importlib.metadata.packages_distributions()
    return {name for name, owners in provided.items() if not name.startswith("_")
            and distribution in {canonicalize_name(owner) for owner in owners}}


def forbidden_to_the_core() -> set[str]:
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    pure = next(c for c in contracts["contracts"] if c["id"] == "pure-core")
    return set(pure["forbidden_modules"])


def test_the_runtime_dependencies_are_found() -> None:
    found = {d for requirement in requirements() for d in distributions(requirement)}
    assert {"django", "whitenoise", "django-environ", "psycopg-pool", "channels-redis",
            "brotli"} <= found


@pytest.mark.parametrize("distribution", sorted(
    {d for requirement in requirements() for d in distributions(requirement)}))
def test_the_pure_core_may_import_no_runtime_dependency(distribution: str) -> None:
    """Each package a runtime dependency installs is forbidden to the pure core: the core
    needs only the standard library, and import-linter cannot see that a third-party package
    (django-ratelimit, whitenoise, channels-redis...) imports Django itself."""
    names = import_names(distribution)
    assert names, f"{distribution} is not installed (make installs the dev and scale extras)"
    assert names <= forbidden_to_the_core(), (
        f"add {sorted(names - forbidden_to_the_core())} to the pure-core contract's "
        "forbidden_modules in pyproject.toml")


def test_the_web_stack_under_the_dependencies_is_forbidden_too() -> None:
    # Not derived: these come in under channels, daphne and channels-redis.
    assert {"asgiref", "twisted", "autobahn", "redis", "sqlparse"} <= forbidden_to_the_core()


# The pure core's files, from its contract.

def core_files() -> list[Path]:
    """The files of the pure-core contract's modules (a package: every file under it), but
    the Django-facing files it lets import Django (``rules.apps``, ``rules.management``)."""
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    pure = next(c for c in contracts["contracts"] if c["id"] == "pure-core")
    files: list[Path] = []
    for module in pure["source_modules"]:
        path = ROOT / module.replace(".", "/")
        found = sorted(path.rglob("*.py")) if path.is_dir() else [path.with_suffix(".py")]
        files += [p for p in found if "management" not in p.parts and p.name != "apps.py"]
    return files


CORE = core_files()


# The core imports the standard library and itself, nothing else.

#: Third-party modules the core may import: none (the core needs only the standard library).
ALLOWED_TO_THE_CORE: frozenset[str] = frozenset()


def core_modules() -> tuple[str, ...]:
    """The pure-core contract's source modules (packages: everything under them)."""
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    pure = next(c for c in contracts["contracts"] if c["id"] == "pure-core")
    return tuple(pure["source_modules"])


def foreign_imports(source: str, core: Sequence[str]) -> list[str]:
    """Describe each import in ``source`` (inside functions and ``TYPE_CHECKING`` too) of a
    module neither in the standard library, nor in ``core``, nor allowed to it.

    The forbidden contract names what the core may not import; this names what it may, so a
    package nobody thought to forbid (``yaml``, ``websockets``...) is refused as well."""
    problems: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # A relative import stays inside its own package.
                continue
            names = [node.module or ""]
        else:
            continue
        for name in names:
            top = name.split(".")[0]
            if (top in sys.stdlib_module_names or top in ALLOWED_TO_THE_CORE
                    or any(name == m or name.startswith(m + ".") for m in core)):
                continue
            problems.append(f"line {node.lineno}: import of {name}")
    return problems


@pytest.mark.parametrize("path", CORE, ids=[p.relative_to(ROOT).as_posix() for p in CORE])
def test_core_module_imports_only_the_standard_library_and_the_core(path: Path) -> None:
    assert foreign_imports(path.read_text(encoding="utf-8"), core_modules()) == []


@pytest.mark.parametrize("source", [
    "import yaml",
    "import websockets.client",
    "from numpy import array",
    "def f():\n    import requests\n",
    "if TYPE_CHECKING:\n    from django.http import HttpRequest\n",
    "from games.store import reads",
    "import games.builder.views",
    "import games",
])
def test_a_foreign_import_is_caught(source: str) -> None:
    assert foreign_imports(source, core_modules()) != []


@pytest.mark.parametrize("source", [
    "import json",
    "from collections.abc import Sequence",
    "from __future__ import annotations",
    "from games.engine.state import GameState",
    "import rules.spec",
    "from games.authoring import model as m",
    "from . import sibling",
])
def test_the_standard_library_and_the_core_pass(source: str) -> None:
    assert foreign_imports(source, core_modules()) == []


# Randomness: the core draws only from random.Random(seed).


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
    assert ROOT / "games" / "authoring" / "notes.py" in CORE
    assert ROOT / "games" / "autoplay" / "detective_bot.py" in CORE
    assert ROOT / "games" / "display" / "hand_chart.py" in CORE
    assert ROOT / "games" / "builder" / "views.py" not in CORE
    assert ROOT / "rules" / "apps.py" not in CORE
    assert all(path.is_file() for path in CORE)
    assert ROOT / "games" / "presets" / "opening.py" in CORE


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
