"""The bug generator as a job: a researcher launches it on a repository folder under the data roots,
it reports progress and a summary (kept, rejected by reason, labels), and writes the tasks under the
job's own folder; a folder outside the data roots is a field error."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings

from webapp.runs.models import Job, JobState
from webapp.runs.registry import JobParamsError
from webapp.runs.services import create_job
from webapp.runs.services.execution import execute_job

pytestmark = pytest.mark.django_db

LEDGER = Path(__file__).resolve().parent.parent / "fixtures" / "repos" / "ledger"


@pytest.mark.slow
def test_a_researcher_generates_tasks_and_sees_the_summary(make_user, tmp_path, settings):
    settings.VAR_DIR = tmp_path / "var"
    researcher = make_user("res", role="researcher")
    job = create_job(kind="generate_tasks", created_by=researcher, enqueue=False,
                     params={"repo": str(LEDGER), "seed": 2, "max_tasks": 2, "sandbox": "bwrap", "workers": 1})

    done = execute_job(job_id=job.pk, worker="here")

    assert done.state == JobState.SUCCEEDED, done.error
    result = done.result
    assert result["kept"] == 2 and sum(result["labels"].values()) == 2
    assert set(result["rejected"]) <= {"no_effect", "breaks_suite", "duplicate", "near_duplicate", "syntax",
                                       "import_error", "timeout", "flaky", "no_trace", "not_reached"}
    tasks = sorted((Path(settings.VAR_DIR) / result["out"] / "tasks").iterdir())
    assert len(tasks) == 2 and all((task / "planted.patch").is_file() for task in tasks)
    # Progress counts candidates decided, and its last message the kept ones.
    assert done.progress_unit == "candidates" and done.progress_done >= 2 and "2 kept" in done.progress_message


def test_a_repository_outside_the_data_roots_is_a_field_error(make_user):
    with pytest.raises(JobParamsError) as refused:
        create_job(kind="generate_tasks", created_by=make_user("res", role="researcher"),
                   enqueue=False, params={"repo": "/etc", "seed": 0, "max_tasks": 5, "sandbox": "bwrap", "workers": 1})

    assert "repo" in refused.value.errors
    assert not Job.objects.exists()


def test_the_local_sandbox_is_not_offered(make_user):
    with pytest.raises(JobParamsError) as refused:
        create_job(kind="generate_tasks", created_by=make_user("res", role="researcher"),
                   enqueue=False, params={"repo": str(LEDGER), "max_tasks": 5, "sandbox": "local", "workers": 1})

    assert "sandbox" in refused.value.errors
    assert str(settings.BASE_DIR) not in str(refused.value)
