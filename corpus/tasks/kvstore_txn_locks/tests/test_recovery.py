import pytest
from db import Database
from wal import CorruptLog, LogRecord, WriteAheadLog


def test_recover_from_checkpoint_and_log():
    db = Database()
    with db.transaction() as txn:
        txn.write("a", 1)
        txn.write("b", 2)
    checkpoint = db.checkpoint()
    with db.transaction() as txn:
        txn.write("a", 10)
        txn.delete("b")
    restored = Database.recover(checkpoint, db.wal.lines())
    assert restored.store.checkpoint() == ({"a": 10}, 2)
    assert len(db.wal) == 1


def test_aborted_transactions_leave_no_trace():
    db = Database()
    txn = db.begin()
    txn.write("a", 1)
    txn.abort()
    assert len(db.wal) == 0
    assert db.store.get("a") is None
    assert db.locks.held() == {"read": {}, "write": {}}


def test_versions_must_increase():
    wal = WriteAheadLog()
    wal.append(LogRecord(3, 1, {"a": 1}))
    with pytest.raises(CorruptLog):
        wal.append(LogRecord(2, 2, {"a": 2}))


def test_corrupt_line_is_named():
    with pytest.raises(CorruptLog, match="log line 2"):
        list(WriteAheadLog(['{"v": 1, "t": 1, "w": {}}', "{oops"]).records())
