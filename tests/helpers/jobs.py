"""Web app jobs in tests: launching one the way the views do, a refused launch, waiting for a worker.

The web app's modules are imported inside each function: this package is imported by library tests too.
"""

from __future__ import annotations

import json

import pytest

from tests.helpers.waiting import wait_until


def script(*calls) -> str:
    """A scripted policy's file content: these tool calls, in order (the policy ends with ``done``)."""
    return json.dumps({"tool_calls": list(calls)})


def launch(kind: str, user, **params):
    """Create a job of ``kind``; the worker is handed it when the transaction commits, as from a view."""
    from django.db import transaction

    from webapp.runs.services import create_job

    with transaction.atomic():
        return create_job(kind=kind, created_by=user, params=params)


def refused(kind: str, **params) -> dict[str, list[str]]:
    """The per-field errors a launch of ``kind`` with ``params`` is refused with (nothing is stored)."""
    from webapp.runs.models import Job
    from webapp.runs.registry import JobParamsError
    from webapp.runs.services import create_job

    with pytest.raises(JobParamsError) as caught:
        create_job(kind=kind, params=params)
    assert not Job.objects.exists()  # nothing is stored for a refused launch
    return caught.value.errors


def wait_for_job(job, timeout_s: float = 180):
    """Wait for a worker to end the job (a generous cap for a loaded machine, not an assertion)."""
    def ended() -> bool:
        job.refresh_from_db()
        return job.is_over

    def failure() -> str:
        return f"the worker did not end job {job.id} (state {job.state}, {job.progress_message!r})"

    wait_until(ended, f"job {job.id} to end", timeout_s, interval_s=0.2, failure=failure)
    return job
