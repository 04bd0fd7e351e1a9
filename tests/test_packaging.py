"""What the product package (the wheel) ships: the site and what it needs to run (templates,
static files, the example rules), never the development tools; and an installed wheel runs.

The wheel is built here (setuptools, offline) from a copy of the project, unpacked into a
folder of its own and run from there, away from the checkout: its settings find the
templates and static files inside ``maosite``, the builder its example rules inside
``rules``, and the home page renders.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: What the build reads: the packages, the files mapped into them, the metadata.
SOURCES = ("rules", "games", "maosite", "templates", "static", "pyproject.toml", "README.md")


def listed() -> set[str]:
    """The packages pyproject.toml ships."""
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    return set(setuptools["packages"])


def packages_on_disk() -> set[str]:
    """Every package of the site's code: a folder with an ``__init__.py`` under rules/,
    games/ or maosite/."""
    return {".".join(init.parent.relative_to(ROOT).parts)
            for top in ("rules", "games", "maosite")
            for init in (ROOT / top).rglob("__init__.py")}


def test_every_package_of_the_site_is_shipped_and_no_tool() -> None:
    shipped = listed()
    assert packages_on_disk() <= shipped, "list the new package in pyproject.toml"
    assert shipped - packages_on_disk() == {"maosite.templates", "maosite.static"}
    assert not [p for p in shipped if p.split(".")[0] in ("scripts", "tests")]
    assert not [p for p in shipped if "loadtest" in p or "bench" in p]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel, built from a copy of the project (the build leaves its own files)."""
    source = tmp_path_factory.mktemp("source")
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy(ROOT / name, source / name)
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run(
        [sys.executable, "-c", "import sys; from setuptools import build_meta; "
         "print(build_meta.build_wheel(sys.argv[1]))", str(out)],
        cwd=source, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return out / done.stdout.strip().splitlines()[-1]


def test_the_wheel_holds_the_templates_static_files_and_example_rules(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    templates = {p.relative_to(ROOT / "templates").as_posix()
                 for p in (ROOT / "templates").rglob("*.html")}
    static = {p.relative_to(ROOT / "static").as_posix() for p in (ROOT / "static").rglob("*")
              if p.is_file()}
    examples = {p.name for p in (ROOT / "rules" / "examples").glob("*.json")}
    assert templates and static and examples
    assert {f"maosite/templates/{t}" for t in templates} <= names
    assert {f"maosite/static/{s}" for s in static} <= names
    assert {f"rules/examples/{e}" for e in examples} <= names
    assert "games/engine/apply.py" in names and "games/migrations/0001_initial.py" in names


def test_the_wheel_holds_no_development_tool(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    assert not [n for n in names if n.startswith(("scripts/", "tests/"))]
    # manage.py loadtest only launches the checkout's scripts/loadtest (and says so when
    # there is none, as in an installed site): the launcher ships, the load test does not.
    assert not [n for n in names if ("bench" in n or "loadtest" in n)
                and n != "games/management/commands/loadtest.py"]


#: Run from the unpacked wheel: the settings' folders, the examples, a page and a static file.
INSTALLED = """
import json, django
from django.test.utils import setup_test_environment
django.setup()
setup_test_environment()
from django.conf import settings
from django.contrib.staticfiles import finders
from django.test import Client
import maosite, rules
from games.authoring.examples import templates
page = Client().get("/")
print(json.dumps({"maosite": maosite.__file__, "rules": rules.__file__,
                  "templates": [str(d) for d in settings.TEMPLATES[0]["DIRS"]],
                  "css": finders.find("css/site.css"), "examples": len(templates()),
                  "status": page.status_code, "home": "Open the table" in page.content.decode()}))
"""


def test_the_installed_wheel_runs_the_site(wheel: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    # The unpacked wheel first, then the libraries of this environment; -S keeps this
    # environment's .pth files (the editable install of the checkout) out.
    libraries = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MAO_", "DJANGO_"))}
    env |= {"PYTHONPATH": os.pathsep.join([str(site), *sorted(libraries)]),
            "DJANGO_SETTINGS_MODULE": "maosite.settings", "DEBUG": "1",
            "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"}
    done = subprocess.run([sys.executable, "-S", "-c", INSTALLED], cwd=elsewhere, env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["maosite"].startswith(str(site)) and found["rules"].startswith(str(site))
    assert found["templates"] == [str(site / "maosite" / "templates")]
    assert found["css"] == str(site / "maosite" / "static" / "css" / "site.css")
    assert found["examples"] > 0
    assert found["status"] == 200 and found["home"]
