"""Secure settings with DEBUG off, from the environment, and `manage.py check --deploy`.

Settings are read once, when Django starts, so each case runs in a fresh process: a child
forked for it by one reader process (:mod:`tests.hardening.settings_reader`, which never
read them), or a new interpreter where the case starts Django itself.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.hardening.settings_reader import SettingsReader

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = {"DEBUG": "0", "SECRET_KEY": secrets.token_urlsafe(50),
              "ALLOWED_HOSTS": "example.com"}
#: What `check --deploy` reports for a local production-like run over plain HTTP
#: (MAO_HTTPS=0); each is explained in docs/architecture.md, "Deployment checks".
LOCAL_HTTP_WARNINGS = {"security.W004", "security.W008", "security.W012", "security.W016"}

#: Prints the settings the environment gave: the settings module alone, imported by the
#: first read (no app is loaded: none changes a setting, and loading them all is most of
#: the process's start).
READ_SETTINGS = """
import json
from django.conf import settings
names = ["DEBUG", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE", "SECURE_SSL_REDIRECT",
         "SECURE_HSTS_SECONDS", "SECURE_HSTS_INCLUDE_SUBDOMAINS", "SECURE_HSTS_PRELOAD",
         "SECURE_CONTENT_TYPE_NOSNIFF", "X_FRAME_OPTIONS", "SECURE_PROXY_SSL_HEADER",
         "CSRF_TRUSTED_ORIGINS", "SECURE_REFERRER_POLICY", "SESSION_COOKIE_HTTPONLY",
         "DATA_UPLOAD_MAX_MEMORY_SIZE", "DATA_UPLOAD_MAX_NUMBER_FIELDS", "MAO_BOT_DELAY",
         "MAO_PURGE_IDLE_DAYS", "REDIS_URL", "MAO_ESTIMATE_QUEUE", "MAO_BUILDER_CPU",
         "MAO_ESTIMATE_WORKERS"]
print(json.dumps({name: getattr(settings, name) for name in names}))
"""


def environment(**env: str) -> dict[str, str]:
    """This process's environment without the settings' variables, and ``env``."""
    clean = {k: v for k, v in os.environ.items()
             if k not in {"DEBUG", "DJANGO_DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "REDIS_URL",
                          "CSRF_TRUSTED_ORIGINS", "DATABASE_URL"}
             and not k.startswith(("MAO_", "SECURE_"))}
    return clean | {"DJANGO_SETTINGS_MODULE": "maosite.settings", **env}


def run(args: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    """Run ``python args`` in the project with only ``env`` for the settings' variables."""
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=environment(**env),
                          capture_output=True, text=True, timeout=60)


@pytest.fixture(scope="module")
def reader() -> Iterator[SettingsReader]:
    """One process forking a fresh reader of the settings for each case: a new interpreter
    a case cost about 0.4 s of CPU, most of it imports no setting changes."""
    started = SettingsReader(environment())
    yield started
    started.close()


def read(reader: SettingsReader, **env: str) -> subprocess.CompletedProcess[str]:
    """:data:`READ_SETTINGS` run in a fresh process with only ``env`` for the settings'
    variables."""
    return reader.run(READ_SETTINGS, environment(**env))


def settings_with(reader: SettingsReader, **env: str) -> dict[str, Any]:
    done = read(reader, **env)
    assert done.returncode == 0, done.stderr
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


@pytest.mark.parametrize("env", [PRODUCTION, {**PRODUCTION, "MAO_BOT_DELAY": "slow"}],
                         ids=["good", "bad"])
def test_the_reader_reads_the_settings_as_a_new_interpreter_does(
        reader: SettingsReader, env: dict[str, str]) -> None:
    forked, new = read(reader, **env), run(["-c", READ_SETTINGS], **env)
    assert (forked.returncode, forked.stdout) == (new.returncode, new.stdout)
    assert forked.stderr.strip().splitlines()[-1:] == new.stderr.strip().splitlines()[-1:]


def deploy_warnings(**env: str) -> set[str]:
    done = run(["manage.py", "check", "--deploy"], **env)
    assert done.returncode == 0, done.stderr
    return set(re.findall(r"\((security\.[WE]\d+)\)", done.stdout + done.stderr))


def test_production_defaults_are_secure(reader: SettingsReader) -> None:
    found = settings_with(reader, **PRODUCTION)
    expected = {
        "DEBUG": False, "SESSION_COOKIE_SECURE": True, "CSRF_COOKIE_SECURE": True,
        "SECURE_SSL_REDIRECT": True, "SECURE_HSTS_SECONDS": 31_536_000,
        "SECURE_HSTS_INCLUDE_SUBDOMAINS": True, "SECURE_HSTS_PRELOAD": True,
        "SECURE_CONTENT_TYPE_NOSNIFF": True, "X_FRAME_OPTIONS": "DENY",
        "SECURE_REFERRER_POLICY": "same-origin", "SESSION_COOKIE_HTTPONLY": True,
        # Nothing trusted that the environment did not name.
        "CSRF_TRUSTED_ORIGINS": [], "SECURE_PROXY_SSL_HEADER": None}
    assert {name: found[name] for name in expected} == expected
    assert found["DATA_UPLOAD_MAX_MEMORY_SIZE"] <= 64 * 1024
    assert found["DATA_UPLOAD_MAX_NUMBER_FIELDS"] <= 2000


def test_a_local_http_run_turns_off_only_what_needs_https(reader: SettingsReader) -> None:
    found = settings_with(reader, **PRODUCTION, MAO_HTTPS="0")
    assert not any(found[name] for name in (
        "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE", "SECURE_SSL_REDIRECT",
        "SECURE_HSTS_SECONDS", "SECURE_HSTS_INCLUDE_SUBDOMAINS", "SECURE_HSTS_PRELOAD"))
    assert found["SECURE_CONTENT_TYPE_NOSNIFF"] and found["X_FRAME_OPTIONS"] == "DENY"


def test_debug_never_asks_for_https(reader: SettingsReader) -> None:
    found = settings_with(reader, DEBUG="1")
    assert not found["SECURE_SSL_REDIRECT"] and not found["SESSION_COOKIE_SECURE"]


@pytest.mark.parametrize("header", ["X-Forwarded-Proto", "HTTP_X_FORWARDED_PROTO",
                                    "x_forwarded_proto"])
def test_the_proxy_header_is_read_with_or_without_its_prefix(reader: SettingsReader,
                                                            header: str) -> None:
    found = settings_with(reader, **PRODUCTION, MAO_PROXY_SSL_HEADER=header)
    assert found["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]


BAD_VALUES = [
    # Values that cannot be read at all.
    ("DEBUG", "maybe"), ("MAO_HTTPS", "perhaps"), ("MAO_HSTS_PRELOAD", "2"),
    ("MAO_RATE_LIMITS", "sometimes"), ("MAO_DB_POOL", "four"),
    ("SECURE_HSTS_SECONDS", "a year"), ("MAO_BOT_DELAY", "slow"),
    ("MAO_PROXY_SSL_HEADER", "X Forwarded Proto"), ("MAO_RATE_ACT", "fast"),
    ("MAO_RATE_BUILDER", "0/m"), ("MAO_PURGE_ENDED_DAYS", "-"),
    ("DATABASE_URL", "nonsense://x"),
    # Values of the right type that cannot be used.
    ("MAO_BOT_DELAY", "-1"), ("MAO_BOT_DELAY", "nan"), ("MAO_BOT_DELAY", "inf"),
    ("SECURE_HSTS_SECONDS", "-5"), ("MAO_DB_POOL", "-1"),
    ("MAO_PURGE_LOBBY_HOURS", "0"), ("MAO_PURGE_ENDED_DAYS", "-3"),
    ("MAO_PURGE_IDLE_DAYS", "0"), ("MAO_MALLOC_ARENAS", "two"), ("MAO_MALLOC_ARENAS", "-1"),
    ("MAO_GC_FULL_EVERY", "-1"), ("MAO_GC_FULL_EVERY", "often"),
    ("MAO_BUILDER_CPU", "0"), ("MAO_BUILDER_CPU", "nan"), ("MAO_ESTIMATE_SECONDS", "0"),
    ("MAO_ESTIMATE_QUEUE", "-1"), ("MAO_ESTIMATE_QUEUE", "eight"),
    ("MAO_ESTIMATE_WORKERS", "0"), ("MAO_ESTIMATE_WORKERS", "two"),
    ("REDIS_URL", "nonsense"), ("REDIS_URL", "http://localhost:6379"),
    ("REDIS_URL", "redis://"),
    ("CSRF_TRUSTED_ORIGINS", "mao.example"),
    ("CSRF_TRUSTED_ORIGINS", "https://mao.example, b.example"),
    ("CSRF_TRUSTED_ORIGINS", "ftp://mao.example"),
]


@pytest.mark.parametrize(("name", "value"), BAD_VALUES,
                         ids=[f"{name}={value}" for name, value in BAD_VALUES])
def test_a_bad_value_stops_the_process_with_an_error_naming_it(reader: SettingsReader,
                                                              name: str, value: str) -> None:
    env = PRODUCTION | {name: value}
    if name == "MAO_DB_POOL":
        env["DATABASE_URL"] = "postgres://nobody@127.0.0.1:1/none"
    done = read(reader, **env)
    assert done.returncode != 0
    last = done.stderr.strip().splitlines()[-1]
    assert "ImproperlyConfigured" in last and f"{name}=" in last, last
    assert repr(value) in last, last  # the value quoted as it was given


GOOD_VALUES = [
    ("MAO_BOT_DELAY", "0", "MAO_BOT_DELAY", 0.0), ("SECURE_HSTS_SECONDS", "0",
                                                   "SECURE_HSTS_SECONDS", 0),
    ("MAO_PURGE_IDLE_DAYS", "1", "MAO_PURGE_IDLE_DAYS", 1),
    ("MAO_ESTIMATE_QUEUE", "0", "MAO_ESTIMATE_QUEUE", 0),
    ("MAO_ESTIMATE_WORKERS", "3", "MAO_ESTIMATE_WORKERS", 3),
    ("MAO_BUILDER_CPU", "0.5", "MAO_BUILDER_CPU", 0.5),
    ("MAO_HSTS_PRELOAD", " Off ", "SECURE_HSTS_PRELOAD", False),
    ("MAO_HSTS_PRELOAD", "yes", "SECURE_HSTS_PRELOAD", True),
    ("REDIS_URL", "rediss://cache.example:6380/1", "REDIS_URL",
     "rediss://cache.example:6380/1"),
    ("REDIS_URL", "unix:///run/redis.sock", "REDIS_URL", "unix:///run/redis.sock"),
    ("CSRF_TRUSTED_ORIGINS", "https://*.mao.example,,", "CSRF_TRUSTED_ORIGINS",
     ["https://*.mao.example"]),
]


@pytest.mark.parametrize(("name", "value", "setting", "expected"), GOOD_VALUES,
                         ids=[f"{name}={value}" for name, value, _, _ in GOOD_VALUES])
def test_the_edges_of_the_ranges_are_accepted(reader: SettingsReader, name: str, value: str,
                                              setting: str, expected: object) -> None:
    assert settings_with(reader, **PRODUCTION, **{name: value})[setting] == expected


def test_proxy_trusted_origins_and_hsts_come_from_the_environment(
        reader: SettingsReader) -> None:
    found = settings_with(reader, **PRODUCTION, MAO_PROXY_SSL_HEADER="X-Forwarded-Proto",
                          CSRF_TRUSTED_ORIGINS="https://mao.example, https://b.example:8443",
                          SECURE_HSTS_SECONDS="3600", MAO_HSTS_SUBDOMAINS="0",
                          MAO_HSTS_PRELOAD="off")
    assert found["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]
    assert found["CSRF_TRUSTED_ORIGINS"] == ["https://mao.example", "https://b.example:8443"]
    assert found["SECURE_HSTS_SECONDS"] == 3600
    assert not found["SECURE_HSTS_INCLUDE_SUBDOMAINS"] and not found["SECURE_HSTS_PRELOAD"]


def test_check_deploy_is_clean_with_the_production_defaults() -> None:
    assert deploy_warnings(**PRODUCTION) == set()


def test_check_deploy_over_plain_http_reports_only_the_documented_exceptions() -> None:
    assert deploy_warnings(**PRODUCTION, MAO_HTTPS="0") == LOCAL_HTTP_WARNINGS
    doc = (ROOT / "docs" / "architecture.md").read_text()
    section = doc.split("### Deployment checks", 1)[1].split("\n## ", 1)[0]
    for code in LOCAL_HTTP_WARNINGS:
        assert code in section, f"{code} is not explained in docs/architecture.md"


HEADERS = """
import json, django
django.setup()
from django.test import Client
plain = Client().get("/", HTTP_HOST="example.com")
secure = Client().get("/", HTTP_HOST="example.com", secure=True)
proxied = Client().get("/", HTTP_HOST="example.com", HTTP_X_FORWARDED_PROTO="https")
print(json.dumps({"plain": [plain.status_code, plain.headers.get("Location", "")],
                  "secure": dict(secure.headers), "status": secure.status_code,
                  "proxied": proxied.status_code,
                  "cookie_secure": bool(secure.cookies["csrftoken"]["secure"])}))
"""


@pytest.fixture(scope="module")
def static_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The static files collected once with the production settings (as ``make run``):
    compressing every file is the costly part, and no setting below changes what is
    collected."""
    folder = tmp_path_factory.mktemp("collected")
    env = PRODUCTION | {"DATABASE_URL": f"sqlite:///{folder / 'db'}",
                        "MAO_STATIC_ROOT": str(folder / "static")}
    done = run(["manage.py", "collectstatic", "--no-input", "-v", "0"], **env)
    assert done.returncode == 0, done.stderr
    return folder / "static"


def collected(tmp_path: Path, static_root: Path, **env: str) -> dict[str, str]:
    """Production settings serving the static files :func:`static_root` collected."""
    return PRODUCTION | {"DATABASE_URL": f"sqlite:///{tmp_path / 'db'}",
                         "MAO_STATIC_ROOT": str(static_root)} | env


def test_a_production_server_redirects_to_https_and_sends_security_headers(
        tmp_path: Path, static_root: Path) -> None:
    done = run(["-c", HEADERS], **collected(tmp_path, static_root))
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["plain"] == [301, "https://example.com/"]
    # Without MAO_PROXY_SSL_HEADER the proxy's word is not taken: redirected like plain HTTP.
    assert found["proxied"] == 301
    headers = found["secure"]
    assert found["status"] == 200 and found["cookie_secure"]
    assert headers["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains; preload"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["Referrer-Policy"] == "same-origin"
    assert headers["Cross-Origin-Opener-Policy"] == "same-origin"


@pytest.mark.parametrize("header", ["X-Forwarded-Proto", "HTTP_X_FORWARDED_PROTO"])
def test_behind_a_proxy_that_says_https_there_is_no_redirect_loop(
        tmp_path: Path, static_root: Path, header: str) -> None:
    done = run(["-c", HEADERS], **collected(tmp_path, static_root, MAO_PROXY_SSL_HEADER=header))
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["proxied"] == 200
    assert found["plain"] == [301, "https://example.com/"]


STATIC = """
import json, re, django
django.setup()
from django.test import Client
page = Client().get("/", HTTP_HOST="example.com", secure=True).content.decode()
url = re.search(r'href="(/static/css/site\\.[0-9a-f]+\\.css)"', page).group(1)
plain = Client().get(url, HTTP_HOST="example.com", secure=True)
packed = Client().get(url, HTTP_HOST="example.com", secure=True, HTTP_ACCEPT_ENCODING="gzip, br")
print(json.dumps({"url": url, "status": plain.status_code,
                  "cache": plain.headers.get("Cache-Control", ""),
                  "encoding": packed.headers.get("Content-Encoding", "")}))
"""


def test_the_app_serves_its_static_files_compressed_and_cache_busted(
        tmp_path: Path, static_root: Path) -> None:
    done = run(["-c", STATIC], **collected(tmp_path, static_root))
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["status"] == 200
    assert "immutable" in found["cache"] and "max-age=315360000" in found["cache"]
    assert found["encoding"] in ("br", "gzip")
