import threading

import pytest

from bins import OutOfStock, Warehouse
from journal import Journal
from moves import MoveService
from stocktake import Stocktake
from tracked_lock import LockMonitor


def build(monitor=None):
    warehouse = Warehouse(["A1", "B2", "C3"], monitor)
    journal = Journal(monitor)
    warehouse.receive("A1", "bolt", 40)
    warehouse.receive("B2", "nut", 25)
    warehouse.receive("C3", "bolt", 5)
    return warehouse, journal, MoveService(warehouse, journal), Stocktake(warehouse, journal)


def test_transfer_moves_stock_and_journals_it():
    warehouse, journal, moves, _ = build()
    entry = moves.transfer("A1", "B2", "bolt", 15)
    assert warehouse.bin("A1").stock == {"bolt": 25}
    assert warehouse.bin("B2").stock == {"nut": 25, "bolt": 15}
    assert entry == {"seq": 1, "kind": "move", "sku": "bolt", "qty": 15, "from": "A1", "to": "B2"}


def test_transfer_refuses_more_than_the_bin_holds():
    warehouse, journal, moves, _ = build()
    with pytest.raises(OutOfStock):
        moves.transfer("C3", "A1", "bolt", 6)
    assert moves.try_transfer("C3", "A1", "bolt", 6) is None
    assert journal.entries == []
    assert warehouse.on_hand("bolt") == 45


def test_count_reports_bins_and_movements():
    warehouse, journal, moves, stocktake = build()
    moves.transfer("A1", "C3", "bolt", 10)
    moves.transfer("B2", "A1", "nut", 5)
    record = stocktake.count(["A1", "C3"])
    assert record == {"bins": {"A1": {"bolt": 30, "nut": 5}, "C3": {"bolt": 15}}, "movements": 2}
    assert journal.unposted() == []
    assert stocktake.variance(record, {"bolt": 45, "nut": 4}) == {"nut": 1}


def test_count_while_a_transfer_is_in_flight():
    monitor = LockMonitor()
    warehouse, journal, moves, stocktake = build(monitor)
    mover_holds_bins = threading.Event()
    counter_moved_on = threading.Event()

    def choreography(event, name):
        who = threading.current_thread().name
        if who == "mover" and event == "acquired" and name == "bin:B2":
            mover_holds_bins.set()
            counter_moved_on.wait()
        elif who == "counter" and (event == "contended" or name == "journal"):
            counter_moved_on.set()

    monitor.subscribe(choreography)
    results = {}
    mover = threading.Thread(name="mover", target=lambda: results.setdefault(
        "move", moves.transfer("A1", "B2", "bolt", 12)))
    counter = threading.Thread(name="counter", target=lambda: results.setdefault(
        "count", stocktake.count(["A1", "B2"])))
    mover.start()
    mover_holds_bins.wait()
    counter.start()
    mover.join()
    counter.join()
    assert results["move"]["qty"] == 12
    assert stocktake.totals(results["count"]) == {"bolt": 40, "nut": 25}
    assert monitor.contended["bin:A1"] + monitor.contended["journal"] >= 1
