from datetime import datetime

import pytest
from schedule import NeverRuns, next_run, upcoming


def test_daily_job_moves_to_the_next_day_once_its_minute_has_passed():
    assert next_run("30 2 * * *", datetime(2024, 3, 10, 2, 30)) == datetime(2024, 3, 11, 2, 30)
    assert next_run("30 2 * * *", datetime(2024, 3, 10, 2, 29, 59)) == datetime(2024, 3, 10, 2, 30)


def test_business_hours_on_weekdays():
    runs = upcoming("0 9-17/4 * * MON-FRI", datetime(2024, 3, 8, 12, 0), 4)
    assert runs == [datetime(2024, 3, 8, 13, 0), datetime(2024, 3, 8, 17, 0),
                    datetime(2024, 3, 11, 9, 0), datetime(2024, 3, 11, 13, 0)]


def test_day_of_month_or_day_of_week():
    # 2024-09-06 is a Friday; the 13th of September is one too, so take October
    runs = upcoming("0 8 13 * FRI", datetime(2024, 9, 1), 3)
    assert runs == [datetime(2024, 9, 6, 8, 0), datetime(2024, 9, 13, 8, 0), datetime(2024, 9, 20, 8, 0)]
    runs = upcoming("0 8 13 * FRI", datetime(2024, 10, 1), 3)
    assert runs == [datetime(2024, 10, 4, 8, 0), datetime(2024, 10, 11, 8, 0), datetime(2024, 10, 13, 8, 0)]


def test_impossible_schedules_give_up():
    with pytest.raises(NeverRuns, match="next 1830 days"):
        next_run("0 0 31 2 *", datetime(2024, 1, 1))
