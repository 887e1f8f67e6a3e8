"""The site gateway: turns raw firmware frames into readings for the relay."""

from datetime import datetime, timezone

FLAG_FIELDS = ("door_open", "armed", "low_battery")


class FrameError(ValueError):
    pass


def parse_frame(frame, received_at):
    """'device=cold-room;temp=4.5;door_open=1' -> a reading dict stamped with the receive time."""
    if received_at.tzinfo is None:
        raise FrameError("received_at must carry a time zone")
    reading = {"seen": received_at.astimezone(timezone.utc)}
    for part in frame.strip().split(";"):
        key, sep, raw = part.partition("=")
        if not sep:
            raise FrameError(f"frame part {part!r} is not key=value")
        if key in FLAG_FIELDS:
            if raw not in ("0", "1"):
                raise FrameError(f"{key} must be 0 or 1, got {raw!r}")
            reading[key] = raw == "1"
        elif key in ("temp", "max_temp"):
            reading[key] = float(raw)
        else:
            reading[key] = raw
    if "device" not in reading:
        raise FrameError(f"frame {frame!r} does not name its device")
    return reading


def forward(relay, frames, received_at=None):
    received_at = received_at or datetime.now(timezone.utc)
    for frame in frames:
        relay.publish(parse_frame(frame, received_at))
    return len(frames)
