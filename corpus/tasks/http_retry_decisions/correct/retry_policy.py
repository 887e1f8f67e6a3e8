"""When the API client retries a failed request, and how long it waits first.

* Idempotent methods (GET, HEAD, OPTIONS, PUT, DELETE) are retried after a connection reset, a
  timeout, or a 429, 502, 503 or 504 answer.
* POST and PATCH are retried only when the request never reached the server (connect_error), or
  when they carry an Idempotency-Key header (then like an idempotent method).
* 'attempt' counts the tries made so far (1 after the first); nothing is retried once attempt
  reaches max_attempts.
* The wait is base * 2 ** (attempt - 1), capped at max_delay; a Retry-After header on a 429 or 503
  (seconds, or an HTTP date) replaces it, also capped at max_delay; a date in the past means 0.
"""

from dataclasses import dataclass
from email.utils import parsedate_to_datetime

IDEMPOTENT = frozenset({"GET", "HEAD", "OPTIONS", "PUT", "DELETE"})
RETRY_STATUSES = frozenset({429, 502, 503, 504})
RETRY_ERRORS = frozenset({"connection_reset", "timeout"})


@dataclass(frozen=True)
class Policy:
    max_attempts: int = 4
    base: float = 0.5
    max_delay: float = 30.0


@dataclass(frozen=True)
class Decision:
    retry: bool
    delay: float
    reason: str


def retry_after_seconds(value, now):
    """Seconds to wait from a Retry-After value, or None when it is neither form."""
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, (when - now).total_seconds())


def decide(method, attempt, policy=Policy(), status=None, error=None, headers=None, now=None):
    headers = {k.lower(): v for k, v in (headers or {}).items()}
    method = method.upper()
    if attempt >= policy.max_attempts:
        return Decision(False, 0.0, f"gave up after {attempt} attempts")
    replayable = method in IDEMPOTENT or "idempotency-key" in headers
    if error == "connect_error":
        pass
    elif error in RETRY_ERRORS or status in RETRY_STATUSES:
        if not replayable:
            return Decision(False, 0.0, f"{method} without an Idempotency-Key is not replayed")
    else:
        return Decision(False, 0.0, f"{error or status} is not retryable")
    delay = min(policy.max_delay, policy.base * 2 ** (attempt - 1))
    if status in (429, 503) and "retry-after" in headers and now is not None:
        hinted = retry_after_seconds(headers["retry-after"], now)
        if hinted is not None:
            delay = min(policy.max_delay, hinted)
    return Decision(True, delay, "retrying")
