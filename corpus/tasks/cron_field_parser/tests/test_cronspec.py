import pytest
from cronspec import CronError, CronSpec, parse_field


def test_wildcards_and_plain_steps():
    assert parse_field("*/15", "minute") == {0, 15, 30, 45}
    assert parse_field("*", "month") == set(range(1, 13))
    assert parse_field("0,30", "minute") == {0, 30}


def test_ranges_include_both_ends():
    assert parse_field("9-17", "hour") == set(range(9, 18))
    assert parse_field("1-3,28-31", "day") == {1, 2, 3, 28, 29, 30, 31}


def test_steps_count_from_the_start_of_the_range():
    assert parse_field("5-59/15", "minute") == {5, 20, 35, 50}
    assert parse_field("10/20", "minute") == {10, 30, 50}


def test_month_and_day_names():
    assert parse_field("JAN,jul", "month") == {1, 7}
    assert parse_field("MON-FRI", "weekday") == {1, 2, 3, 4, 5}
    assert parse_field("SUN", "weekday") == {0}


def test_sunday_may_be_written_as_seven():
    assert parse_field("7", "weekday") == {0}
    assert parse_field("5,7", "weekday") == {0, 5}


def test_malformed_fields_are_refused():
    with pytest.raises(CronError, match="expected 5 fields"):
        CronSpec.parse("* * * *")
    with pytest.raises(CronError, match="outside 0-59"):
        parse_field("60", "minute")
    with pytest.raises(CronError, match="runs backwards"):
        parse_field("5-1", "hour")
    with pytest.raises(CronError, match="positive number"):
        parse_field("*/0", "minute")
    with pytest.raises(CronError, match="'MONDAY' is not a number"):
        parse_field("MONDAY", "weekday")
