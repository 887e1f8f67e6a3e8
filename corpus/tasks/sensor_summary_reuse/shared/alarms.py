"""Threshold alarms: a sensor alarms after ``repeat`` consecutive readings outside its band."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Band:
    low: float
    high: float
    repeat: int = 2

    def outside(self, value):
        return value < self.low or value > self.high


@dataclass(frozen=True)
class Alarm:
    sensor: str
    started: int
    value: float


def check_alarms(readings, bands):
    """readings in time order; returns one Alarm per excursion, at the reading that confirms it."""
    streaks = {}
    raised = set()
    alarms = []
    for reading in readings:
        band = bands.get(reading.sensor)
        if band is None:
            continue
        if band.outside(reading.value):
            streak = streaks.setdefault(reading.sensor, [])
            streak.append(reading)
            if len(streak) >= band.repeat and reading.sensor not in raised:
                raised.add(reading.sensor)
                alarms.append(Alarm(reading.sensor, streak[0].timestamp, reading.value))
        else:
            streaks.pop(reading.sensor, None)
            raised.discard(reading.sensor)
    return alarms
