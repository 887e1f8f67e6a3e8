"""Seat booking for a small theater. Rows are letters (A is nearest the stage), seats numbered from 1."""

from grid import count, make_grid, render

FREE, TAKEN, BLOCKED = 0, 1, 2
SYMBOLS = {FREE: ".", TAKEN: "x", BLOCKED: "#"}


class SeatError(ValueError):
    pass


class Theater:
    def __init__(self, rows, seats_per_row, blocked=()):
        self.rows = rows
        self.seats_per_row = seats_per_row
        self.seats = make_grid(rows, seats_per_row, FREE)
        for label in blocked:
            r, c = self._locate(label)
            self.seats[r][c] = BLOCKED

    def _locate(self, label):
        row_letter, number = label[0].upper(), label[1:]
        r = ord(row_letter) - ord("A")
        if not number.isdigit() or not 0 <= r < self.rows or not 1 <= int(number) <= self.seats_per_row:
            raise SeatError(f"no seat {label!r} in a {self.rows}x{self.seats_per_row} theater")
        return r, int(number) - 1

    def book(self, *labels):
        cells = [self._locate(label) for label in labels]
        for label, (r, c) in zip(labels, cells):
            if self.seats[r][c] != FREE:
                raise SeatError(f"seat {label} is not available")
        for r, c in cells:
            self.seats[r][c] = TAKEN

    def free_seats(self):
        return count(self.seats, FREE)

    def best_pair(self):
        """The first two adjacent free seats, scanning from the front row."""
        for r, row in enumerate(self.seats):
            for c in range(len(row) - 1):
                if row[c] == FREE and row[c + 1] == FREE:
                    return f"{chr(ord('A') + r)}{c + 1}", f"{chr(ord('A') + r)}{c + 2}"
        return None

    def plan(self):
        return render(self.seats, SYMBOLS)
