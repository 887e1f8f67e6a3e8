"""Request deadlines: a point in time on the clock, and the budget it was made from."""


class DeadlineExceeded(Exception):
    pass


class Deadline:
    def __init__(self, clock, expires_at, budget_s):
        self.clock = clock
        self.expires_at = expires_at
        self.budget_s = budget_s

    @classmethod
    def after(cls, clock, seconds):
        if seconds <= 0:
            raise ValueError(f"a deadline needs a positive budget, got {seconds}")
        return cls(clock, clock.now() + seconds, seconds)

    def remaining(self):
        return max(0.0, self.expires_at - self.clock.now())

    def expired(self):
        return self.remaining() == 0.0

    def check(self, what):
        if self.expired():
            raise DeadlineExceeded(f"no time left for {what} (budget {self.budget_s:g}s)")
