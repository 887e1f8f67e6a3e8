import asyncio

import pytest
import server
from backend import StockBackend
from client import RpcClient
from protocol import RemoteError
from stock_api import OutOfStock, StockApi
from transport import pipe


def with_api(scenario, stock):
    async def main():
        client_end, server_end = pipe()
        backend = StockBackend(stock)
        _, serving = server.start(server_end, backend.methods())
        async with RpcClient(client_end) as client:
            outcome = await scenario(StockApi(client))
        await asyncio.wait_for(serving, 1)
        return outcome, backend
    return asyncio.run(main())


def test_reserve_and_cancel_round_trip():
    async def scenario(api):
        held = await api.reserve("bolt", 40)
        during = await api.level("bolt")
        after = await api.cancel(held)
        return held.ident, during, after
    outcome, backend = with_api(scenario, {"bolt": 100})
    assert outcome == ("r1", 60, 100)
    assert backend.reservations == {}


def test_out_of_stock_is_a_typed_error():
    async def scenario(api):
        with pytest.raises(OutOfStock):
            await api.reserve("nut", 5)
        with pytest.raises(RemoteError):
            await api.level("washer")
        return await api.levels(["nut"])
    outcome, _ = with_api(scenario, {"nut": 2})
    assert outcome == {"nut": 2}
