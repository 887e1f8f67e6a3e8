"""Data access for user profiles, going through the connection pool."""

from fakedb import ConnectionLost


class UserRepository:
    def __init__(self, pool):
        self.pool = pool

    def save(self, user_id, profile):
        with self.pool.connection() as conn:
            conn.execute("PUT", f"user:{user_id}", dict(profile))

    def load(self, user_id):
        with self.pool.connection() as conn:
            return conn.execute("GET", f"user:{user_id}")

    def load_with_retry(self, user_id, attempts=3):
        for attempt in range(attempts):
            try:
                with self.pool.connection() as conn:
                    if attempt == 0 and getattr(self, "simulate_failover", False):
                        conn.execute("KILL")
                    return conn.execute("GET", f"user:{user_id}")
            except ConnectionLost:
                continue
        raise ConnectionLost(f"user {user_id}: gave up after {attempts} attempts")
