import pytest
from client import Outcome, RequestFailed, RetryingClient
from retry_policy import Policy


def scripted(*outcomes):
    calls = []

    def send(method, url, headers):
        calls.append((method, url))
        return outcomes[len(calls) - 1]
    return send, calls


def test_get_succeeds_after_two_failures():
    send, calls = scripted(Outcome(status=503), Outcome(error="timeout"), Outcome(status=200, body="ok"))
    slept = []
    client = RetryingClient(send, sleep=slept.append)
    assert client.request("GET", "/orders").body == "ok"
    assert (len(calls), slept) == (3, [0.5, 1.0])


def test_client_errors_are_not_retried():
    send, calls = scripted(Outcome(status=404))
    with pytest.raises(RequestFailed, match="GET /orders/9: 404 is not retryable") as info:
        RetryingClient(send).request("GET", "/orders/9")
    assert info.value.attempts == 1


def test_gives_up_when_attempts_run_out():
    send, calls = scripted(*[Outcome(status=502)] * 5)
    with pytest.raises(RequestFailed, match="gave up after 3 attempts"):
        RetryingClient(send, policy=Policy(max_attempts=3)).request("DELETE", "/orders/9")
    assert len(calls) == 3


def test_retry_after_from_the_server_sets_the_wait():
    from datetime import datetime, timezone
    send, calls = scripted(Outcome(status=429, headers={"Retry-After": "2"}), Outcome(status=204))
    client = RetryingClient(send, clock=lambda: datetime(2024, 5, 1, tzinfo=timezone.utc))
    assert client.request("GET", "/quota").status == 204
    assert client.waits == [2.0]


def test_a_success_needs_no_retry_and_no_wait():
    send, calls = scripted(Outcome(status=201, body="created"))
    client = RetryingClient(send)
    assert client.request("POST", "/orders", {"Idempotency-Key": "k-1"}).body == "created"
    assert (len(calls), client.waits) == (1, [])
