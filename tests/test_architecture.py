"""The pure core stays pure: rules/ and games/engine/ never import a framework or global random.

The core modules of ``rules`` and all of ``games.engine`` must run without a server (in a bot,
a benchmark, a property test), so they may not import Django, Channels or daphne. They must be
reproducible from a seed, so they may not use the global ``random`` module: randomness comes
from ``random.Random(seed)``, imported as ``from random import Random``. ``rules`` is the
lowest layer, so it never imports ``games``.

``rules/apps.py`` and ``rules/management/`` are the Django side of ``rules`` and are exempt.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

FRAMEWORKS = frozenset({"django", "channels", "channels_redis", "daphne"})


def _is_exempt(path: Path) -> bool:
    relative = path.relative_to(ROOT).as_posix()
    return relative == "rules/apps.py" or relative.startswith("rules/management/")


def _python_files(package: str) -> list[Path]:
    return sorted(p for p in (ROOT / package).rglob("*.py") if not _is_exempt(p))


RULES_FILES = _python_files("rules")
ENGINE_FILES = _python_files("games/engine")
CORE_FILES = RULES_FILES + ENGINE_FILES


def _ids(paths: list[Path]) -> list[str]:
    return [p.relative_to(ROOT).as_posix() for p in paths]


def _imported_modules(tree: ast.AST) -> list[tuple[int, str]]:
    """Return (line, dotted module name) for every absolute import in ``tree``."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
    return found


def framework_imports(source: str) -> list[str]:
    """Describe each import of a web framework module in ``source``."""
    return [
        f"line {line}: imports {module}"
        for line, module in _imported_modules(ast.parse(source))
        if module.split(".")[0] in FRAMEWORKS
    ]


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


def games_imports(source: str) -> list[str]:
    """Describe each import of the ``games`` package in ``source``."""
    return [
        f"line {line}: imports {module}"
        for line, module in _imported_modules(ast.parse(source))
        if module.split(".")[0] == "games"
    ]


def test_the_pure_core_is_found() -> None:
    assert (ROOT / "games" / "engine" / "__init__.py") in ENGINE_FILES
    assert (ROOT / "rules" / "__init__.py") in RULES_FILES
    assert (ROOT / "rules" / "apps.py") not in RULES_FILES


@pytest.mark.parametrize("path", CORE_FILES, ids=_ids(CORE_FILES))
def test_core_module_imports_no_framework(path: Path) -> None:
    assert framework_imports(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("path", CORE_FILES, ids=_ids(CORE_FILES))
def test_core_module_uses_no_global_random(path: Path) -> None:
    assert global_random_uses(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("path", RULES_FILES, ids=_ids(RULES_FILES))
def test_rules_module_does_not_import_games(path: Path) -> None:
    assert games_imports(path.read_text(encoding="utf-8")) == []


# The checks themselves, so that a silent scanner cannot make the tests above pass.


@pytest.mark.parametrize(
    "source",
    [
        "import django",
        "import django.db.models as m",
        "from django.conf import settings",
        "from channels.layers import get_channel_layer",
        "import channels_redis.core",
        "import daphne",
        "def f():\n    from django import forms",
    ],
)
def test_framework_imports_are_caught(source: str) -> None:
    assert framework_imports(source) != []


@pytest.mark.parametrize(
    "source",
    ["import djangoish", "from . import django", "from .channels import x", "import json"],
)
def test_other_imports_pass(source: str) -> None:
    assert framework_imports(source) == []


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


def test_games_imports_are_caught() -> None:
    assert games_imports("from games.engine import apply") != []
