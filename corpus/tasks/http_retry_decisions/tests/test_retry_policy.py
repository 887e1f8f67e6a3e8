from datetime import datetime, timezone

from retry_policy import Policy, decide, retry_after_seconds

NOW = datetime(2024, 5, 1, 12, 0, 0, tzinfo=timezone.utc)


def test_retry_after_in_seconds():
    assert retry_after_seconds("120", NOW) == 120.0
    assert retry_after_seconds("soon", NOW) is None


def test_retry_after_as_a_date():
    assert retry_after_seconds("Wed, 01 May 2024 12:02:00 GMT", NOW) == 120.0
    assert retry_after_seconds("Wed, 01 May 2024 11:00:00 GMT", NOW) == 0.0


def test_get_backs_off_exponentially():
    delays = [decide("GET", n, status=503).delay for n in (1, 2, 3)]
    assert delays == [0.5, 1.0, 2.0]
    assert decide("get", 1, error="timeout").retry
    assert decide("HEAD", 1, status=429).retry
    assert decide("GET", 8, Policy(max_attempts=10), status=503).delay == 30.0


def test_no_retry_once_the_attempts_are_used_up():
    assert decide("GET", 3, Policy(max_attempts=4), status=502).retry
    decision = decide("GET", 4, Policy(max_attempts=4), status=502)
    assert (decision.retry, decision.reason) == (False, "gave up after 4 attempts")


def test_put_and_delete_are_idempotent():
    assert decide("PUT", 1, status=504).retry
    assert decide("DELETE", 1, error="connection_reset").retry


def test_post_needs_an_idempotency_key():
    refused = decide("POST", 1, status=502)
    assert (refused.retry, refused.reason) == (False, "POST without an Idempotency-Key is not replayed")
    assert decide("POST", 1, status=502, headers={"Idempotency-Key": "k-81"}).retry


def test_post_that_never_left_is_safe_to_resend():
    assert decide("POST", 1, error="connect_error").retry
    assert not decide("PATCH", 1, error="timeout").retry


def test_retry_after_is_honoured_but_capped():
    hinted = decide("GET", 1, status=429, headers={"Retry-After": "7"}, now=NOW)
    assert hinted.delay == 7.0
    capped = decide("GET", 1, Policy(max_delay=10), status=503, headers={"Retry-After": "3600"}, now=NOW)
    assert capped.delay == 10.0
    assert not decide("GET", 1, status=404).retry
