import threading
from decimal import Decimal

import pytest

from rwlock import ReadWriteLock
from sources import TariffSource
from tariffs import TariffTable, UnknownDestination

V1 = {"44": "0.020", "4420": "0.015", "33": "0.025"}
V2 = {"44": "0.020", "4420": "0.015", "33": "0.025", "353": "0.030"}


def test_longest_prefix_wins():
    table = TariffTable(TariffSource([V1]))
    assert table.rate("+44 20 7946 0000") == ("4420", Decimal("0.015"))
    assert table.rate("+44 161 496 0000") == ("44", Decimal("0.020"))


def test_cost_rounds_up_to_whole_minutes():
    table = TariffTable(TariffSource([V1]))
    assert table.cost("+33 1 23 45 67 89", 61) == Decimal("0.050")
    assert table.cost("+33 1 23 45 67 89", 60) == Decimal("0.025")


def test_garbage_numbers_are_refused():
    table = TariffTable(TariffSource([V1]))
    with pytest.raises(ValueError, match="not a dialable number"):
        table.rate("+44 ask-for-bob")


def test_new_destination_is_picked_up_from_the_next_sheet():
    source = TariffSource([V1, V2])
    table = TariffTable(source)
    source.publish_next()
    assert table.rate("+353 1 555 0100") == ("353", Decimal("0.030"))
    assert table.version == 2
    assert source.fetches == 2


def test_unknown_destination_after_reload():
    source = TariffSource([V1])
    table = TariffTable(source)
    with pytest.raises(UnknownDestination, match=r"\+81 3 1234 5678 \(sheet version 1\)"):
        table.rate("+81 3 1234 5678")
    assert source.fetches == 2


def test_writer_waits_for_readers_to_leave():
    lock, order = ReadWriteLock(), []
    lock.acquire_read()
    writer = threading.Thread(target=lambda: (lock.acquire_write(), order.append("write"), lock.release_write()))
    writer.start()
    order.append("read-done")
    lock.release_read()
    writer.join()
    assert order == ["read-done", "write"]
    assert lock.read_held() == 0
