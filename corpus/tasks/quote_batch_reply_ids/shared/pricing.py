"""The pricing service: answers a whole batch of quote requests in one reply frame."""

from decimal import ROUND_HALF_UP, Decimal

import wire

TIERS = ((100, Decimal("0.88")), (10, Decimal("0.95")))


class PriceBook:
    def __init__(self, prices):
        self.prices = {sku: Decimal(price) for sku, price in prices.items()}
        self.batches = []

    def unit_price(self, sku, qty):
        base = self.prices[sku]
        for threshold, factor in TIERS:
            if qty >= threshold:
                return (base * factor).quantize(Decimal("0.01"), ROUND_HALF_UP)
        return base

    def answer(self, requests):
        quotes, errors = {}, {}
        for request_id, item in requests.items():
            sku, qty = item.get("sku"), item.get("qty")
            if sku not in self.prices:
                errors[request_id] = f"unknown sku {sku!r}"
            elif not isinstance(qty, int) or qty < 1:
                errors[request_id] = f"quantity must be a positive whole number, got {qty!r}"
            else:
                unit = self.unit_price(sku, qty)
                quotes[request_id] = {"sku": sku, "qty": qty, "unit": str(unit), "total": str(unit * qty)}
        return {"quotes": quotes, "errors": errors}

    async def serve(self, endpoint):
        while True:
            payload = wire.decode(await endpoint.recv())
            requests = payload.get("requests", {})
            self.batches.append(len(requests))
            await endpoint.send(wire.encode(self.answer(requests)))
