"""A researcher's whole training journey in Chromium, with nothing but the forms: build the tiny model,
export an SFT dataset from the verified live sessions stored in the web app, train SFT on it (the tiny-cpu
config, a few steps), train GRPO from the SFT run's merged model, then compare the two runs' curves.
Every job runs on a real Celery worker; no page may answer 500, every job must succeed, the charts must
draw. daphne and the worker share a working directory (where the tiny model is built) and a var folder."""

from __future__ import annotations

import json

import pytest
from django.db import connections

from tests.helpers.jobs import wait_for_job
from tests.webapp.browser.conftest import ARTIFACTS, DESKTOP, fits_width, log_in, screenshots
from tests.webapp.conftest import DEMONSTRATION_TASKS, session_document
from webapp.runs.models import Job, JobState

pytestmark = pytest.mark.django_db(transaction=True)

PHONE_390 = {"width": 390, "height": 844}


@pytest.fixture
def project(tmp_path, monkeypatch):
    """The working directory of the web server and the worker (no tiny model in it yet), and their
    var folder (exports, demonstrations), both under this test's tmp_path."""
    folder = tmp_path / "project"
    folder.mkdir()
    monkeypatch.setenv("STEPWISE_VAR_DIR", str(tmp_path / "var"))  # read by daphne and the worker
    return folder


@pytest.fixture
def asgi_cwd(project):
    return project


@pytest.fixture
def sessions(make_user):
    """A researcher and the verified sessions they played by hand (two train tasks, one validation)."""
    from webapp.trajectories.services import save_trajectory

    researcher = make_user("res", role="researcher")
    for n, (task, split) in enumerate(DEMONSTRATION_TASKS):
        save_trajectory(document=session_document(f"session-{n}", task=task, split=split))
    return researcher


def launched(page, job_kind: str, timeout_s: float) -> Job:
    """After a launch form's submit: the job page it lands on, followed until the worker ends the job,
    showing 'succeeded' once it has reloaded itself."""
    page.wait_for_url("**/jobs/*/")
    job_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    job = wait_for_job(Job.objects.get(pk=job_id), timeout_s=timeout_s)
    assert (job.kind, job.state) == (job_kind, JobState.SUCCEEDED), job.error
    # The page reloads itself when it sees the job end (its result and run folder): rendered since then,
    # it shows the result open.
    page.wait_for_selector("details#result[open]", timeout=30_000)
    page.wait_for_load_state()
    assert page.inner_text("#job > .pagehead [data-field=state]") == "succeeded"
    return job


def submit(page) -> None:
    page.click("form.launchform button[type=submit]")


@pytest.mark.slow
def test_a_researcher_builds_the_tiny_model_exports_trains_sft_and_grpo_and_compares_the_runs(
        project, sessions, start_worker, asgi_server, chromium):
    start_worker(cwd=project)
    context = chromium.new_context(viewport=DESKTOP, base_url=asgi_server)
    try:
        journey(context, project)
    finally:
        context.close()
        # The test's own reads (the jobs' states) ran on a connection of Playwright's loop context, which
        # Django never closes: closed here, or the test database could not be dropped.
        connections.close_all()


def journey(context, project) -> None:
    page = context.new_page()
    page.set_default_timeout(30_000)
    errors: list[str] = []
    failed: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 500 else None)
    log_in(page, "res")

    # 1. The tiny model: the launch page says it is missing and offers the button that builds it.
    page.goto("/jobs/new/")
    assert "The tiny model is not built" in page.inner_text("#tiny-model")
    page.click("#tiny-model button[type=submit]")
    launched(page, "tiny_model", timeout_s=240)
    assert (project / "models" / "tiny-qwen2" / "config.json").is_file()

    # 2. The SFT export, from the live sessions stored here (no folder to give).
    page.goto("/jobs/new/")
    assert page.locator("#tiny-model").count() == 0  # built: no notice any more
    page.click(".kindcard:has-text('SFT export')")
    assert "3 stored now" in page.inner_text(".field:has(#id_demonstrations)")
    page.check("#id_demonstrations")
    submit(page)
    export = launched(page, "export_sft", timeout_s=240)
    assert export.result["rows"] == {"train": 2, "validation": 1}

    # 3. SFT on it: the export's folder is listed on the SFT form; the tiny-cpu config, three steps.
    page.goto("/jobs/new/sft/")
    assert "is built in" in page.inner_text("#tiny-model")
    dataset = page.inner_text(".folders li code")
    assert dataset == export.result["out"]
    page.fill("#id_name", "sft on sessions")
    assert page.input_value("#id_config") == "tiny-cpu"
    page.fill("#id_dataset", dataset)
    page.fill("#id_overrides", "sft.max_steps=3")
    submit(page)
    sft = launched(page, "sft", timeout_s=420)
    page.wait_for_function("() => document.querySelectorAll('#charts .uplot').length >= 1")
    merged = json.loads(page.inner_text("pre[data-field=result]"))["merged"]
    assert merged
    screenshots(page, "sft-job-finished", phone=PHONE_390)

    # 4. GRPO from the SFT run's merged model, two steps, with a KL term so the KL curve is there too.
    page.goto("/jobs/new/")
    page.click(".kindcard:has-text('GRPO training')")
    page.fill("#id_name", "grpo after sft")
    page.fill("#id_overrides", f"grpo.model.path={merged}\ngrpo.max_steps=2\ngrpo.beta=0.04")
    submit(page)
    # While it trains: the comparison with the SFT run follows it, its curves drawn as it logs them.
    page.wait_for_url("**/jobs/*/")
    grpo_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    page.goto(f"/jobs/compare/?job={grpo_id}&job={sft.pk}")
    page.evaluate("window.stillTheSamePage = true")
    shown = page.inner_text(f'#run-legend [data-run="{grpo_id}"] [data-field=state]')
    grpo = wait_for_job(Job.objects.get(pk=grpo_id), timeout_s=540)
    assert grpo.state == JobState.SUCCEEDED, grpo.error
    if shown in ("queued", "running"):  # opened before it ended (nearly always): followed live
        page.wait_for_function(f"""() => document.querySelector('#run-legend [data-run="{grpo_id}"] [data-field=state]')
            .textContent === 'succeeded'""")
        page.wait_for_function("() => 'reward' in document.getElementById('charts').stepwiseCharts.charts")
        assert page.evaluate("window.stillTheSamePage") is True
    page.goto(f"/jobs/{grpo_id}/")
    assert page.inner_text("#job > .pagehead [data-field=state]") == "succeeded"

    # 5. The comparison: from the GRPO job's page, then the SFT run ticked in the picker.
    page.click("text=compare with other runs")
    page.wait_for_url(f"**/jobs/compare/?job={grpo.pk}")
    assert page.locator("#run-legend li").count() == 1
    page.check(f"#pick-{sft.pk}")
    page.click("#run-picker button[type=submit]")
    page.wait_for_url("**/jobs/compare/?job=*")
    legend = page.locator("#run-legend li")
    assert legend.count() == 2
    texts = legend.all_inner_texts()
    assert f"#{grpo.pk} grpo after sft" in texts[0] and "GRPO training" in texts[0]
    assert f"#{sft.pk} sft on sessions" in texts[1] and "SFT training" in texts[1] and "sft.max_steps=3" in texts[1]
    swatches = page.eval_on_selector_all("#run-legend .swatch", "els => els.map(e => e.style.background)")
    assert len(set(swatches)) == 2 and all(swatches)  # one colour per run
    page.wait_for_function("() => document.querySelectorAll('#charts .uplot').length >= 3")
    drawn = page.evaluate("""() => { const charts = document.getElementById('charts').stepwiseCharts.charts;
        return Object.fromEntries(Object.entries(charts).map(([t, c]) => [t, c.names])); }""")
    both = [f"#{grpo.pk} grpo after sft", f"#{sft.pk} sft on sessions"]
    assert sorted(drawn["loss (train)"]) == sorted(both)  # both runs on one chart
    assert drawn["loss (validation)"] == [both[1]]
    assert drawn["reward"] == [both[0]] and drawn["KL"] == [both[0]]
    assert any(title.startswith("reward: ") for title in drawn)  # the reward components
    assert page.locator("#no-curves").is_hidden()
    # A flat curve (a KL of 0) is drawn around its value, not on uPlot's 0..100; a y axis fits its labels.
    assert page.evaluate("StepwiseCharts.flatRange(null, 0, 0)") == [-1, 1]
    assert page.evaluate("StepwiseCharts.flatRange(null, 0.5, 0.5)") == [0.45, 0.55]
    kl = page.evaluate("document.getElementById('charts').stepwiseCharts.charts['KL'].plot.scales.y")
    assert kl["max"] - kl["min"] < 10
    page.evaluate("window.scrollTo(0, 0)")
    screenshots(page, "compare-runs", phone=PHONE_390)
    page.screenshot(path=str(ARTIFACTS / "compare-runs-full.png"), full_page=True)
    page.set_viewport_size(PHONE_390)
    page.wait_for_timeout(300)
    assert fits_width(page)
    page.screenshot(path=str(ARTIFACTS / "compare-runs-390-full.png"), full_page=True)
    page.set_viewport_size(DESKTOP)

    page.goto("/jobs/")
    page.click("text=Compare training runs")
    page.wait_for_url("**/jobs/compare/")
    assert page.locator("#run-picker input[name=job]").count() == 2
    screenshots(page, "compare-runs-picker", phone=PHONE_390)

    assert failed == [] and errors == []
    assert sorted(Job.objects.values_list("kind", "state")) == sorted(
        [("tiny_model", "succeeded"), ("export_sft", "succeeded"), ("sft", "succeeded"), ("grpo", "succeeded")])
