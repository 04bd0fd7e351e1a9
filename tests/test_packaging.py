"""What the product package (the wheel) ships: the site, never the development tools."""

from __future__ import annotations

import tomllib
from fnmatch import fnmatchcase
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def shipped() -> list[str]:
    """The packages setuptools puts in the wheel by pyproject.toml's own selection (its
    ``packages.find``: every package under the root whose dotted name matches an include)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    include = config["tool"]["setuptools"]["packages"]["find"]["include"]
    names = [".".join(init.parent.relative_to(ROOT).parts) for init in ROOT.rglob("__init__.py")
             if ".venv" not in init.parts]
    return sorted(n for n in names if any(fnmatchcase(n, pattern) for pattern in include))


def test_the_wheel_ships_the_site() -> None:
    packages = shipped()
    for needed in ("rules", "games", "games.engine", "games.store", "games.live", "maosite"):
        assert needed in packages


def test_the_load_test_and_the_benchmarks_stay_out_of_the_wheel() -> None:
    packages = shipped()
    assert not [p for p in packages if p.split(".")[0] in ("scripts", "tests")]
    assert not [p for p in packages if "loadtest" in p or "bench" in p]
    modules = [path.relative_to(ROOT).as_posix() for package in packages
               for path in (ROOT / package.replace(".", "/")).glob("*.py")]
    assert not [m for m in modules if "bench" in m or "loadtest" in m]
