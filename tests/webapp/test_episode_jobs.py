"""Episode and eval jobs run by a real Celery worker on the real Redis and PostgreSQL; a worker
killed mid-episode, a retry, a cancel that leaves no sandbox process behind."""

from pathlib import Path

import pytest

from tests.helpers.jobs import launch, script, wait_for_job
from tests.helpers.processes import processes_with
from tests.helpers.tasks import RESET_COUNTER_FIX, RESET_COUNTER_TESTS
from tests.helpers.waiting import wait_until
from webapp.runs.models import Episode, EvalRun, Job, JobState
from webapp.runs.services import cancel_job, retry_job
from webapp.trajectories.models import Trajectory


@pytest.mark.slow
def test_an_episode_job_plays_to_the_end_and_stores_its_trajectory(celery_worker, catalog_task, make_user):
    job = launch("episode", make_user("ann"), task="counter_reset", arm="dbg", policy="", max_turns=10,
                 sandbox="bwrap", script=script({"name": "start_debugger", "arguments": {"file": "test_counter.py"}},
                                                RESET_COUNTER_FIX, RESET_COUNTER_TESTS))

    job = wait_for_job(job)

    assert job.state == JobState.SUCCEEDED, job.error
    episode = Episode.objects.select_related("trajectory").get(job=job)
    assert (episode.turns, episode.exit_reason, episode.verified) == (4, "done", True)
    document = episode.trajectory.record
    assert [s.tool for s in document.steps] == ["start_debugger", "edit_file", "bash", "done"]
    assert document.result.verified and document.quality["policy"]["version"] == "pdb_policy_v1"
    assert document.extra["task_version"] == 1  # the task version it played (and was verified) against
    assert [e.kind for e in episode.events.order_by("seq")][:2] == ["header", "message"]
    assert job.progress_done == 4 and job.progress_unit == "turns"


@pytest.mark.slow
def test_an_eval_job_fans_out_one_episode_job_each_and_reports_when_the_last_ends(celery_worker, catalog_task,
                                                                                 make_user):
    job = launch("eval", make_user("ann"), name="scripted fix", policy="",
                 script=script(RESET_COUNTER_FIX, RESET_COUNTER_TESTS), arms=["base", "dbg"], split="",
                 tasks="counter_reset", runs=2, max_turns=8, sandbox="bwrap", workers=1)

    job = wait_for_job(job, timeout_s=300)

    assert job.state == JobState.SUCCEEDED, job.error
    children = Job.objects.filter(parent=job).order_by("id")
    assert [(c.kind, c.state) for c in children] == [("episode", "succeeded")] * 4
    eval_run = EvalRun.objects.get(job=job)
    assert eval_run.trajectories.count() == 4 and Trajectory.objects.filter(verified=True).count() == 4
    arms = eval_run.report["overall"]["arms"]
    assert arms["base"]["pass_at_1"] == 1.0 and arms["dbg"]["pass_at_1"] == 1.0
    folder = Path(eval_run.out_dir)
    assert {"eval.json", "report.json", "report.md"} <= {p.name for p in folder.iterdir()}
    assert (folder / "trajectories" / "counter_reset" / "dbg-run2.json").is_file()
    points = [e.data for e in job.events.filter(kind="metric").order_by("seq")]
    assert [p["x"] for p in points] == [1, 2, 3, 4] and points[-1]["values"] == {"base": 1.0, "dbg": 1.0}
    assert (job.progress_done, job.progress_total) == (4, 4)


@pytest.mark.slow
@pytest.mark.docker
def test_a_worker_killed_mid_episode_keeps_the_turns_and_fails_the_job_then_a_retry_succeeds(
        start_worker, catalog_task, make_user):
    import docker

    worker = start_worker(name="doomed")
    calls = [{"name": "bash", "arguments": {"command": "echo one"}}, {"name": "bash", "arguments": {"command": "echo two"}},
             {"name": "bash", "arguments": {"command": "sleep 6.25"}}, RESET_COUNTER_FIX, RESET_COUNTER_TESTS]
    job = launch("episode", make_user("ann"), task="counter_reset", arm="base", policy="", max_turns=10,
                 sandbox="docker", script=script(*calls))
    episode = Episode.objects.get(job=job)
    wait_until(lambda: Episode.objects.get(pk=episode.pk).turns >= 2, "two turns to be stored")
    client = docker.from_env()

    def owned() -> list:
        running = client.containers.list(filters={"label": "stepwise.sandbox"})
        return [c for c in running if c.labels.get("stepwise.owner", "").split(":")[1:2] == [str(worker.proc.pid)]]

    def sleeping_in_its_container(container) -> bool:
        return any("sleep 6.25" in " ".join(row) for row in container.top().get("Processes") or [])

    # The third turn (sleep) is running inside the episode's container, owned by the worker's process.
    wait_until(lambda: [c for c in owned() if sleeping_in_its_container(c)], "the third turn to run in its container")
    mine = owned()
    assert len(mine) == 1

    worker.kill()
    assert Job.objects.get(pk=job.pk).state == JobState.RUNNING  # nobody knows yet
    start_worker(name="doomed")  # the same worker restarted: it fails what it held and stops its sandboxes

    job.refresh_from_db()
    assert job.state == JobState.FAILED
    assert "restarted: it was killed" in job.error and "the turns it finished are kept; retry it" in job.error
    episode.refresh_from_db()
    stored = [e.data["step"]["turn"] for e in episode.events.filter(kind="step").order_by("seq")]
    assert stored == [1, 2]
    assert episode.trajectory.exit_reason == "crash" and episode.trajectory.turns == 2
    with pytest.raises(docker.errors.NotFound):
        client.containers.get(mine[0].id)

    again = wait_for_job(retry_job(job=job), timeout_s=180)

    assert again.state == JobState.SUCCEEDED and again.retry_of_id == job.pk
    assert again.params == job.params and Episode.objects.get(job=again).verified is True


@pytest.mark.slow
def test_cancelling_a_running_episode_stops_its_sandbox_and_every_process_in_it(celery_worker, catalog_task,
                                                                               make_user):
    calls = [{"name": "bash", "arguments": {"command": "echo start"}},
             {"name": "bash", "arguments": {"command": "(sleep 300.25 &); sleep 300.25"}}]
    job = launch("episode", make_user("ann"), task="counter_reset", arm="dbg", policy="", max_turns=10,
                 sandbox="bwrap", script=script(*calls))
    episode = Episode.objects.get(job=job)
    wait_until(lambda: Episode.objects.get(pk=episode.pk).turns >= 1, "the first turn")
    wait_until(lambda: len(processes_with("sleep 300.25")) >= 2, "both sleeps to run in the sandbox")

    cancel_job(job=Job.objects.get(pk=job.pk))
    job = wait_for_job(job, timeout_s=60)

    assert job.state == JobState.CANCELLED
    wait_until(lambda: not processes_with("sleep 300.25"), "the sandbox's processes to be gone", timeout_s=10)
    episode.refresh_from_db()
    assert episode.trajectory.exit_reason == "crash"
    assert "cancelled" in episode.trajectory.record.result.reason
