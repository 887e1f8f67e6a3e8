from datetime import date
from decimal import Decimal

import pytest
from account import Account
from importer import StatementError, StatementImporter
from reports import monthly_totals

UK_STATEMENT = """date;description;amount
28/03/2024;Rent;-950.00
02/04/2024;Coffee;-3.50
05/04/2024;Salary;2100.00
17/04/2024;Groceries;-64.20
"""


def test_uk_statement_is_read_day_first():
    importer = StatementImporter(Account("Current", "GB", "gbp"))
    days = [t.day for t in importer.parse(UK_STATEMENT)]
    assert days == [date(2024, 3, 28), date(2024, 4, 2), date(2024, 4, 5), date(2024, 4, 17)]


def test_monthly_report_for_a_german_account():
    text = "date;description;amount\n01.02.2024;Miete;-700,00\n03.02.2024;Gehalt;1800,50\n11.03.2024;Bahn;-49,00\n"
    importer = StatementImporter(Account("Giro", "de", "eur"))
    assert monthly_totals(importer.parse(text)) == {"2024-02": "1100.50", "2024-03": "-49.00"}


def test_us_statement_is_read_month_first():
    text = "date;description;amount\n04/02/2024;Gas;-40.00\n"
    importer = StatementImporter(Account("Checking", "US", "usd"))
    assert importer.parse(text)[0].day == date(2024, 4, 2)


def test_account_settings_are_normalised():
    acct = Account("  Savings ", "gb", "gbp")
    assert (acct.name, acct.currency) == ("Savings", "GBP")
    with pytest.raises(ValueError, match="two-letter code"):
        Account("x", "GBR", "gbp")


def test_bad_lines_are_named():
    importer = StatementImporter(Account("Current", "US", "usd"))
    with pytest.raises(StatementError, match="line 2: cannot read the date 'soon'"):
        importer.parse("date;description;amount\nsoon;Coffee;-1\n")
    with pytest.raises(StatementError, match="line 3: expected"):
        importer.parse("date;description;amount\n01/01/2024;a;1\nbroken\n")
    assert importer.parse("h\n01/02/2024;a;1.5\n")[0].amount == Decimal("1.5")
