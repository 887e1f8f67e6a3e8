"""Raise an alert when the smoothed temperature stays above a limit for `hold` readings."""

from smoothing import rolling_mean


def fmt(minute):
    return f"{minute // 60:02d}:{minute % 60:02d}"


def overheat_alerts(readings, limit, window=3, hold=2):
    smoothed = rolling_mean([r.value for r in readings], window)
    # smoothed[k] belongs to the reading at index k + window - 1
    alerts, streak = [], 0
    for k, value in enumerate(smoothed):
        streak = streak + 1 if value > limit else 0
        if streak == hold:
            alerts.append(fmt(readings[k + window - 1].minute))
    return alerts
