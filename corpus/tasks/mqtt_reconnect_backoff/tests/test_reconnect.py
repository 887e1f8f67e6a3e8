import random

import pytest
from backoff import Backoff
from broker import ScriptedBroker
from clock import ManualClock
from reconnect import GaveUp, Reconnector


class Midpoint:
    """No spread: uniform(a, b) is always the middle, so delays are exact."""

    def uniform(self, low, high):
        return (low + high) / 2


def sensor(up_at, backoff=None, banned=()):
    clock = ManualClock()
    broker = ScriptedBroker(clock, up_at=up_at, banned=banned)
    return Reconnector("s-17", broker, clock, backoff or Backoff(rng=Midpoint())), broker, clock


def test_delays_double_from_the_base_up_to_the_cap():
    backoff = Backoff(rng=Midpoint())
    assert [backoff.delay(n) for n in range(9)] == [1, 2, 4, 8, 16, 32, 60, 60, 60]


def test_settings_are_checked():
    with pytest.raises(ValueError, match="jitter is a fraction"):
        Backoff(jitter=1.5)
    with pytest.raises(ValueError, match="base_s <= cap_s"):
        Backoff(base_s=10, cap_s=5)
    with pytest.raises(ValueError, match="factor >= 1"):
        Backoff(factor=0.5)


class Lowest:
    """uniform(a, b) is always a: the shortest delay the jitter allows."""

    def uniform(self, low, high):
        return low


def test_jitter_can_shorten_a_delay_by_its_fraction():
    assert [Backoff(rng=Lowest()).delay(n) for n in range(3)] == [0.5, 1.0, 2.0]


def test_a_factor_of_one_keeps_the_base_delay():
    assert [Backoff(base_s=2, factor=1, rng=Midpoint()).delay(n) for n in (0, 5, 50)] == [2, 2, 2]


def test_jitter_spreads_the_fleet_but_never_past_the_cap():
    backoff = Backoff(rng=random.Random(7))
    delays = [backoff.delay(n) for n in range(40)]
    assert len({round(d, 6) for d in delays[:8]}) == 8
    assert 0.5 <= min(delays)
    assert max(delays) <= 60


def test_a_sensor_reconnects_after_a_broker_restart():
    reconnector, broker, clock = sensor(up_at=6.5)
    session = reconnector.connect()
    assert (session.opened_at, broker.attempts, reconnector.waits) == (7.0, 4, [1, 2, 4])
    assert reconnector.status() == "connected at 7s after 3 failed attempts"


def test_a_sensor_can_give_up():
    reconnector, broker, clock = sensor(up_at=1000)
    with pytest.raises(GaveUp, match="s-17: broker still refusing after 3 attempts"):
        reconnector.connect(give_up_after=3)
    assert reconnector.status() == "reconnecting: last refusal at 3s, waited 3s so far"


def test_a_banned_sensor_fails_at_once():
    reconnector, broker, clock = sensor(up_at=0, banned={"s-17"})
    with pytest.raises(PermissionError, match="not allowed"):
        reconnector.connect()
    assert (broker.attempts, clock.now()) == (1, 0.0)


def test_a_sensor_keeps_trying_through_a_long_outage():
    reconnector, broker, clock = sensor(up_at=24 * 3600)
    session = reconnector.connect()
    assert session.opened_at >= 24 * 3600
    assert max(reconnector.waits) == 60
    assert broker.attempts > 1400


def test_jitter_keeps_a_restarted_fleet_from_knocking_at_once():
    from fleet import first_retry_times, peak_per_second

    sensors = [f"s-{n}" for n in range(60)]
    spread = first_retry_times(sensors, restart_at=100.0, seed=3, base_s=4.0)
    lockstep = first_retry_times(sensors, restart_at=100.0, seed=3, base_s=4.0, jitter=0.0)
    assert all(102.0 <= t <= 106.0 for t in spread.values())
    assert peak_per_second(lockstep) == 60
    assert peak_per_second(spread) < 25
    assert peak_per_second({}) == 0
