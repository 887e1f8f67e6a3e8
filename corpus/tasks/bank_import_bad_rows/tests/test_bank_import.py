from importer import import_file
from reader import parse_line
from ledger import Ledger
from statement import balance_sheet, import_summary, monthly_flows

OPENING = {"current": 250000, "savings": 1000000, "rent": 0, "groceries": 0}

CLEAN = """# export 2025-03
2025-03-01;current;rent;1250.00;RENT-03
2025-03-03;current;groceries;84.2;SHOP-118

2025-03-05;savings;current;500;TOP-UP-1
2025-03-09;current;groceries;61.35;SHOP-131
"""

WITH_MISTAKES = """2025-03-01;current;rent;1250.00;RENT-03
2025-03-03;current;groceries;84,20;SHOP-118
2025-03-05;savings;current;500;TOP-UP-1
2025-02-30;current;groceries;12.00;SHOP-120
2025-03-09;current;groceries;61.35;SHOP-131
2025-03-12;current;current;10.00;SELF
2025-03-15;current;savings;300.00;SAVE-03
"""


def test_clean_file_imports_every_transfer():
    ledger = Ledger(OPENING)
    report = import_file(CLEAN, ledger)
    assert import_summary(report) == "4 transfers imported, 0 already known, 0 rejected"
    assert balance_sheet(ledger) == [
        "current       1,604.45", "groceries       145.55", "rent          1,250.00", "savings       9,500.00"]


def test_importing_the_same_file_twice():
    ledger = Ledger(OPENING)
    import_file(CLEAN, ledger)
    report = import_file(CLEAN, ledger)
    assert (report.imported, report.duplicates) == (0, 4)


def test_bad_last_line_is_reported():
    ledger = Ledger(OPENING)
    report = import_file(CLEAN + "2025-03-20;current;rent\n", ledger)
    assert report.imported == 4
    assert report.rejected == ["line 7: expected 5 fields separated by ';', found 3"]


def test_bad_lines_are_skipped_and_the_rest_imported():
    ledger = Ledger(OPENING)
    report = import_file(WITH_MISTAKES, ledger)
    assert import_summary(report).splitlines() == [
        "4 transfers imported, 0 already known, 3 rejected",
        "  rejected line 2: amount '84,20' is not a positive decimal",
        "  rejected line 4: date '2025-02-30' is not YYYY-MM-DD",
        "  rejected line 6: transfer from current to itself"]


def test_balances_after_a_file_with_mistakes():
    ledger = Ledger(OPENING)
    import_file(WITH_MISTAKES, ledger)
    assert balance_sheet(ledger) == [
        "current       1,388.65", "groceries        61.35", "rent          1,250.00", "savings       9,800.00"]


def test_monthly_flows():
    ledger = Ledger(OPENING)
    import_file(CLEAN, ledger)
    import_file("2025-04-01;current;rent;1250.00;RENT-04\n", ledger)
    flows = monthly_flows(ledger)
    assert flows["2025-03", "current"] == -125000 - 8420 + 50000 - 6135
    assert flows["2025-04", "rent"] == 125000


def test_overdrawn_accounts_are_listed():
    ledger = Ledger({"current": 1000})
    import_file("2025-03-01;current;rent;25.00;R1\n", ledger)
    assert balance_sheet(ledger)[-1] == "overdrawn: current"


def test_amount_formats():
    assert parse_line(1, "2025-03-01;a;b;84.2;X").cents == 8420
    assert parse_line(1, "2025-03-01;a;b;7;X").cents == 700
    assert parse_line(1, " 2025-03-01 ; a ; b ; 0.05 ; X ").reference == "X"


def test_history_keeps_file_order_across_imports():
    ledger = Ledger(OPENING)
    import_file("2025-03-02;current;rent;1.00;A\n2025-03-01;current;rent;2.00;B\n", ledger)
    import_file("2025-03-02;current;rent;1.00;A\n2025-03-03;rent;current;3.00;C\n", ledger)
    assert [(t.reference, t.line) for t in ledger.history] == [("A", 1), ("B", 2), ("C", 2)]
