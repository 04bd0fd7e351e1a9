"""What the product package (the wheel) ships: the site, never the development tools."""

from __future__ import annotations

import tomllib
from pathlib import Path

from setuptools import find_packages

ROOT = Path(__file__).resolve().parent.parent


def shipped() -> list[str]:
    """The packages setuptools puts in the wheel, by pyproject.toml's own selection."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    include = config["tool"]["setuptools"]["packages"]["find"]["include"]
    return sorted(find_packages(where=str(ROOT), include=include))


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
