"""Room calendar: one interval tree per room, holding the grid slots each booking occupies."""

from intervaltree import Interval, IntervalTree

from bookings import Booking
from grid import to_grid


class Conflict(Exception):
    pass


class RoomCalendar:
    def __init__(self, rooms):
        self._trees = {room: IntervalTree() for room in rooms}
        self._bookings = {}

    def tree(self, room):
        try:
            return self._trees[room]
        except KeyError:
            raise KeyError(f"unknown room {room!r}") from None

    def book(self, booking):
        tree = self.tree(booking.room)
        begin, end = to_grid(booking.start, booking.end)
        clashes = sorted(iv.data.id for iv in tree.overlap(begin, end))
        if clashes:
            raise Conflict(f"{booking.room} is taken then by {', '.join(clashes)}")
        tree.add(Interval(begin, end, booking))
        self._bookings[booking.id] = booking

    def cancel(self, booking_id):
        booking = self._bookings.pop(booking_id)
        self.tree(booking.room).discard(Interval(booking.start, booking.end, booking))
        return booking

    def reschedule(self, booking_id, start, end):
        """Move a booking to new times in the same room; on a clash the old booking stays."""
        old = self.cancel(booking_id)
        moved = Booking(old.id, old.room, start, end, old.organiser)
        try:
            self.book(moved)
        except Conflict:
            self.book(old)
            raise
        return moved

    def bookings(self, room):
        return [iv.data for iv in sorted(self.tree(room))]
