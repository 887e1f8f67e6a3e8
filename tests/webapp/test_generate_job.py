"""The bug generator as a job: a researcher launches it on a repository folder under the data roots or on
a real bug of the real corpus, it reports progress and a summary (kept, rejected by reason, labels), and
writes the tasks under the job's own folder; a folder outside the data roots, a real bug the corpus does
not hold, or both sources at once are field errors, and an annotator may not launch it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from corpus.repository.corpus_root import REAL_TASKS_DIR
from webapp.core.roles import NotAllowed
from webapp.runs.forms.corpus import REPO_OR_REAL_BUG
from webapp.runs.models import Job, JobState
from webapp.runs.registry import JobParamsError, job_type
from webapp.runs.services import create_job
from webapp.runs.services.execution import execute_job

pytestmark = pytest.mark.django_db

LEDGER = Path(__file__).resolve().parent.parent / "fixtures" / "repos" / "ledger"


def run_here(job: Job) -> Job:
    """The job run in this process, as a worker runs it."""
    done = execute_job(job_id=job.pk, worker="here")
    assert done is not None, f"job {job.pk} was not there to run"
    return done


@pytest.mark.slow
def test_a_researcher_generates_tasks_and_sees_the_summary(make_user, tmp_path, settings):
    settings.VAR_DIR = tmp_path / "var"
    researcher = make_user("res", role="researcher")
    job = create_job(kind="generate_tasks", created_by=researcher, enqueue=False,
                     params={"repo": str(LEDGER), "seed": 2, "max_tasks": 2, "sandbox": "bwrap", "workers": 1})

    done = run_here(job)

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


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


REAL_RUN = {"from_real": "pysnooper-2", "seed": 2, "max_tasks": 2, "max_candidates": 2, "sandbox": "bwrap",
            "workers": 1}  # pysnooper: the real corpus's cheapest environment


@pytest.mark.slow
def test_a_researcher_generates_tasks_from_a_real_bug_on_the_form_and_sees_the_summary(make_user, tmp_path, settings):
    settings.VAR_DIR = tmp_path / "var"
    client = logged_in(make_user("res", role="researcher"))

    launched = client.post(reverse("launch", args=["generate_tasks"]), REAL_RUN)
    job = Job.objects.get()
    assert launched.status_code == 302 and job.params["from_real"] == "pysnooper-2" and job.params["repo"] is None
    done = run_here(job)

    assert done.state == JobState.SUCCEEDED, done.error
    result = done.result
    assert result["from_real"] == "pysnooper-2" and result["repo"] == "pysnooper"
    assert result["version"].startswith("git:") and result["seed"] == 2
    decided = result["kept"] + sum(result["rejected"].values())
    assert decided == 2 and result["kept"] >= 1 and sum(result["labels"].values()) == result["kept"]
    out = Path(settings.VAR_DIR) / result["out"]
    assert out == Path(settings.VAR_DIR) / "data" / "generated" / f"job-{job.pk}"  # the job's own folder
    tasks = sorted((out / "tasks").iterdir())
    assert len(tasks) == result["kept"] and all((task / "planted.patch").is_file() for task in tasks)
    # The tasks name the real corpus's history and the commit; nothing was copied.
    for task in tasks:
        repo = json.loads((task / "meta.json").read_text())["repo"]
        assert repo == {"name": "pysnooper", "version": result["version"], "source": "pysnooper.bundle",
                        "from_real": "pysnooper-2"}
    assert not (out / "sources").exists()
    assert done.progress_unit == "candidates" and f"{result['kept']} kept" in done.progress_message
    # The job's page shows the summary.
    page = client.get(reverse("job_detail", args=[job.pk])).content.decode()
    assert escape('"from_real": "pysnooper-2"') in page and escape(f'"kept": {result["kept"]}') in page


def test_a_real_bug_is_stored_by_name_and_offered_on_the_form(make_user):
    researcher = make_user("res", role="researcher")

    job = create_job(kind="generate_tasks", created_by=researcher, enqueue=False, params=REAL_RUN)
    form = logged_in(researcher).get(reverse("launch", args=["generate_tasks"])).content.decode()

    assert job.params["from_real"] == "pysnooper-2" and job.params["repo"] is None
    assert job_type("generate_tasks").summary(job.params) == (
        "from_real=pysnooper-2, max_candidates=2, max_tasks=2, sandbox=bwrap, seed=2, workers=1")  # no repo=None
    assert '<option value="pysnooper-2">pysnooper-2</option>' in form
    assert '<option value="_repos">' not in form


@pytest.mark.parametrize("name", ["nosuch-1", str(REAL_TASKS_DIR / "pysnooper-2"), "../real/pysnooper-2", "_repos"])
def test_a_real_bug_the_real_corpus_does_not_hold_is_a_field_error(make_user, name):
    with pytest.raises(JobParamsError) as refused:
        create_job(kind="generate_tasks", created_by=make_user("res", role="researcher"),
                   enqueue=False, params={**REAL_RUN, "from_real": name})

    assert list(refused.value.errors) == ["from_real"]
    assert refused.value.errors["from_real"] == [f"{name} is not a real bug of the real corpus; choose one from the list"]
    assert not Job.objects.exists()


def test_a_repository_folder_and_a_real_bug_are_one_or_the_other(make_user):
    researcher = make_user("res", role="researcher")

    with pytest.raises(JobParamsError) as both:
        create_job(kind="generate_tasks", created_by=researcher, enqueue=False, params={**REAL_RUN, "repo": str(LEDGER)})
    with pytest.raises(JobParamsError) as neither:
        create_job(kind="generate_tasks", created_by=researcher, enqueue=False, params={**REAL_RUN, "from_real": ""})

    assert both.value.errors == {"from_real": [REPO_OR_REAL_BUG]}
    assert neither.value.errors == {"repo": ["give the repository's folder on the workers, or choose a real bug below"]}
    assert not Job.objects.exists()


def test_bad_real_bug_input_is_answered_on_the_launch_form_and_nothing_is_queued(make_user):
    client = logged_in(make_user("res", role="researcher"))

    unknown = client.post(reverse("launch", args=["generate_tasks"]), {**REAL_RUN, "from_real": "nosuch-1"})
    both = client.post(reverse("launch", args=["generate_tasks"]), {**REAL_RUN, "repo": str(LEDGER)})

    assert unknown.status_code == 400 and "nosuch-1 is not a real bug of the real corpus" in unknown.content.decode()
    assert both.status_code == 400 and "give a repository folder or a real bug, not both" in both.content.decode()
    assert "Nothing was launched" in both.content.decode()
    assert not Job.objects.exists()


def test_an_annotator_may_not_generate_tasks(make_user):
    annotator = make_user("ann", role="annotator")

    with pytest.raises(NotAllowed, match="^ann \\(annotator\\) may not launch generate_tasks jobs; it takes the researcher"):
        create_job(kind="generate_tasks", created_by=annotator, enqueue=False, params=REAL_RUN)
    client = logged_in(annotator)

    assert client.get(reverse("launch", args=["generate_tasks"])).status_code == 403
    assert client.post(reverse("launch", args=["generate_tasks"]), REAL_RUN).status_code == 403
    assert not Job.objects.exists()


def test_a_stored_job_naming_no_real_bug_fails_with_one_line_and_writes_nothing(tmp_path, settings):
    settings.VAR_DIR = tmp_path / "var"  # stored as a command would (checked: the shape alone), then run
    job = create_job(kind="generate_tasks", enqueue=False, checked=True, params={**REAL_RUN, "from_real": "../etc"})

    done = run_here(job)

    assert done.state == JobState.FAILED and done.error == "../etc is not a real bug of the real corpus"
    assert not (Path(settings.VAR_DIR) / "data" / "generated").exists()
