import pytest
from bands import band_for
from bill import day_bill, peak_report


def test_bands_by_hour():
    assert [band_for(h).name for h in (0, 6.9, 7, 15.9, 16, 18.5, 19, 23.9)] == [
        "night", "night", "day", "day", "peak", "peak", "evening", "evening"]
    with pytest.raises(ValueError, match="outside the day"):
        band_for(24)


def test_flat_usage_on_half_hourly_readings():
    lines, total = day_bill([0.5] * 48, step_hours=0.5)
    assert lines["night"] == (7.0, 0.63) and lines["peak"] == (3.0, 1.23)
    assert total == 5.78


def test_flat_usage_on_six_minute_readings():
    lines, total = day_bill([0.1] * 240)
    assert [kwh for kwh, _ in lines.values()] == [7.0, 9.0, 3.0, 5.0]
    assert total == 5.78


def test_the_busiest_intervals():
    usage = [0.1] * 240
    usage[70], usage[165], usage[3] = 0.9, 1.4, 0.9
    assert peak_report(usage) == ["16:30 1.40", "00:18 0.90", "07:00 0.90"]


def test_an_empty_day_costs_nothing():
    lines, total = day_bill([0.0] * 48, step_hours=0.5)
    assert total == 0 and set(lines) == {"night", "day", "peak", "evening"}
