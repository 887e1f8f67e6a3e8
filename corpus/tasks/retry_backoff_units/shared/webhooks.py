"""Delivers webhook events to subscriber endpoints, retrying what the receiver says is temporary."""

import json
from dataclasses import dataclass, field

from retry import RetryPolicy, TransientError, call_with_retry

TEMPORARY = {429, 502, 503, 504}


class DeliveryRejected(Exception):
    pass


@dataclass
class FakeEndpoint:
    """Answers with the given status codes in turn, then 200 forever (a stand-in for HTTP)."""

    statuses: list = field(default_factory=list)
    received: list = field(default_factory=list)

    def post(self, body):
        self.received.append(body)
        return self.statuses.pop(0) if self.statuses else 200


class WebhookSender:
    def __init__(self, clock, policy=None):
        self.clock = clock
        self.policy = policy or RetryPolicy()
        self.delivered = 0

    def _attempt(self, endpoint, body):
        status = endpoint.post(body)
        if status in TEMPORARY:
            raise TransientError(f"HTTP {status}")
        if status >= 400:
            raise DeliveryRejected(f"HTTP {status}: the subscriber refused the event")
        return status

    def send(self, endpoint, event, payload):
        body = json.dumps({"event": event, "data": payload}, sort_keys=True)
        status = call_with_retry(lambda: self._attempt(endpoint, body), self.clock, self.policy)
        self.delivered += 1
        return status
