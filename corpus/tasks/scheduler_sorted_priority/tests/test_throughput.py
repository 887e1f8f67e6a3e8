from farm import Farm, Printer
from scheduler import Scheduler


def test_fastest_printer_takes_the_most_urgent_job():
    scheduler = Scheduler()
    scheduler.submit("menus", priority=3, due=100.0)
    scheduler.submit("tickets", priority=1, due=100.0)
    farm = Farm([Printer("slow", 10), Printer("fast", 40)])
    assert farm.tick(scheduler, now=0.0, pages={"tickets": 80, "menus": 20}) == [("tickets", "fast"), ("menus", "slow")]


def test_finished_jobs_free_their_printer():
    scheduler = Scheduler()
    for name in ("a", "b", "c"):
        scheduler.submit(name, priority=2, due=100.0)
    farm = Farm([Printer("only", 10)])
    pages = {"a": 10, "b": 20, "c": 10}
    starts = [farm.tick(scheduler, now=minute, pages=pages) for minute in (0.0, 1.0, 2.0, 3.0)]
    assert starts == [[("a", "only")], [("b", "only")], [], [("c", "only")]]
    assert [name for name, _, _ in farm.done] == ["a", "b"]


def test_empty_queue_starts_nothing():
    assert Farm([Printer("p", 5)]).tick(Scheduler(), now=0.0, pages={}) == []
