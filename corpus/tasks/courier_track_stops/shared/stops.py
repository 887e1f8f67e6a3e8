"""Stops: runs of consecutive fixes at one position that last long enough to be a delivery."""

from dataclasses import dataclass

MIN_STOP_SECONDS = 120


@dataclass(frozen=True)
class Stop:
    start: int
    end: int
    lat: float
    lon: float

    @property
    def seconds(self):
        return self.end - self.start


def find_stops(fixes, min_seconds=MIN_STOP_SECONDS):
    stops, run = [], []
    for fix in fixes:
        if run and (fix.lat, fix.lon) != (run[0].lat, run[0].lon):
            stops += _as_stop(run, min_seconds)
            run = []
        run.append(fix)
    stops += _as_stop(run, min_seconds)
    return stops


def _as_stop(run, min_seconds):
    if len(run) > 1 and run[-1].t - run[0].t >= min_seconds:
        return [Stop(run[0].t, run[-1].t, run[0].lat, run[0].lon)]
    return []


def moving_seconds(fixes, stops):
    total = fixes[-1].t - fixes[0].t if fixes else 0
    return total - sum(stop.seconds for stop in stops)
