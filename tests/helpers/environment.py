"""An environment for a subprocess that starts the web app from its defaults: this run's settings out."""

from __future__ import annotations

import os

# The variables the web app's settings read; the test run sets several of them (scripts/test).
SETTINGS_VARS = ("DATABASE_URL", "REDIS_URL", "DJANGO_SECRET_KEY", "DJANGO_ALLOWED_HOSTS", "CELERY_BROKER_URL",
                 "CELERY_RESULT_BACKEND", "DJANGO_SETTINGS_MODULE", "STEPWISE_VAR_DIR", "DJANGO_DEBUG",
                 "STEPWISE_DEBUG")


def clean_env(**extra) -> dict:
    """This process's environment without ``SETTINGS_VARS``, plus ``extra``."""
    env = {k: v for k, v in os.environ.items() if k not in SETTINGS_VARS}
    return {**env, **extra}
