"""The evaluation's circuit breaker: when the model endpoint has failed N episodes in a row, it has
gone away (a server died, a key was revoked), and playing the rest of the task list would only turn
every remaining episode into another infra error. The evaluation stops instead, with a message that
says so; a rerun of the same command resumes once the endpoint is back."""

from __future__ import annotations

from harness.trajectory import ExitReason

DEFAULT_LIMIT = 5


class InfraBreaker:
    def __init__(self, limit: int = DEFAULT_LIMIT):
        if limit < 1:
            raise ValueError("the infra-error limit must be at least 1")
        self.limit = limit
        self.in_a_row = 0
        self.last_reason: str | None = None

    def record(self, exit_reason: str | None, reason: str | None = None) -> bool:
        """Take one finished episode's exit reason; True once the breaker has tripped."""
        if exit_reason == ExitReason.INFRA_ERROR:
            self.in_a_row += 1
            self.last_reason = reason
        else:
            self.in_a_row = 0
        return self.tripped

    @property
    def tripped(self) -> bool:
        return self.in_a_row >= self.limit

    def message(self, left: int, *, then: str = "") -> str:
        """Why the evaluation stopped and what to do; ``then`` replaces the command line's way to resume."""
        then = then or (f"Bring it back (check it with python -m harness check-endpoint), then rerun the same "
                        f"command: finished episodes are kept, and the {left} not finished (infra errors "
                        f"included) are played.")
        return (f"stopped: the model endpoint failed {self.in_a_row} episodes in a row, so it has gone away "
                f"(last: {self.last_reason or 'no reason recorded'}). {then}")
