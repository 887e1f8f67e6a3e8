import pytest
from fakeclock import FakeClock
from webhooks import DeliveryRejected, FakeEndpoint, WebhookSender


def test_delivered_first_time():
    endpoint = FakeEndpoint()
    assert WebhookSender(FakeClock()).send(endpoint, "order.paid", {"id": 7}) == 200
    assert endpoint.received == ['{"data": {"id": 7}, "event": "order.paid"}']


def test_permanent_refusal_is_not_retried():
    endpoint = FakeEndpoint(statuses=[410])
    with pytest.raises(DeliveryRejected):
        WebhookSender(FakeClock()).send(endpoint, "order.paid", {})
    assert len(endpoint.received) == 1


def test_rate_limited_delivery_is_retried():
    clock = FakeClock()
    endpoint = FakeEndpoint(statuses=[429, 503])
    sender = WebhookSender(clock)
    assert sender.send(endpoint, "order.shipped", {"id": 9}) == 200
    assert len(endpoint.received) == 3
    assert round(clock.now(), 3) == 0.3
