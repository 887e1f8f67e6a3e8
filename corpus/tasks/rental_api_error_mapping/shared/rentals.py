"""The rental service's routes: list equipment, rent an item, return it."""

from datetime import date

from errors import AlreadyRented, NotFound, PaymentDeclined, UpstreamDown, ValidationFailed

CATALOG = {"drill-1": ("Hammer drill", 1200), "ladder-3": ("Extension ladder", 900), "saw-2": ("Circular saw", 1500)}


class RentalService:
    def __init__(self, payments_online=True, card_limit_cents=10_000):
        self.rented = {}
        self.payments_online = payments_online
        self.card_limit_cents = card_limit_cents

    def __call__(self, request):
        method, path, body = request["method"], request["path"], request.get("body") or {}
        if method == "GET" and path == "/equipment":
            return {"status": 200, "body": sorted(k for k in CATALOG if k not in self.rented)}
        if method == "POST" and path.startswith("/rentals/"):
            return self.rent(path.removeprefix("/rentals/"), body)
        if method == "DELETE" and path.startswith("/rentals/"):
            return self.give_back(path.removeprefix("/rentals/"))
        raise NotFound(f"no route {method} {path}")

    def rent(self, item, body):
        if item not in CATALOG:
            raise NotFound(f"no equipment called {item!r}")
        if item in self.rented:
            raise AlreadyRented(f"{item} is out until {self.rented[item][1]}")
        days = body.get("days")
        if not isinstance(days, int) or not 1 <= days <= 14:
            raise ValidationFailed("days", "rent for 1 to 14 days")
        price = CATALOG[item][1] * days
        if not self.payments_online:
            raise UpstreamDown("the card terminal service is not answering; try again in a minute")
        if price > self.card_limit_cents:
            raise PaymentDeclined(f"card declined for {price / 100:.2f}")
        until = date.fromordinal(date(2025, 6, 2).toordinal() + days)
        self.rented[item] = (body.get("customer", "walk-in"), until.isoformat())
        return {"status": 201, "body": {"item": item, "until": until.isoformat(), "price_cents": price}}

    def give_back(self, item):
        if item not in self.rented:
            raise NotFound(f"{item} is not rented out")
        del self.rented[item]
        return {"status": 204, "body": None}
