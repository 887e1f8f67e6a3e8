from datetime import date, datetime, timedelta
from decimal import Decimal

import pytest
from occupancy import CapacityError, check_capacity, occupancy_by_hour, takings_by_hour, total_takings
from sessions import Session

DAY = date(2024, 3, 11)


def visit(hour, minute, minutes):
    entry = datetime(2024, 3, 11, hour, minute)
    return entry, entry + timedelta(minutes=minutes)


def test_cars_present_per_hour():
    visits = [visit(8, 45, 30), visit(9, 0, 120), visit(10, 59, 2)]
    counts = occupancy_by_hour(visits, DAY)
    assert (counts[8], counts[9], counts[10], counts[11]) == (1, 2, 2, 1)
    check_capacity(visits, DAY, spaces=2)
    with pytest.raises(CapacityError, match="hours \\[9, 10\\]"):
        check_capacity(visits, DAY, spaces=1)


def test_takings():
    one, two = Session("A", datetime(2024, 3, 11, 9)), Session("B", datetime(2024, 3, 11, 9))
    one.payments.append((datetime(2024, 3, 11, 11, 5), Decimal("5.00")))
    two.payments.append((datetime(2024, 3, 11, 11, 40), Decimal("30.00")))
    assert takings_by_hour([one, two]) == {11: Decimal("35.00")}
    assert total_takings([one, two]) == Decimal("35.00")
