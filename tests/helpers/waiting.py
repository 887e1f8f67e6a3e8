"""Waiting for something another process does: a job ends, a sandbox crashes, a process goes away.

Each wait is a generous cap for a loaded machine, not a timing assertion.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest


def poll_until(condition: Callable[[], Any], timeout_s: float = 60.0, *, interval_s: float = 0.2) -> Any:
    """``condition()``'s first truthy value within ``timeout_s``, else its value once the time is up (for
    the caller to assert on, with a message of its own)."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(interval_s)
    return condition()


def wait_until(condition: Callable[[], Any], what: str, timeout_s: float = 120, *, interval_s: float = 0.1,
               give_up_when: Callable[[], bool] | None = None,
               failure: Callable[[], str] | None = None) -> Any:
    """``condition()``'s first truthy value; fails the test with "timed out waiting for <what>" once
    ``timeout_s`` pass or ``give_up_when()`` turns true (a server that exited will not answer later).
    ``failure`` builds a message of its own instead, when the test fails (so it can show a log)."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        if give_up_when is not None and give_up_when():
            break
        time.sleep(interval_s)
    pytest.fail(failure() if failure is not None else f"timed out waiting for {what}")
