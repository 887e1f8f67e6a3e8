"""Every path a user gives is confined and owned: training run folders and names, ``hf:`` targets,
output folders owned by the job's user, the app's own ``var/`` never a data root, and pages that show a
data folder relative to its root, never the host's path."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from django.urls import reverse

from tests.helpers.configs import tiny_config
from tests.helpers.eval_reports import eval_report
from webapp.core.ownership import claim_output
from webapp.core.paths import data_dir, data_path
from webapp.runs.kinds.policies import job_policy
from webapp.runs.kinds.training import TrainingParams, run_folder
from webapp.runs.models import EvalRun, Job, JobState
from webapp.runs.registry import JobFailure, JobParamsError
from webapp.runs.services import create_job, execute_job

pytestmark = pytest.mark.django_db


@pytest.fixture()
def data_root(tmp_path, settings):
    root = tmp_path / "data"
    root.mkdir()
    settings.STEPWISE_DATA_ROOTS = [root]
    settings.STEPWISE_TASKS_DIR = root / "corpus" / "tasks"
    # Jobs given no folder write var/data/...: a var of this test's own, so no earlier run's job-N (another
    # user's, by ownership) is in the way.
    settings.VAR_DIR = tmp_path / "var"
    return root.resolve()


def test_an_eval_report_page_shows_its_folder_relative_to_the_data_root(client, make_user, data_root, tmp_path):
    """It was: the page showed the eval's absolute folder on the host."""
    inside = data_root / "evals" / "7"
    inside.mkdir(parents=True)
    shown = EvalRun.objects.create(name="inside", report=eval_report("m", {"t1"}), out_dir=str(inside))
    outside = EvalRun.objects.create(name="outside", report=eval_report("m", {"t1"}),
                                     out_dir=str(tmp_path / "elsewhere" / "evals"))
    client.force_login(make_user("ann", role="annotator"))

    page = client.get(reverse("eval_report", args=[shown.pk])).content.decode()
    other = client.get(reverse("eval_report", args=[outside.pk])).content.decode()

    assert "<code>evals/7</code>" in page
    assert str(tmp_path) not in page and str(tmp_path) not in other
    assert "(a folder on the workers)" in other


def test_a_path_through_a_link_this_process_may_not_read_is_a_refusal_not_a_500(client, make_user, data_root):
    """It was: ``root=/proc/1/root/…`` raised PermissionError in realpath, a 500."""
    client.force_login(make_user("res"))
    given = f"/proc/1/root{data_root}/tasks"

    page = client.post(reverse("launch", args=["import_corpus"]), {"root": given, "splits": ""})

    assert page.status_code == 400
    assert "not under a data root" in " ".join(page.context["form"].errors["root"])
    with pytest.raises(JobParamsError, match="not under a data root"):
        create_job(kind="import_corpus", params={"root": given})


@pytest.mark.parametrize("name", ["secret_key", "admin-password", "stepwise.sqlite3", "celery/queue", "."])
def test_the_apps_own_var_folder_is_never_a_data_root(settings, tmp_path, name):
    """It was: ``splits=admin-password`` opened var/admin-password (var/ was the first data root)."""
    var = tmp_path / "var"
    (var / "celery").mkdir(parents=True)
    (var / "data").mkdir()
    for file in ("secret_key", "admin-password", "stepwise.sqlite3", "celery/queue"):
        (var / file).write_text("private")
    settings.VAR_DIR = var
    settings.STEPWISE_DATA_ROOTS = [var, tmp_path]  # even an admin's root holding var/ does not open it

    with pytest.raises(JobParamsError, match="not under a data root"):
        create_job(kind="import_corpus", params={"root": "", "splits": str(var / name)})
    assert data_path(var / "data" / "exports", "out") == (var / "data" / "exports").resolve()
    assert data_path(tmp_path / "elsewhere", "out") == (tmp_path / "elsewhere").resolve()


def test_by_default_var_data_is_the_first_root_and_jobs_write_there(settings):
    from django.conf import settings as live

    assert Path(live.STEPWISE_DATA_ROOTS[0]) == Path(live.VAR_DIR) / "data"
    assert data_dir() == Path(settings.VAR_DIR) / "data"


def grpo_config(**top) -> str:
    document = yaml.safe_load(tiny_config())
    document.update(top)
    return yaml.safe_dump(document)


@pytest.mark.parametrize(("top", "override"), [({"name": "../../../escape"}, ""), ({}, "name=../../escape"),
                                               ({"name": "runs/../../x"}, "")])
def test_a_training_config_name_is_a_folder_name_never_a_path(data_root, make_user, top, override):
    """It was: ``name=../…`` in a GRPO config made the run folder outside every root."""
    params = {"name": "g", "config_text": grpo_config(**top), "overrides": override}
    with pytest.raises(JobParamsError) as refused:
        create_job(kind="grpo", params=params, created_by=make_user("res"))

    assert "name" in " ".join(m for messages in refused.value.errors.values() for m in messages)
    assert not Job.objects.exists()


@pytest.mark.parametrize(("top", "override"), [({"runs_dir": "ESCAPE"}, ""), ({}, "runs_dir=ESCAPE")])
def test_a_training_job_writes_its_own_run_folder_never_the_configs_runs_dir(data_root, make_user, tmp_path, top,
                                                                            override):
    """It was: a GRPO config's ``runs_dir`` made root-owned folders outside every root (only ``out`` was
    confined). A job launched here writes var/data/runs/job-N, or the ``out`` it was given."""
    escape = tmp_path / "escaped-runs"
    top = {k: str(escape) for k in top}
    job = create_job(kind="grpo", created_by=make_user("res"), enqueue=False, params={
        "name": "g", "config_text": grpo_config(**top), "overrides": override.replace("ESCAPE", str(escape))})

    params = TrainingParams.of(job.params)
    assert run_folder(params, job) == str(data_dir() / "runs" / f"job-{job.pk}")
    assert run_folder(params.replace(out=str(data_root / "my-run")), job) == str(data_root / "my-run")
    assert not escape.exists()


def episode_params(policy: str) -> dict:
    return {"task": "counter_reset", "arm": "dbg", "policy": policy, "max_turns": 3, "sandbox": "bwrap"}


def refusal_of(policy: str) -> str:
    with pytest.raises(JobParamsError) as refused:
        create_job(kind="episode", params=episode_params(policy), enqueue=False)
    return " ".join(m for messages in refused.value.errors.values() for m in messages)


HF_REFUSED = ["hf:../../../etc/shadow", "hf:/etc", "hf:/etc/nothing-here", "hf:no-such-model", "hf:Qwen/Qwen3-Coder",
              "hf:shadow-file"]


def test_an_hf_target_is_a_model_folder_under_a_data_root_and_every_refusal_says_the_same(data_root, catalog_task):
    """It was: ``hf:../../../etc/shadow`` made the worker open the file as root, with a different error
    per path (an existence oracle), and ``hf:ORG/NAME`` made workers contact a model hub."""
    (data_root / "shadow-file").write_text("a file, not a model folder")
    (data_root / "models" / "tiny").mkdir(parents=True)

    messages = {spec: refusal_of(spec).replace(spec.removeprefix("hf:"), "TARGET") for spec in HF_REFUSED}

    assert len(set(messages.values())) == 1, messages
    assert "STEPWISE_ALLOW_HUB_MODELS" in next(iter(messages.values()))
    job = create_job(kind="episode", params=episode_params("hf:models/tiny"), enqueue=False)
    assert job.params["policy"] == f"hf:{data_root / 'models' / 'tiny'}"


def test_a_stored_hf_target_outside_the_roots_is_refused_again_where_it_runs(data_root):
    for spec in ("hf:../../../etc/shadow", "hf:/etc"):
        with pytest.raises(JobFailure, match="give a model folder under one of the data roots"):
            job_policy(spec, "", job_id=1)


def test_a_hub_name_is_taken_only_where_an_admin_allows_hub_models(data_root, catalog_task, settings):
    settings.STEPWISE_ALLOW_HUB_MODELS = True

    job = create_job(kind="episode", params=episode_params("hf:Qwen/Qwen3-Coder"), enqueue=False)

    assert job.params["policy"] == "hf:Qwen/Qwen3-Coder"
    for spec in ("hf:../../../etc/shadow", "hf:/etc", "hf:a/b/c", "hf:org/name/../../../etc"):
        assert "or a model hub name ORG/NAME" in refusal_of(spec)


@pytest.fixture
def rollouts_source(data_root):
    source = data_root / "rollouts" / "a"
    source.mkdir(parents=True)
    (source / "generation.json").write_text(json.dumps({"kind": "rollouts", "settings": {}}))
    return source


def export_params(source, out) -> dict:
    return {"sources": str(source), "out": str(out), "validation_fraction": 0, "seed": 0}


def test_a_researcher_cannot_write_into_another_researchers_output_folder(data_root, rollouts_source, make_user):
    """It was: one researcher's export job pointed at another's export folder replaced its manifest."""
    alice, bob, root = make_user("alice"), make_user("bob"), make_user("root", is_staff=True, is_superuser=True)
    theirs = data_root / "exports" / "alice-set"
    claim_output(theirs, user=alice)  # what alice's export job does where it runs, then it writes there
    theirs.mkdir()
    (theirs / "manifest.json").write_text("alice's manifest")

    for out in (theirs, theirs / "inside"):
        with pytest.raises(JobParamsError) as refused:
            create_job(kind="export_sft", params=export_params(rollouts_source, out), created_by=bob)
        assert "belongs to another user's job" in " ".join(refused.value.errors["out"])
        assert "alice" not in " ".join(refused.value.errors["out"]).replace("alice-set", "")
    with pytest.raises(JobParamsError, match="data root itself"):
        create_job(kind="export_sft", params=export_params(rollouts_source, data_root), created_by=bob)

    mine = create_job(kind="export_sft", params=export_params(rollouts_source, data_root / "exports" / "bob-set"),
                      created_by=bob, enqueue=False)
    Job.objects.filter(pk=mine.pk).update(params={**mine.params, "out": str(theirs)})  # around the form
    failed = execute_job(job_id=mine.pk, worker="here")

    assert failed.state == JobState.FAILED and "belongs to another user's job" in failed.error, failed.error
    assert (theirs / "manifest.json").read_text() == "alice's manifest"
    assert create_job(kind="export_sft", params=export_params(rollouts_source, theirs), created_by=alice,
                      enqueue=False).params["out"] == str(theirs)  # its owner may, and an admin may
    assert create_job(kind="export_sft", params=export_params(rollouts_source, theirs), created_by=root,
                      enqueue=False).params["out"] == str(theirs)
