from datetime import date

import pytest
from catalog import Catalog
from loans import LoanDesk, LoanError
from notices import overdue_notices, render


def branch():
    catalog = Catalog()
    catalog.add_book("978-0", "The Long Winter", daily_fine_cents=25)
    catalog.add_book("978-1", "Field Guide to Mosses")
    catalog.add_book("978-2", "Bread Baking")
    for copy_id, isbn in [("LW-1", "978-0"), ("LW-2", "978-0"), ("FG-1", "978-1"), ("BB-1", "978-2")]:
        catalog.add_copy(copy_id, isbn)
    catalog.add_member("C100", "Ines", "ines@example.org")
    catalog.add_member("C200", "Tom", "tom@example.org")
    return catalog, LoanDesk()


def test_nothing_is_late_before_the_due_date():
    catalog, desk = branch()
    desk.checkout("LW-1", "C100", date(2025, 3, 1))
    assert overdue_notices(desk, catalog, date(2025, 3, 22)) == []


def test_late_copy_gets_a_notice_with_its_fine():
    catalog, desk = branch()
    desk.checkout("LW-1", "C100", date(2025, 3, 1))
    desk.checkout("FG-1", "C100", date(2025, 3, 3))
    [notice] = overdue_notices(desk, catalog, date(2025, 3, 28))
    assert [(item.copy_id, item.days_late, item.fine_cents) for item in notice.items] == [
        ("FG-1", 4, 80), ("LW-1", 6, 150)]
    assert render(notice).splitlines()[-1] == "  Total due: 2.30"


def test_fines_are_capped():
    catalog, desk = branch()
    desk.checkout("BB-1", "C200", date(2025, 1, 1))
    [notice] = overdue_notices(desk, catalog, date(2025, 4, 1))
    assert notice.items[0].fine_cents == 500


def test_renewed_copy_is_not_reported_late():
    catalog, desk = branch()
    desk.checkout("LW-1", "C100", date(2025, 3, 1))
    desk.checkout("BB-1", "C200", date(2025, 3, 1))
    desk.renew("LW-1", date(2025, 3, 20))
    notices = overdue_notices(desk, catalog, date(2025, 3, 25))
    assert [n.card for n in notices] == ["C200"]
    assert render(notices[0]).splitlines()[1] == "  Bread Baking (BB-1): 3 day(s) late, 0.60"


def test_renewal_moves_the_due_date_in_the_calendar():
    catalog, desk = branch()
    desk.checkout("FG-1", "C200", date(2025, 5, 1))
    desk.renew("FG-1", date(2025, 5, 10))
    assert desk.due_on(date(2025, 5, 22)) == []
    assert desk.due_on(date(2025, 6, 12)) == ["FG-1"]


def test_late_renewal_counts_from_today():
    catalog, desk = branch()
    desk.checkout("LW-2", "C100", date(2025, 2, 1))
    loan = desk.renew("LW-2", date(2025, 2, 25))
    assert loan.due == date(2025, 3, 18)
    [notice] = overdue_notices(desk, catalog, date(2025, 3, 20))
    assert [(item.copy_id, item.days_late) for item in notice.items] == [("LW-2", 2)]


def test_renewal_refused_when_someone_waits():
    catalog, desk = branch()
    desk.checkout("LW-1", "C100", date(2025, 3, 1))
    desk.place_hold("LW-1", "C200")
    with pytest.raises(LoanError, match="another member is waiting"):
        desk.renew("LW-1", date(2025, 3, 10))
    assert desk.checkin("LW-1") == "C200"


def test_checked_in_copy_leaves_the_calendar():
    catalog, desk = branch()
    desk.checkout("BB-1", "C100", date(2025, 3, 1))
    desk.renew("BB-1", date(2025, 3, 5))
    desk.checkin("BB-1")
    assert overdue_notices(desk, catalog, date(2025, 6, 1)) == []
