"""Alerts on the rolling mean of a sensor's window. A window must be complete before it can raise
an alert, so a single odd reading right after start-up does not page anyone."""

LIMITS = {"temp": (12.0, 32.0), "humidity": (40.0, 90.0), "soil": (20.0, 60.0)}


def kind_of(sensor):
    return sensor.split("-")[0]


def rolling_mean(gateway, sensor):
    values = [reading.value for reading in gateway.window_of(sensor)]
    return round(sum(values) / len(values), 2) if values else None


def check(gateway):
    alerts = []
    for sensor in gateway.sensors():
        if not gateway.complete(sensor):
            continue
        low, high = LIMITS[kind_of(sensor)]
        mean = rolling_mean(gateway, sensor)
        if mean > high:
            alerts.append(f"{sensor} too high: mean {mean} over the last {gateway.window} readings (limit {high})")
        elif mean < low:
            alerts.append(f"{sensor} too low: mean {mean} over the last {gateway.window} readings (limit {low})")
    return alerts
