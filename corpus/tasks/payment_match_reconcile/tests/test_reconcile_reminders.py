from bank_feed import read_transfers
from dunning import letters, reminders, stage_for
from invoices import open_invoices
from reconcile import reconcile

INVOICES = [("INV-1", "acme", "120.00"), ("INV-2", "blue", "0.30"), ("INV-3", "cray", "59.90")]
OVERDUE = {"INV-1": 10, "INV-2": 30, "INV-3": 50}


def test_stages_by_age():
    assert [stage_for(d) for d in (0, 7, 20, 21, 45, 90)] == [
        None, "friendly reminder", "friendly reminder", "second notice", "final notice", "final notice"]


def test_nobody_who_paid_gets_a_reminder():
    invoices = open_invoices(INVOICES)
    reconcile(invoices, read_transfers("t1,acme,120.00\nt2,blue,0.10\nt3,blue,0.20\n"))
    assert [(r.invoice, r.stage) for r in reminders(invoices, OVERDUE)] == [("INV-3", "final notice")]


def test_letters():
    invoices = open_invoices(INVOICES)
    text = letters(reminders(invoices, {"INV-1": 8}))
    assert text == ["Dear acme, friendly reminder for invoice INV-1."]
