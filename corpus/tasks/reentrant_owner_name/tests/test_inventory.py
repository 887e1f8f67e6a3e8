import threading

from inventory import Inventory
from workers import WorkerPool


def test_a_second_worker_waits_while_the_first_holds_the_lock():
    inventory = Inventory({"red": 10})
    pool = WorkerPool()
    holding, finish = threading.Event(), threading.Event()
    outcome = {}

    def long_audit():
        with inventory.lock:
            holding.set()
            finish.wait(2)

    def quick_take():
        outcome["acquired"] = inventory.lock.acquire(timeout=0.2)

    pool.submit(long_audit)
    assert holding.wait(2)
    pool.submit(quick_take).join(2)
    finish.set()
    assert pool.join()
    assert outcome == {"acquired": False}


def test_compound_operation_re_enters_the_lock():
    inventory = Inventory({"red": 5, "blue": 0})
    inventory.swap("blue", "red", 2)
    assert inventory.stock == {"red": 3, "blue": 2}
    assert inventory.lock.holder() is None


def test_jobs_on_the_pool_update_stock():
    inventory = Inventory({"red": 10})
    pool = WorkerPool()
    for _ in range(4):
        pool.submit(inventory.take, "red", 2)
    assert pool.join()
    assert inventory.stock == {"red": 2}
    assert pool.errors == []
