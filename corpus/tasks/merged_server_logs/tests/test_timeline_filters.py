import pytest
from filters import FilterError, at_least, containing, counts_by_level, from_sources
from records import parse_log

APP = """
8:00:00 DEBUG warming up
8:00:01 INFO ready
8:00:02 WARN Disk at 91%
8:00:03 ERROR disk full
8:00:04 INFO retrying
"""


def test_minimum_level():
    records = parse_log("app", APP)
    assert [r.message for r in at_least(records, "WARN")] == ["Disk at 91%", "disk full"]


def test_text_search_ignores_case():
    assert [r.stamp for r in containing(parse_log("app", APP), "DISK")] == ["8:00:02", "8:00:03"]


def test_source_filter_and_counts():
    records = parse_log("app", APP) + parse_log("db", "8:00:00 INFO up\n")
    assert len(from_sources(records, "db")) == 1
    assert counts_by_level(records) == {"DEBUG": 1, "INFO": 3, "WARN": 1, "ERROR": 1}


def test_unknown_level_is_explained():
    with pytest.raises(FilterError, match="use one of DEBUG, INFO, WARN, ERROR"):
        at_least([], "FATAL")
