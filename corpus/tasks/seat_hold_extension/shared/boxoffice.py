"""The box office: a customer picks seats, the page keeps them held, then the customer pays."""

from holds import HoldBook, HoldExpired


class CheckoutError(Exception):
    pass


class BoxOffice:
    def __init__(self, clock, seatmap, ttl_s=600.0):
        self.clock = clock
        self.seatmap = seatmap
        self.holds = HoldBook(clock, ttl_s)
        self.orders = []

    def choose(self, customer, seats):
        self.seatmap.check(seats)
        hold = self.holds.hold(customer, seats)
        return CheckoutPage(self, hold.hold_id)


class CheckoutPage:
    def __init__(self, office, hold_id):
        self.office = office
        self.hold_id = hold_id

    def heartbeat(self):
        """Sent by the browser every few minutes; False tells the page to say the hold expired."""
        try:
            self.office.holds.extend(self.hold_id)
        except HoldExpired:
            return False
        return True

    def purchase(self):
        holds = self.office.holds
        if not holds.is_active(self.hold_id):
            raise CheckoutError(f"hold {self.hold_id} has expired; please choose your seats again")
        hold = holds.get(self.hold_id)
        self.office.seatmap.sell(hold.seats, hold.customer)
        holds.release(self.hold_id)
        self.office.orders.append((hold.customer, hold.seats, self.office.clock.now()))
        return hold.seats
