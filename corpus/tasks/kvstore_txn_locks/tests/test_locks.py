import threading

import pytest
from locks import LockTable, LockTimeout


def test_readers_share_a_key():
    table = LockTable()
    table.acquire_read("k", 1)
    table.acquire_read("k", 2)
    assert table.held() == {"read": {"k": 2}, "write": {}}


def test_sole_reader_may_upgrade():
    table = LockTable()
    table.acquire_read("k", 1)
    table.acquire_write("k", 1)
    assert table.held()["write"] == {"k": 1}


def test_writer_blocks_other_readers_until_released():
    table = LockTable(timeout_s=0.05)
    table.acquire_write("k", 1)
    with pytest.raises(LockTimeout):
        table.acquire_read("k", 2)
    got = threading.Event()
    reader = threading.Thread(target=lambda: (table.acquire_read("k", 2, timeout=1), got.set()), daemon=True)
    reader.start()
    table.release_all(1)
    reader.join(1)
    assert got.is_set()


def test_two_readers_cannot_upgrade():
    table = LockTable(timeout_s=0.05)
    table.acquire_read("k", 1)
    table.acquire_read("k", 2)
    with pytest.raises(LockTimeout):
        table.acquire_write("k", 1)
