"""Deadline propagation between services.

A call carries how long the callee may take in the ``x-deadline-ms`` header: at most the callee's
cap, and never more than the caller has left. The callee turns the header back into a Deadline on
its own clock.
"""

from deadline import Deadline, DeadlineExceeded

HEADER = "x-deadline-ms"


class BadDeadlineHeader(ValueError):
    pass


def outgoing_headers(deadline, cap_s):
    # What is left now, not the original budget: earlier calls have used some of it.
    left_ms = round(deadline.remaining() * 1000)
    if left_ms < 1:
        raise DeadlineExceeded(f"no time left to make the call (budget {deadline.budget_s:g}s)")
    cap_ms = round(cap_s * 1000)
    return {HEADER: str(min(cap_ms, left_ms))}


def incoming_deadline(clock, headers, default_s):
    raw = headers.get(HEADER)
    if raw is None:
        return Deadline.after(clock, default_s)
    if not raw.isdigit() or int(raw) == 0:
        raise BadDeadlineHeader(f"{HEADER} must be a positive whole number of milliseconds, got {raw!r}")
    return Deadline.after(clock, int(raw) / 1000)
