import pytest
from crash import ReportConfig, crash_report
from recent_log import RecentLog
from ring import Ring


def busy_log():
    log = RecentLog(capacity=4)
    for i in range(1, 7):
        log.log("info", f"step {i}")
    return log


def test_privacy_mode_report_has_no_log_lines():
    report = crash_report(KeyError("user"), busy_log(), ReportConfig(context_lines=0))
    assert report == "crash: KeyError: 'user'"


def test_default_report_has_the_last_three_lines():
    report = crash_report(ValueError("bad"), busy_log()).splitlines()
    assert report == ["crash: ValueError: bad", "last 3 log lines:",
                      "  #4 INFO: step 4", "  #5 INFO: step 5", "  #6 INFO: step 6"]


def test_ring_keeps_only_the_newest_items_in_order():
    ring = Ring(3)
    for item in "abcde":
        ring.push(item)
    assert ring.items() == ["c", "d", "e"]
    assert ring.tail(2) == ["d", "e"]
    assert ring.tail(10) == ["c", "d", "e"]


def test_a_partly_filled_ring():
    ring = Ring(5)
    ring.push(1)
    ring.push(2)
    assert ring.items() == [1, 2]


def test_bad_sizes_are_refused():
    with pytest.raises(ValueError, match="capacity must be at least 1"):
        Ring(0)
    with pytest.raises(ValueError, match="cannot take -1 items"):
        Ring(2).tail(-1)
