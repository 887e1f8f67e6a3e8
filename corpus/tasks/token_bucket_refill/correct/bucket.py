"""Token bucket: ``rate`` tokens per second accrue up to ``capacity``; a request spends tokens."""


class TokenBucket:
    def __init__(self, clock, rate, capacity):
        if rate <= 0 or capacity < 1:
            raise ValueError("rate must be positive and capacity at least 1")
        self.clock = clock
        self.rate = float(rate)
        self.capacity = int(capacity)
        self.tokens = self.capacity
        self._updated = clock.now()

    def _refill(self):
        now = self.clock.now()
        added = int((now - self._updated) * self.rate)
        if self.tokens + added >= self.capacity:
            self.tokens = self.capacity
            self._updated = now
        else:
            # Only move the clock mark by the time the whole tokens took; keep the fraction.
            self.tokens += added
            self._updated += added / self.rate

    def try_take(self, count=1):
        if count > self.capacity:
            raise ValueError(f"cannot take {count} tokens from a bucket of {self.capacity}")
        self._refill()
        if self.tokens >= count:
            self.tokens -= count
            return True
        return False

    def wait_time(self, count=1):
        """Seconds until ``count`` tokens will be available (0 when they already are)."""
        self._refill()
        missing = count - self.tokens
        if missing <= 0:
            return 0.0
        return round(missing / self.rate - (self.clock.now() - self._updated), 6)
