import pytest
from pipeline import run, smooth
from readings import Reading, ReadingFormatError, normalise, parse

OFFSETS = {"T-01": 2.0, "T-02": -1.5}

LOG = """
T-01,100,20.0C
T_01,160,21.0C
t-01,220,71.6F
T-02,100,15.0C
T-02,160,16.0C
T-02 ,160,16.0C
"""


def test_parse_rejects_bad_unit():
    with pytest.raises(ReadingFormatError, match="line 1"):
        parse("T-01,100,20.0K")


def test_fahrenheit_converted_and_duplicates_dropped():
    readings = normalise(parse(LOG))
    assert len(readings) == 5
    assert round(readings[2].value, 6) == 22.0


def test_smoothing_uses_trailing_window():
    readings = [Reading("a", t, v, "C") for t, v in [(1, 1.0), (2, 2.0), (3, 6.0), (4, 10.0)]]
    assert [r.value for r in smooth(readings, window=2)] == [1.0, 1.5, 4.0, 8.0]


def test_no_alerts_below_limit():
    found, _ = run(LOG, OFFSETS, limit=40.0)
    assert found == []


def test_calibrated_values():
    _, smoothed = run(LOG, OFFSETS, limit=100.0, window=1)
    assert [(r.sensor, r.value) for r in smoothed] == [
        ("t-01", 22.0), ("t-01", 23.0), ("t-01", 24.0), ("t-02", 13.5), ("t-02", 14.5)]


def test_alert_after_calibration_pushes_over_limit():
    found, _ = run(LOG, OFFSETS, limit=22.5)
    assert found == [("t-01", 220)]


def test_alerts_grouped_into_incidents():
    from alerting import Incident, incidents

    alerts = [("t-01", 100), ("t-01", 160), ("t-02", 100), ("t-01", 400)]
    assert incidents(alerts) == [Incident("t-01", 100, 160, 2), Incident("t-01", 400, 400, 1),
                                 Incident("t-02", 100, 100, 1)]


def test_page_text():
    from alerting import Incident, page_text

    assert page_text(Incident("t-01", 100, 280, 4), 22.5) == "[T-01] above 22.5 C for 3 min (4 readings)"
    assert page_text(Incident("t-02", 5, 5, 1), 30) == "[T-02] above 30.0 C for 0 s (1 reading)"
