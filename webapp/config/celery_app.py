"""The one Celery app. Its settings come from Django settings under the ``CELERY_`` prefix.

Workers also reap lost jobs and orphaned sandboxes (``webapp.runs.worker``) and answer /healthz's
delivery check (``webapp.live.control``).
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "webapp.config.settings.local")

app = Celery("stepwise")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
app.steps["worker"].add("webapp.runs.worker.LostWorkReaper")  # pyright: ignore[reportOptionalSubscript]  # set by Celery

import webapp.live.control  # noqa: E402,F401 - registers the worker's remote-control command
