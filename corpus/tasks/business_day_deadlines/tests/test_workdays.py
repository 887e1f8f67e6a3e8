from datetime import date

from holidays import easter_sunday, holidays_for
from workdays import Calendar, observed_holidays


def test_easter_dates():
    assert [easter_sunday(y) for y in (2024, 2025, 2026)] == [date(2024, 3, 31), date(2025, 4, 20), date(2026, 4, 5)]
    assert holidays_for(2025)["good_friday"] == date(2025, 4, 18)


def test_weekend_holidays_are_observed_on_the_nearest_weekday():
    observed = observed_holidays(2021)
    assert date(2021, 12, 24) in observed      # Christmas on a Saturday
    assert date(2021, 12, 27) in observed      # Boxing Day on a Sunday
    assert date(2022, 12, 26) in observed_holidays(2022)   # Christmas on a Sunday
    assert date(2022, 12, 27) in observed_holidays(2022)   # Boxing Day pushed past it


def test_business_days_skip_weekends_and_holidays():
    cal = Calendar()
    assert cal.is_business_day(date(2024, 4, 2))
    assert not cal.is_business_day(date(2024, 4, 1))   # Easter Monday
    assert not cal.is_business_day(date(2024, 4, 6))   # Saturday
    assert not cal.is_business_day(date(2021, 12, 31))  # New Year 2022 falls on a Saturday


def test_counting_excludes_the_start_and_includes_the_end():
    cal = Calendar()
    assert cal.business_days_between(date(2024, 6, 3), date(2024, 6, 7)) == 4
    assert cal.business_days_between(date(2024, 6, 7), date(2024, 6, 10)) == 1
    assert cal.business_days_between(date(2024, 6, 10), date(2024, 6, 3)) == -5
    assert cal.business_days_between(date(2024, 6, 8), date(2024, 6, 8)) == 0
    assert cal.business_days_between(date(2024, 6, 8), date(2024, 6, 10)) == 1
    assert cal.business_days_between(date(2024, 4, 1), date(2024, 4, 3)) == 2


def test_adding_business_days_in_both_directions():
    cal = Calendar()
    assert cal.add_business_days(date(2024, 3, 27), 2) == date(2024, 4, 2)
    assert cal.add_business_days(date(2024, 4, 2), -2) == date(2024, 3, 27)
    assert cal.add_business_days(date(2024, 6, 8), 0) == date(2024, 6, 8)
