"""Tests run against the machine's real PostgreSQL and Redis (scripts/test exports both URLs).

The defaults below are that machine's services, so a bare ``pytest`` works too; importing this
module never fails (library tests that need no database share the pytest run).
"""

import getpass
import os
import tempfile
import uuid
from pathlib import Path

os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/stepwise")
os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/0")
# Other test runs may share this Redis: a key prefix per run keeps their Celery workers (and
# control pings) apart. Set in the environment so the worker subprocesses a test starts inherit it.
# pytest-xdist workers inherit the controller's run id, so each adds its own worker name.
KEY_PREFIX = (os.environ.setdefault("STEPWISE_TEST_RUN_ID", f"stepwise-test-{uuid.uuid4().hex[:12]}")
              + os.environ.get("PYTEST_XDIST_WORKER", "") + ":")

from webapp.config.settings.base import *  # noqa: E402,F403
from webapp.config.settings.base import CHANNEL_LAYERS  # noqa: E402

# A test database per run: developers sharing one PostgreSQL can run the suite at the same time.
DATABASES["default"]["TEST"] = {"NAME": "test_" + KEY_PREFIX.rstrip(":").replace("-", "_")}  # noqa: F405
DEBUG = False
SECRET_KEY = "test-only-not-secret"
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # fast logins in tests
if REDIS_URL:  # noqa: F405 - "" in a subprocess a test starts on the embedded default
    CELERY_BROKER_TRANSPORT_OPTIONS = {**CELERY_BROKER_TRANSPORT_OPTIONS, "global_keyprefix": KEY_PREFIX}  # noqa: F405
    CHANNEL_LAYERS["default"]["CONFIG"]["prefix"] = KEY_PREFIX + "channels"
STEPWISE_HEALTH_TIMEOUT_S = 1.0
# The tests' tmp_path folders (pytest's base temp) and the repo's test fixtures are data roots too.
STEPWISE_DATA_ROOTS = [*STEPWISE_DATA_ROOTS, BASE_DIR / "tests",  # noqa: F405
                       Path(tempfile.gettempdir()).resolve() / f"pytest-of-{getpass.getuser()}"]
# Static files straight from the app folders: no collectstatic before a test run.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
# Short clocks, so the tests of heartbeats, lost workers and progress do not wait long.
STEPWISE_JOB_HEARTBEAT_S = 0.5
STEPWISE_JOB_LOST_AFTER_S = 5.0
STEPWISE_REAPER_INTERVAL_S = 2.0
STEPWISE_PROGRESS_INTERVAL_S = 0.2
