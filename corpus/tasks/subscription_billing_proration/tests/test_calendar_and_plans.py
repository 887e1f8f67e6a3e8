from datetime import date

import pytest
from calendar_util import Period, add_months, period_containing
from plans import UnknownPlan, is_upgrade, plan


def test_add_months_clamps_to_the_end_of_short_months():
    assert add_months(date(2024, 1, 31), 1) == date(2024, 2, 29)
    assert add_months(date(2023, 1, 31), 1) == date(2023, 2, 28)
    assert add_months(date(2024, 11, 30), 3) == date(2025, 2, 28)


def test_anchor_day_is_kept_after_a_short_month():
    assert add_months(date(2024, 2, 29), 1, anchor_day=31) == date(2024, 3, 31)


def test_period_containing_a_day():
    p = period_containing(date(2024, 1, 15), date(2024, 3, 2))
    assert (p.start, p.end, p.days) == (date(2024, 2, 15), date(2024, 3, 15), 29)
    assert p.label() == "2024-02-15..2024-03-14"


def test_period_starting_on_the_anchor_day():
    p = period_containing(date(2024, 1, 1), date(2024, 4, 1))
    assert p == Period(date(2024, 4, 1), date(2024, 5, 1))
    assert p.contains(date(2024, 4, 30)) and not p.contains(date(2024, 5, 1))


def test_day_before_the_subscription_is_refused():
    with pytest.raises(ValueError, match="before the subscription started"):
        period_containing(date(2024, 5, 1), date(2024, 4, 30))


def test_plan_lookup_and_upgrades():
    assert plan("team").included_units == 50_000
    assert is_upgrade("starter", "team")
    assert not is_upgrade("business", "free")
    with pytest.raises(UnknownPlan, match="known plans: business, free, starter, team"):
        plan("enterprise")


def test_overage_units():
    assert plan("starter").overage_units(9_000) == 0
    assert plan("starter").overage_units(12_500) == 2_500
