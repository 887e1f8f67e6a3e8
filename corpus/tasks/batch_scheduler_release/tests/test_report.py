from jobs import JobSpec
from outcomes import OutcomeScript
from report import gantt, states, utilisation, waves
from scheduler import Scheduler


def test_gantt_chart_of_a_small_batch():
    specs = [JobSpec("a", 2), JobSpec("bb", 1, after=("a",)), JobSpec("c", 1)]
    result = Scheduler(specs, workers=2).run()
    assert gantt(result).splitlines() == ["c  |=  |", "a  |== |", "bb |  =|"]


def test_utilisation_counts_retried_attempts():
    specs = [JobSpec("a", 2, retries=1), JobSpec("b", 2)]
    result = Scheduler(specs, workers=2, outcomes=OutcomeScript({"a": ["fail", "ok"]})).run()
    assert utilisation(result, workers=2) == 0.75


def test_state_counts():
    specs = [JobSpec("a", 1), JobSpec("b", 1, after=("a",)), JobSpec("c", 1)]
    result = Scheduler(specs, workers=1, outcomes=OutcomeScript({"a": ["fail"]})).run()
    assert states(result) == {"done": 1, "failed": 1, "skipped": 1}


def test_waves_of_a_chain_release_one_job_at_a_time():
    specs = [JobSpec("a", 1), JobSpec("b", 2, after=("a",)), JobSpec("c", 1, after=("b",))]
    result = Scheduler(specs, workers=2).run()
    assert waves(result) == [(1, ["b"]), (3, ["c"])]
    assert gantt(result).splitlines() == ["a |=   |", "b | == |", "c |   =|"]


def test_a_failed_attempt_still_counts_as_busy_time():
    specs = [JobSpec("a", 1), JobSpec("b", 1, after=("a",))]
    result = Scheduler(specs, workers=1, outcomes=OutcomeScript({"a": ["fail"]})).run()
    assert states(result) == {"failed": 1, "skipped": 1}
    assert utilisation(result, workers=1) == 1.0
