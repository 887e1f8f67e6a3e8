"""Typed client-side facade over the RPC client for the stock service."""

from dataclasses import dataclass

from protocol import RemoteError


class OutOfStock(Exception):
    pass


@dataclass(frozen=True)
class Reservation:
    ident: str
    sku: str
    quantity: int


class StockApi:
    def __init__(self, client, timeout=1.0):
        self.client = client
        self.timeout = timeout

    async def level(self, sku):
        return await self.client.call("stock.level", timeout=self.timeout, sku=sku)

    async def reserve(self, sku, quantity):
        try:
            ident = await self.client.call("stock.reserve", timeout=self.timeout, sku=sku, quantity=quantity)
        except RemoteError as exc:
            if "available" in str(exc):
                raise OutOfStock(str(exc)) from None
            raise
        return Reservation(ident, sku, quantity)

    async def cancel(self, reservation):
        return await self.client.call("stock.cancel", timeout=self.timeout, reservation=reservation.ident)

    async def levels(self, skus):
        return {sku: await self.level(sku) for sku in skus}
