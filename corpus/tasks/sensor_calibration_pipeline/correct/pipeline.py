from dataclasses import replace

from readings import Reading, canonical, normalise, parse


class Calibrator:
    def __init__(self, offsets):
        self.offsets = {canonical(Reading(name, 0, 0.0, "C")).sensor: value
                        for name, value in offsets.items()}

    def apply(self, readings):
        out = []
        for reading in readings:
            offset = self.offsets.get(reading.sensor, 0.0)
            out.append(replace(reading, value=reading.value + offset))
        return out


def smooth(readings, window=3):
    by_sensor, out = {}, []
    for reading in readings:
        history = by_sensor.setdefault(reading.sensor, [])
        history.append(reading.value)
        recent = history[-window:]
        out.append(replace(reading, value=round(sum(recent) / len(recent), 3)))
    return out


def alerts(readings, limit):
    return [(r.sensor, r.ts) for r in readings if r.value > limit]


def run(text, offsets, limit, window=3):
    readings = normalise(parse(text))
    calibrated = Calibrator(offsets).apply(readings)
    smoothed = smooth(calibrated, window)
    return alerts(smoothed, limit), smoothed
