import pytest
from meter import UsageMeter
from rollup import hourly, peak_hour, replay_into

EVENTS = [(10, "acme", 5), (3599, "acme", 2), (3600, "acme", 9), (7300, "globex", 1), (100, "globex", 4)]


def test_hourly_buckets():
    assert hourly(EVENTS) == {"acme": {0: 7, 3600: 9}, "globex": {0: 4, 7200: 1}}


def test_peak_hour_prefers_the_earlier_hour_on_ties():
    rollup = hourly([(0, "a", 3), (3600, "a", 3)])
    assert peak_hour(rollup, "a") == (0, 3)
    assert peak_hour(rollup, "nobody") is None


def test_replay_matches_rollup_totals():
    totals = replay_into(UsageMeter(), EVENTS)
    assert totals == {customer: sum(hours.values()) for customer, hours in hourly(EVENTS).items()}


def test_negative_units_are_rejected():
    with pytest.raises(ValueError, match="event at 5"):
        hourly([(5, "acme", -1)])
