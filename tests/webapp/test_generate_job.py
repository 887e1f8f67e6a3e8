"""The bug generator as a job: a researcher launches it on a repository folder under the data roots or on
a real bug of the real corpus, it reports progress and a summary (kept, rejected by reason, labels), and
writes the tasks under the job's own folder; a folder outside the data roots, a real bug the corpus does
not hold, or both sources at once are field errors, and an annotator may not launch it. The suite's files
(``--tests``), the operators, the order, the timeout and leaving out published changes are the CLI's
options on the form too, checked there and again when the job runs."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from corpus.generated_corpus import STATE_FILE
from corpus.plant.operators import OPERATORS
from corpus.repository.corpus_root import REAL_TASKS_DIR
from webapp.core.roles import NotAllowed
from webapp.runs.forms.corpus import REPO_OR_REAL_BUG
from webapp.runs.kinds.corpus import GenerateTasksParams
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


LEDGER_RUN = {"repo": str(LEDGER), "seed": 1, "max_tasks": 1, "max_candidates": 2, "sandbox": "bwrap", "workers": 1}
CHOICES = {"tests": "tests/test_ledger.py\n\n  tests  \n", "operators": ["wrong_variable", "boundary_flip"],
           "order": "seed", "timeout_s": 30, "published": "on"}


def test_the_form_offers_and_stores_the_suite_operators_order_timeout_and_published(make_user):
    client = logged_in(make_user("res", role="researcher"))

    form = client.get(reverse("launch", args=["generate_tasks"])).content.decode()
    launched = client.post(reverse("launch", args=["generate_tasks"]), {**LEDGER_RUN, **CHOICES})

    assert all(f'value="{name}"' in form for name in OPERATORS)  # the registry's operators, every one
    assert launched.status_code == 302, launched.content.decode()
    params = Job.objects.get().params
    # Empty lines left out, each path stripped; the operators in the registry's order.
    assert params["tests"] == ["tests/test_ledger.py", "tests"]
    assert params["operators"] == [name for name in OPERATORS if name in {"wrong_variable", "boundary_flip"}]
    assert (params["order"], params["timeout_s"], params["published"]) == ("seed", 30, True)
    assert "operators=" in job_type("generate_tasks").summary(params) and "published=True" in job_type(
        "generate_tasks").summary(params)


@pytest.mark.parametrize(("path", "says"), [
    ("/etc/passwd", "/etc/passwd: give the path relative to the repository's root"),
    ("~/tests", "~/tests: give the path relative to the repository's root"),
    ("../ledger/tests", "../ledger/tests: '..' leaves the repository"),
    ("tests/../../ledger/tests", "tests/../../ledger/tests: '..' leaves the repository"),
    ("tests/nosuch_test.py", f"not in {LEDGER}: tests/nosuch_test.py"),
])
def test_a_test_path_outside_the_repository_is_a_field_error(make_user, path, says):
    client = logged_in(make_user("res", role="researcher"))

    refused = client.post(reverse("launch", args=["generate_tasks"]), {**LEDGER_RUN, "tests": f"tests\n{path}\n"})

    assert refused.status_code == 400 and escape(says) in refused.content.decode()
    with pytest.raises(JobParamsError) as stored:
        create_job(kind="generate_tasks", created_by=make_user("res2", role="researcher"), enqueue=False,
                   params={**LEDGER_RUN, "tests": ["tests", path]})
    assert list(stored.value.errors) == ["tests"] and stored.value.errors["tests"][0].startswith(says)
    assert not Job.objects.exists()


def test_an_unknown_operator_is_a_field_error(make_user):
    client = logged_in(make_user("res", role="researcher"))

    refused = client.post(reverse("launch", args=["generate_tasks"]),
                          {**LEDGER_RUN, "operators": ["boundary_flip", "nosuch_operator"]})
    with pytest.raises(JobParamsError) as stored:
        create_job(kind="generate_tasks", created_by=make_user("res2", role="researcher"), enqueue=False,
                   params={**LEDGER_RUN, "operators": ["nosuch_operator"]})

    assert refused.status_code == 400
    assert "nosuch_operator is not an operator of the generator; choose from the list" in refused.content.decode()
    assert stored.value.errors == {"operators": ["nosuch_operator is not an operator of the generator; choose from "
                                                 "the list"]}
    assert not Job.objects.exists()


@pytest.mark.parametrize(("changed", "field"), [({"timeout_s": 4}, "timeout_s"), ({"timeout_s": 3601}, "timeout_s"),
                                               ({"order": "backwards"}, "order")])
def test_a_timeout_out_of_bounds_or_an_unknown_order_is_a_field_error(make_user, changed, field):
    with pytest.raises(JobParamsError) as refused:
        create_job(kind="generate_tasks", created_by=make_user("res", role="researcher"), enqueue=False,
                   params={**LEDGER_RUN, **changed})

    assert list(refused.value.errors) == [field]
    assert not Job.objects.exists()


def test_an_annotator_may_not_generate_tasks_with_the_new_arguments_either(make_user):
    annotator = make_user("ann", role="annotator")

    with pytest.raises(NotAllowed, match="^ann \\(annotator\\) may not launch generate_tasks jobs"):
        create_job(kind="generate_tasks", created_by=annotator, enqueue=False, params={**LEDGER_RUN, **CHOICES})

    assert logged_in(annotator).post(reverse("launch", args=["generate_tasks"]),
                                     {**LEDGER_RUN, **CHOICES}).status_code == 403
    assert not Job.objects.exists()


def test_a_job_stored_before_the_new_arguments_loads_with_the_generators_defaults(make_user):
    old = {"repo": str(LEDGER), "seed": 2, "max_tasks": 2, "sandbox": "bwrap", "workers": 1, "max_candidates": None,
           "from_real": None}

    params = GenerateTasksParams.of(old)
    again = create_job(kind="generate_tasks", created_by=make_user("res", role="researcher"), enqueue=False,
                       params=old)  # as a retry reads it back through the form

    assert (params.tests, params.operators, params.order, params.timeout_s, params.published) == (
        [], [], "indirect", 60, False)
    assert again.params == {**old, "tests": [], "operators": [], "order": "indirect", "timeout_s": 60,
                            "published": False}
    assert job_type("generate_tasks").summary(old) == f"max_tasks=2, repo={LEDGER}, sandbox=bwrap, seed=2, workers=1"


def test_a_retried_job_keeps_the_new_arguments(make_user):
    researcher = make_user("res", role="researcher")
    first = create_job(kind="generate_tasks", created_by=researcher, enqueue=False,
                       params={**LEDGER_RUN, **CHOICES, "tests": ["tests/test_ledger.py"], "published": True})

    again = create_job(kind="generate_tasks", created_by=researcher, enqueue=False, params=first.params)

    assert again.params == first.params and again.params["tests"] == ["tests/test_ledger.py"]


@pytest.mark.parametrize(("changed", "error"), [
    ({"tests": ["/etc"]}, "/etc: give the path relative to the repository's root, such as tests/test_app.py"),
    ({"tests": ["tests/../.."]}, "tests/../..: '..' leaves the repository; give a path inside it, relative to its root"),
    ({"operators": ["nosuch_operator"]}, "not an operator of the generator: nosuch_operator; choose from "
                                         + ", ".join(OPERATORS)),
    ({"order": "backwards"}, "unknown order 'backwards'; choose from indirect, seed"),
    ({"timeout_s": 0}, "a timeout of 0 seconds; give 5 to 3600"),
])
def test_a_stored_job_with_bad_arguments_fails_with_one_line_and_writes_nothing(tmp_path, settings, changed, error):
    settings.VAR_DIR = tmp_path / "var"  # stored as a command would (checked: the shape alone), then run
    job = create_job(kind="generate_tasks", enqueue=False, checked=True, params={**LEDGER_RUN, **changed})

    done = run_here(job)

    assert done.state == JobState.FAILED and done.error == error
    assert not (Path(settings.VAR_DIR) / "data" / "generated").exists()


def test_a_test_path_leading_out_of_the_repository_through_a_link_fails_the_job_with_the_generators_message(
        tmp_path, settings):
    settings.VAR_DIR = tmp_path / "var"
    settings.STEPWISE_DATA_ROOTS = [tmp_path]
    repo = tmp_path / "ledger"
    shutil.copytree(LEDGER, repo)
    (tmp_path / "elsewhere").mkdir()
    (repo / "more_tests").symlink_to(tmp_path / "elsewhere")
    job = create_job(kind="generate_tasks", enqueue=False, checked=True,
                     params={**LEDGER_RUN, "repo": str(repo), "tests": ["more_tests"]})

    done = run_here(job)

    assert done.state == JobState.FAILED
    assert done.error == "--tests more_tests: outside the repository; give a path relative to its root"


@pytest.mark.slow
def test_a_generate_job_plants_only_the_chosen_operator_and_runs_the_named_suite(make_user, tmp_path, settings):
    settings.VAR_DIR = tmp_path / "var"
    job = create_job(kind="generate_tasks", created_by=make_user("res", role="researcher"), enqueue=False,
                     params={**LEDGER_RUN, "tests": ["tests/test_ledger.py"], "operators": ["boundary_flip"],
                             "order": "seed", "timeout_s": 30, "published": True})

    done = run_here(job)

    assert done.state == JobState.SUCCEEDED, done.error
    out = Path(settings.VAR_DIR) / done.result["out"]
    decided = [json.loads(line) for line in (out / STATE_FILE).read_text().splitlines()]
    assert decided and {entry["key"].split("|")[1] for entry in decided} == {"boundary_flip"}
    assert set(done.result["by_operator"]) == {"boundary_flip"}
    assert done.result["baseline_tests"] > 0 and done.result["already_published"] == 0
