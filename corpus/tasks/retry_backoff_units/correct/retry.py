"""Retries a flaky operation until it succeeds or the overall deadline would be passed."""

from dataclasses import dataclass, field

from backoff import Backoff


class TransientError(Exception):
    """The operation may succeed if tried again."""


class GaveUp(Exception):
    def __init__(self, attempts, last_error):
        super().__init__(f"gave up after {attempts} attempt(s): {last_error}")
        self.attempts, self.last_error = attempts, last_error


@dataclass
class RetryPolicy:
    deadline_s: float = 10.0
    backoff: Backoff = field(default_factory=Backoff)


def call_with_retry(operation, clock, policy=None):
    policy = policy or RetryPolicy()
    deadline = clock.now() + policy.deadline_s
    delays = policy.backoff.delays(seed=0)
    attempts = 0
    while True:
        attempts += 1
        try:
            return operation()
        except TransientError as error:
            delay = next(delays) / 1000  # the schedule is in milliseconds, the clock in seconds
            if clock.now() + delay > deadline:
                raise GaveUp(attempts, error) from error
            clock.sleep(delay)
