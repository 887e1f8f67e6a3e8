"""Bookings as the front desk enters them."""

from dataclasses import dataclass

from grid import fmt, parse_time


@dataclass(frozen=True)
class Booking:
    id: str
    room: str
    start: int
    end: int
    organiser: str

    @classmethod
    def from_form(cls, booking_id, room, start, end, organiser):
        return cls(booking_id, room, parse_time(start), parse_time(end), organiser)

    def label(self):
        return f"{self.id} {self.room} {fmt(self.start)}-{fmt(self.end)} ({self.organiser})"
