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
        # Keep the interval exactly as stored: it spans the widened slots, not the booking's own times.
        interval = Interval(begin, end, booking)
        tree.add(interval)
        self._bookings[booking.id] = interval

    def cancel(self, booking_id):
        try:
            interval = self._bookings.pop(booking_id)
        except KeyError:
            raise KeyError(f"no booking {booking_id!r}") from None
        self.tree(interval.data.room).remove(interval)
        return interval.data

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
