"""Per-client request limiting for the public API."""

from bucket import TokenBucket


class RateLimited(Exception):
    def __init__(self, client, retry_after):
        super().__init__(f"client {client} is rate limited; retry after {retry_after:.1f}s")
        self.retry_after = retry_after


class ClientLimiter:
    def __init__(self, clock, rate, burst):
        self.clock = clock
        self.rate = rate
        self.burst = burst
        self._buckets = {}
        self.rejected = 0

    def _bucket(self, client):
        if client not in self._buckets:
            self._buckets[client] = TokenBucket(self.clock, self.rate, self.burst)
        return self._buckets[client]

    def admit(self, client, cost=1):
        bucket = self._bucket(client)
        if bucket.try_take(cost):
            return True
        self.rejected += 1
        raise RateLimited(client, bucket.wait_time(cost))
