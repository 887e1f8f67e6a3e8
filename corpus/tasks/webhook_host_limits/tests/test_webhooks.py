import asyncio

import pytest
from dispatcher import Dispatcher, Hook
from limits import HostLimiter
from receivers import Receiver
from urls import BadUrl, origin


async def settle():
    for _ in range(5):
        await asyncio.sleep(0)


def test_origins_ignore_case_default_ports_and_trailing_dots():
    assert origin("https://Hooks.Example.com./orders") == "https://hooks.example.com:443"
    assert origin("https://hooks.example.com:443/refunds") == "https://hooks.example.com:443"
    assert origin("http://intranet:8080/x") == "http://intranet:8080"
    with pytest.raises(BadUrl, match="must use http or https"):
        origin("ftp://files.example.com/drop")
    with pytest.raises(BadUrl, match="no host name"):
        origin("https:///orders")


def test_events_reach_the_receiver_and_errors_are_reported():
    async def main():
        receiver = Receiver(answers=[(200, {}), (500, {})])
        dispatcher = Dispatcher(receiver, HostLimiter())
        outcomes = [await dispatcher.deliver(Hook("https://hooks.example.com/orders", e, {"id": 7}))
                    for e in ("order.paid", "order.shipped")]
        return outcomes, receiver.received
    outcomes, received = asyncio.run(main())
    assert outcomes == ["delivered", "failed (500)"]
    assert received == [("/orders", "order.paid"), ("/orders", "order.shipped")]


def test_no_more_than_two_deliveries_to_one_receiver_at_a_time():
    async def main():
        gate = asyncio.Event()
        receiver = Receiver(gate)
        dispatcher = Dispatcher(receiver, HostLimiter(per_host=2))
        sending = asyncio.ensure_future(dispatcher.deliver_all(
            [Hook("https://hooks.example.com/orders", f"order.{n}", {}) for n in range(5)]))
        await settle()
        active = receiver.active
        gate.set()
        return active, await sending, receiver.peak
    active, outcomes, peak = asyncio.run(main())
    assert (active, peak) == (2, 2)
    assert outcomes == ["delivered"] * 5


def test_a_receiver_written_several_ways_still_gets_two_at_a_time():
    async def main():
        gate = asyncio.Event()
        receiver = Receiver(gate)
        limiter = HostLimiter(per_host=2)
        dispatcher = Dispatcher(receiver, limiter)
        urls = ["https://hooks.example.com/orders", "https://hooks.example.com:443/invoices",
                "https://HOOKS.example.com/refunds", "https://hooks.example.com.:443/orders"]
        sending = asyncio.ensure_future(dispatcher.deliver_all([Hook(url, "ping", {}) for url in urls]))
        await settle()
        active, in_flight = receiver.active, sum(limiter.in_flight().values())
        gate.set()
        await sending
        return active, in_flight, receiver.peak, len(receiver.received)
    assert asyncio.run(main()) == (2, 2, 2, 4)


def test_a_429_pauses_deliveries_to_that_receiver():
    async def main():
        now = [500.0]
        receiver = Receiver(answers=[(429, {"Retry-After": "20"})])
        dispatcher = Dispatcher(receiver, HostLimiter(clock=lambda: now[0]))
        first = await dispatcher.deliver(Hook("https://hooks.example.com/orders", "order.paid", {}))
        during = await dispatcher.deliver(Hook("https://hooks.example.com:443/invoices", "invoice.sent", {}))
        elsewhere = await dispatcher.deliver(Hook("https://api.partner.io/in", "order.paid", {}))
        now[0] += 21
        after = await dispatcher.deliver(Hook("https://hooks.example.com:443/invoices", "invoice.sent", {}))
        return [first, during, elsewhere, after], [h.event for h in dispatcher.deferred]
    outcomes, deferred = asyncio.run(main())
    assert outcomes == ["deferred", "deferred", "delivered", "delivered"]
    assert deferred == ["order.paid", "invoice.sent"]


def test_malformed_targets_are_refused_before_sending():
    async def main():
        receiver = Receiver()
        with pytest.raises(BadUrl):
            await Dispatcher(receiver, HostLimiter()).deliver(Hook("mailto:ops@example.com", "x", {}))
        return receiver.received
    assert asyncio.run(main()) == []


def test_a_pause_lasts_exactly_as_long_as_asked_from_any_clock_reading():
    limiter = HostLimiter(clock=lambda: 0.0)
    limiter.pause("https://hooks.example.com/orders", 0.5)
    assert limiter.paused_for("https://hooks.example.com/orders") == 0.5
