import pytest
from durations import DurationError, seconds
from timeouts import load_timeouts


def test_milliseconds():
    assert seconds("250ms") == 0.25
    assert seconds("1s 500ms") == 1.5


def test_compound_durations():
    assert seconds("1h30m") == 5400
    assert seconds("2d 4h") == 187200


def test_expressions():
    assert seconds("(2m + 30s) * 3") == 450
    assert seconds("1h - 15m") == 2700


def test_defaults_and_overrides():
    timeouts = load_timeouts({"read": "2m"})
    assert timeouts["read"] == 120
    assert timeouts["retry_backoff"] == 0.5


def test_errors_name_the_setting():
    with pytest.raises(DurationError, match="timeouts.connect: cannot read 'soon'"):
        load_timeouts({"connect": "soon"})
    with pytest.raises(DurationError, match="timeouts.read must be positive"):
        load_timeouts({"read": "1m - 2m"})
    with pytest.raises(DurationError, match="missing '\\)'"):
        seconds("(1m + 2s")
