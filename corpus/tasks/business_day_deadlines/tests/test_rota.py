from datetime import date

import pytest
from rota import build_rota, business_days_in_month, shifts_per_engineer
from workdays import Calendar


def test_april_2024_has_21_business_days_after_easter_monday():
    days = business_days_in_month(Calendar(), 2024, 4)
    assert len(days) == 21
    assert days[0] == date(2024, 4, 2)


def test_round_robin_shifts():
    rota = build_rota(Calendar(), 2024, 4, ["ana", "ben", "chen"], start_with=1)
    assert rota[date(2024, 4, 2)] == "ben"
    assert shifts_per_engineer(rota) == {"ben": 7, "chen": 7, "ana": 7}
    with pytest.raises(ValueError, match="at least one engineer"):
        build_rota(Calendar(), 2024, 4, [])
