"""Deadline propagation between services.

A call carries how long the callee may take in the ``x-deadline-ms`` header: at most the callee's
cap, and never more than the caller has left. The callee turns the header back into a Deadline on
its own clock.
"""

from deadline import Deadline

HEADER = "x-deadline-ms"


class BadDeadlineHeader(ValueError):
    pass


def outgoing_headers(deadline, cap_s):
    budget_ms = int(deadline.budget_s * 1000)
    cap_ms = int(cap_s * 1000)
    return {HEADER: str(min(cap_ms, budget_ms))}


def incoming_deadline(clock, headers, default_s):
    raw = headers.get(HEADER)
    if raw is None:
        return Deadline.after(clock, default_s)
    if not raw.isdigit() or int(raw) == 0:
        raise BadDeadlineHeader(f"{HEADER} must be a positive whole number of milliseconds, got {raw!r}")
    return Deadline.after(clock, int(raw) / 1000)
