"""The load test's own servers (``--serve N``): fresh daphne processes, measured, then stopped.

:func:`serving` makes a fresh migrated database (SQLite, or a new PostgreSQL database with
``--database``), collects the static files (cached per fingerprint under
``$XDG_CACHE_HOME/minimao/loadtest-static/``), and starts N daphnes with production
settings over plain HTTP, rate limits off, on sockets bound here (``--fd``). Everything is
undone when the run ends, fails or is interrupted.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from games.management.processes import die_with_parent
from scripts.loadtest.memory import PROC, descendants

ROOT = Path(__file__).resolve().parents[2]
LOOPBACK = {"127.0.0.1", "localhost", "::1"}
MAX_SERVERS = 16
STARTUP_TIMEOUT = 60.0
STOP_TIMEOUT = 10.0
COMMAND_TIMEOUT = 300.0
#: Twisted's listen backlog for daphne's ``-b``/``-p`` (its ``tcp:`` endpoint's default).
BACKLOG = 50
#: The daphne command line of ``make run``, less where it listens.
DAPHNE = ("-m", "daphne", "--websocket-max-message-size", "65536")
#: Settings the servers get from the load test whatever the caller's environment says
#: (others, such as ``MAO_DB_POOL``, pass through).
SETTINGS = {"DEBUG": "0", "MAO_HTTPS": "0", "MAO_RATE_LIMITS": "0",
            "ALLOWED_HOSTS": "127.0.0.1,localhost", "PYTHONUNBUFFERED": "1"}
#: The caller's variables the servers must not inherit: the load test sets them itself, or
#: they would make the servers something else (``MAO_OFFLINE``, which ``manage.py
#: loadtest`` sets for itself, would give them an in-memory database).
NOT_INHERITED = ("DJANGO_SETTINGS_MODULE", "DJANGO_DEBUG", "MAO_OFFLINE", "DATABASE_URL",
                 "REDIS_URL", "REDIS_PREFIX", "MAO_STATIC_ROOT", "SECRET_KEY",
                 "CSRF_TRUSTED_ORIGINS", "MAO_PROXY_SSL_HEADER")
CACHE_KEEP_SECONDS = 24 * 3600
#: Requests to the servers, never through a proxy (``http_proxy`` is for the outside world).
DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


class ServeError(RuntimeError):
    """A server, its database or its channel layer could not be made ready."""


@dataclass(frozen=True, slots=True)
class Plan:
    """What ``--serve`` starts: how many processes, on which database and channel layer."""

    #: Number of daphne processes.
    count: int
    #: A PostgreSQL server (``postgres://user@host:port/db``; the database named is only
    #: where ``CREATE DATABASE`` is sent from) on which to create the run's database;
    #: ``None``: a fresh SQLite file.
    database: str | None = None
    #: A Redis server for the channel layer; ``None``: the in-memory layer (one process).
    #: Several processes without ``database`` share the one SQLite file: allowed (checked
    #: in docs/testing.md, "The load test").
    redis: str | None = None

    def problem(self) -> str:
        """What is wrong with the plan ("" when nothing)."""
        database, redis = urlsplit(self.database or ""), urlsplit(self.redis or "")
        problems = [
            (1 <= self.count <= MAX_SERVERS, f"--serve must be 1 to {MAX_SERVERS}"),
            (self.count == 1 or self.redis is not None,
             "--serve with more than one process needs --redis: the processes ring each "
             "other's doorbells through it"),
            (self.database is None or database.scheme in ("postgres", "postgresql")
             and (database.hostname is None or database.hostname in LOOPBACK),
             "--database must be a postgres:// URL on 127.0.0.1, localhost or ::1 (or "
             "without a host: the local socket)"),
            (self.redis is None or redis.scheme == "redis" and redis.hostname in LOOPBACK,
             "--redis must be a redis:// URL on 127.0.0.1, localhost or ::1"),
            (self.database is None or _importable("psycopg"),
             "--database needs psycopg: pip install -e '.[scale]'"),
            (self.redis is None or _importable("redis") and _importable("channels_redis"),
             "--redis needs channels-redis: pip install -e '.[scale]'"),
        ]
        return next((message for ok, message in problems if not ok), "")


def _importable(module: str) -> bool:
    try:
        __import__(module)
    except ImportError:
        return False
    return True


@dataclass(frozen=True, slots=True)
class Server:
    """One daphne process started by the load test."""

    url: str
    pid: int
    log: Path


@dataclass
class Serving:
    """The servers of one run and what they run on."""

    servers: list[Server] = field(default_factory=list)
    #: The database, in words ("SQLite /tmp/.../db.sqlite3", "PostgreSQL minimao_lt_...").
    database: str = ""
    #: The channel layer, in words.
    layer: str = ""
    #: The SQLite file, when the servers share one (``None``: PostgreSQL).
    database_file: Path | None = None
    #: The settings the servers were given whatever the caller's environment said.
    settings: dict[str, str] = field(default_factory=lambda: dict(SETTINGS))

    @property
    def urls(self) -> list[str]:
        """The servers' base URLs, in the order started."""
        return [server.url for server in self.servers]

    @property
    def pids(self) -> list[int]:
        """The servers' process ids (for their memory and CPU)."""
        return [server.pid for server in self.servers]

    def figures(self) -> dict[str, Any]:
        """What the report says of the servers."""
        return {"servers": [{"url": s.url, "pid": s.pid} for s in self.servers],
                "database": self.database, "channel_layer": self.layer,
                "settings": " ".join(f"{k}={v}" for k, v in self.settings.items()
                                     if k != "PYTHONUNBUFFERED")}


@contextlib.contextmanager
def serving(plan: Plan, say: Callable[[str], None], keep_logs: Path | None = None,
            settings: Mapping[str, str] = SETTINGS,
            not_inherited: Collection[str] = NOT_INHERITED) -> Iterator[Serving]:
    """Start the servers of ``plan``; stop them and undo everything when the block ends.

    ``say`` hears what is being done (setup takes seconds); ``keep_logs``, a folder to copy
    the servers' logs into at the end; ``settings``, the variables the servers get whatever
    the caller's environment says, and ``not_inherited``, the caller's variables they must
    not get (the hostile-player script serves with the rate limits on).
    """
    undo = contextlib.ExitStack()
    serving = Serving()
    try:
        folder = Path(tempfile.mkdtemp(prefix="minimao-loadtest-"))
        undo.callback(shutil.rmtree, folder, ignore_errors=True)
        left = _Leftovers(say)
        env = {k: v for k, v in os.environ.items() if k not in not_inherited}
        env |= dict(settings) | {"SECRET_KEY": secrets.token_urlsafe(50)}
        serving.settings = dict(settings)
        if plan.database is None:
            database = folder / "db.sqlite3"
            env["DATABASE_URL"] = f"sqlite:///{database}"
            serving.database = f"SQLite {database} (fresh)"
            serving.database_file = database
        else:
            name = f"minimao_lt_{secrets.token_hex(6)}"
            # The drop first (IF EXISTS: harmless if the creation never happened), so that
            # no interruption leaves the database behind.
            undo.callback(left.attempt, f"drop the database {name} on "
                          f"{_where(plan.database)}", _drop_database, plan.database, name)
            say(f"creating the PostgreSQL database {name}")
            _create_database(plan.database, name)
            env["DATABASE_URL"] = with_database(plan.database, name)
            serving.database = f"PostgreSQL {name} on {_where(plan.database)} (fresh, dropped " \
                               "afterwards)"
        if plan.redis is None:
            serving.layer = "in memory (one process)"
        else:
            prefix = f"minimao-lt-{secrets.token_hex(6)}"
            _ping_redis(plan.redis)
            undo.callback(left.attempt, f"delete the Redis keys {prefix}* on "
                          f"{_where(plan.redis)}", delete_redis_keys, plan.redis, prefix)
            env |= {"REDIS_URL": plan.redis, "REDIS_PREFIX": prefix}
            serving.layer = f"Redis {_where(plan.redis)}, prefix {prefix} (keys deleted " \
                            "afterwards)"
        env["MAO_STATIC_ROOT"] = str(collected_static(env, folder, say))
        say("migrating the database")
        _manage(env, folder, "migrate", "--no-input", "-v", "0")
        say(f"starting {plan.count} daphne process{'es' if plan.count > 1 else ''}")
        # Undone in the reverse order: the servers stopped first, then their logs copied
        # (with the lines of their shutdown).
        if keep_logs is not None:
            undo.callback(left.attempt, f"copy the servers' logs to {keep_logs}", _copy_logs,
                          folder, keep_logs)
        processes: list[subprocess.Popen[bytes]] = []
        undo.callback(_stop_all, processes)
        for number in range(1, plan.count + 1):
            log = folder / f"daphne-{number}.log"
            url = _start_daphne(env, log, processes)
            serving.servers.append(Server(url, processes[-1].pid, log))
        for server, process in zip(serving.servers, processes, strict=True):
            _wait_until_up(server, process)
        yield serving
    finally:
        with _signals_held():
            undo.close()


@dataclass(frozen=True, slots=True)
class _Leftovers:
    """Undoing what the run made without hiding why the run ended: a step that fails is
    said (so that it can be done by hand), and the others still run."""

    say: Callable[[str], None]

    def attempt(self, what: str, step: Callable[..., object], *args: Any) -> None:
        try:
            step(*args)
        except Exception as exc:  # noqa: BLE001 (any failure is said, none is raised)
            self.say(f"could not {what}: {type(exc).__name__}: {exc}")


def with_database(url: str, name: str) -> str:
    """``url`` naming database ``name`` instead.

    >>> with_database("postgres://postgres@127.0.0.1:5432/test?sslmode=disable", "lt")
    'postgres://postgres@127.0.0.1:5432/lt?sslmode=disable'
    """
    return urlunsplit(urlsplit(url)._replace(path=f"/{name}"))


def _where(url: str) -> str:
    """A server's host and port, without user or password."""
    parts = urlsplit(url)
    return f"{parts.hostname or 'the local socket'}{f':{parts.port}' if parts.port else ''}"


def _create_database(server: str, name: str) -> None:
    import psycopg
    from psycopg import sql

    try:
        with psycopg.connect(server, autocommit=True, connect_timeout=5) as conn:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    except psycopg.Error as exc:
        raise ServeError(f"cannot create a database on {_where(server)}: {exc}") from None


def _drop_database(server: str, name: str) -> None:
    import psycopg
    from psycopg import sql

    with psycopg.connect(server, autocommit=True, connect_timeout=5) as conn:
        # FORCE (PostgreSQL >= 13): a server killed mid-run may have left sessions open.
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)")
                     .format(sql.Identifier(name)))


def _ping_redis(url: str) -> None:
    import redis

    client = redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=3)
    try:
        client.ping()
    except redis.RedisError as exc:
        raise ServeError(f"Redis does not answer at {_where(url)}: {exc}") from None
    finally:
        client.close()


def delete_redis_keys(url: str, prefix: str) -> None:
    """Delete every key under ``prefix`` on the Redis at ``url`` (a run's own keys; the
    scale-out tests' too)."""
    import redis

    client = redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=10)
    try:
        keys = list(client.scan_iter(match=f"{prefix}*", count=500))
        if keys:
            client.delete(*keys)
    finally:
        client.close()


def _manage(env: dict[str, str], folder: Path, *command: str) -> None:
    """``manage.py <command>`` with the servers' settings; its output kept for an error."""
    log = folder / f"{command[0]}.log"
    with log.open("wb") as out:
        try:
            done = subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env,
                                  stdout=out, stderr=subprocess.STDOUT,
                                  timeout=COMMAND_TIMEOUT)
        except subprocess.TimeoutExpired:
            raise ServeError(f"manage.py {command[0]} took over {COMMAND_TIMEOUT:.0f} s:\n"
                             f"{_tail(log)}") from None
    if done.returncode != 0:
        raise ServeError(f"manage.py {command[0]} failed ({done.returncode}):\n"
                         f"{_tail(log)}")


def static_fingerprint() -> str:
    """A digest of what ``collectstatic`` gathers and how: the checkout's static files,
    the settings module and every installed package's version (Django's admin files,
    django-htmx's, whitenoise's compression)."""
    digest = hashlib.sha256(sys.version.encode())
    for path in sorted((ROOT / "static").rglob("*")):
        if path.is_file():
            digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    digest.update((ROOT / "maosite" / "settings.py").read_bytes())
    versions = sorted(f"{d.metadata['Name']}=={d.version}" for d in metadata.distributions())
    digest.update("\n".join(versions).encode())
    return digest.hexdigest()[:16]


def cache_folder() -> Path:
    """Where collected static files are kept between runs."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "minimao" / "loadtest-static"


def collected_static(env: dict[str, str], folder: Path, say: Callable[[str], None]) -> Path:
    """A ``STATIC_ROOT`` holding the collected static files and whitenoise's manifest: the
    cached one for this fingerprint, or a new one collected now (and cached)."""
    cache = cache_folder()
    target = cache / static_fingerprint()
    if (target / "staticfiles.json").is_file():
        os.utime(target)
        return target
    say("collecting the static files (once, then cached)")
    cache.mkdir(parents=True, exist_ok=True)
    fresh = Path(tempfile.mkdtemp(prefix=".collecting-", dir=cache))
    try:
        _manage(env | {"MAO_STATIC_ROOT": str(fresh)}, folder, "collectstatic", "--no-input",
                "-v", "0")
        with contextlib.suppress(OSError):  # another run cached the same files first
            fresh.rename(target)
    finally:
        shutil.rmtree(fresh, ignore_errors=True)
    _prune(cache, keep=target)
    return target


def _prune(cache: Path, keep: Path) -> None:
    """Remove cached collections unused for a day (other checkouts' or older versions')."""
    now = time.time()
    for entry in cache.iterdir():
        with contextlib.suppress(OSError):
            if entry != keep and now - entry.stat().st_mtime > CACHE_KEEP_SECONDS:
                shutil.rmtree(entry)


def _start_daphne(env: dict[str, str], log: Path, processes: list[subprocess.Popen[bytes]]
                  ) -> str:
    """Start a daphne process listening on a free loopback port and add it to ``processes``
    (those to stop) at once; its URL."""
    with socket.socket() as listener, log.open("wb") as out:
        listener.bind(("127.0.0.1", 0))
        listener.listen(BACKLOG)
        port = listener.getsockname()[1]
        process = subprocess.Popen(
            [sys.executable, *DAPHNE, "--fd", str(listener.fileno()),
             "maosite.asgi:application"], cwd=ROOT, env=env, stdout=out,
            stderr=subprocess.STDOUT, pass_fds=[listener.fileno()],
            # Before the run's event loop: no other thread runs yet to make the fork unsafe.
            # SIGTERM if the load test is killed outright (Linux).
            preexec_fn=die_with_parent)
        processes.append(process)
    return f"http://127.0.0.1:{port}"


def _wait_until_up(server: Server, process: subprocess.Popen[bytes]) -> None:
    """Return once the server answers its home page (which names the collected files)."""
    deadline = time.monotonic() + STARTUP_TIMEOUT
    while True:
        if process.poll() is not None:
            raise ServeError(f"daphne ({server.url}) exited with {process.returncode}:\n"
                             f"{_tail(server.log)}")
        try:
            with DIRECT.open(server.url + "/", timeout=2) as response:
                if response.status == 200:
                    return
        except urllib.error.HTTPError as exc:
            raise ServeError(f"daphne ({server.url}) answered its home page with {exc.code}:"
                             f"\n{_tail(server.log)}") from None
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        if time.monotonic() > deadline:
            raise ServeError(f"daphne ({server.url}) did not answer within "
                             f"{STARTUP_TIMEOUT:.0f} s:\n{_tail(server.log)}")
        time.sleep(0.1)


def _stop_all(processes: list[subprocess.Popen[bytes]]) -> None:
    """SIGTERM to every server, then SIGKILL to any still running after the timeout; then
    the same to the processes they had started (the difficulty estimates' worker), which
    outlive a stopped daphne."""
    started = descendants(process.pid for process in processes if process.poll() is None)
    for process in processes:
        if process.poll() is None:
            process.terminate()
    deadline = time.monotonic() + STOP_TIMEOUT
    for process in processes:
        try:
            process.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    _stop_strays(started)


def _stop_strays(pids: list[int]) -> None:
    """SIGTERM to ``pids`` (not our children: nothing to wait on), then SIGKILL to those
    still there after the timeout."""
    left = [pid for pid in pids if _signal(pid, signal.SIGTERM)]
    deadline = time.monotonic() + STOP_TIMEOUT
    while left and time.monotonic() < deadline:
        time.sleep(0.05)
        left = [pid for pid in left if _running(pid)]
    for pid in left:
        _signal(pid, signal.SIGKILL)


def _running(pid: int) -> bool:
    """Whether ``pid`` is still there and not a zombie waiting to be reaped."""
    try:
        state = (PROC / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def _signal(pid: int, sig: int) -> bool:
    """Send ``sig`` to ``pid``; whether it was there."""
    try:
        os.kill(pid, sig)
    except ProcessLookupError:
        return False
    except PermissionError:  # the pid was reused by someone else's process: not ours
        return False
    return True


def _copy_logs(folder: Path, into: Path) -> None:
    into.mkdir(parents=True, exist_ok=True)
    for log in sorted(folder.glob("*.log")):
        shutil.copyfile(log, into / log.name)


def _tail(log: Path, size: int = 2000) -> str:
    try:
        return log.read_text(errors="replace")[-size:]
    except OSError:
        return "(no log)"


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Ignore Ctrl-C and SIGTERM while the servers are stopped and their database dropped:
    a second Ctrl-C must not leave them half undone."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held = {sig: signal.signal(sig, signal.SIG_IGN) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for sig, handler in held.items():
            signal.signal(sig, handler)
