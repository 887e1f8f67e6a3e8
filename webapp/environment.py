"""Every environment variable Stepwise reads, declared once: name, default, meaning, who reads it.

The settings modules read numbers through ``number(NAME)``, which takes the default from here, and the
settings reference page (docs/gen/settings.py) is rendered from ``VARIABLES``; a test checks that every
variable the code reads is declared, so the page cannot fall behind the code.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from django.core.exceptions import ImproperlyConfigured

from harness.sandbox.backends import DEFAULT_BACKEND

WEB = "web app"  # the Django settings (web process and Celery workers)
HARNESS = "harness"  # the episode loop, sandboxes and policies (CLIs and workers alike)
RUN = "scripts/run"
COMPOSE = "docker compose"
TEST = "scripts/test and scripts/docs"


@dataclass(frozen=True)
class Variable:
    name: str
    meaning: str
    default: float | int | str | None = None  # the value when unset (None: unset means off / none)
    default_text: str = ""  # shown instead of ``default`` when the default is computed
    read_by: str = WEB
    aliases: tuple[str, ...] = ()  # older or standard names read when this one is unset

    @property
    def shown_default(self) -> str:
        if self.default_text:
            return self.default_text
        return "none" if self.default is None else f"`{self.default}`"


VARIABLES: tuple[Variable, ...] = (
    # --- where things are ---------------------------------------------------------------------
    Variable("DJANGO_SETTINGS_MODULE", "`local` (one machine), `test` (the test suite), `production` (compose)",
             default="webapp.config.settings.local"),
    Variable("STEPWISE_VAR_DIR", "the SQLite file, Celery folders, logs and generated secrets",
             default_text="`var/` in the checkout"),
    Variable("DATABASE_URL", "e.g. `postgres://user:pass@host:5432/stepwise`; required by `production`",
             default_text="the SQLite file `var/stepwise.sqlite3`"),
    Variable("REDIS_URL", "e.g. `redis://127.0.0.1:6379/0`: Celery's broker and results, and the Channels layer",
             default_text="unset: Celery over files in `var/celery/`, Unix-socket channel layer"),
    Variable("CELERY_BROKER_URL", "to point Celery's broker elsewhere", default_text="from `REDIS_URL` or files"),
    Variable("CELERY_RESULT_BACKEND", "to point Celery's results elsewhere", default_text="from `REDIS_URL` or files"),
    Variable("STEPWISE_CHANNELS_DIR", "the folder of the one-machine channel layer's sockets (no `REDIS_URL`)",
             default_text="`var/channels`"),
    Variable("STEPWISE_REDIS_PREFIX", "a prefix of this site's Redis keys (Celery queues and pings, channel "
             "groups), for sites sharing one Redis"),
    Variable("STEPWISE_DOCS_DIR", "the documentation site `scripts/docs` builds; served at `/docs/` to every "
             "logged-in user; unbuilt, `/docs/` answers 404 saying to run `scripts/docs`",
             default_text="`build/site`"),
    Variable("DJANGO_STATIC_ROOT", "where `collectstatic` gathers static files (production)",
             default_text="`staticfiles/`"),
    Variable("STEPWISE_TASKS_DIR", "where `import_corpus` looks by default", default_text="`corpus/tasks`"),
    Variable("STEPWISE_DATA_ROOTS", "the folders (os.pathsep-separated) every path a form, job or policy spec "
             "names must resolve under; a relative path is taken under the first (operation/paths)",
             default_text="`var/`, `corpus/` and the folder holding `STEPWISE_TASKS_DIR`"),
    Variable("STEPWISE_EXCLUDED_ROOTS", "folders to refuse even inside a data root (sandbox workspaces always "
             "are)"),
    # --- security ------------------------------------------------------------------------------
    Variable("DJANGO_SECRET_KEY", "the signing key; required by `production` (50+ random characters)",
             default_text="local: generated once into `var/secret_key`"),
    Variable("DJANGO_ALLOWED_HOSTS", "comma-separated host names; required by `production`",
             default="localhost,127.0.0.1,[::1]"),
    Variable("DJANGO_CSRF_TRUSTED_ORIGINS", "comma-separated origins, e.g. `https://stepwise.example.org`"),
    Variable("STEPWISE_DEBUG", "`1` turns Django's debug pages on under `local` settings, for development only",
             default=0, aliases=("DJANGO_DEBUG",)),
    Variable("DJANGO_SECURE_COOKIES", "production: the site is served over HTTPS (secure cookies, redirect, "
             "HSTS); set to 0 when serving plain HTTP", default=1),
    Variable("DJANGO_SECURE_SSL_REDIRECT", "production: redirect plain HTTP to HTTPS",
             default_text="as `DJANGO_SECURE_COOKIES`"),
    Variable("DJANGO_SECURE_HSTS_SECONDS", "production: how long browsers keep to HTTPS (0 turns HSTS off)",
             default_text="a year over TLS, else 0"),
    Variable("DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS", "production: HSTS for sub-domains too", default=0),
    Variable("STEPWISE_ENDPOINT_ALLOWED_HOSTS", "comma-separated hosts a model endpoint may name although they are "
             "loopback, wildcard or link-local (e.g. `127.0.0.1` for a vLLM on the web server itself); others are "
             "refused (operation/endpoints)"),
    Variable("STEPWISE_ENDPOINT_KEY_PREFIXES", "comma-separated prefixes a model endpoint's key variable must start "
             "with", default="STEPWISE_KEY_,VLLM_API_KEY"),
    Variable("STEPWISE_ALLOW_HUB_MODELS", "`1` lets an `hf:` policy from the web name a model hub repository "
             "(`hf:ORG/NAME`, downloaded by the workers); otherwise only a model folder under a data root",
             default=0),
    Variable("STEPWISE_SESSION_HOURS", "how long a login lasts, in hours", default=12),
    Variable("STEPWISE_SESSION_AT_BROWSER_CLOSE", "`1` also ends a login when the browser closes", default=0),
    Variable("STEPWISE_LOGIN_FAILURE_LIMIT", "wrong passwords for one username from one client address before "
             "that pair is refused", default=5),
    Variable("STEPWISE_TRUSTED_PROXIES", "comma-separated addresses or networks of the proxies in front of the "
             "app (e.g. `127.0.0.1` for a TLS proxy on the same host); from them the client address is the one they "
             "forward in `X-Forwarded-For`, which the login lockout keys on (operation/security)"),
    Variable("STEPWISE_LOGIN_COOLOFF_MINUTES", "how long a refused username and address stay refused", default=15),
    Variable("STEPWISE_QUOTA_CONCURRENT_JOBS", "per user: jobs running at once (admins are not held to quotas)",
             default=10),
    Variable("STEPWISE_QUOTA_EPISODES_IN_FLIGHT", "per user: episodes of all their jobs at once",
             default=64),
    Variable("STEPWISE_QUOTA_EPISODES_PER_JOB", "per user: episodes one job may plan", default=2000),
    Variable("STEPWISE_QUOTA_WORKERS_PER_JOB", "per user: parallel workers of one job",
             default=16),
    Variable("STEPWISE_QUOTA_MAX_TURNS", "per user: the turn limit one episode may ask for",
             default=200),
    # --- limits and timers -----------------------------------------------------------------------
    Variable("STEPWISE_HEALTH_TIMEOUT_S", "how long `/healthz` waits for each component", default=2.0),
    Variable("STEPWISE_IMPORT_MAX_BYTES", "imports (trajectories, eval folders): a bigger file is refused unread",
             default=16 * 1024 * 1024),
    Variable("STEPWISE_IMPORT_MAX_UNPACKED_BYTES", "imports of Inspect `.eval` logs: the most bytes an archive may "
             "inflate to, measured as it inflates (its declared sizes are not trusted)", default=256 * 1024 * 1024),
    Variable("STEPWISE_REPLAY_OBSERVATION_CHARS", "the replay page shows this many characters of an observation; "
             "a longer one links to its full text", default=20_000),
    Variable("STEPWISE_JOB_HEARTBEAT_S", "a running job's worker writes a heartbeat (and notices a cancel) this "
             "often", default=2.0),
    Variable("STEPWISE_JOB_LOST_AFTER_S", "a job not heard from for this long is failed by the reaper",
             default=60.0),
    Variable("STEPWISE_REAPER_INTERVAL_S", "how often workers run the reaper", default=20.0),
    Variable("STEPWISE_BROKER_SEND_RETRIES", "how many more times handing a job to the broker is tried", default=2),
    Variable("STEPWISE_BROKER_SEND_INTERVAL_S", "seconds between those tries", default=0.5),
    Variable("STEPWISE_JOB_QUEUED_DEADLINE_S", "a job still queued this long after it was sent is sent again",
             default=1800.0),
    Variable("STEPWISE_JOB_MAX_SENDS", "sends of one job in all before it is failed with the reason", default=3),
    Variable("STEPWISE_PROGRESS_INTERVAL_S", "a job's progress is written at most this often", default=0.5),
    Variable("STEPWISE_LIVE_TICK_S", "live pages re-read the database and send a heartbeat this often",
             default=20.0),
    Variable("STEPWISE_SESSION_IDLE_S", "a live debugger session with no call for this long is closed (its "
             "trajectory is kept)", default=1800.0),
    Variable("STEPWISE_SESSION_POLL_S", "a live session's worker reads its calls this often when no doorbell rang",
             default=2.0),
    Variable("DJANGO_LOG_LEVEL", "the root logger's level", default="INFO"),
    # --- the harness ------------------------------------------------------------------------------
    Variable("STEPWISE_SANDBOX", "the sandbox backend when a command names none: `bwrap`, `docker` (`local` "
             "only where allowed)", default=DEFAULT_BACKEND, read_by=HARNESS),
    Variable("STEPWISE_SANDBOX_IMAGE", "the docker backend's image", default="stepwise-sandbox:latest",
             read_by=HARNESS),
    Variable("STEPWISE_CGROUP_ROOT", "where the sandboxes' cgroups are made", default="/sys/fs/cgroup",
             read_by=HARNESS),
    Variable("STEPWISE_CACHE", "the cache of task dependencies installed for sandboxes",
             default_text="`~/.cache/stepwise`", read_by=HARNESS),
    Variable("STEPWISE_PYTHONS", "folders holding older interpreters (`python3.8`, ...) for repository tasks, "
             "searched first", read_by=HARNESS),
    Variable("PYENV_ROOT", "pyenv's root: its builds serve repository tasks' interpreters",
             default_text="`~/.pyenv`", read_by=HARNESS),
    Variable("UV_PYTHON_INSTALL_DIR", "uv's managed interpreters, searched after pyenv's",
             default_text="uv's own default", read_by=HARNESS),
    Variable("STEPWISE_SESSION", "the sandbox service's session name (set by the harness for the service it "
             "starts)", default_text="one per service", read_by=HARNESS),
    Variable("STEPWISE_OPENAI_BASE_URL", "the model endpoint of `openai:` policies and of model configs that name "
             "no URL; compose sets it to its vLLM", default_text="the OpenAI API", read_by=HARNESS,
             aliases=("OPENAI_BASE_URL",)),
    Variable("STEPWISE_OPENAI_API_KEY", "the key `openai:` policies send", read_by=HARNESS,
             aliases=("OPENAI_API_KEY",)),
    Variable("INSPECT_LOG_DIR", "Inspect's own log folder: `inspect eval stepwise/...` writes the trajectories "
             "beside it (`stepwise-trajectories/`)", default="logs", read_by=HARNESS),
    # --- scripts/run and compose -----------------------------------------------------------------------
    Variable("STEPWISE_ADMIN_USER", "the admin login `scripts/run` makes", default="admin", read_by=RUN),
    Variable("STEPWISE_ADMIN_PASSWORD", "its password", default_text="generated, printed once, kept in "
             "`var/admin-password`", read_by=RUN),
    Variable("HOST", "the address `scripts/run` serves on", default="127.0.0.1", read_by=RUN),
    Variable("PORT", "its port", default=8000, read_by=RUN),
    Variable("WORKER_CONCURRENCY", "Celery worker processes `scripts/run` starts", default=2, read_by=RUN),
    Variable("POSTGRES_PASSWORD", "the compose database's password", default="stepwise", read_by=COMPOSE),
    Variable("VLLM_MODEL", "the model compose's vLLM serves", default_text="a 7B coder model", read_by=COMPOSE),
    Variable("VLLM_PORT", "its port", default=8001, read_by=COMPOSE),
    Variable("VLLM_SERVED_NAME", "the name it serves the model under", default="stepwise-policy", read_by=COMPOSE),
    Variable("HF_TOKEN", "a Hugging Face token for gated weights", read_by=COMPOSE),
    Variable("STEPWISE_TEST_WORKERS", "pytest-xdist workers of `scripts/test` (`0`: one process)", default=3,
             read_by=TEST),
    Variable("STEPWISE_TEST_EXIT_GRACE_S", "once the interpreter waits for threads at exit, how long before the "
             "watchdog names the threads the run left and ends it", default=10, read_by=TEST),
    Variable("STEPWISE_TEST_EXIT_WATCHDOG", "`0` turns the exit watchdog off (the mutation runs do)", default=1,
             read_by=TEST),
    Variable("STEPWISE_TEST_MUTATION", "`1`: the whole-suite `scripts/test` also runs the guards' mutation check "
             "(`scripts/mutation guards`, minutes)", default=0, read_by=TEST),
    Variable("STEPWISE_MUTATION_WORKERS", "parallel mutmut workers of `scripts/mutation`", default=2, read_by=TEST),
    Variable("PYTHON", "the interpreter `scripts/docs` builds with", default=".venv/bin/python", read_by=TEST),
)

BY_NAME = {variable.name: variable for variable in VARIABLES}
# The per-user quotas, each STEPWISE_QUOTA_<NAME> (webapp.runs.services.admission holds the checks).
QUOTA_NAMES = ("concurrent_jobs", "episodes_in_flight", "episodes_per_job", "workers_per_job", "max_turns")
# Read by the code but set by the machinery, not by a person (the test runner, the process itself).
INTERNAL = frozenset({"PATH", "PYTHONPATH", "HOME", "PYTEST_XDIST_WORKER", "STEPWISE_TEST_RUN_ID",
                      "TRL_EXPERIMENTAL_SILENCE"})


def raw(name: str) -> str | None:
    """The variable's value (or its first alias that is set); None when unset or empty."""
    variable = BY_NAME[name]  # a KeyError here means: declare the variable above
    for candidate in (variable.name, *variable.aliases):
        value = os.environ.get(candidate)
        if value not in (None, ""):
            return value
    return None


def number(name: str, kind: type[int] | type[float] = float) -> int | float:
    """A numeric variable, defaulting to its declared default; a bad value stops start-up with the fix."""
    variable = BY_NAME[name]
    value = raw(name)
    if value is None:
        return kind(variable.default)  # type: ignore[arg-type]
    try:
        return kind(value.strip())
    except ValueError:
        example = variable.default if variable.default is not None else 1
        raise ImproperlyConfigured(f"{name}={value!r}: expected a {'whole ' if kind is int else ''}number "
                                   f"({variable.meaning}), e.g. {name}={example}") from None
