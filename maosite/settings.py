"""Django settings for Mini Mao, read from the environment with django-environ.

Every variable is listed in docs/configuration.md. A value that cannot be read or used
stops the process when the settings load, with an error that names the variable.
"""

from __future__ import annotations

import math
import re
import secrets
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import django_stubs_ext
import environ
from django.core.exceptions import ImproperlyConfigured

# Generic classes (ModelAdmin[Game], QuerySet[Game]) at run time, as django-stubs types them.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent
#: Where the templates and static files are: inside this package when it is installed from
#: the wheel (pyproject.toml maps them there), else at the top of the checkout.
ASSETS_DIR = next((folder for folder in (Path(__file__).resolve().parent, BASE_DIR)
                   if (folder / "templates").is_dir()), BASE_DIR)

env = environ.Env()


def _invalid(name: str, why: str) -> ImproperlyConfigured:
    """The error naming the variable, quoting its value and saying what would do."""
    return ImproperlyConfigured(f"{name}={env.str(name, default='')!r} is not valid: {why}")


def _read(name: str, reader: Any, default: Any) -> Any:
    """``reader(name, default=default)``, with a clear error naming a variable that holds a
    value the reader cannot take ("DEBUG=maybe", "MAO_DB_POOL=four")."""
    try:
        return reader(name, default=default)
    except (ValueError, TypeError, ImproperlyConfigured) as exc:
        raise _invalid(name, str(exc)) from None


#: What a yes/no variable may say for no: django-environ reads any other word as no, so a
#: typo would turn a setting off silently.
_NO = ("0", "false", "no", "n", "off")


def _flag(name: str, default: bool) -> bool:
    """A yes/no variable, read by django-environ once it is known to be one of its yes-words
    or of :data:`_NO` (any case); empty means the default."""
    raw = env.str(name, default="").strip().lower()
    if not raw:
        return default
    if raw not in (*env.BOOLEAN_TRUE_STRINGS, *_NO):
        raise _invalid(name, "use 1 or 0 (or true/false, yes/no, on/off).")
    return bool(env.bool(name))


def _whole(name: str, default: int, least: int) -> int:
    """A whole number of at least ``least``."""
    value: int = _read(name, env.int, default)
    if value < least:
        raise _invalid(name, f"it must be a whole number of at least {least}.")
    return value


def _seconds(name: str, default: float) -> float:
    """A number of seconds, 0 or more (``nan`` and ``inf`` are no durations)."""
    value: float = _read(name, env.float, default)
    if not math.isfinite(value) or value < 0:
        raise _invalid(name, "it must be a number of seconds, 0 or more (such as 0.8).")
    return value


def _list(name: str, default: list[str]) -> list[str]:
    """A comma-separated variable (django-environ's list) as non-empty, stripped items."""
    items: list[str] = _read(name, lambda var, default: env.list(var, cast=str.strip,
                                                                   default=default), default)
    return [item for item in items if item]


def _origins(name: str) -> list[str]:
    """Origins such as ``https://mao.example`` (a scheme and a host: Django compares them
    with the whole ``Origin`` header, so one without a scheme matches nothing)."""
    origins = _list(name, [])
    for origin in origins:
        parts = urlsplit(origin)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise _invalid(name, f"{origin!r} is no origin: write its scheme and host, such "
                                 "as https://mao.example.")
    return origins


def _redis_url(name: str) -> str:
    """A Redis URL (``redis://``, ``rediss://`` with a host, or ``unix://`` with a path), or
    "" for none."""
    url = str(env.str(name, default="")).strip()
    parts = urlsplit(url)
    if url and not (parts.scheme in ("redis", "rediss") and parts.hostname
                    or parts.scheme == "unix" and parts.path):
        raise _invalid(name, "write a Redis URL such as redis://localhost:6379/0.")
    return url


def _rate(name: str, default: str) -> str:
    """A rate for django-ratelimit: ``N/u`` or ``N/Mu`` with u one of s, m, h, d."""
    value = str(env.str(name, default=default)).strip()
    if not re.fullmatch(r"[1-9][0-9]*/[1-9]?[0-9]*[smhd]", value):
        raise _invalid(name, "write a rate such as 30/m or 10/5s (per s, m, h or d).")
    return value


def proxy_ssl_header(value: str) -> tuple[str, str] | None:
    """``SECURE_PROXY_SSL_HEADER`` from ``MAO_PROXY_SSL_HEADER``: the header a TLS-terminating
    proxy sets, as an HTTP header (``X-Forwarded-Proto``) or as Django's META key
    (``HTTP_X_FORWARDED_PROTO``): the ``HTTP_`` prefix is added once, never twice.

    >>> proxy_ssl_header("X-Forwarded-Proto")
    ('HTTP_X_FORWARDED_PROTO', 'https')
    >>> proxy_ssl_header("HTTP_X_FORWARDED_PROTO")
    ('HTTP_X_FORWARDED_PROTO', 'https')
    """
    name = value.strip()
    if not name:
        return None
    if not re.fullmatch(r"[A-Za-z0-9_-]+", name):
        raise ImproperlyConfigured(f"MAO_PROXY_SSL_HEADER={value!r} is not valid: give a header "
                                   "name such as X-Forwarded-Proto.")
    key = name.upper().replace("-", "_")
    return (key if key.startswith("HTTP_") else f"HTTP_{key}", "https")


DEBUG = _flag("DJANGO_DEBUG", _flag("DEBUG", False))
#: The offline commands (``manage.py judge``, ``play_bots``) run without configuration or a
#: database file.
OFFLINE = _flag("MAO_OFFLINE", False)

_DEV_SECRET_KEY = "django-insecure-minimao-dev-only-never-use-in-production"
SECRET_KEY = env.str("SECRET_KEY", default="")
if not SECRET_KEY:
    if OFFLINE:
        SECRET_KEY = secrets.token_urlsafe(50)  # signs nothing that outlives the command
    elif DEBUG:
        SECRET_KEY = _DEV_SECRET_KEY
    else:
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. Set the SECRET_KEY environment variable to a long random "
            "string (for example: python -c 'import secrets; print(secrets.token_urlsafe(50))'), "
            "or set DEBUG=1 for local development."
        )

ALLOWED_HOSTS = _list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"] if DEBUG else [])

INSTALLED_APPS = [
    # daphne first: its runserver serves ASGI (HTTP and WebSocket) in development.
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    # whitenoise serves static files in development too (same behaviour as production).
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "channels",
    "django_htmx",
    "django_ratelimit",
    # The rule language. A Django app only for its management commands; its core is pure Python.
    "rules.apps.RulesConfig",
    "games",
    # The project itself: the SQLite connection keeper (maosite/sqlite.py).
    "maosite.apps.MaositeConfig",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Static files before anything that reads a session or a database.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    # The admin answers only where MAO_ADMIN is on, and limits its login attempts.
    "maosite.admin_guard.AdminGuard",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # The site's own 404 page, with DEBUG on as well (handler404 serves it with DEBUG off).
    "maosite.errors.FriendlyNotFound",
]

ROOT_URLCONF = "maosite.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [ASSETS_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
    {
        # The table's hot fragments (templates/jinja2/games/table/): one source for the page
        # and the pushes, drawn faster than by Django's engine (docs/performance.md).
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "DIRS": [ASSETS_DIR / "templates" / "jinja2"],
        "APP_DIRS": False,
        "OPTIONS": {"environment": "maosite.jinja_env.environment"},
    },
]

ASGI_APPLICATION = "maosite.asgi.application"

# Sessions live in a signed cookie: a forged or malformed one is a new, empty session (never
# a query, so never a 500), and no session table grows (games/store/identity.py).
SESSION_ENGINE = "django.contrib.sessions.backends.signed_cookies"
SESSION_COOKIE_AGE = 60 * 60 * 24 * 30  # a month: long games, and a reveal to come back to

# Persistent connections for the threads that last: Channels' one worker thread, where every
# socket's work runs, keeps one connection instead of opening one per call. HTTP requests run
# on threads of their own and close theirs when they end (maosite/connections.py); the bots'
# thread closes its own after each move. Health checks replace a connection that died before
# it is used. Django's pool refuses persistent connections, so with it (PostgreSQL's default)
# a connection is returned after each call.
_default_db = "sqlite://:memory:" if OFFLINE else f"sqlite:///{BASE_DIR / 'db.sqlite3'}"
DATABASES = {"default": _read("DATABASE_URL", env.db_url, _default_db)}
if DATABASES["default"]["ENGINE"] not in ("django.db.backends.sqlite3",
                                          "django.db.backends.postgresql"):
    raise _invalid("DATABASE_URL", "use sqlite:///path/to/file.sqlite3 or "
                                   "postgres://user:password@host:port/name.")
DATABASES["default"]["CONN_MAX_AGE"] = None
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # SQLite ignores select_for_update: IMMEDIATE takes the write lock when a transaction
    # begins, so concurrent writers wait (up to the timeout) instead of failing mid-transaction;
    # WAL lets readers proceed while one writer writes. Django runs each ";"-separated statement.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            # How long a writer waits for the lock before giving up (the action path then
            # says the table is busy): longer than Python's 5 s, for an overloaded process.
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Scale-out mode (psycopg 3): select_for_update takes a real row lock. psycopg's pool
    # (MAO_DB_POOL connections per process; 0 goes back to persistent connections), because
    # HTTP requests run on threads that come and go: closing a connection returns it to the
    # pool (CONN_MAX_AGE=0 with a pool), so PostgreSQL does not start a backend per action.
    # Each checkout is checked first; a dead server fails a request within seconds.
    DATABASES["default"].setdefault("OPTIONS", {})
    _pool_size = _whole("MAO_DB_POOL", 4, least=0)
    if _pool_size > 0:
        from psycopg_pool import ConnectionPool

        DATABASES["default"]["OPTIONS"].setdefault("pool", {
            "min_size": 1, "max_size": _pool_size, "timeout": 10,
            "check": ConnectionPool.check_connection,
        })
        DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"]["OPTIONS"].setdefault("pool", False)
    DATABASES["default"]["OPTIONS"].setdefault("connect_timeout", 5)

REDIS_URL = _redis_url("REDIS_URL")
# REDIS_PREFIX keeps sites (or test runs) sharing one Redis apart: game groups are named
# after database ids, which repeat across databases.
REDIS_PREFIX = env.str("REDIS_PREFIX", default="") or "asgi"
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            # Longer than channels-redis's 5 s BZPOPMIN, or an idle socket fails (1011).
            "CONFIG": {"hosts": [{"address": REDIS_URL, "socket_timeout": 15}],
                       "prefix": REDIS_PREFIX},
        },
    }
    # Several processes share their rate-limit counters.
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                          "LOCATION": REDIS_URL, "KEY_PREFIX": REDIS_PREFIX}}
else:
    # One process only; a full channel drops silently and clients resync (maosite/layer.py).
    CHANNEL_LAYERS = {"default": {"BACKEND": "maosite.layer.SweepingLayer"}}
    # One process: its memory is shared by every request it serves (rate limits).
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# The admin (/admin/): off unless turned on (maosite/admin_guard.py).
MAO_ADMIN = _flag("MAO_ADMIN", False)

# Rate limits per client (django-ratelimit, games/store/limits.py), counted in the one
# process's memory or in Redis; its warnings about both backends are silenced below.
RATELIMIT_ENABLE = _flag("MAO_RATE_LIMITS", True)
MAO_RATE_NEW_GAME = _rate("MAO_RATE_NEW_GAME", "30/h")
MAO_RATE_JOIN = _rate("MAO_RATE_JOIN", "60/m")
MAO_RATE_ACT = _rate("MAO_RATE_ACT", "120/m")
# Speech outside a play, per seat holder: heard at any moment and pushed to every screen.
MAO_RATE_SAY = _rate("MAO_RATE_SAY", "30/m")
# The host's lobby changes (bots, seats, the start) per browser.
MAO_RATE_LOBBY = _rate("MAO_RATE_LOBBY", "60/m")
# The rule builder's requests per browser (typing sends about two a second), its difficulty
# polls apart, and the hypothesis builder's checks.
MAO_RATE_BUILDER = _rate("MAO_RATE_BUILDER", "300/m")
# The notebook's writes and hypothesis checks per address, on top of per browser (a fresh
# cookie is a fresh browser).
MAO_RATE_NOTEBOOK_ADDRESS = _rate("MAO_RATE_NOTEBOOK_ADDRESS", "600/m")
# Rules published as puzzles per client address (each is graded by the detective: seconds of
# CPU).
MAO_RATE_PUBLISH = _rate("MAO_RATE_PUBLISH", "20/h")
# Admin login attempts per client address (each one hashes a password: about 0.4 s of CPU).
MAO_RATE_ADMIN_LOGIN = _rate("MAO_RATE_ADMIN_LOGIN", "10/m")
# Open table sockets per browser and per address, per process (off with MAO_RATE_LIMITS=0).
MAO_SOCKETS_PER_HOLDER = _whole("MAO_SOCKETS_PER_HOLDER", 8, least=1)
MAO_SOCKETS_PER_ADDRESS = _whole("MAO_SOCKETS_PER_ADDRESS", 64, least=1)
SILENCED_SYSTEM_CHECKS = ["django_ratelimit.E003", "django_ratelimit.W001"]

# Security: free headers always; what needs HTTPS when DEBUG is off unless MAO_HTTPS=0
# (docs/architecture.md, "Deployment checks").
CSRF_TRUSTED_ORIGINS = _origins("CSRF_TRUSTED_ORIGINS")
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
_HTTPS = not DEBUG and _flag("MAO_HTTPS", True)
SESSION_COOKIE_SECURE = _HTTPS
CSRF_COOKIE_SECURE = _HTTPS
SECURE_SSL_REDIRECT = _HTTPS
SECURE_HSTS_SECONDS = _whole("SECURE_HSTS_SECONDS", 31_536_000, least=0) if _HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = _HTTPS and _flag("MAO_HSTS_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = _HTTPS and _flag("MAO_HSTS_PRELOAD", True)
_proxy_header = proxy_ssl_header(env.str("MAO_PROXY_SSL_HEADER", default=""))
if _proxy_header is not None:
    SECURE_PROXY_SSL_HEADER = _proxy_header

# The most malloc arenas (0: glibc's default of eight per core; maosite/malloc.py).
MAO_MALLOC_ARENAS = _whole("MAO_MALLOC_ARENAS", 2, least=0)

# A full garbage collection after every this many of the middle generation, startup's
# objects frozen (0: CPython's defaults; maosite/collector.py).
MAO_GC_FULL_EVERY = _whole("MAO_GC_FULL_EVERY", 1, least=0)

# Above the largest legitimate POST, a full rule-builder form (about 27 KB in 1,650 fields;
# tests/hardening/test_http_hostile.py); beyond them Django answers 400 before any view.
DATA_UPLOAD_MAX_MEMORY_SIZE = 64 * 1024
DATA_UPLOAD_MAX_NUMBER_FIELDS = 2000
# What daphne's `manage.py runserver` lets through before the consumer's own 4 KiB cap
# (games/live/consumers.py); the daphne command line takes --websocket-max-message-size.
DAPHNE_WEBSOCKET_MAX_MESSAGE_SIZE = 64 * 1024
DAPHNE_WEBSOCKET_MAX_FRAME_SIZE = 64 * 1024

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [ASSETS_DIR / "static"]
# Where `collectstatic` gathers them (MAO_STATIC_ROOT to put them elsewhere).
STATIC_ROOT = Path(env.str("MAO_STATIC_ROOT", default="") or BASE_DIR / "staticfiles")
# With DEBUG off, whitenoise serves the collected files compressed under hashed names
# (cached for ever); with DEBUG on, from STATICFILES_DIRS as they change.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": (
        "django.contrib.staticfiles.storage.StaticFilesStorage" if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage")},
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Seconds a seated bot waits before acting, so people can follow; 0 acts at once (tests).
MAO_BOT_DELAY = _seconds("MAO_BOT_DELAY", 0.8)

# CPU a rule writer may spend (games/store/budgets.py, games/difficulty/runner.py): builder
# seconds per rolling minute (as many again on estimates), seconds per estimate, writers
# waiting behind the estimates, and the processes computing them.
MAO_BUILDER_CPU = _seconds("MAO_BUILDER_CPU", 5.0)
MAO_ESTIMATE_SECONDS = _seconds("MAO_ESTIMATE_SECONDS", 2.0)
if MAO_BUILDER_CPU <= 0:
    raise _invalid("MAO_BUILDER_CPU", "it must be a number of seconds above 0.")
if MAO_ESTIMATE_SECONDS <= 0:
    raise _invalid("MAO_ESTIMATE_SECONDS", "it must be a number of seconds above 0.")
MAO_ESTIMATE_QUEUE = _whole("MAO_ESTIMATE_QUEUE", 8, least=0)
MAO_ESTIMATE_WORKERS = _whole("MAO_ESTIMATE_WORKERS", 2, least=1)
# Processes computing the builder's previews (games/builder/preview_pool.py); 0 computes
# them on the request's own thread.
MAO_PREVIEW_WORKERS = _whole("MAO_PREVIEW_WORKERS", 2, least=0)

# The game clock (games/timers): each process fires the timers of the games it changes when
# they are due, and looks in the database every MAO_TIMER_SWEEP seconds for the others' (a
# process restarted, or another process's game). Off, nothing fires by itself (the tests
# fire timers by hand).
MAO_TIMERS = _flag("MAO_TIMERS", True)
MAO_TIMER_SWEEP = _seconds("MAO_TIMER_SWEEP", 2.0)
if MAO_TIMER_SWEEP <= 0:
    raise _invalid("MAO_TIMER_SWEEP", "it must be a number of seconds above 0.")

# What one game's notebooks may hold in all (notes and hypotheses, in bytes), whoever writes
# them; the browsers holding no seat share at most half of it (games/notebook/services.py).
MAO_NOTEBOOK_GAME_BYTES = _whole("MAO_NOTEBOOK_GAME_BYTES", 2 * 1024 * 1024, least=1)

# Retention (manage.py purge_games, docs/architecture.md "Retention").
MAO_PURGE_LOBBY_HOURS = _whole("MAO_PURGE_LOBBY_HOURS", 48, least=1)
MAO_PURGE_ENDED_DAYS = _whole("MAO_PURGE_ENDED_DAYS", 180, least=1)
# A game in play that nobody has moved for this long was abandoned (a live game moves every
# few seconds; only its players could end it, and they left).
MAO_PURGE_IDLE_DAYS = _whole("MAO_PURGE_IDLE_DAYS", 30, least=1)
