import asyncio
from decimal import Decimal

import pytest
import wire
from batcher import QuoteBatcher
from link import pair
from pricing import PriceBook
from replies import Quote, QuoteError

PRICES = {"tea": "4.50", "mug": "12.00", "kettle": "39.90"}


def run(scenario, **options):
    async def main():
        client_end, server_end = pair()
        book = PriceBook(PRICES)
        server = asyncio.ensure_future(book.serve(server_end))
        batcher = QuoteBatcher(client_end, **options).start()
        try:
            return await scenario(batcher, book)
        finally:
            await batcher.close()
            server.cancel()
    return asyncio.run(main())


def test_tiered_unit_prices():
    book = PriceBook(PRICES)
    assert [book.unit_price("tea", qty) for qty in (1, 9, 10, 99, 100)] == [
        Decimal("4.50"), Decimal("4.50"), Decimal("4.28"), Decimal("4.28"), Decimal("3.96")]


def test_service_answers_a_batch_with_quotes_and_errors():
    book = PriceBook(PRICES)
    reply = book.answer({7: {"sku": "mug", "qty": 2}, 8: {"sku": "spoon", "qty": 1}, 9: {"sku": "tea", "qty": 0}})
    assert reply == {"quotes": {7: {"sku": "mug", "qty": 2, "unit": "12.00", "total": "24.00"}},
                     "errors": {8: "unknown sku 'spoon'", 9: "quantity must be a positive whole number, got 0"}}


def test_frames_must_be_json_objects():
    with pytest.raises(wire.ProtocolError, match="must hold a JSON object"):
        wire.decode(b"[1, 2]")
    with pytest.raises(wire.ProtocolError, match="cannot encode"):
        wire.encode({"qty": float("nan")})


def test_calls_made_together_share_one_frame():
    async def scenario(batcher, book):
        calls = [asyncio.ensure_future(batcher.quote(sku, 1)) for sku in ("tea", "mug", "kettle")]
        while not book.batches:
            await asyncio.sleep(0)
        for call in calls:
            call.cancel()
        return book.batches, batcher.endpoint.frames_sent
    assert run(scenario) == ([3], 1)


def test_quotes_come_back_to_their_callers():
    async def scenario(batcher, book):
        return await asyncio.gather(batcher.quote("kettle", 1), batcher.quote("tea", 12), batcher.quote("mug", 3))
    kettle, tea, mug = run(scenario)
    assert kettle == Quote("kettle", 1, Decimal("39.90"), Decimal("39.90"))
    assert (tea.unit, tea.total) == (Decimal("4.28"), Decimal("51.36"))
    assert mug.total == Decimal("36.00")


def test_refused_requests_raise_at_their_caller_only():
    async def scenario(batcher, book):
        outcomes = await asyncio.gather(batcher.quote("tea", 1), batcher.quote("spoon", 4), return_exceptions=True)
        return outcomes, batcher.in_flight(), batcher.stray
    (tea, spoon), in_flight, stray = run(scenario)
    assert tea.total == Decimal("4.50")
    assert isinstance(spoon, QuoteError) and str(spoon) == "unknown sku 'spoon'"
    assert (in_flight, stray) == (0, [])


def test_full_batches_go_out_at_once():
    async def scenario(batcher, book):
        quotes = await asyncio.gather(*(batcher.quote("tea", n) for n in range(1, 6)))
        return [q.qty for q in quotes], book.batches
    assert run(scenario, max_batch=2) == ([1, 2, 3, 4, 5], [2, 2, 1])
