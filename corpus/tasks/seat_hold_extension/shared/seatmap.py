"""The venue's seat map: which seats exist and who bought them. A seat is sold once, for good."""


class AlreadySold(Exception):
    pass


class NoSuchSeat(KeyError):
    pass


class SeatMap:
    def __init__(self, rows, seats_per_row):
        self.seats = {f"{row}{n}" for row in rows for n in range(1, seats_per_row + 1)}
        self.sold = {}

    def check(self, seats):
        unknown = sorted(set(seats) - self.seats)
        if unknown:
            raise NoSuchSeat(f"no seat {unknown[0]} in this venue")

    def sell(self, seats, buyer):
        self.check(seats)
        for seat in seats:
            if seat in self.sold:
                raise AlreadySold(f"seat {seat} was already sold to {self.sold[seat]}")
        for seat in seats:
            self.sold[seat] = buyer

    def available(self):
        return sorted(self.seats - set(self.sold))
