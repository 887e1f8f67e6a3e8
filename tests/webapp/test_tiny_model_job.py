"""The tiny model the tiny-cpu config trains is built by a job: training's own builder, on a real Celery
worker, where the config looks (``models/tiny-qwen2`` from the working directory, here a tmp_path
for the web side and the worker alike). Until then SFT and GRPO with that config are refused, before
anything is queued, with the job that builds it; the launch pages say so. Researchers only."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.helpers.jobs import launch, wait_for_job
from webapp.core.roles import NotAllowed
from webapp.runs.models import Job, JobEvent, JobState
from webapp.runs.registry import JobParamsError
from webapp.runs.services import create_job, retry_job

BUILD = "launch the 'Build the tiny model' job first (Launch a job › Build the tiny model, /jobs/new/tiny_model/)"


@pytest.fixture
def project_folder(tmp_path, monkeypatch):
    """A working directory without the tiny model (what a fresh checkout is)."""
    folder = tmp_path / "project"
    folder.mkdir()
    monkeypatch.chdir(folder)
    return folder


def refusal(kind: str, **params) -> dict[str, list[str]]:
    with pytest.raises(JobParamsError) as caught:
        create_job(kind=kind, params=params)
    assert not Job.objects.exists()  # nothing stored, nothing queued
    return caught.value.errors


@pytest.mark.django_db
def test_sft_and_grpo_with_the_tiny_config_and_no_tiny_model_are_refused_naming_the_job_that_builds_it(
        project_folder, tmp_path):
    missing = project_folder / "models" / "tiny-qwen2"

    sft = refusal("sft", config="tiny-cpu", dataset=str(tmp_path / "missing"))
    grpo = refusal("grpo", config="tiny-cpu")

    for errors in (sft, grpo):
        first = errors["config"][0]
        assert first.startswith(f"the tiny-cpu config trains the tiny model in models/tiny-qwen2 ({missing} on "
                                "this server), which is not built yet: ") and BUILD in first
        assert not any("model.path:" in line for line in errors["config"])  # said once, with what to do
    assert any(str(tmp_path / "missing") in line for line in sft["config"])  # the other problems still listed

    # Another model: the config's own message, no word of the tiny model.
    errors = refusal("sft", config="tiny-cpu", overrides=f"model.path={tmp_path / 'elsewhere'}")
    assert "tiny model" not in " ".join(errors["config"]) and "elsewhere does not exist" in " ".join(errors["config"])


@pytest.mark.django_db
def test_the_sft_launch_page_answers_400_with_the_refusal_and_shows_the_build_button(project_folder, make_user):
    client = Client()
    client.force_login(make_user("res", role="researcher"))

    page = client.get(reverse("launch", args=["sft"]))
    posted = client.post(reverse("launch", args=["sft"]), {"config": "tiny-cpu"})

    assert page.status_code == 200 and "The tiny model is not built" in page.content.decode()
    assert f'action="{reverse("launch", args=["tiny_model"])}"' in page.content.decode()
    assert posted.status_code == 400 and "which is not built yet" in posted.content.decode()
    assert "The tiny model is not built" in client.get(reverse("launch_list")).content.decode()
    assert not Job.objects.exists()


@pytest.mark.django_db
def test_an_annotator_may_not_build_the_tiny_model_and_a_researcher_may(project_folder, make_user):
    annotator, researcher = make_user("ann", role="annotator"), make_user("res", role="researcher")
    client = Client()
    client.force_login(annotator)

    with pytest.raises(NotAllowed, match="ann \\(annotator\\) may not launch tiny_model jobs.*researcher role"):
        create_job(kind="tiny_model", params={}, created_by=annotator, enqueue=False)
    assert client.get(reverse("launch", args=["tiny_model"])).status_code == 403
    assert client.post(reverse("launch", args=["tiny_model"]), {}).status_code == 403
    assert not Job.objects.exists()

    job = create_job(kind="tiny_model", params={}, created_by=researcher, enqueue=False)
    assert (job.queue, job.params) == ("training", {"replace": False})  # built where training runs


@pytest.mark.slow
def test_the_job_builds_the_tiny_model_where_the_config_looks_then_sft_accepts_it(project_folder, start_worker,
                                                                                 make_user, tmp_path):
    from transformers import AutoModelForCausalLM, AutoTokenizer

    from tests.training.conftest import TRAIN_TASKS, example, write_sft_dataset

    model = project_folder / "models" / "tiny-qwen2"
    start_worker(queues="training", cwd=project_folder)
    client = Client()
    client.force_login(make_user("res", role="researcher"))

    launched = client.post(reverse("launch", args=["tiny_model"]), {})  # the notice's button: no fields
    job = wait_for_job(Job.objects.get(kind="tiny_model"), timeout_s=240)

    assert launched.status_code == 302 and job.state == JobState.SUCCEEDED, job.error
    assert job.result == {"path": str(model), "built": True, "replaced": False}
    assert (job.progress_done, job.progress_total) == (1, 1)
    tokenizer = AutoTokenizer.from_pretrained(model)
    assert AutoModelForCausalLM.from_pretrained(model).config.vocab_size == len(tokenizer)
    assert not [p.name for p in model.parent.iterdir() if p.name != "tiny-qwen2"]  # no staging folder left
    assert "is built in" in client.get(reverse("launch", args=["sft"])).content.decode()

    dataset = write_sft_dataset(tmp_path / "sft", {
        "train": [example(TRAIN_TASKS[0], "train", n) for n in range(2)],
        "validation": [example("ledger_event_dispatch", "validation", 5)]})
    sft = create_job(kind="sft", params={"config": "tiny-cpu", "dataset": str(dataset)}, enqueue=False)
    assert sft.params["base_model"] == "models/tiny-qwen2"  # the config check passes now

    # Again: said, not silently overwritten; "Build it again" replaces it; a retry is refused the same way.
    again = client.post(reverse("launch", args=["tiny_model"]), {})
    assert again.status_code == 400 and f"the tiny model is already built in {model}" in again.content.decode()
    with pytest.raises(JobParamsError, match="already built"):
        retry_job(job=job, by=job.created_by)
    before = (model / "config.json").stat().st_mtime_ns
    rebuilt = wait_for_job(launch("tiny_model", job.created_by, replace=True), timeout_s=240)
    assert rebuilt.state == JobState.SUCCEEDED and rebuilt.result["replaced"] is True, rebuilt.error
    assert (model / "config.json").stat().st_mtime_ns != before
    log = [e.data["text"] for e in JobEvent.objects.filter(job=rebuilt, kind="log")]
    assert f"the tiny model is built in {model} (it replaced the one there)" in log


@pytest.mark.django_db
def test_a_folder_in_the_way_that_is_no_model_is_named_and_only_replaced_when_asked(project_folder):
    folder = project_folder / "models" / "tiny-qwen2"
    folder.mkdir(parents=True)

    errors = refusal("tiny_model")
    sft = refusal("sft", config="tiny-cpu")

    assert errors == {"__all__": [f"{folder} exists but holds no config.json, so it is not a model folder; look at "
                                  "what is there, then tick 'Build it again' to replace it with the tiny model"]}
    assert BUILD in sft["config"][0]  # still not built
    assert create_job(kind="tiny_model", params={"replace": True}, enqueue=False).params == {"replace": True}


@pytest.mark.django_db
def test_a_training_job_whose_worker_lacks_the_tiny_model_fails_naming_the_job_that_builds_it(project_folder):
    from webapp.runs.kinds.training import TrainingParams
    from webapp.runs.registry import JobFailure, job_type

    # Launched where the tiny model was built; run on a worker (another host) where it is not.
    with pytest.raises(JobFailure) as failed:
        job_type("grpo").loaded(TrainingParams(name="tiny", config="tiny-cpu"))

    assert BUILD in str(failed.value) and "model.path:" not in str(failed.value)
