import pytest
from bucket import TokenBucket
from clock import StepClock
from limiter import ClientLimiter, RateLimited


def test_a_client_polling_every_second_gets_through_every_other_time():
    clock = StepClock()
    limiter = ClientLimiter(clock, rate=0.5, burst=1)
    outcomes = []
    for _ in range(6):
        try:
            outcomes.append(limiter.admit("poller"))
        except RateLimited:
            outcomes.append(False)
        clock.advance(1)
    assert outcomes == [True, False, True, False, True, False]


def test_burst_then_refill():
    clock = StepClock()
    bucket = TokenBucket(clock, rate=2, capacity=4)
    assert [bucket.try_take() for _ in range(5)] == [True, True, True, True, False]
    clock.advance(1)
    assert bucket.try_take(2)
    assert not bucket.try_take()


def test_idle_time_does_not_exceed_capacity():
    clock = StepClock()
    bucket = TokenBucket(clock, rate=10, capacity=3)
    bucket.try_take(3)
    clock.advance(60)
    assert [bucket.try_take() for _ in range(4)] == [True, True, True, False]


def test_rejections_say_when_to_retry():
    clock = StepClock()
    limiter = ClientLimiter(clock, rate=1, burst=2)
    limiter.admit("a", cost=2)
    with pytest.raises(RateLimited) as info:
        limiter.admit("a")
    assert info.value.retry_after == 1.0
    assert limiter.rejected == 1


def test_time_spent_full_is_not_banked_and_fractions_of_a_token_are_kept():
    clock = StepClock()
    full = TokenBucket(clock, rate=1, capacity=2)
    assert full.try_take(2)
    clock.advance(2.5)
    assert full.try_take()
    clock.advance(0.5)
    assert full.wait_time(2) == 0.5
    clock = StepClock()
    partial = TokenBucket(clock, rate=2, capacity=10)
    assert partial.try_take(10)
    clock.advance(1.75)
    assert partial.wait_time(4) == 0.25
