import pytest
from bank import InsufficientFunds, balance, deposit, open_account, safe_transfer, total_deposits, transfer
from db import Database


def bank_with(**accounts):
    db = Database()
    for name, cents in accounts.items():
        open_account(db, name, cents)
    return db


def test_deposit_adds_to_the_balance():
    db = bank_with(alice=1000)
    deposit(db, "alice", 250)
    assert balance(db, "alice") == 1250
    assert db.stats == {"committed": 3, "aborted": 0}


def test_transfer_moves_money():
    db = bank_with(alice=1000, bob=100)
    transfer(db, "alice", "bob", 300)
    assert (balance(db, "alice"), balance(db, "bob")) == (700, 400)
    assert total_deposits(db) == 1100


def test_overdrawn_transfer_changes_nothing():
    db = bank_with(alice=50, bob=0)
    with pytest.raises(InsufficientFunds):
        transfer(db, "alice", "bob", 80)
    assert db.locks.held() == {"read": {}, "write": {}}
    assert db.stats["aborted"] == 1


def test_opening_accounts_and_reading_them():
    db = bank_with(alice=10, bob=20, carol=30)
    assert [balance(db, name) for name in ("alice", "bob", "carol")] == [10, 20, 30]
    assert total_deposits(db) == 60
    with pytest.raises(ValueError):
        open_account(db, "bob", 5)


def test_retrying_transfer_reports_success():
    db = bank_with(alice=500, bob=0)
    assert safe_transfer(db, "alice", "bob", 200)
    assert balance(db, "bob") == 200
