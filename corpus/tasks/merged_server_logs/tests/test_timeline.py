import pytest
from incidents import context_before, first_error
from merge import merge_logs, render
from records import LogFormatError, parse_log

WEB = """
9:59:50 INFO deploy started
9:59:58 WARN cache cold
10:00:05 ERROR upstream timeout
"""
DB = """
9:59:55 INFO checkpoint
10:00:01 WARN slow query
10:00:09 INFO vacuum
"""


def test_merged_timeline_is_in_time_order():
    merged = merge_logs(parse_log("web", WEB), parse_log("db", DB))
    assert [(r.source, r.stamp) for r in merged] == [
        ("web", "9:59:50"), ("db", "9:59:55"), ("web", "9:59:58"),
        ("db", "10:00:01"), ("web", "10:00:05"), ("db", "10:00:09")]


def test_what_happened_just_before_the_error():
    merged = merge_logs(parse_log("web", WEB), parse_log("db", DB))
    error = first_error(merged)
    assert error.message == "upstream timeout"
    assert [r.message for r in context_before(merged, error)] == ["cache cold", "slow query"]


def test_logs_within_one_hour_merge():
    a = parse_log("a", "8:00:01 INFO one\n8:00:03 INFO three\n")
    b = parse_log("b", "8:00:02 INFO two\n")
    assert [r.message for r in merge_logs(a, b)] == ["one", "two", "three"]


def test_minutes_and_hours_weigh_what_they_are_worth():
    a = parse_log("a", "0:01:00 INFO one-minute\n1:00:00 INFO one-hour\n")
    b = parse_log("b", "0:00:59 INFO fifty-nine\n0:59:59 INFO last-second\n")
    assert [r.message for r in merge_logs(a, b)] == ["fifty-nine", "one-minute", "last-second", "one-hour"]


def test_render_aligns_the_columns():
    records = parse_log("db", "9:01:02 INFO ok\n")
    assert render(records) == [" 9:01:02 db   INFO  ok"]


def test_malformed_lines_name_source_and_line():
    with pytest.raises(LogFormatError, match="web line 2: expected 'H:MM:SS LEVEL message'"):
        parse_log("web", "9:00:00 INFO a\nnonsense\n")
    with pytest.raises(LogFormatError, match="unknown level 'FATAL'"):
        parse_log("web", "9:00:00 FATAL a\n")
    with pytest.raises(LogFormatError, match="25:00:00 is not a time of day"):
        parse_log("web", "25:00:00 INFO a\n")
