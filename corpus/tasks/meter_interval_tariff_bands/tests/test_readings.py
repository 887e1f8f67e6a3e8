import pytest
from plans import compare_plans
from readings import ReadingError, load_day, parse_clock

EXPORT = """time,kwh
00:00,0.2
06:54,0.3
07:00,1.5
16:00,2.0
16:00,0.5
23:54,0.1
"""


def test_clock_parsing():
    assert parse_clock("07:30") == 7.5
    with pytest.raises(ReadingError, match="not a time like"):
        parse_clock("7.30")
    with pytest.raises(ReadingError, match="not a time of day"):
        parse_clock("24:00")


def test_export_fills_its_intervals():
    day = load_day(EXPORT)
    assert len(day) == 240
    assert (day[0], day[69], day[70], day[160], day[239]) == (0.2, 0.3, 1.5, 2.5, 0.1)
    with pytest.raises(ReadingError, match="line 2: 'lots' is not a number"):
        load_day("time,kwh\n00:00,lots")


def test_an_evening_heavy_household_saves_on_the_flat_plan():
    day = load_day(EXPORT)
    assert compare_plans(day) == [("flat", 1.58), ("time of use", 2.03)]
