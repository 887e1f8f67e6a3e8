"""Alert rules run by the monitoring service on decoded readings."""

from datetime import datetime, time, timedelta, timezone

STALE_AFTER = timedelta(minutes=10)


def last_seen(reading):
    """Devices report either a full timestamp or, for daily-batch devices, just the day."""
    seen = reading["seen"]
    if isinstance(seen, datetime):
        return seen
    return datetime.combine(seen, time(0, 0), tzinfo=timezone.utc)


def alerts_for(readings, now):
    out = []
    for reading in readings:
        device = reading["device"]
        if now - last_seen(reading) > STALE_AFTER:
            out.append(f"{device}: no data since {last_seen(reading):%Y-%m-%d %H:%M}")
        if reading.get("door_open") is True:
            out.append(f"{device}: door open")
        threshold = reading.get("max_temp")
        if threshold is not None and reading.get("temp", 0) > threshold:
            out.append(f"{device}: {reading['temp']} above {threshold}")
    return out
