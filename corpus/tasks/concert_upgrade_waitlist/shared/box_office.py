"""The box office: sales with a waiting list, and upgrades that customers can ask for."""

from venue import SoldOut

PRICES = {"front": 120, "stalls": 80, "balcony": 45}


class BoxOffice:
    def __init__(self, venue):
        self.venue = venue
        self.log = []

    def sell(self, customer, section, seats):
        try:
            booking = self.venue.book(customer, section, seats)
        except SoldOut:
            self.venue.wait(customer, section, seats)
            self.log.append(f"{customer}: waiting for {seats} in {section}")
            return None
        self.log.append(f"{customer}: booking {booking.number}, {seats} in {section}")
        return booking

    def upgrade(self, number, to_section):
        booking = self.venue.bookings[number]
        extra = (PRICES[to_section] - PRICES[booking.section]) * booking.seats
        try:
            self.venue.move(number, to_section)
        except SoldOut as exc:
            self.log.append(f"upgrade of {number} declined: {exc}")
            return None
        self.log.append(f"booking {number} upgraded to {to_section} for {extra}")
        return extra
