import pytest
from alerts import check, rolling_mean
from dashboard import tile
from gateway import Gateway
from ring import RingBuffer


def feed(gateway, sensor, values, start=0):
    for offset, value in enumerate(values):
        gateway.receive(sensor, start + offset * 5, value)


def test_warming_up_never_alerts():
    gateway = Gateway(window=6)
    feed(gateway, "temp-1", [35.0, 36.0, 37.0])
    assert check(gateway) == []
    assert tile(gateway, "temp-1") == "temp-1: 37.0 now, mean 36.0 ▁▄█ (warming up 3/6)"


def test_hot_afternoon_raises_an_alert():
    gateway = Gateway(window=6)
    feed(gateway, "temp-1", [30.0, 31.5, 33.0, 34.0, 34.5, 35.0])
    assert check(gateway) == ["temp-1 too high: mean 33.0 over the last 6 readings (limit 32.0)"]


def test_window_slides_over_old_readings():
    gateway = Gateway(window=4)
    feed(gateway, "soil-2", [50.0, 40.0, 15.0, 14.0, 16.0, 15.0])
    assert rolling_mean(gateway, "soil-2") == 15.0
    assert check(gateway) == ["soil-2 too low: mean 15.0 over the last 4 readings (limit 20.0)"]


def test_tile_of_a_running_sensor():
    gateway = Gateway(window=5)
    feed(gateway, "humidity-1", [70.0, 72.0, 75.0, 80.0, 85.0, 88.0, 91.0])
    assert tile(gateway, "humidity-1") == "humidity-1: 91.0 now, mean 83.8 ▁▃▅▆█"


def test_several_sensors():
    gateway = Gateway(window=3)
    feed(gateway, "temp-1", [20.0, 21.0, 22.0, 23.0])
    feed(gateway, "temp-2", [10.0, 11.0, 10.5, 9.5])
    assert gateway.sensors() == ["temp-1", "temp-2"]
    assert check(gateway) == ["temp-2 too low: mean 10.33 over the last 3 readings (limit 12.0)"]
    assert gateway.received == 8


def test_late_readings_are_refused():
    gateway = Gateway()
    feed(gateway, "temp-1", [20.0, 21.0])
    with pytest.raises(ValueError, match="temp-1: reading for minute 5 arrived after minute 5"):
        gateway.receive("temp-1", 5, 22.0)


def test_ring_buffer_basics():
    ring = RingBuffer(3)
    assert (len(ring), list(ring)) == (0, [])
    for item in "ab":
        ring.push(item)
    assert (len(ring), list(ring), ring.newest()) == (2, ["a", "b"], "b")
    with pytest.raises(ValueError, match="at least one item"):
        RingBuffer(0)
    with pytest.raises(IndexError, match="empty"):
        RingBuffer(2).newest()


def test_trend_compares_the_two_halves_of_the_window():
    from trends import trend

    gateway = Gateway(window=6)
    feed(gateway, "temp-1", [18.0, 18.5, 19.0, 21.0, 22.0, 23.5])
    feed(gateway, "temp-2", [25.0, 24.0, 25.0, 24.5, 25.0, 24.0, 25.0, 24.5])
    assert trend(gateway, "temp-1") == "rising 3.67"
    assert trend(gateway, "temp-2") == "steady"


def test_trend_needs_a_complete_window():
    from trends import trend, summary

    gateway = Gateway(window=4)
    feed(gateway, "soil-1", [30.0, 31.0, 33.0])
    feed(gateway, "soil-2", [45.0, 40.0, 35.0, 30.0, 26.0])
    assert trend(gateway, "soil-1") == "unknown"
    assert summary(gateway) == ["soil-1: unknown", "soil-2: falling 9.5"]
