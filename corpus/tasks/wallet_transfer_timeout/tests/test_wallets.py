import asyncio

import pytest
from journal import Journal
from ledger import InsufficientFunds, Ledger, UnknownAccount
from payments import Payments, PaymentTimeout, reconcile

OPENING = {"ann": 10_000, "bob": 0, "cho": 2_500}
TOTAL = sum(OPENING.values())


def wallets(slow_accounts=None, timeout_s=1.0):
    ledger = Ledger(Journal(slow_accounts), OPENING)
    return Payments(ledger, timeout_s=timeout_s), ledger


def test_a_payment_moves_money_and_journals_both_legs():
    async def main():
        payments, ledger = wallets()
        reference = await payments.pay("ann", "bob", 1_250)
        return reference, ledger.balances, [(e.account, e.cents) for e in ledger.journal.entries]
    reference, balances, entries = asyncio.run(main())
    assert reference == "tx-1"
    assert balances == {"ann": 8_750, "bob": 1_250, "cho": 2_500}
    assert entries == [("ann", -1_250), ("bob", 1_250)]


def test_payments_are_checked_before_anything_moves():
    async def main():
        payments, ledger = wallets()
        with pytest.raises(InsufficientFunds, match="cho has 2500 cents, needs 3000"):
            await payments.pay("cho", "ann", 3_000)
        with pytest.raises(UnknownAccount):
            await payments.pay("ann", "dan", 100)
        with pytest.raises(ValueError, match="must be positive"):
            await payments.pay("ann", "bob", 0)
        return ledger.journal.entries, reconcile(ledger, TOTAL)
    assert asyncio.run(main()) == ([], [])


def test_concurrent_payments_all_arrive():
    async def main():
        payments, ledger = wallets()
        await asyncio.gather(*(payments.pay("ann", name, 100) for name in ("bob", "cho", "bob")))
        return ledger.balances, len(payments.receipts), reconcile(ledger, TOTAL)
    balances, receipts, problems = asyncio.run(main())
    assert balances == {"ann": 9_700, "bob": 200, "cho": 2_600}
    assert (receipts, problems) == (3, [])


def test_a_payment_that_times_out_half_way_gives_the_money_back():
    async def main():
        payments, ledger = wallets({"bob": asyncio.Event()}, timeout_s=0.02)
        with pytest.raises(PaymentTimeout, match="nothing was moved"):
            await payments.pay("ann", "bob", 500)
        later = await payments.pay("ann", "cho", 100)
        return ledger.balances, reconcile(ledger, TOTAL), later
    balances, problems, later = asyncio.run(main())
    assert problems == []
    assert balances == {"ann": 9_900, "bob": 0, "cho": 2_600}
    assert later == "tx-2"


def test_statements_show_a_running_balance():
    from statements import statement

    async def main():
        payments, ledger = wallets()
        await payments.pay("ann", "cho", 2_000)
        await payments.pay("cho", "bob", 4_000)
        return statement(ledger, "cho", opening=OPENING["cho"])
    assert asyncio.run(main()) == [
        "opening balance            25.00",
        "tx-1            +20.00     45.00",
        "tx-2            -40.00      5.00",
    ]
