import pytest
from backoff import Backoff, from_config
from fakeclock import FakeClock
from retry import GaveUp, RetryPolicy, TransientError, call_with_retry


def flaky(failures):
    calls = []

    def operation():
        calls.append(len(calls))
        if len(calls) <= failures:
            raise TransientError(f"503 on call {len(calls)}")
        return "ok"
    return operation, calls


def test_recovers_after_a_few_transient_failures():
    clock = FakeClock()
    operation, calls = flaky(3)
    assert call_with_retry(operation, clock) == "ok"
    assert len(calls) == 4
    assert clock.sleeps == [0.1, 0.2, 0.4]


def test_first_try_success_does_not_sleep():
    clock = FakeClock()
    operation, _ = flaky(0)
    assert call_with_retry(operation, clock) == "ok"
    assert clock.sleeps == []


def test_gives_up_before_the_deadline():
    clock = FakeClock()
    operation, calls = flaky(100)
    with pytest.raises(GaveUp):
        call_with_retry(operation, clock, RetryPolicy(deadline_s=2.0))
    assert clock.now() <= 2.0
    assert len(calls) == 5


def test_non_transient_errors_are_not_retried():
    def operation():
        raise KeyError("no such record")
    with pytest.raises(KeyError):
        call_with_retry(operation, FakeClock())


def test_backoff_schedule_in_milliseconds():
    delays = Backoff(base_ms=50, factor=3, cap_ms=1000).delays()
    assert [next(delays) for _ in range(5)] == [50, 150, 450, 1000, 1000]
    assert from_config({"base_ms": "20"}).base_ms == 20
