"""Scale-out tests: real PostgreSQL and Redis, real daphne processes.

Each test makes its own database and Redis key prefix, removed afterwards (a migrated
database is a copy of one migrated once a session). Services:
``MAO_SCALE_POSTGRES_URL`` (a user who may create databases; default
``postgres://postgres@127.0.0.1:5432/test``) and ``MAO_SCALE_REDIS_URL`` (default
``redis://127.0.0.1:6379/0``). A service that does not answer skips its tests, or fails
them with ``MAO_REQUIRE_SERVICES=1`` (CI).
"""

from __future__ import annotations

import getpass
import os
import secrets
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NoReturn
from urllib.parse import urlsplit, urlunsplit

import pytest

from tests.scale.helpers import ROOT, Server, delete_redis_keys, start_server, stop_server

LOGS = ROOT / "test-output" / "scale"
DEFAULT_REDIS = "redis://127.0.0.1:6379/0"


def services_required() -> bool:
    """Whether a missing PostgreSQL or Redis fails the tests (CI) instead of skipping them."""
    return os.environ.get("MAO_REQUIRE_SERVICES", "").strip().lower() in {"1", "true", "yes"}


def unavailable(reason: str) -> NoReturn:
    """Skip (or, under ``MAO_REQUIRE_SERVICES=1``, fail) the test for a missing service."""
    if services_required():
        pytest.fail(f"{reason} (MAO_REQUIRE_SERVICES=1: the scale-out tests must run)",
                    pytrace=False)
    pytest.skip(f"{reason}; set MAO_REQUIRE_SERVICES=1 to make this a failure")


def _postgres_candidates() -> list[str]:
    explicit = os.environ.get("MAO_SCALE_POSTGRES_URL", "").strip()
    if explicit:
        return [explicit]
    users = dict.fromkeys(["postgres", getpass.getuser()])
    return [f"postgres://{user}@127.0.0.1:5432/test" for user in users]


def with_database(url: str, name: str) -> str:
    """``url`` pointing at database ``name`` instead."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


@pytest.fixture(scope="session")
def postgres_url() -> str:
    """The URL of a PostgreSQL database whose user may create databases."""
    try:
        import psycopg
    except ImportError:
        unavailable("psycopg is not installed (pip install -e '.[scale]')")
    problems = []
    for url in _postgres_candidates():
        try:
            with psycopg.connect(url, connect_timeout=3, autocommit=True) as conn:
                conn.execute("SELECT 1")
            return url
        except psycopg.Error as exc:
            problems.append(f"{url}: {str(exc).strip()}")
    unavailable("PostgreSQL is not answering: " + "; ".join(problems))


@pytest.fixture(scope="session")
def redis_url() -> str:
    """The URL of a Redis server (keys are always namespaced by a per-test prefix)."""
    try:
        import redis
    except ImportError:
        unavailable("redis (channels-redis) is not installed (pip install -e '.[scale]')")
    url = os.environ.get("MAO_SCALE_REDIS_URL", "").strip() or DEFAULT_REDIS
    client = redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2)
    try:
        client.ping()
    except redis.RedisError as exc:
        unavailable(f"Redis is not answering at {url}: {exc}")
    finally:
        client.close()
    return url


@pytest.fixture
def database_url(postgres_url: str) -> Iterator[str]:
    """A new, empty PostgreSQL database for this test; dropped afterwards."""
    import psycopg
    from psycopg import sql

    name = f"minimao_scale_{secrets.token_hex(6)}"
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield with_database(postgres_url, name)
    finally:
        with psycopg.connect(postgres_url, autocommit=True) as conn:
            # FORCE (PostgreSQL >= 13) ends sessions a killed server may have left behind.
            conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)")
                         .format(sql.Identifier(name)))


@pytest.fixture
def redis_prefix(redis_url: str) -> Iterator[str]:
    """A Redis key prefix of this test's own for the channel layer; its keys deleted after."""
    prefix = f"minimao-test-{secrets.token_hex(6)}"
    yield prefix
    delete_redis_keys(redis_url, prefix)


@pytest.fixture
def scale_env(database_url: str, redis_url: str, redis_prefix: str) -> dict[str, str]:
    """The environment of a scale-out server process: PostgreSQL, Redis, DEBUG, quick bots."""
    env = dict(os.environ)
    for name in ("DJANGO_SETTINGS_MODULE", "DJANGO_DEBUG"):
        env.pop(name, None)
    return env | {"DEBUG": "1", "MAO_BOT_DELAY": "0.2", "PYTHONUNBUFFERED": "1",
                  "DATABASE_URL": database_url, "REDIS_URL": redis_url,
                  "REDIS_PREFIX": redis_prefix}


@pytest.fixture(scope="session")
def migrated_template(postgres_url: str) -> Iterator[str]:
    """The name of a PostgreSQL database migrated with ``manage.py migrate`` (as deployed),
    once a session: each test's migrated database is a copy of it (PostgreSQL copies a
    template in a moment; the migrations take seconds of CPU). Dropped afterwards."""
    import psycopg
    from psycopg import sql

    name = f"minimao_scale_template_{secrets.token_hex(6)}"
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        env = {k: v for k, v in os.environ.items()
               if k not in ("DJANGO_SETTINGS_MODULE", "DJANGO_DEBUG")}
        env |= {"DEBUG": "1", "DATABASE_URL": with_database(postgres_url, name)}
        run = subprocess.run([sys.executable, "manage.py", "migrate", "--no-input", "-v", "0"],
                             cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
        assert run.returncode == 0, f"migrate failed on PostgreSQL:\n{run.stdout}\n{run.stderr}"
        yield name
    finally:
        with psycopg.connect(postgres_url, autocommit=True) as conn:
            conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)")
                         .format(sql.Identifier(name)))


@pytest.fixture
def migrated_env(scale_env: dict[str, str], postgres_url: str,
                 migrated_template: str) -> dict[str, str]:
    """:func:`scale_env`, its database migrated: a copy of :func:`migrated_template`."""
    import psycopg
    from psycopg import sql

    name = urlsplit(scale_env["DATABASE_URL"]).path.lstrip("/")
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        conn.execute(sql.SQL("DROP DATABASE {}").format(sql.Identifier(name)))
        conn.execute(sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(
            sql.Identifier(name), sql.Identifier(migrated_template)))
    return scale_env


@pytest.fixture
def daphne(migrated_env: dict[str, str], tmp_path: Path,
           request: pytest.FixtureRequest) -> Iterator[Callable[..., Server]]:
    """Start daphne processes on the migrated database: ``daphne("a")`` returns a Server.

    Every process is stopped after the test (SIGTERM, then SIGKILL), before the database is
    dropped; their logs are kept in ``test-output/scale/``.
    """
    started: list[Server] = []

    def start(name: str, **env: Any) -> Server:
        server = start_server(name, migrated_env | {k: str(v) for k, v in env.items()},
                              tmp_path / f"daphne-{name}.log")
        started.append(server)
        return server

    yield start
    for server in started:
        stop_server(server)
    LOGS.mkdir(parents=True, exist_ok=True)
    for server in started:
        shutil.copyfile(server.log, LOGS / f"{request.node.name}-{server.name}.log")
