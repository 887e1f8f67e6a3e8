import pytest
from alerts import overheat_alerts
from readings import LogError, parse_log
from smoothing import rolling_mean

LOG = """
08:00 20
08:05 21
08:10 22
08:15 40
08:20 41
08:25 42
08:30 20
"""


def test_overheat_is_reported_when_it_happens():
    assert overheat_alerts(parse_log(LOG), limit=30) == ["08:25"]


def test_rolling_mean_of_a_ramp():
    assert rolling_mean([1, 2, 3, 4, 5], 3) == [2.0, 3.0, 4.0]


def test_window_of_one_is_the_series_itself():
    assert rolling_mean([5.0, 7.5, 6.0], 1) == [5.0, 7.5, 6.0]


def test_cool_day_raises_nothing():
    text = "\n".join(f"09:{m:02d} 21.5" for m in range(0, 50, 5))
    assert overheat_alerts(parse_log(text), limit=30) == []


def test_log_errors_name_the_line():
    with pytest.raises(LogError, match="line 2: expected 'HH:MM value'"):
        parse_log("08:00 20\n08:05\n")
    with pytest.raises(LogError, match="line 2: 08:00 is not after"):
        parse_log("08:00 20\n08:00 21\n")
    with pytest.raises(ValueError, match="window must be at least 1"):
        rolling_mean([1], 0)
