"""The API client's retry loop. Sleeping and the clock are injected so tests run instantly."""

from dataclasses import dataclass, field
from datetime import datetime, timezone

from retry_policy import Policy, decide


class RequestFailed(Exception):
    def __init__(self, message, attempts):
        super().__init__(message)
        self.attempts = attempts


@dataclass
class Outcome:
    status: int = None
    error: str = None
    headers: dict = field(default_factory=dict)
    body: str = ""


@dataclass
class RetryingClient:
    send: object                     # (method, url, headers) -> Outcome
    policy: Policy = Policy()
    sleep: object = None
    clock: object = None
    waits: list = field(default_factory=list)

    def request(self, method, url, headers=None):
        headers = dict(headers or {})
        attempt = 0
        while True:
            outcome = self.send(method, url, headers)
            attempt += 1
            if outcome.error is None and outcome.status < 400:
                return outcome
            now = self.clock() if self.clock else datetime.now(timezone.utc)
            decision = decide(method, attempt, self.policy, status=outcome.status, error=outcome.error,
                              headers=outcome.headers, now=now)
            if not decision.retry:
                raise RequestFailed(f"{method} {url}: {decision.reason}", attempt)
            self.waits.append(decision.delay)
            if self.sleep:
                self.sleep(decision.delay)
