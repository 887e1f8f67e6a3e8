from datetime import datetime, timedelta
from decimal import Decimal

import pytest
from tariff import TariffError, charge, started_hours

MON = datetime(2024, 3, 11, 9, 0)


def at(**delta):
    return MON + timedelta(**delta)


def test_short_stays_are_free():
    assert charge(MON, at(minutes=12)) == Decimal("0.00")
    assert charge(MON, at(minutes=30)) == Decimal("0.00")


def test_every_started_hour_counts():
    assert started_hours(timedelta(minutes=61)) == 2
    assert charge(MON, at(minutes=31)) == Decimal("2.50")
    assert charge(MON, at(hours=1, minutes=10)) == Decimal("5.00")
    assert charge(MON, at(hours=3)) == Decimal("7.50")


def test_daily_cap_for_each_24_hours():
    assert charge(MON, at(hours=10)) == Decimal("18.00")
    assert charge(MON, at(days=1)) == Decimal("18.00")
    assert charge(MON, at(days=2, hours=2)) == Decimal("41.00")


def test_night_rate():
    evening = datetime(2024, 3, 11, 19, 30)
    assert charge(evening, datetime(2024, 3, 12, 7, 45)) == Decimal("6.00")
    assert charge(evening, datetime(2024, 3, 11, 20, 15)) == Decimal("2.50")
    assert charge(evening, datetime(2024, 3, 12, 8, 30)) == Decimal("18.00")
    assert charge(evening, datetime(2024, 3, 12, 8, 0)) == Decimal("18.00")
    assert charge(datetime(2024, 3, 11, 18, 0), datetime(2024, 3, 11, 23, 0)) == Decimal("6.00")


def test_exit_before_entry_is_refused():
    with pytest.raises(TariffError, match="is before entry"):
        charge(MON, at(minutes=-5))
