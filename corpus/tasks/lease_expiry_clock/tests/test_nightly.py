from clocks import ManualClock
from election import Node
from leases import LeaseTable
from nightly import JobRunner


def runners(clock, *names):
    table = LeaseTable(clock, ttl_s=30)
    return [JobRunner(Node(name, table), clock) for name in names]


def test_only_the_leader_runs_the_jobs():
    clock = ManualClock()
    done = []
    first, second = runners(clock, "a", "b")
    for runner in (first, second):
        runner.register("vacuum", lambda: done.append("vacuum"))
    assert first.tick() == ["vacuum"]
    assert second.tick() == []
    assert done == ["vacuum"]


def test_jobs_run_once_per_day():
    clock = ManualClock()
    (runner,) = runners(clock, "a")
    runner.register("report", lambda: None)
    assert runner.tick() == ["report"]
    clock.advance(10)
    assert runner.tick() == []


def test_wall_clock_day_decides_the_next_run():
    clock = ManualClock()
    (runner,) = runners(clock, "a")
    runner.register("report", lambda: None)
    runner.tick()
    clock.set_wall(clock.time() + 86_400)
    assert runner.tick() == ["report"]
