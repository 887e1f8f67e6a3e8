from report import budget_table, display, precedents, problems, what_if
from sheet import Sheet

HOUSEHOLD = {
    "A1": "2400", "A2": "1350", "A3": "=A1+A2",
    "B1": "980", "B2": "420", "B3": "=SUM(B1:B2)",
    "C1": "=A3-B3", "C2": "=C1/A3*100",
}
LABELS = {"A3": "income", "B3": "spending", "C1": "saved", "C2": "saved %"}


def test_household_budget():
    assert budget_table(Sheet(HOUSEHOLD), LABELS) == [
        "saved                 2,350.00", "saved %                  62.67",
        "income                3,750.00", "spending              1,400.00"]


def test_changing_a_cell_recomputes_dependents():
    sheet = Sheet(HOUSEHOLD)
    assert display(sheet, "C1") == "2,350.00"
    sheet.set("B2", "=B1")
    assert display(sheet, "C1") == "1,790.00"


def test_real_cycle_is_reported_with_its_path():
    sheet = Sheet({"A1": "=B1+1", "B1": "=C1*2", "C1": "=A1", "D1": "7"})
    assert display(sheet, "A1") == "#CYCLE(A1 -> B1 -> C1 -> A1)"
    assert display(sheet, "D1") == "7.00"


def test_iferror_falls_back_and_the_rest_still_adds_up():
    sheet = Sheet({"A1": "0", "B1": "=120/A1", "C1": "=IFERROR(B1, 0) + D1", "D1": "=E1*2", "E1": "15"})
    assert display(sheet, "C1") == "30.00"


def test_iferror_then_the_same_cell_again():
    sheet = Sheet({"A1": "0", "B1": "=50/A1", "C1": "=IFERROR(B1, 1) + IFERROR(B1 * 2, 2)"})
    assert display(sheet, "C1") == "3.00"


def test_cost_per_guest_with_no_guests_yet():
    party = Sheet({"B1": "=IFERROR(B3, 0) + B4", "B2": "0", "B3": "=B5/B2", "B4": "=IFERROR(B3*1.1, B5)",
                   "B5": "640"})
    labels = {"B1": "to collect", "B2": "guests", "B3": "per guest", "B4": "with tip", "B5": "total"}
    assert budget_table(party, labels) == [
        "to collect              640.00", "guests                    0.00", "per guest              #DIV/0!",
        "with tip                640.00", "total                   640.00"]


def test_problems_list_only_real_errors():
    sheet = Sheet({"A1": "=1/0", "A2": "=A2", "A3": "=A1+1", "A4": "abc", "A5": "=IFERROR(A1, 5)"})
    assert problems(sheet) == {"A1": "#DIV/0!", "A2": "#CYCLE(A2 -> A2)", "A3": "#DIV/0!", "A4": "#ERROR"}


def test_trace_and_what_if():
    sheet = Sheet(HOUSEHOLD)
    assert precedents(sheet, "C2") == ["A1", "B1", "C1", "A2", "B2", "A3", "B3"]
    assert what_if(sheet, "A2", "1650", "C2") == ("62.67", "65.43")
    assert display(sheet, "C2") == "62.67"


def test_what_if_with_no_guests():
    party = Sheet({"B1": "=IFERROR(B3, 0) + B4", "B2": "12", "B3": "=B5/B2", "B4": "=IFERROR(B3*1.1, B5)",
                   "B5": "640"})
    assert what_if(party, "B2", "0", "B1") == ("112.00", "640.00")
