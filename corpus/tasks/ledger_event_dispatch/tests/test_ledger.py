import pytest
from events import AccountClosed, Deposit, Fee, Refund, Withdrawal
from ledger import InsufficientFunds, Ledger


def test_deposits_and_withdrawals_balance():
    ledger = Ledger().replay([Deposit("alice", 500), Withdrawal("alice", 200), Deposit("bob", 50)])
    assert ledger.balance("alice") == 300
    assert ledger.balance("bob") == 50


def test_overdraft_is_refused():
    with pytest.raises(InsufficientFunds):
        Ledger().replay([Deposit("alice", 100), Withdrawal("alice", 150)])


def test_closing_an_account_is_recorded():
    ledger = Ledger().replay([Deposit("carol", 10), AccountClosed("carol", 0)])
    assert ledger.closed == {"carol"}


def test_refund_returns_money_to_the_customer():
    ledger = Ledger().replay([
        Deposit("alice", 1000),
        Withdrawal("alice", 400),
        Refund("alice", 150, original_ref="ch_991"),
    ])
    assert ledger.balance("alice") == 750
    assert ledger.dispatcher.unhandled == []


def test_monthly_fee_is_charged():
    ledger = Ledger().replay([Deposit("bob", 300), Fee("bob", 25, reason="monthly")])
    assert ledger.statement("bob") == ["deposit 300 on bob", "fee 25 on bob", "balance 275"]
