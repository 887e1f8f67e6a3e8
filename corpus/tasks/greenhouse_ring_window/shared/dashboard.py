"""The dashboard tile of one sensor: latest value, mean, and a sparkline of the window."""

from alerts import rolling_mean

BARS = "▁▂▃▄▅▆▇█"


def sparkline(values):
    if not values:
        return ""
    low, high = min(values), max(values)
    span = (high - low) or 1
    return "".join(BARS[int((v - low) / span * (len(BARS) - 1))] for v in values)


def tile(gateway, sensor):
    window = gateway.window_of(sensor)
    if not window:
        return f"{sensor}: no data"
    status = "" if gateway.complete(sensor) else f" (warming up {len(window)}/{gateway.window})"
    return (f"{sensor}: {window[-1].value} now, mean {rolling_mean(gateway, sensor)} "
            f"{sparkline([r.value for r in window])}{status}")
