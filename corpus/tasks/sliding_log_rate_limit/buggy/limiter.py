"""Sliding-log rate limiting: at most `limit` requests in any `window` seconds.

A request at time t counts against every request that happened in (t - window, t]; one made exactly
`window` seconds earlier has left the window.
"""

from collections import deque


class SlidingLog:
    def __init__(self, limit, window):
        if limit < 1 or window <= 0:
            raise ValueError(f"need limit >= 1 and window > 0, got limit={limit} window={window}")
        self.limit = limit
        self.window = window
        self.log = deque()

    def _expire(self, now):
        while self.log and self.log[0] < now - self.window:
            self.log.popleft()

    def allow(self, now):
        self._expire(now)
        if len(self.log) >= self.limit:
            return False
        self.log.append(now)
        return True

    def retry_after(self, now):
        """Seconds until the next request would be allowed (0 if it would be allowed now)."""
        self._expire(now)
        if len(self.log) < self.limit:
            return 0
        return self.log[0] + self.window - now
