import pytest
from credit_notes import CreditError, balance_after, credit
from invoice import build_invoice
from lines import InvoiceLine


def order():
    return build_invoice("B-7", [InvoiceLine("chair", 2, 4000), InvoiceLine("bread", 1, 150, "reduced")])


def test_crediting_a_row_returns_its_net_and_vat():
    inv = order()
    note = credit(inv, ["chair"])
    assert note.rows == [("chair", -8000, -1600)]
    assert balance_after(inv, [note]) == 150 + 11


def test_crediting_everything_leaves_nothing_owed():
    inv = order()
    assert balance_after(inv, [credit(inv, ["chair", "bread"])]) == 0


def test_credit_mistakes_are_explained():
    inv = order()
    with pytest.raises(CreditError, match="has no row 'table'"):
        credit(inv, ["table"])
    with pytest.raises(CreditError, match="already credited"):
        credit(inv, ["chair"], already_credited={"chair"})
