"""Seat sections of a concert venue, bookings, and the waiting list for sold-out sections."""

import itertools
from dataclasses import dataclass


class SoldOut(Exception):
    pass


@dataclass
class Section:
    name: str
    capacity: int
    sold: int = 0

    @property
    def free(self):
        return self.capacity - self.sold


@dataclass
class Booking:
    number: int
    customer: str
    section: str
    seats: int


class Venue:
    def __init__(self, capacities):
        self.sections = {name: Section(name, capacity) for name, capacity in capacities.items()}
        self.bookings = {}
        self.waitlist = []
        self._numbers = itertools.count(1)

    def book(self, customer, section_name, seats):
        section = self._section(section_name)
        if seats < 1 or section.free < seats:
            raise SoldOut(f"{section_name} has {section.free} seats left; {customer} asked for {seats}")
        booking = Booking(next(self._numbers), customer, section_name, seats)
        self.bookings[booking.number] = booking
        section.sold += seats
        return booking

    def wait(self, customer, section_name, seats):
        self._section(section_name)
        self.waitlist.append((customer, section_name, seats))

    def cancel(self, number):
        booking = self.bookings.pop(number)
        self._release(booking)

    def move(self, number, to_section):
        """Move a booking to another section (an upgrade); it stays where it is if there is no room."""
        booking = self.bookings[number]
        if booking.section == to_section:
            return booking
        target = self._section(to_section)
        if target.free < booking.seats:
            raise SoldOut(f"{to_section} has {target.free} seats left; booking {number} needs {booking.seats}")
        source = booking.section
        target.sold += booking.seats
        booking.section = to_section
        self.sections[source].sold -= booking.seats
        self._serve_waitlist(source)
        return booking

    def _release(self, booking):
        self.sections[booking.section].sold -= booking.seats
        self._serve_waitlist(booking.section)

    def _serve_waitlist(self, section_name):
        for entry in list(self.waitlist):
            customer, wanted, seats = entry
            if wanted == section_name and self.sections[wanted].free >= seats:
                self.waitlist.remove(entry)
                self.book(customer, wanted, seats)

    def _section(self, name):
        try:
            return self.sections[name]
        except KeyError:
            raise KeyError(f"no section {name!r}; sections: {', '.join(self.sections)}") from None
