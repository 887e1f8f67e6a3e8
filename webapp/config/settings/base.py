"""Settings shared by every environment, read from the environment.

Nothing set: the embedded default (SQLite under var/, in-memory channel layer, Celery over the
filesystem). ``DATABASE_URL`` switches the database (PostgreSQL), ``REDIS_URL`` switches the Celery
broker and result store and the channel layer to Redis. The table of variables is in the README.
"""

from __future__ import annotations

import ipaddress
import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from webapp.environment import QUOTA_NAMES, number

BASE_DIR = Path(__file__).resolve().parents[3]
VAR_DIR = Path(os.environ.get("STEPWISE_VAR_DIR") or BASE_DIR / "var")


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    if raw.lower() in ("1", "true", "yes", "on"):
        return True
    if raw.lower() in ("0", "false", "no", "off"):
        return False
    raise ImproperlyConfigured(f"{name}={raw!r}: expected one of 1/0, true/false, yes/no, on/off")


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if not raw:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


DEBUG = env_bool("DJANGO_DEBUG", False)
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "daphne",  # first, so `runserver` serves ASGI too
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "channels",
    "axes",  # login throttling
    "csp",  # Content-Security-Policy header
    "webapp.core",
    "webapp.catalog",
    "webapp.trajectories",
    "webapp.runs",
    "webapp.endpoints",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Every view needs a login unless it is marked @login_not_required (/healthz, the login page).
    "django.contrib.auth.middleware.LoginRequiredMiddleware",
    "webapp.core.middleware.PlainNotFoundMiddleware",
    "webapp.core.middleware.MethodNotAllowedPageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, as django-axes asks: refuses a login from a locked-out username and address.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "webapp.config.urls"
ASGI_APPLICATION = "webapp.config.asgi.application"
WSGI_APPLICATION = "webapp.config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "webapp" / "templates"],
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

# --- database -------------------------------------------------------------------------------
DATABASE_URL = os.environ.get("DATABASE_URL", "")
if DATABASE_URL:
    try:
        DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=60, conn_health_checks=True)}
    except ValueError as exc:
        raise ImproperlyConfigured(f"DATABASE_URL={DATABASE_URL!r} cannot be used ({exc}); expected e.g. "
                                   "postgres://user:password@host:5432/stepwise") from None
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": VAR_DIR / "stepwise.sqlite3",
            # The web process and the worker share the file: WAL lets readers run beside a writer,
            # and writers wait for the lock (taken at BEGIN) instead of failing mid-transaction.
            "OPTIONS": {"timeout": 20, "transaction_mode": "IMMEDIATE",
                        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"},
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis: Celery broker + results, channel layer ------------------------------------------
REDIS_URL = os.environ.get("REDIS_URL", "")
CELERY_DIR = VAR_DIR / "celery"
REDIS_READ_TIMEOUT_S = 20  # > channels_redis's 5 s blocking pop (see CHANNEL_LAYERS)

if REDIS_URL:
    CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL") or REDIS_URL
    CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND") or REDIS_URL
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            # channels_redis waits for messages with a 5 s server-side blocking pop; redis-py 8's default
            # 5 s socket timeout would end that read first and close every idle websocket (code 1011).
            # The read timeout must outlast the pop, and stays bounded so a dead server is noticed.
            "CONFIG": {"hosts": [{"address": REDIS_URL, "socket_timeout": REDIS_READ_TIMEOUT_S,
                                  "socket_connect_timeout": 5, "socket_keepalive": True}],
                       "prefix": "stepwise:channels"},
        }
    }
else:
    # No server at all: kombu's filesystem transport carries tasks (and the control broadcasts that
    # /healthz pings with) between processes on one machine; results are files too.
    CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL") or "filesystem://"
    CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND") or f"file://{CELERY_DIR / 'results'}"
    if CELERY_BROKER_URL == "filesystem://":
        for sub in ("queue", "control", "processed", "results"):
            (CELERY_DIR / sub).mkdir(parents=True, exist_ok=True)
        CELERY_BROKER_TRANSPORT_OPTIONS = {
            "data_folder_in": str(CELERY_DIR / "queue"),
            "data_folder_out": str(CELERY_DIR / "queue"),
            "control_folder": str(CELERY_DIR / "control"),
            "processed_folder": str(CELERY_DIR / "processed"),
            "store_processed": False,
        }
    # The doorbell between the web process and the workers: Unix datagrams in a folder (one machine).
    CHANNEL_LAYERS = {"default": {"BACKEND": "webapp.live.layers.LocalSocketChannelLayer",
                                  "CONFIG": {"folder": os.environ.get("STEPWISE_CHANNELS_DIR")
                                             or str(VAR_DIR / "channels")}}}

CELERY_TIMEZONE = "UTC"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_RESULT_EXTENDED = True
CELERY_TASK_TRACK_STARTED = True
# Task events on, so Flower (or `celery events`) can follow the workers.
CELERY_WORKER_SEND_TASK_EVENTS = True
CELERY_TASK_SEND_SENT_EVENT = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A job's message is acknowledged once the job ended; a worker takes one job at a time per process,
# so a long training job never holds episodes hostage in its prefetch.
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_DEFAULT_QUEUE = "celery"
if REDIS_URL:
    # An unacknowledged message comes back after this long; jobs guard against running twice.
    # A Redis that is down answers within seconds (the send is then retried, see STEPWISE_BROKER_SEND_*).
    CELERY_BROKER_TRANSPORT_OPTIONS: dict[str, object] = {"visibility_timeout": 12 * 3600, "socket_connect_timeout": 3}
    # Sites sharing one Redis keep their queues, worker pings and channel groups apart by a key prefix.
    if os.environ.get("STEPWISE_REDIS_PREFIX"):
        CELERY_BROKER_TRANSPORT_OPTIONS["global_keyprefix"] = os.environ["STEPWISE_REDIS_PREFIX"]
        CHANNEL_LAYERS["default"]["CONFIG"]["prefix"] = os.environ["STEPWISE_REDIS_PREFIX"] + "channels"

# --- auth, i18n, static ---------------------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "/accounts/login/"
# A login lasts a working day (not Django's two weeks); STEPWISE_SESSION_AT_BROWSER_CLOSE=1 also
# ends it when the browser closes.
SESSION_COOKIE_AGE = int(number("STEPWISE_SESSION_HOURS") * 3600)
SESSION_EXPIRE_AT_BROWSER_CLOSE = env_bool("STEPWISE_SESSION_AT_BROWSER_CLOSE", False)

# Content-Security-Policy (django-csp): scripts, styles, images, fonts and sockets only from this site
# (the app's own static files and vendored libraries: static/vendor/); no inline <script> or <style>,
# no eval, no framing. Style attributes stay allowed (progress bars set their width with one), they
# cannot run code. A page that needs more says so in its view, never here.
from csp.constants import NONE, SELF, UNSAFE_INLINE  # noqa: E402

CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "style-src-attr": [UNSAFE_INLINE],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],  # same-origin ws:// and wss:// (CSP level 3)
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

# Login throttling (django-axes), for the app's login page and the admin's: after
# STEPWISE_LOGIN_FAILURE_LIMIT wrong passwords for one username from one client address, that pair is
# refused (even the right password) for STEPWISE_LOGIN_COOLOFF_MINUTES. An admin can lift it early:
# `manage.py axes_reset_username USER` (or the admin's "Access attempts" page).
AUTHENTICATION_BACKENDS = ["axes.backends.AxesStandaloneBackend", "django.contrib.auth.backends.ModelBackend"]
AXES_FAILURE_LIMIT = number("STEPWISE_LOGIN_FAILURE_LIMIT", int)
AXES_COOLOFF_TIME = timedelta(minutes=number("STEPWISE_LOGIN_COOLOFF_MINUTES"))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_VERBOSE = False
# The client address: REMOTE_ADDR, or behind a proxy listed in STEPWISE_TRUSTED_PROXIES the address it
# forwarded (X-Forwarded-For), so one client's wrong passwords never lock out the others.
AXES_CLIENT_IP_CALLABLE = "webapp.core.client_address.client_address"
STEPWISE_TRUSTED_PROXIES = env_list("STEPWISE_TRUSTED_PROXIES", [])
for _proxy in STEPWISE_TRUSTED_PROXIES:
    try:
        ipaddress.ip_network(_proxy, strict=False)
    except ValueError:
        raise ImproperlyConfigured(f"STEPWISE_TRUSTED_PROXIES: {_proxy!r} is not an address or a network "
                                   "(e.g. 127.0.0.1,10.0.0.0/8)") from None
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/accounts/login/"

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
# The documentation site scripts/docs builds, served at /docs/ to logged-in users.
STEPWISE_DOCS_DIR = Path(os.environ.get("STEPWISE_DOCS_DIR") or BASE_DIR / "build" / "site")
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT") or BASE_DIR / "staticfiles")
STATICFILES_DIRS = [p for p in [BASE_DIR / "static"] if p.is_dir()]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "INFO")},
}

# Where import_corpus looks by default (corpus/tasks and corpus/splits.json next to it).
STEPWISE_TASKS_DIR = Path(os.environ.get("STEPWISE_TASKS_DIR") or BASE_DIR / "corpus" / "tasks")
# The validation record of each corpus task's failing tests (`corpus stats --validation` keeps it): what
# import_corpus stores as a task's failing tests when its meta.json names none.
STEPWISE_FAILING_TESTS_FILE = BASE_DIR / "docs" / "corpus" / "failing_tests.json"
# Every path a web form, job or policy spec names (corpus roots, splits files, output folders, datasets,
# script:/replay: files) must resolve under one of these folders (docs/operation/paths.md); a relative
# path is taken under the first. os.pathsep-separated in the environment. Default: var/data (where jobs
# write when given no folder), the repo's corpus/ and the folder holding STEPWISE_TASKS_DIR. Sandbox
# workspaces are never allowed, even inside a root (STEPWISE_EXCLUDED_ROOTS adds folders to refuse), nor
# is the rest of var/ (the secret key, the admin password, the SQLite file, Celery's queue folders).
STEPWISE_DATA_ROOTS = [Path(p) for p in (os.environ.get("STEPWISE_DATA_ROOTS") or "").split(os.pathsep) if p.strip()] \
    or list(dict.fromkeys([VAR_DIR / "data", BASE_DIR / "corpus", STEPWISE_TASKS_DIR.parent]))
STEPWISE_EXCLUDED_ROOTS = [Path(p) for p in (os.environ.get("STEPWISE_EXCLUDED_ROOTS") or "").split(os.pathsep)
                           if p.strip()]
# Model endpoint records (webapp.endpoints.checks): hosts allowed although loopback or wildcard, and the
# prefixes a key variable's name must start with.
STEPWISE_ENDPOINT_ALLOWED_HOSTS = env_list("STEPWISE_ENDPOINT_ALLOWED_HOSTS", [])
STEPWISE_ENDPOINT_KEY_PREFIXES = env_list("STEPWISE_ENDPOINT_KEY_PREFIXES", ["STEPWISE_KEY_", "VLLM_API_KEY"])
# hf: policies from the web load a model folder under a data root; a hub name only when this is on.
STEPWISE_ALLOW_HUB_MODELS = env_bool("STEPWISE_ALLOW_HUB_MODELS", False)
# How long /healthz waits for each component before calling it down.
STEPWISE_HEALTH_TIMEOUT_S = number("STEPWISE_HEALTH_TIMEOUT_S")

# Imports (import_trajectories, eval folders): a file bigger than this is refused unread, with the reason.
STEPWISE_IMPORT_MAX_BYTES = number("STEPWISE_IMPORT_MAX_BYTES", int)
STEPWISE_IMPORT_MAX_UNPACKED_BYTES = number("STEPWISE_IMPORT_MAX_UNPACKED_BYTES", int)
# The replay page shows this many characters of an observation; a longer one links to its full text.
STEPWISE_REPLAY_OBSERVATION_CHARS = number("STEPWISE_REPLAY_OBSERVATION_CHARS", int)

# Jobs: a running job's worker writes a heartbeat (and notices a cancel) this often; a job not heard
# from for STEPWISE_JOB_LOST_AFTER_S is failed by the reaper workers run every STEPWISE_REAPER_INTERVAL_S.
STEPWISE_JOB_HEARTBEAT_S = number("STEPWISE_JOB_HEARTBEAT_S")
STEPWISE_JOB_LOST_AFTER_S = number("STEPWISE_JOB_LOST_AFTER_S")
STEPWISE_REAPER_INTERVAL_S = number("STEPWISE_REAPER_INTERVAL_S")
# Handing a job to the broker: tried this many more times, this many seconds apart, before the send
# counts as failed (a launch then answers that the job queue is unreachable, with the job failed).
STEPWISE_BROKER_SEND_RETRIES = number("STEPWISE_BROKER_SEND_RETRIES", int)
STEPWISE_BROKER_SEND_INTERVAL_S = number("STEPWISE_BROKER_SEND_INTERVAL_S")
# A job still queued this long after it was handed to the broker (no worker took it) is sent again, up
# to STEPWISE_JOB_MAX_SENDS sends in all; then it is failed with the reason. Generous: a busy cluster's
# jobs wait their turn, and a duplicate message is harmless (a worker runs a job once).
STEPWISE_JOB_QUEUED_DEADLINE_S = number("STEPWISE_JOB_QUEUED_DEADLINE_S")
STEPWISE_JOB_MAX_SENDS = number("STEPWISE_JOB_MAX_SENDS", int)
# Progress is written at most this often (the last value always is).
STEPWISE_PROGRESS_INTERVAL_S = number("STEPWISE_PROGRESS_INTERVAL_S")
# Live followers read the database on this timer too (a lost doorbell costs at most this long) and
# send a heartbeat, so proxies and browsers keep idle sockets open.
STEPWISE_LIVE_TICK_S = number("STEPWISE_LIVE_TICK_S")
# A person's live session with no call for this long is closed (its trajectory is kept).
STEPWISE_SESSION_IDLE_S = number("STEPWISE_SESSION_IDLE_S")
# A live session's worker is woken by the doorbell of each call; it also reads the rows this often
# (one indexed query), so a lost ring only delays a call.
STEPWISE_SESSION_POLL_S = number("STEPWISE_SESSION_POLL_S")

# Per-user limits on jobs launched from the app (admins are not held to them; see
# docs/operation/roles.md). Each is also STEPWISE_QUOTA_<NAME> in the environment, e.g.
# STEPWISE_QUOTA_WORKERS_PER_JOB=32; unset ones keep the defaults of webapp.runs.services.admission.


def _quota(name: str) -> int:
    variable = f"STEPWISE_QUOTA_{name.upper()}"
    value = os.environ[variable].strip()
    if not value.isdigit() or int(value) < 1:
        raise ImproperlyConfigured(f"{variable}={value!r}: give a whole number of at least 1, e.g. {variable}=16")
    return int(value)


STEPWISE_QUOTAS = {name: _quota(name) for name in QUOTA_NAMES if os.environ.get(f"STEPWISE_QUOTA_{name.upper()}")}
