"""Launching, following, cancelling and retrying jobs through the pages, and reading an eval's report
and a comparison in the browser. The eval launched from the form runs on a real Celery worker."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from tests.helpers.eval_reports import eval_report
from tests.helpers.jobs import script, wait_for_job
from tests.helpers.tasks import RESET_COUNTER_FIX, RESET_COUNTER_TESTS
from webapp.runs.models import EvalRun, Job, JobState


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.django_db
def test_the_job_pages_need_a_login_and_show_nobody_elses_jobs(make_user, catalog_task):
    assert Client().get(reverse("job_list")).status_code == 302
    assert Client().get(reverse("launch", args=["eval"])).status_code == 302
    ann, bob = logged_in(make_user("ann")), logged_in(make_user("bob"))
    ann.post(reverse("launch", args=["episode"]), {"task": "counter_reset", "arm": "dbg",
                                                   "script": script(RESET_COUNTER_TESTS), "max_turns": 5,
                                                   "sandbox": "bwrap"})
    job = Job.objects.get()

    assert bob.get(reverse("job_detail", args=[job.pk])).status_code == 404
    assert bob.post(reverse("job_cancel", args=[job.pk])).status_code == 404
    assert f"#{job.pk}" not in bob.get(reverse("job_list")).content.decode()


@pytest.mark.django_db
def test_bad_launch_input_is_answered_on_the_form_and_nothing_is_queued(make_user, catalog_task):
    client = logged_in(make_user("ann"))

    page = client.post(reverse("launch", args=["eval"]), {"policy": "", "script": "", "arms": ["dbg"], "split": "",
                                                          "tasks": "counter_rest", "runs": 0, "max_turns": 5,
                                                          "sandbox": "bwrap", "workers": 1})

    assert page.status_code == 400
    text = page.content.decode()
    assert "Nothing was launched" in text
    assert "pick a model endpoint, give a policy spec or paste a script below" in text
    assert "counter_rest (did you mean counter_reset?)" in text
    assert "Ensure this value is greater than or equal to 1." in text
    assert not Job.objects.exists()

    page = client.post(reverse("launch", args=["rollouts"]), {"teachers": "openai:", "split": "heldout",
                                                              "best_of": 2, "arm": "dbg", "max_turns": 5,
                                                              "sandbox": "bwrap", "workers": 1})
    text = page.content.decode()
    assert page.status_code == 400 and "heldout is not one of the available choices" in text
    assert "openai:" in text and not Job.objects.exists()
    assert client.get(reverse("launch", args=["rollout_task"])).status_code == 404  # children are not launched


@pytest.mark.slow
@pytest.mark.django_db
def test_cancel_and_retry_go_through_the_job_page(make_user, catalog_task):
    client = logged_in(make_user("ann"))
    launched = client.post(reverse("launch", args=["episode"]), {
        "task": "counter_reset", "arm": "dbg", "script": script(RESET_COUNTER_TESTS), "max_turns": 5,
        "sandbox": "bwrap"})
    job = Job.objects.get()
    assert launched.url == reverse("job_detail", args=[job.pk])

    page = client.post(reverse("job_cancel", args=[job.pk]), follow=True)

    job.refresh_from_db()
    assert job.state == JobState.CANCELLED
    assert "cancel requested" in page.content.decode()
    again = client.post(reverse("job_cancel", args=[job.pk]), follow=True).content.decode()
    assert "already cancelled; there is nothing to cancel" in again

    page = client.post(reverse("job_retry", args=[job.pk]), follow=True)

    retry = Job.objects.exclude(pk=job.pk).get()
    assert (retry.retry_of_id, retry.params, retry.state) == (job.pk, job.params, JobState.QUEUED)
    assert page.redirect_chain[-1][0] == reverse("job_detail", args=[retry.pk])
    assert f"a retry of <a href=\"{reverse('job_detail', args=[job.pk])}\">#{job.pk}</a>" in page.content.decode()


@pytest.mark.slow
def test_an_eval_launched_from_the_form_runs_and_its_report_opens(celery_worker, catalog_task, make_user):
    client = logged_in(make_user("ann"))

    launched = client.post(reverse("launch", args=["eval"]), {
        "name": "scripted fix", "script": script(RESET_COUNTER_FIX, RESET_COUNTER_TESTS),
        "arms": ["base", "dbg"], "tasks": "counter_reset", "runs": 1, "max_turns": 6, "sandbox": "bwrap", "workers": 2})
    job = wait_for_job(Job.objects.get(parent=None), timeout_s=300)

    assert launched.status_code == 302 and job.state == JobState.SUCCEEDED, job.error
    page = client.get(reverse("job_detail", args=[job.pk])).content.decode()
    eval_run = EvalRun.objects.get(job=job)
    assert f'data-report-url="{reverse("job_report", args=[job.pk])}"' in page
    assert '"series": "solve_rate"' in page  # the chart's points, as the socket sends them
    assert page.count('class="is-succeeded"') == 3  # the eval and its two episodes
    report = client.get(reverse("eval_report", args=[eval_run.pk]), HTTP_HX_REQUEST="true").content.decode()
    assert "<table>" in report and "pass@1 (mean over runs)" in report and "<h2>Per task</h2>" in report
    assert client.get(reverse("eval_plot", args=[eval_run.pk, "solve_rate"]))["Content-Type"] == "image/png"

    other = EvalRun.objects.create(name="<b>another</b> run", report={**eval_run.report, "model": "<b>other</b>"})
    compare = client.get(reverse("eval_compare") + f"?run={eval_run.pk}&run={other.pk}").content.decode()
    assert "Δ pass@1 (dbg - base)" in compare and "&lt;b&gt;other&lt;/b&gt;" in compare and "<b>" not in compare
    assert client.get(reverse("compare_plot", args=["lift"]) + f"?run={eval_run.pk}&run={other.pk}").status_code == 200
    alone = client.get(reverse("eval_compare") + f"?run={eval_run.pk}", follow=True).content.decode()
    assert "tick two or more eval runs with a report" in alone
    assert json.loads(json.dumps(job.result))["pass_at_1"] == {"base": 1.0, "dbg": 1.0}


@pytest.mark.django_db
def test_eval_compare_makes_the_same_queries_however_many_trajectories_and_draws_one_plot_per_request(
        make_user, settings, tmp_path):
    from tests.webapp.conftest import trajectory_document
    from webapp.trajectories.services import save_trajectory

    settings.VAR_DIR = tmp_path
    client = logged_in(make_user("ann"))
    runs = [EvalRun.objects.create(name=f"run {m}", report=eval_report(m, solved)) for m, solved in
            (("a", {"t1"}), ("b", {"t1", "t2"}))]
    url = reverse("eval_compare") + f"?run={runs[0].pk}&run={runs[1].pk}"

    def queries(trajectories: int) -> int:
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        for i in range(trajectories):
            save_trajectory(document=trajectory_document(f"cmp-{trajectories}-{i}"))
        with CaptureQueriesContext(connection) as captured:
            assert client.get(url).status_code == 200
        return len(captured)

    assert queries(3) == queries(30)
    plot = client.get(reverse("compare_plot", args=["lift"]) + f"?run={runs[0].pk}&run={runs[1].pk}")
    assert plot.status_code == 200 and plot["Content-Type"] == "image/png"
    drawn = sorted(p.name for p in (tmp_path / "compare").rglob("*") if p.is_file())
    assert drawn == ["lift.png"]  # the other six are drawn when their own requests come


def test_the_eta_is_not_optimistic_when_parallel_episodes_end_together():
    from datetime import timedelta

    from django.utils import timezone

    start = timezone.now()
    # two of twenty episodes ended 10 s in, a millisecond apart: the smoothed rate reads ~1000 a second
    job = Job(kind="eval", state="running", started_at=start, progress_at=start + timedelta(seconds=10),
              progress_done=2, progress_total=20, progress_rate=1000.0)

    assert job.eta_s == pytest.approx(90.0)  # 18 left at 2 per 10 s, not 0.02 s
