import pytest
from summary import summarize

EXPORT = """timestamp,sensor,value
1,boiler,71.5
2,boiler,72.5
3,attic,18.0
4,boiler,999.0
5,attic,20.0
6,cellar,12.0
"""


def test_summary_per_sensor():
    report = summarize(EXPORT.splitlines())
    assert report["boiler"] == {"count": 2, "mean": 72.0, "max": 72.5, "share": 0.4}
    assert sorted(report) == ["attic", "boiler", "cellar"]


def test_share_of_readings():
    report = summarize(EXPORT.splitlines())
    assert report["cellar"]["share"] == 0.2


def test_empty_export():
    assert summarize(["timestamp,sensor,value"]) == {}


def test_out_of_range_only():
    assert summarize(["1,boiler,999"]) == {}


def test_malformed_line_names_its_number():
    with pytest.raises(ValueError, match="line 2"):
        summarize(["1,attic,18", "oops"])
