import pytest
from jobs import JobSpec
from outcomes import OutcomeScript
from ready_queue import ReadyQueue
from workers import WorkerPool


def test_ready_queue_orders_by_priority_then_arrival():
    queue = ReadyQueue()
    for name, priority in [("a", 0), ("b", 3), ("c", 3), ("d", 1)]:
        queue.push(JobSpec(name, 1, priority=priority))
    assert queue.names() == ["b", "c", "d", "a"]
    assert [queue.pop() for _ in range(4)] == ["b", "c", "d", "a"]
    assert len(queue) == 0


def test_worker_pool_assigns_free_slots_and_frees_them():
    pool = WorkerPool(2)
    assert pool.assign("a", 0, 3) == 0
    assert pool.assign("b", 0, 1) == 1
    assert pool.free() == 0
    assert pool.pop_finished(1) == ["b"]
    assert pool.running() == ["a"]
    assert pool.pop_finished(3) == ["a"]
    assert pool.busy() == 0


def test_full_pool_and_empty_pool_are_errors():
    pool = WorkerPool(1)
    pool.assign("a", 0, 1)
    with pytest.raises(RuntimeError, match="no free worker for b"):
        pool.assign("b", 0, 1)
    with pytest.raises(ValueError, match="at least one slot"):
        WorkerPool(0)


def test_outcome_script_plays_in_order_then_succeeds():
    script = OutcomeScript({"a": ["fail", "fail"]})
    assert [script.next("a") for _ in range(3)] == ["fail", "fail", "ok"]
    assert script.next("b") == "ok"
    with pytest.raises(ValueError, match="use 'ok' or 'fail', got 'crash'"):
        OutcomeScript({"a": ["crash"]})


def test_jobs_finishing_at_the_same_tick_come_back_in_slot_order():
    pool = WorkerPool(3)
    pool.assign("x", 0, 2)
    pool.assign("y", 0, 5)
    pool.assign("z", 1, 1)
    assert pool.pop_finished(2) == ["x", "z"]
    assert pool.free() == 2
