import pytest
from breaker import BreakerConfig, CircuitBreaker, CircuitOpen
from client import FakeProvider, PaymentClient, ProviderDown
from clock import TestClock


def outage(clock):
    provider = FakeProvider()
    client = PaymentClient(provider, CircuitBreaker("payments", clock, BreakerConfig(3, 30.0)))
    provider.healthy = False
    for _ in range(3):
        with pytest.raises(ProviderDown):
            client.quote(10)
    return provider, client


def test_service_recovers_under_steady_traffic():
    clock = TestClock()
    provider, client = outage(clock)
    provider.healthy = True
    answers = []
    for _ in range(8):
        clock.advance(5)
        try:
            answers.append(client.quote(10)[1])
        except CircuitOpen:
            answers.append("refused")
    assert answers == ["refused"] * 5 + ["live"] * 3
    assert client.breaker.state == "closed"


def test_open_circuit_spares_the_provider():
    clock = TestClock()
    provider, client = outage(clock)
    before = provider.requests
    with pytest.raises(CircuitOpen) as info:
        client.quote(10)
    assert provider.requests == before
    assert info.value.retry_in == 30.0


def test_failed_probe_reopens():
    clock = TestClock()
    provider, client = outage(clock)
    clock.advance(31)
    with pytest.raises(ProviderDown):
        client.quote(10)
    assert client.breaker.transitions[-2:] == [("open", "half_open"), ("half_open", "open")]


def test_cached_quote_while_open():
    clock = TestClock()
    provider = FakeProvider()
    client = PaymentClient(provider, CircuitBreaker("payments", clock))
    assert client.quote(100) == (103.15, "live")
    provider.healthy = False
    for _ in range(4):
        assert client.quote(100) == (103.15, "cached")
