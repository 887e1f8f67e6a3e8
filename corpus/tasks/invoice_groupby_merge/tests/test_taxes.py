from decimal import Decimal

import pytest
from invoices import Invoice
from sources import Line
from statement import statement
from tax import UnknownCountry, with_vat


def test_vat_is_rounded_half_up():
    assert with_vat("globex", Decimal("10.025")) == {"net": Decimal("10.025"), "vat": Decimal("2.01"),
                                                     "gross": Decimal("12.035")}


def test_swiss_rate():
    assert with_vat("initech", Decimal("100.00"))["vat"] == Decimal("8.10")


def test_unknown_customer_country():
    with pytest.raises(UnknownCountry):
        with_vat("hooli", Decimal("1"))


def test_statement_layout():
    invoice = Invoice("globex", (Line(20, "globex", Decimal("80.00"), "order"),
                                 Line(40, "globex", Decimal("-5.00"), "credit")), Decimal("75.00"))
    text = statement(invoice).splitlines()
    assert text[0] == "Invoice for globex"
    assert text[2].split() == ["t+40", "Credit", "-5.00"]
    assert text[-1].split() == ["total", "90.00"]
