import pytest
from bank_feed import FeedError, read_transfers
from invoices import open_invoices
from reconcile import reconcile

INVOICES = [("INV-1", "acme", "120.00"), ("INV-2", "blue", "0.30"), ("INV-3", "cray", "59.90")]


def test_an_invoice_paid_in_instalments_is_settled():
    invoices = open_invoices(INVOICES)
    transfers = read_transfers("t1,blue,0.10\nt2,blue,0.20\n")
    assert reconcile(invoices, transfers) == (["INV-2"], [])
    assert invoices[1].paid


def test_single_transfers_settle_their_invoice():
    invoices = open_invoices(INVOICES)
    transfers = read_transfers("t1,acme,120.00\nt2,cray,59.90\n")
    assert reconcile(invoices, transfers) == (["INV-1", "INV-3"], [])


def test_three_instalments_of_a_larger_invoice():
    invoices = open_invoices(INVOICES)
    transfers = read_transfers("a,cray,19.90\nb,cray,20.00\nc,cray,20.00\n")
    assert reconcile(invoices, transfers) == (["INV-3"], [])


def test_a_short_payment_stays_unmatched():
    invoices = open_invoices(INVOICES)
    settled, unmatched = reconcile(invoices, read_transfers("t1,acme,100.00\n"))
    assert settled == [] and unmatched == ["acme"]
    assert not invoices[0].paid


def test_money_settles_only_the_payers_own_open_invoice():
    invoices = open_invoices([("INV-7", "acme", "50.00"), ("INV-8", "blue", "50.00"), ("INV-9", "blue", "50.00")])
    assert reconcile(invoices, read_transfers("t1,blue,50.00\n")) == (["INV-8"], [])
    assert reconcile(invoices, read_transfers("t2,blue,50.00\n")) == (["INV-9"], [])
    assert reconcile(invoices, read_transfers("t3,blue,50.00\n")) == ([], ["blue"])
    assert not invoices[0].paid


def test_feed_errors_name_the_line():
    with pytest.raises(FeedError, match="line 2: expected 'ref,payer,amount'"):
        read_transfers("t1,acme,1\nt2,acme\n")
    with pytest.raises(FeedError, match="amount 'ten' is not a number"):
        read_transfers("t1,acme,ten\n")
