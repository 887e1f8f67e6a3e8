"""The comfort model: the target temperature for a zone at an hour, given the occupant's offset."""

from dataclasses import dataclass

SCHEDULES = {
    "living": {range(0, 6): 17.0, range(6, 9): 20.5, range(9, 17): 19.0, range(17, 23): 21.0, range(23, 24): 17.0},
    "bedroom": {range(0, 6): 16.5, range(6, 8): 19.0, range(8, 21): 17.0, range(21, 24): 18.0},
    "office": {range(0, 8): 15.0, range(8, 18): 20.0, range(18, 24): 15.0},
}


@dataclass(frozen=True)
class Zone:
    name: str
    kind: str
    offset: int = 0     # whole degrees the occupant turned the dial, -3..+3
    area_m2: float = 20.0


class ComfortModel:
    def __init__(self, eco=False):
        self.eco = eco
        self.evaluations = 0

    def target(self, kind, hour, offset):
        self.evaluations += 1
        if kind not in SCHEDULES:
            raise KeyError(f"no schedule for zone kind {kind!r}; known: {', '.join(SCHEDULES)}")
        if not -3 <= offset <= 3:
            raise ValueError(f"offset {offset} is outside the dial's -3..+3")
        base = next(t for hours, t in SCHEDULES[kind].items() if hour in hours)
        if self.eco:
            base -= 1.0
        return max(12.0, base + offset)
