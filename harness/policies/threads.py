"""One policy object per worker thread: a policy keeps per-episode state between ``reset`` calls, so
threads playing episodes at the same time each need their own (unless the policy says it is
``shareable``). Used by the paired evaluation and by training's rollout generators."""

from __future__ import annotations

import threading
from collections.abc import Callable

from harness.policies.base import Policy


class PolicyPerThread:
    """``get()`` answers the calling thread's policy, made on first use by ``make``."""

    def __init__(self, make: Callable[[], Policy]):
        self.make = make
        self.first = make()  # fails early, in the caller's thread, on a bad spec
        self._local = threading.local()
        self._made = [self.first]
        self._lock = threading.Lock()
        self._first_given = False

    def get(self) -> Policy:
        if self.first.shareable:
            return self.first
        policy = getattr(self._local, "policy", None)
        if policy is None:
            with self._lock:
                if not self._first_given:
                    policy, self._first_given = self.first, True
                else:
                    policy = self.make()
                    self._made.append(policy)
            self._local.policy = policy
        return policy

    def close(self) -> None:
        for policy in self._made:
            policy.close()
