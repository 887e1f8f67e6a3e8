import pytest
from jobs import JobSpec, JobState
from outcomes import OutcomeScript
from report import makespan, timeline, waves
from scheduler import Scheduler, SchedulerStalled


def etl_batch():
    return [
        JobSpec("extract", 2),
        JobSpec("clean_a", 1, after=("extract",)),
        JobSpec("clean_b", 2, after=("extract",)),
        JobSpec("clean_c", 1, after=("extract",)),
        JobSpec("merge", 2, after=("clean_a", "clean_b", "clean_c")),
        JobSpec("report", 1, after=("merge",)),
    ]


def test_fan_out_jobs_start_as_soon_as_a_worker_is_free():
    result = Scheduler(etl_batch(), workers=2).run()
    assert timeline(result) == {
        "extract": (0, 2), "clean_a": (2, 3), "clean_b": (2, 4),
        "clean_c": (3, 4), "merge": (4, 6), "report": (6, 7)}
    assert makespan(result) == 7


def test_jobs_released_together_form_one_wave():
    result = Scheduler(etl_batch(), workers=3).run()
    assert waves(result) == [(2, ["clean_a", "clean_b", "clean_c"]), (4, ["merge"]), (6, ["report"])]


def test_a_chain_runs_one_job_after_another():
    specs = [JobSpec("a", 1), JobSpec("b", 2, after=("a",)), JobSpec("c", 1, after=("b",))]
    result = Scheduler(specs, workers=4).run()
    assert timeline(result) == {"a": (0, 1), "b": (1, 3), "c": (3, 4)}


def test_higher_priority_jobs_go_first_and_ties_keep_definition_order():
    specs = [JobSpec("low", 1), JobSpec("mid1", 1, priority=5), JobSpec("high", 1, priority=9),
             JobSpec("mid2", 1, priority=5)]
    result = Scheduler(specs, workers=1).run()
    assert [name for name in timeline(result)] == ["high", "mid1", "mid2", "low"]


def test_independent_jobs_fill_every_worker():
    specs = [JobSpec(f"j{i}", 3) for i in range(4)]
    result = Scheduler(specs, workers=4).run()
    assert makespan(result) == 3
    assert all(run.state is JobState.DONE for run in result.runs.values())


def test_a_failed_job_is_retried_then_its_dependents_run():
    specs = [JobSpec("fetch", 2, retries=1), JobSpec("parse", 1, after=("fetch",))]
    result = Scheduler(specs, workers=1, outcomes=OutcomeScript({"fetch": ["fail", "ok"]})).run()
    assert result.runs["fetch"].attempts == 2
    assert timeline(result) == {"fetch": (0, 4), "parse": (4, 5)}


def test_a_job_out_of_retries_skips_everything_downstream():
    specs = etl_batch()
    result = Scheduler(specs, workers=2, outcomes=OutcomeScript({"clean_b": ["fail"]})).run()
    assert result.state_of("clean_b") is JobState.FAILED
    assert result.state_of("merge") is JobState.SKIPPED
    assert result.state_of("report") is JobState.SKIPPED
    assert result.state_of("clean_c") is JobState.DONE


def test_runaway_batches_are_stopped():
    specs = [JobSpec("forever", 50)]
    with pytest.raises(SchedulerStalled, match="still running after 10 ticks"):
        Scheduler(specs, workers=1).run(max_ticks=10)
