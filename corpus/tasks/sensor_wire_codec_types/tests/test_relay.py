from datetime import date, datetime, timedelta, timezone

from relay import Relay

NOW = datetime(2024, 5, 2, 14, 35, tzinfo=timezone.utc)


def test_temperature_alerts():
    relay = Relay()
    relay.publish({"device": "fridge-2", "seen": NOW, "temp": 9.5, "max_temp": 8})
    relay.publish({"device": "fridge-3", "seen": NOW, "temp": 4.0, "max_temp": 8})
    assert relay.check(NOW) == ["fridge-2: 9.5 above 8"]


def test_open_door_is_reported():
    relay = Relay()
    relay.publish({"device": "cold-room", "seen": NOW - timedelta(minutes=1), "door_open": True})
    relay.publish({"device": "freezer", "seen": NOW, "door_open": False})
    assert relay.check(NOW) == ["cold-room: door open"]


def test_silent_devices_and_daily_batch_devices():
    relay = Relay()
    relay.publish({"device": "door-7", "seen": NOW - timedelta(minutes=4)})
    relay.publish({"device": "pump", "seen": NOW - timedelta(hours=2)})
    relay.publish({"device": "meter", "seen": date(2024, 5, 1)})
    assert relay.check(NOW) == ["pump: no data since 2024-05-02 12:35", "meter: no data since 2024-05-01 00:00"]


def test_daily_batch_devices_count_from_midnight():
    relay = Relay()
    relay.publish({"device": "meter", "seen": date(2024, 5, 2), "temp": 3.0, "max_temp": 5})
    assert relay.check(NOW) == ["meter: no data since 2024-05-02 00:00"]
