"""Is a sensor rising or falling? Compares the older and the newer half of its complete window."""

STEADY_WITHIN = 1.0


def trend(gateway, sensor):
    if not gateway.complete(sensor):
        return "unknown"
    values = [reading.value for reading in gateway.window_of(sensor)]
    half = len(values) // 2
    older = sum(values[:half]) / half
    newer = sum(values[-half:]) / half
    change = round(newer - older, 2)
    if abs(change) < STEADY_WITHIN:
        return "steady"
    return f"{'rising' if change > 0 else 'falling'} {abs(change)}"


def summary(gateway):
    return [f"{sensor}: {trend(gateway, sensor)}" for sensor in gateway.sensors()]
