"""The training job kinds: their arguments are checked on the server with messages that say what to
do, and a rollouts job (one child job per task, on a real Celery worker) followed by an SFT export
of its folder runs to the end. Rollouts play real train-split tasks of the corpus on disk, as
``python -m training`` does; a scripted teacher stands in for a model, which cannot run here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from harness.trajectory import Trajectory as TrajectoryRecord  # noqa: E402
from tests.helpers.jobs import launch, refused, wait_for_job
from tests.training.data.microskill_scripts import EXERCISES
from webapp.endpoints.models import ModelEndpoint
from webapp.runs.kinds.training import chart_values
from webapp.runs.models import Job, JobEvent, JobState, TrainingRun
from webapp.runs.registry import job_type
from webapp.runs.services import create_job

TEACHERS = Path(__file__).resolve().parents[1] / "training" / "data" / "fixtures" / "teachers"
TASK = "bulk_upload_batches"  # a real train-split task the clean scripted teacher solves


@pytest.mark.django_db
def test_rollouts_refuse_heldout_unknown_tasks_bad_teachers_and_folders_outside_the_data_roots():
    errors = refused("rollouts", teachers="nonsense-spec", split="heldout", best_of=0, arm="dbg", max_turns=5,
                     sandbox="bwrap", workers=1, out="/nowhere/folder")
    assert "Select a valid choice" in " ".join(errors["split"])
    assert "nonsense-spec" in " ".join(errors["teachers"])
    assert errors["best_of"] and "not under a data root" in " ".join(errors["out"])

    errors = refused("rollouts", teachers="script:/nowhere.json", tasks="no_such_task_here", best_of=1, arm="dbg",
                     max_turns=5, sandbox="bwrap", workers=1)
    assert "no task named 'no_such_task_here'" in " ".join(errors["tasks"])

    errors = refused("rollouts", best_of=1, arm="dbg", max_turns=5, sandbox="bwrap", workers=1, split="train")
    assert "give at least one teacher" in " ".join(errors["teachers"])


@pytest.mark.django_db
def test_export_and_training_say_which_folder_config_or_override_is_wrong(tmp_path):
    errors = refused("export_sft", sources=str(tmp_path), validation_fraction=0, seed=0)
    assert f"{tmp_path}: no readable generation.json" in " ".join(errors["sources"])
    assert "'manage.py export_demonstrations'" in " ".join(errors["sources"])  # a command that exists

    # A demonstrations folder (the people's verified sessions, `export_demonstrations`) is a source too.
    demos, other = tmp_path / "demos", tmp_path / "other"
    for folder, kind in ((demos, "demonstrations"), (other, "labels")):
        folder.mkdir()
        (folder / "generation.json").write_text(json.dumps({"kind": kind, "settings": {}}))
    errors = refused("export_sft", sources=f"{demos}\n{other}", validation_fraction=0, seed=0)
    assert errors["sources"] == [f"{other}: a 'labels' folder; expected rollouts, microskills or demonstrations"]
    job = create_job(kind="export_sft", params={"sources": str(demos), "validation_fraction": 0, "seed": 0},
                     enqueue=False)
    assert job.params["sources"] == [str(demos)] and job.params["allow_empty_validation"] is False
    job.delete()

    errors = refused("sft", config="tiny-cpu", overrides="sft.max_steps")
    assert "expected KEY=VALUE" in " ".join(errors["overrides"])

    errors = refused("sft", config="tiny-cpu", dataset=str(tmp_path / "missing"))
    assert str(tmp_path / "missing") in " ".join(errors["config"])

    errors = refused("grpo", config_text="name: x\nmodel: [1, 2\n")
    assert "not valid YAML" in " ".join(errors["config_text"])

    errors = refused("sft", config="", config_text="")
    assert "pick a shipped config" in " ".join(errors["config"])


@pytest.mark.slow
@pytest.mark.django_db
def test_the_stored_arguments_of_each_kind_pass_its_form_again_so_a_retry_launches_the_same_job(tmp_path):
    ModelEndpoint.objects.create(name="m", base_url="http://model-server:9/v1", model="m")
    source = tmp_path / "rollouts"
    source.mkdir()
    (source / "generation.json").write_text(json.dumps({"kind": "rollouts", "settings": {}}))
    model = tmp_path / "model"
    model.mkdir()
    (model / "config.json").write_text("{}")
    (tmp_path / "x.json").write_text(json.dumps({"tool_calls": []}))  # policy files are checked at launch
    launches = {
        "rollouts": {"script": json.dumps({"tool_calls": []}), "tasks": TASK, "split": "", "best_of": 2, "arm": "dbg",
                     "max_turns": 5, "sandbox": "bwrap", "guidance": True, "workers": 2},
        "microskills": {"teachers": f"endpoint:m\nscript:{tmp_path / 'x.json'}", "skills": ["read_before_edit"],
                        "split": "train",
                        "per_skill": 1, "attempts": 1, "workers": 1, "sandbox": "bwrap"},
        "export_sft": {"sources": str(source), "microskill_ratio": 0.5, "validation_fraction": 0.1, "seed": 3},
        "grpo": {"config": "tiny-cpu", "overrides": f"model.path={model}", "tasks": TASK},
    }
    for kind, params in launches.items():
        job = create_job(kind=kind, params=params, enqueue=False)
        assert job_type(kind).clean(job.params) == job.params, kind


@pytest.mark.slow
def test_training_log_records_become_chart_points_without_bookkeeping_fields():
    record = {"step": 3, "epoch": 0.5, "time": 1.0, "split": "train", "loss": 1.25, "reward": 0.5,
              "rewards/verified/mean": 1, "kl": float("nan"), "note": "x", "flag": True}
    assert chart_values(record) == {"loss": 1.25, "reward": 0.5, "rewards/verified/mean": 1.0}


@pytest.mark.slow
def test_rollouts_fan_out_per_task_and_export_with_microskills_on_a_real_worker(celery_worker, make_user, tmp_path):
    user = make_user("ann")
    out, skills = tmp_path / "rollouts", tmp_path / "microskills"
    job = launch("rollouts", user, teachers=f"script:{TEACHERS / 'clean.json'}", tasks=TASK, split="", best_of=1,
                 arm="dbg", max_turns=20, sandbox="bwrap", guidance=True, workers=1, out=str(out))
    _, _, _, accepted = EXERCISES["breakpoint_inspect"]
    micro = launch("microskills", user, script=json.dumps({"tool_calls": accepted}), skills=["breakpoint_inspect"],
                   tasks=TASK, split="", per_skill=1, attempts=1, workers=1, sandbox="bwrap", out=str(skills))

    job = wait_for_job(job, timeout_s=300)
    micro = wait_for_job(micro, timeout_s=300)

    assert micro.state == JobState.SUCCEEDED, micro.error
    assert (micro.result["kept"], micro.progress_done, micro.progress_total) == (1, 1, 1)
    assert (skills / "accepted" / "breakpoint_inspect" / f"{TASK}.json").is_file()

    assert job.state == JobState.SUCCEEDED, job.error
    children = list(Job.objects.filter(parent=job))
    assert [(c.kind, c.queue, c.state, c.params["task"]) for c in children] == [
        ("rollout_task", "episodes", "succeeded", TASK)]
    assert job.result["kept"] == 1 and job.result["out"] == str(out)
    kept = TrajectoryRecord.load(out / "accepted" / f"{TASK}.json")
    assert kept.result.verified and kept.extra["sft"]["source"] == "rollout"
    assert json.loads((out / "summary.json").read_text())["kept_in_folder"] == 1
    log = [e.data["text"] for e in JobEvent.objects.filter(job=job, kind="log").order_by("seq")]
    assert f"{TASK}: kept attempt 1" in log

    client = Client()
    client.force_login(user)
    assert f"<code>{out}</code>" in client.get(reverse("launch", args=["export_sft"])).content.decode()

    # One task: no validation split can be made, and SFT evaluates on one, so the export fails and says why.
    dataset = tmp_path / "dataset"
    refused_export = wait_for_job(launch("export_sft", user, sources=f"{out}\n{skills}", out=str(dataset),
                                         validation_fraction=0, seed=0))
    assert refused_export.state == JobState.FAILED
    assert "the validation split would be empty" in refused_export.error and "validation fraction" in refused_export.error
    assert not dataset.exists()  # refused before anything was written

    export = wait_for_job(launch("export_sft", user, sources=f"{out}\n{skills}", out=str(dataset),
                                 validation_fraction=0, seed=0, allow_empty_validation=True))

    assert export.state == JobState.SUCCEEDED, export.error
    assert export.result["rows"] == {"train": 2, "validation": 0}
    rows = [json.loads(line) for line in (dataset / "train.jsonl").read_text().splitlines()]
    assert sorted(row["source"] for row in rows) == ["microskill", "rollout"]
    assert (dataset / "manifest.json").is_file() and (export.progress_done, export.progress_total) == (2, 2)


@pytest.mark.django_db
def test_a_training_job_records_its_training_run_and_goes_to_the_training_queue(make_user, tmp_path):
    model = tmp_path / "model"
    model.mkdir()
    (model / "config.json").write_text("{}")  # the config check looks for the folder save_pretrained writes
    job = create_job(kind="grpo", created_by=make_user("ann"), enqueue=False,
                     params={"config": "tiny-cpu", "overrides": f"model.path={model}\ngrpo.max_steps=1",
                             "name": "smoke"})

    assert job.queue == "training"
    run = TrainingRun.objects.get(job=job)
    assert (run.name, run.kind, run.base_model) == ("smoke", "grpo", str(model))
    assert job.params["all_overrides"] == [f"model.path={model}", "grpo.max_steps=1"]


@pytest.mark.slow
def test_an_sft_job_trains_the_tiny_model_on_the_training_queue_and_charts_its_loss(start_worker, make_user,
                                                                                       tmp_path):
    """The tiny offline model (random weights, built here) stands in for a real one, which cannot run here."""
    from tests.training.conftest import TRAIN_TASKS, example, write_sft_dataset
    from training.tiny import build_tiny_model

    model = build_tiny_model(tmp_path / "tiny-qwen2")
    dataset = write_sft_dataset(tmp_path / "sft", {
        "train": [example(TRAIN_TASKS[0], "train", n) for n in range(3)],
        "validation": [example("ledger_event_dispatch", "validation", 5)]})
    # a training worker of its own, as on a GPU machine, with a data folder of this test's
    start_worker(queues="training", env={"STEPWISE_VAR_DIR": str(tmp_path / "var")})
    client = Client()
    client.force_login(make_user("ann"))

    client.post(reverse("launch", args=["sft"]), {  # no output folder: the job's own, never the checkout
        "name": "tiny smoke", "config": "tiny-cpu", "dataset": str(dataset),
        "overrides": f"model.path={model}\nsft.max_steps=2\nsft.merge=false"})
    job = wait_for_job(Job.objects.get(), timeout_s=300)

    assert job.state == JobState.SUCCEEDED, job.error
    assert (job.queue, job.progress_done, job.progress_total, job.progress_unit) == ("training", 2, 2, "steps")
    points = [e.data for e in JobEvent.objects.filter(job=job, kind="metric").order_by("seq")]
    assert [p["x"] for p in points if p["series"] == "train"] == [1, 2]
    assert all(p["values"]["loss"] > 0 for p in points if p["series"] == "train")
    assert any("eval_loss" in p["values"] for p in points if p["series"] == "eval")
    run = TrainingRun.objects.get(job=job)
    folder = tmp_path / "var" / "data" / "runs" / f"job-{job.pk}"  # var/data: jobs write there
    assert run.output_dir == str(folder) and run.metrics["loss"] > 0
    assert json.loads((folder / "run.json").read_text())["state"] == "finished"


@pytest.mark.django_db
def test_sft_refuses_a_dataset_whose_validation_split_is_empty_naming_the_dataset_field(tmp_path):
    # An export with the default validation fraction (0) writes an empty validation split; SFT on it was a 500.
    from tests.training.conftest import TRAIN_TASKS, example, write_sft_dataset

    dataset = write_sft_dataset(tmp_path / "sft", {"train": [example(TRAIN_TASKS[0], "train", 0)], "validation": []},
                                saved=False)
    errors = refused("sft", config="tiny-cpu", dataset=str(dataset))
    assert "validation split is empty" in " ".join(errors.get("dataset", [])), errors


@pytest.mark.django_db
def test_an_export_takes_the_verified_live_sessions_stored_here_without_a_folder(make_user, settings, tmp_path):
    """The 'Live sessions' box: the verified sessions people played by hand, from the database, written
    as a demonstrations folder by the job and exported beside any folders (or alone)."""
    from tests.webapp.conftest import DEMONSTRATION_TASKS, session_document
    from webapp.runs.services import execute_job
    from webapp.trajectories.services import save_trajectory

    settings.VAR_DIR = tmp_path / "var"
    researcher = make_user("res", role="researcher")
    errors = refused("export_sft", demonstrations=True, validation_fraction=0, seed=0)
    assert errors["demonstrations"] == ["no verified live session is stored yet: a session a person played by hand "
                                        "(Live › open a session) that fixed the bug is one"]
    errors = refused("export_sft", sources="", validation_fraction=0, seed=0)
    assert "or tick 'Live sessions'" in " ".join(errors["sources"])

    for n, (task, split) in enumerate(DEMONSTRATION_TASKS):
        save_trajectory(document=session_document(f"session-{n}", task=task, split=split))
    save_trajectory(document=session_document("session-failed", task="bulk_upload_batches", split="train",
                                              verified=False))
    client = Client()
    client.force_login(researcher)
    page = client.get(reverse("launch", args=["export_sft"])).content.decode()
    assert "(the job writes them as a demonstrations folder first): 3 stored now" in page

    job = create_job(kind="export_sft", params={"demonstrations": True, "validation_fraction": 0, "seed": 0},
                     created_by=researcher, enqueue=False)
    job = execute_job(job_id=job.pk, worker="here")

    assert job.state == JobState.SUCCEEDED, job.error
    assert job.result["rows"] == {"train": 2, "validation": 1}
    demos = tmp_path / "var" / "data" / "demonstrations" / f"job-{job.pk}"  # var/data: jobs write there
    assert sorted(p.stem for p in (demos / "accepted").iterdir()) == ["session-0", "session-1", "session-2"]
    rows = [json.loads(line) for line in (Path(job.result["out"]) / "train.jsonl").read_text().splitlines()]
    assert {(r["episode_id"], r["source"], r["teacher"]) for r in rows} == {
        ("session-0", "demonstration", "human:res"), ("session-1", "demonstration", "human:res")}
    assert "wrote 3 verified live session(s) to" in " ".join(
        e.data.get("text", "") for e in JobEvent.objects.filter(job=job, kind="log"))
    assert job_type("export_sft").summary(job.params) == "0 folder(s) + live sessions → var/exports"


@pytest.mark.django_db
def test_the_default_export_of_live_sessions_has_both_splits_and_leaves_out_what_the_policy_fails(
        make_user, settings, tmp_path):
    """The export form's defaults on sessions of train tasks only: the automatic split still gives
    validation a task; a verified session that fails pdb_policy is left out, as a rollout would be, and
    counted."""
    from tests.webapp.conftest import session_document
    from webapp.runs.services import execute_job
    from webapp.trajectories.services import save_trajectory

    settings.VAR_DIR = tmp_path / "var"
    researcher = make_user("res", role="researcher")
    for n, task in enumerate(("bulk_upload_batches", "sensor_summary_reuse")):
        save_trajectory(document=session_document(f"session-{n}", task=task, split="train"))
    save_trajectory(document=session_document("session-lucky", task="bulk_upload_batches", split="train",
                                              policy_passed=False))
    client = Client()
    client.force_login(researcher)
    launched = client.post(reverse("launch", args=["export_sft"]), {"demonstrations": "on", "seed": "0"})
    assert launched.status_code == 302, launched.context["form"].errors

    job = execute_job(job_id=Job.objects.get(kind="export_sft").pk, worker="here")

    assert job.state == JobState.SUCCEEDED, job.error
    assert job.result["rows"] == {"train": 1, "validation": 1}
    assert job.result["live_sessions_left_out"] == 1
    demos = tmp_path / "var" / "data" / "demonstrations" / f"job-{job.pk}"  # var/data: jobs write there
    manifest = json.loads((demos / "generation.json").read_text())
    assert manifest["left_out"] == 1 and "edited before looking" in manifest["left_out_reasons"][0]
    exported = json.loads((Path(job.result["out"]) / "manifest.json").read_text())
    assert exported["automatic_split"] and len(exported["moved_tasks"]) == 1
