import pytest
from farm import PrintFarm
from job_queue import JobQueue
from jobs import PrintJob


def job(job_id, level, submitted, minutes):
    return PrintJob.make(job_id, level, submitted, minutes)


def test_queue_orders_by_level_then_arrival():
    queue = JobQueue()
    for j in [job("a", "normal", 5, 10), job("b", "urgent", 9, 10), job("c", "normal", 1, 10), job("d", "low", 0, 10)]:
        queue.push(j)
    assert [queue.pop().job_id for _ in range(4)] == ["b", "c", "a", "d"]


def test_cancelled_job_never_prints():
    farm = PrintFarm(["P1"])
    for j in [job("gear", "normal", 0, 30), job("hinge", "normal", 0, 30), job("clip", "high", 0, 30)]:
        farm.submit(j)
    farm._admit(0)
    farm.queue.cancel("hinge")
    assert [s.job_id for s in farm.run()] == ["clip", "gear"]
    with pytest.raises(KeyError, match="job nope is not waiting"):
        farm.queue.cancel("nope")


def test_two_printers_share_the_queue():
    farm = PrintFarm(["P1", "P2"])
    for j in [job("case", "normal", 0, 45), job("lid", "normal", 0, 20), job("knob", "high", 10, 15)]:
        farm.submit(j)
    farm.run()
    assert farm.schedule() == ["08:00 P1 case (normal)", "08:00 P2 lid (normal)", "08:20 P2 knob (high)"]


def test_no_aging_when_the_farm_keeps_up():
    farm = PrintFarm(["P1"])
    for j in [job("a", "low", 0, 20), job("b", "normal", 0, 20), job("c", "high", 0, 20)]:
        farm.submit(j)
    farm.run()
    assert [s.job_id for s in farm.timeline] == ["c", "b", "a"] and farm.promotions == []


def test_long_waiting_low_job_is_promoted_ahead_of_newer_work():
    farm = PrintFarm(["P1"])
    jobs = [job("bracket", "low", 0, 20), job("vase", "normal", 0, 50), job("tray", "normal", 0, 40),
            job("cover", "normal", 5, 30), job("spool", "normal", 10, 30), job("foot", "normal", 12, 30),
            job("mount", "normal", 15, 30)]
    for j in jobs:
        farm.submit(j)
    farm.run()
    assert farm.promotions == [(90, "bracket")]
    assert farm.schedule()[:4] == ["08:00 P1 tray (normal)", "08:40 P1 vase (normal)",
                                   "09:30 P1 bracket (normal)", "09:50 P1 cover (normal)"]


def test_waiting_times_stay_bounded_for_low_jobs():
    farm = PrintFarm(["P1"], age_after=30)
    jobs = [job("badge", "low", 0, 10)] + [job(f"part{i}", "normal", 0, 25) for i in range(6)]
    for j in jobs:
        farm.submit(j)
    farm.run()
    assert farm.promotions == [(50, "badge")]
    assert farm.waits(jobs) == {"badge": 50, "part0": 0, "part1": 25, "part2": 60, "part3": 85, "part4": 110, "part5": 135}


def test_aged_job_on_a_two_printer_farm():
    farm = PrintFarm(["P1", "P2"], age_after=20)
    for j in [job("a", "normal", 0, 40), job("b", "normal", 0, 40), job("old", "low", 0, 10),
              job("c", "normal", 1, 30), job("hot", "urgent", 41, 5)]:
        farm.submit(j)
    farm.run()
    assert farm.schedule() == ["08:00 P1 a (normal)", "08:00 P2 b (normal)", "08:40 P1 old (normal)",
                               "08:40 P2 c (normal)", "08:50 P1 hot (urgent)"]
    assert farm.busy_minutes() == {"P1": 55, "P2": 70}


def test_bad_input_is_reported():
    with pytest.raises(ValueError, match="unknown level 'asap'"):
        job("x", "asap", 0, 5)
    with pytest.raises(ValueError, match="at least one printer"):
        PrintFarm([])
    queue = JobQueue()
    queue.push(job("x", "low", 0, 5))
    with pytest.raises(ValueError, match="already queued"):
        queue.push(job("x", "high", 0, 5))


def test_a_low_job_ages_once_it_has_waited_exactly_an_hour():
    from aging import age_jobs

    queue = JobQueue()
    for j in [job("old", "low", 30, 10), job("new", "low", 40, 10)]:
        queue.push(j)
    assert age_jobs(queue, now=90) == ["old"]
