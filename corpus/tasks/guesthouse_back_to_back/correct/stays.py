"""A stay is booked from the arrival date up to (not including) the departure date."""

from dataclasses import dataclass
from datetime import date, timedelta


class StayError(ValueError):
    pass


@dataclass(frozen=True)
class Stay:
    guest: str
    room: str
    arrive: date
    depart: date

    def __post_init__(self):
        if self.depart <= self.arrive:
            raise StayError(f"{self.guest}: departure {self.depart} must be after arrival {self.arrive}")

    def nights(self):
        """The dates the room is occupied overnight."""
        count = (self.depart - self.arrive).days
        return [self.arrive + timedelta(days=i) for i in range(count)]
