"""The two arms of the paired comparison, defined once: ``base`` (shell, files, done) and ``dbg``
(base plus the debugger). Stdlib only: the sandboxed session imports it."""

from __future__ import annotations

BASE = "base"
DBG = "dbg"
ARMS = (BASE, DBG)


def check_arm(arm) -> str:
    """``arm`` when it is one of ARMS; otherwise ValueError saying which exist."""
    if arm not in ARMS:
        raise ValueError(f"unknown arm {arm!r}; use one of {', '.join(ARMS)}")
    return arm
