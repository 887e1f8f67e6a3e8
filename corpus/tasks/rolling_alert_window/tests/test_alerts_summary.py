from hourly import format_report, gaps, hourly_summary
from readings import parse_log

DAY = """
07:50 18
07:55 19
08:00 20
08:05 22
08:20 24
09:00 21
"""


def test_hourly_summary():
    summary = hourly_summary(parse_log(DAY))
    assert [(s.hour, s.count, s.low, s.high, s.mean) for s in summary] == [
        (7, 2, 18.0, 19.0, 18.5), (8, 3, 20.0, 24.0, 22.0), (9, 1, 21.0, 21.0, 21.0)]


def test_report_layout():
    text = format_report(hourly_summary(parse_log("10:00 20.5\n10:05 21.5\n")))
    assert text.splitlines() == ["hour  n   low   high  mean", "10h   2  20.5C  21.5C  21.0C"]
    assert format_report([]) == "no readings"


def test_gaps_in_the_log_are_found():
    assert gaps(parse_log(DAY)) == [(485, 500), (500, 540)]
