import pytest
from clock import ManualClock
from jobs import BuildQueue, Step
from report import line, slowest_step
from runner import Runner


def ci():
    clock = ManualClock()
    queue = BuildQueue(clock)
    return queue, Runner(queue, clock), clock


def test_jobs_are_checked_when_submitted():
    queue, _, _ = ci()
    with pytest.raises(ValueError, match="at least one step"):
        queue.submit([])
    with pytest.raises(ValueError, match="timeout must be positive"):
        queue.submit([Step("build", 10)], timeout_s=0)
    assert len(queue) == 0


def test_a_job_runs_its_steps_in_order():
    queue, runner, clock = ci()
    queue.submit([Step("build", 120), Step("test", 200)])
    job = runner.run_next()
    assert (job.state, job.log, clock.now()) == ("passed", [("build", "ok", 120), ("test", "ok", 200)], 320)
    assert line(job) == "#1 passed in 320s (queued 0s): build ok, test ok"
    assert runner.run_next() is None


def test_a_step_over_its_own_limit_fails_the_job():
    queue, runner, clock = ci()
    queue.submit([Step("build", 60), Step("deploy", 300, limit_s=90), Step("smoke", 10)])
    job = runner.run_next()
    assert job.state == "failed"
    assert line(job) == "#1 failed in 150s (queued 0s): build ok, deploy exceeded its 90s step limit"


def test_jobs_run_in_the_order_they_were_submitted():
    queue, runner, clock = ci()
    for name in ("docs", "api", "web"):
        queue.submit([Step(name, 10)])
    assert len(queue) == 3
    finished = runner.drain()
    assert [(job.job_id, job.log[0][0], job.started_at) for job in finished] == [
        ("#1", "docs", 0), ("#2", "api", 10), ("#3", "web", 20)]
    assert len(queue) == 0


def test_the_slowest_step_is_found_across_jobs():
    queue, runner, _ = ci()
    queue.submit([Step("build", 50), Step("test", 70)])
    queue.submit([Step("lint", 5), Step("build", 65)])
    assert slowest_step(runner.drain()) == ("#1", "test", 70)


def test_a_job_submitted_later_waits_only_for_the_runner():
    queue, runner, clock = ci()
    queue.submit([Step("package", 90)])
    clock.advance(30)
    second = queue.submit([Step("package", 90)])
    runner.drain()
    assert line(second) == "#2 passed in 90s (queued 90s): package ok"


def test_time_spent_queued_does_not_count_against_the_timeout():
    queue, runner, clock = ci()
    queue.submit([Step("integration", 500)], timeout_s=600)
    queue.submit([Step("build", 100), Step("test", 200)], timeout_s=600)
    first, second = runner.drain()
    assert line(first) == "#1 passed in 500s (queued 0s): integration ok"
    assert line(second) == "#2 passed in 300s (queued 500s): build ok, test ok"
    assert clock.now() == 800
