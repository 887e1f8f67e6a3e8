from datetime import datetime, timedelta, timezone

import pytest
from gateway import FrameError, forward, parse_frame
from relay import Relay

AT = datetime(2024, 5, 2, 16, 35, tzinfo=timezone(timedelta(hours=2)))


def test_frames_become_typed_readings():
    reading = parse_frame("device=cold-room;temp=4.5;door_open=1;fw=2.1", AT)
    assert reading == {"seen": datetime(2024, 5, 2, 14, 35, tzinfo=timezone.utc), "device": "cold-room",
                       "temp": 4.5, "door_open": True, "fw": "2.1"}
    with pytest.raises(FrameError, match="door_open must be 0 or 1"):
        parse_frame("device=x;door_open=yes", AT)


def test_a_door_left_open_reaches_monitoring():
    relay = Relay()
    forward(relay, ["device=cold-room;door_open=1;temp=3.0;max_temp=5", "device=freezer;door_open=0"], AT)
    assert relay.check(AT + timedelta(minutes=2)) == ["cold-room: door open"]
