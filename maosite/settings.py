"""Django settings for Mini Mao, read from the environment.

Variables (see README.md, "Configuration"):

- ``DEBUG`` (or ``DJANGO_DEBUG``, which wins when both are set): "1"/"true"/"yes"/"on" turns
  debug mode on. Off by default; ``make run`` and the test suite turn it on.
- ``SECRET_KEY``: required when DEBUG is off; a fixed, public dev-only key is used when it is on.
- ``ALLOWED_HOSTS``: comma-separated; defaults to the loopback names when DEBUG is on.
- ``DATABASE_URL``: any URL dj-database-url understands; defaults to SQLite in ``db.sqlite3``.
- ``REDIS_URL``: when set, the channel layer is Redis (scale-out mode); otherwise in-memory.
  ``REDIS_PREFIX`` (default ``asgi``) names its keys, so that several sites can share a Redis.
- ``CSRF_TRUSTED_ORIGINS``: comma-separated origins (``https://mao.example.com``) trusted for
  POSTs beyond the site's own, e.g. when a proxy on another port or name serves the pages.

With DEBUG off the site assumes HTTPS (see docs/architecture.md, "Deployment checks"):

- ``MAO_HTTPS`` (default on): secure-only session and CSRF cookies, redirect HTTP to HTTPS,
  HSTS. ``MAO_HTTPS=0`` for a local production-like run over plain HTTP.
- ``SECURE_HSTS_SECONDS`` (default one year), ``MAO_HSTS_SUBDOMAINS`` and ``MAO_HSTS_PRELOAD``
  (default on): the Strict-Transport-Security header, sent only over HTTPS.
- ``MAO_PROXY_SSL_HEADER``: behind a proxy that terminates TLS, the header it sets to ``https``
  (e.g. ``X-Forwarded-Proto``). Set it only when the proxy always sets or strips that header.
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

_TRUE = {"1", "true", "yes", "on"}


def _env_flag(*names: str) -> bool:
    """Return the first of ``names`` set in the environment, read as a boolean; False if none."""
    for name in names:
        value = os.environ.get(name)
        if value is not None:
            return value.strip().lower() in _TRUE
    return False


def _env_bool(name: str, default: bool) -> bool:
    """An environment variable read as a boolean, ``default`` when it is unset or empty."""
    value = os.environ.get(name, "").strip()
    return value.lower() in _TRUE if value else default


def _env_list(name: str, default: str) -> list[str]:
    """Return a comma-separated environment variable as a list of non-empty, stripped items."""
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = _env_flag("DJANGO_DEBUG", "DEBUG")

_DEV_SECRET_KEY = "django-insecure-minimao-dev-only-never-use-in-production"
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. Set the SECRET_KEY environment variable to a long random "
            "string (for example: python -c 'import secrets; print(secrets.token_urlsafe(50))'), "
            "or set DEBUG=1 for local development."
        )
    SECRET_KEY = _DEV_SECRET_KEY

ALLOWED_HOSTS = _env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]" if DEBUG else "")

INSTALLED_APPS = [
    # daphne first: its runserver serves ASGI (HTTP and WebSocket) in development.
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "django_htmx",
    # The rule language. A Django app only for its management commands; its core is pure Python.
    "rules.apps.RulesConfig",
    "games",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "maosite.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

ASGI_APPLICATION = "maosite.asgi.application"

# Never set CONN_MAX_AGE under ASGI: each request may run on another thread, and persistent
# connections there leak instead of being reused. dj-database-url's default (0) is what we want.
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=0,
    ),
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # SQLite ignores select_for_update: IMMEDIATE takes the write lock when a transaction
    # begins, so concurrent writers wait (up to the timeout) instead of failing mid-transaction;
    # WAL lets readers proceed while one writer writes. Django runs each ";"-separated statement.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Scale-out mode (psycopg 3). select_for_update takes a real row lock here. No persistent
    # connections (daphne runs sync code on threads that come and go), but psycopg's pool:
    # up to MAO_DB_POOL connections per process (default 4; 0 turns it off). Closing a
    # connection returns it to the pool (what CONN_MAX_AGE=0 with a pool means to Django), so
    # PostgreSQL no longer starts a backend per action (the load test: p95 653 -> 205 ms), and
    # each checkout is checked first, so a restarted server costs a check, not a request.
    # A dead server fails a request within seconds instead of hanging it.
    DATABASES["default"].setdefault("OPTIONS", {})
    _pool_size = int(os.environ.get("MAO_DB_POOL", "4") or 0)
    if _pool_size > 0:
        from psycopg_pool import ConnectionPool

        DATABASES["default"]["OPTIONS"].setdefault("pool", {
            "min_size": 1, "max_size": _pool_size, "timeout": 10,
            "check": ConnectionPool.check_connection,
        })
    DATABASES["default"]["OPTIONS"].setdefault("pool", False)
    DATABASES["default"]["OPTIONS"].setdefault("connect_timeout", 5)

REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            # REDIS_PREFIX keeps sites (or test runs) sharing one Redis apart: game groups
            # are named after database ids, which repeat across databases.
            "CONFIG": {"hosts": [REDIS_URL],
                       "prefix": os.environ.get("REDIS_PREFIX", "") or "asgi"},
        },
    }
else:
    # One process only; drops silently when a channel is full. Clients resync on gaps.
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# Security. Headers that cost nothing hold in every mode; what needs HTTPS holds when DEBUG is
# off unless MAO_HTTPS=0 (a local production-like run over plain HTTP). `manage.py check
# --deploy` is clean with the defaults; docs/architecture.md ("Deployment checks") lists what
# MAO_HTTPS=0 gives up and why.
CSRF_TRUSTED_ORIGINS = _env_list("CSRF_TRUSTED_ORIGINS", "")
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
_HTTPS = not DEBUG and _env_bool("MAO_HTTPS", True)
SESSION_COOKIE_SECURE = _HTTPS
CSRF_COOKIE_SECURE = _HTTPS
SECURE_SSL_REDIRECT = _HTTPS
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS") or 31_536_000) if _HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = _HTTPS and _env_bool("MAO_HSTS_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = _HTTPS and _env_bool("MAO_HSTS_PRELOAD", True)
_PROXY_SSL_HEADER = os.environ.get("MAO_PROXY_SSL_HEADER", "").strip()
if _PROXY_SSL_HEADER:
    SECURE_PROXY_SSL_HEADER = ("HTTP_" + _PROXY_SSL_HEADER.upper().replace("-", "_"), "https")

# Small request limits: the largest legitimate POST, a rule-builder form with every list full,
# is about 27 KB in about 1,650 fields (tests/hardening/test_http_hostile.py builds it).
# Beyond these Django answers 400 as soon as the body is read (the CSRF check, before views).
DATA_UPLOAD_MAX_MEMORY_SIZE = 64 * 1024
DATA_UPLOAD_MAX_NUMBER_FIELDS = 2000
# What daphne's `manage.py runserver` lets through before the consumer's own 4 KiB cap
# (games/consumers.py); the daphne command line takes --websocket-max-message-size instead.
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
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Seconds a seated bot waits before acting, so people can follow; 0 acts at once (tests).
MAO_BOT_DELAY = float(os.environ.get("MAO_BOT_DELAY", "0.8"))
