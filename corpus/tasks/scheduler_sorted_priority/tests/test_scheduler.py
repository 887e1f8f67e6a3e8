from escalation import drain, escalate_overdue
from scheduler import Scheduler


def test_overdue_job_jumps_the_queue():
    scheduler = Scheduler()
    scheduler.submit("flyers", priority=2, due=50.0)
    scheduler.submit("posters", priority=5, due=10.0)
    scheduler.submit("cards", priority=3, due=90.0)
    assert escalate_overdue(scheduler, now=20.0) == ["posters"]
    assert drain(scheduler) == ["posters", "flyers", "cards"]


def test_priority_then_arrival_order():
    scheduler = Scheduler()
    for name, priority in (("a", 3), ("b", 1), ("c", 3), ("d", 2)):
        scheduler.submit(name, priority, due=100.0)
    assert scheduler.waiting() == ["b", "d", "a", "c"]


def test_cancel_removes_only_that_job():
    scheduler = Scheduler()
    first = scheduler.submit("same", 1, 100.0)
    scheduler.submit("same", 1, 100.0)
    scheduler.cancel(first)
    assert len(scheduler) == 1
    assert scheduler.peek() is not first


def test_nothing_overdue():
    scheduler = Scheduler()
    scheduler.submit("flyers", 2, due=500.0)
    assert escalate_overdue(scheduler, now=20.0) == []
    assert scheduler.pop().name == "flyers"
