"""Shared fixtures. Library tests (harness, corpus) use no database; webapp tests do."""

from __future__ import annotations

import os
import sys
import threading
import time
import traceback
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
# The fixture tasks' own tests run inside sandboxes, never as part of this suite.
collect_ignore_glob = ["fixtures/*"]


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO_ROOT


# ---- a run that cannot end ----------------------------------------------------------------------
# A test that leaves a non-daemon thread stuck (an event loop that never finishes cancelling its tasks)
# keeps the interpreter from exiting after the summary is printed, and CI then waits out its whole
# limit. When the interpreter starts waiting for its threads at exit (``threading._register_atexit``
# runs just before that wait), a daemon watchdog gives the threads this run started a grace period; if
# one is still alive then, it prints the stacks of those threads only and exits with the session's
# status. A run whose threads all end exits at once: nothing waits on the watchdog, and an xdist worker
# idling until the controller ends it is not "exiting" yet. STEPWISE_TEST_EXIT_WATCHDOG=0 turns it off
# (pytest run inside another program, as the mutation run does).
EXIT_GRACE_S = float(os.environ.get("STEPWISE_TEST_EXIT_GRACE_S", "10"))
_exit_status = {"code": 0}
_threads_before: set[int] = set()


def pytest_configure(config):
    _threads_before.update(thread.ident for thread in threading.enumerate() if thread.ident is not None)


def pytest_sessionfinish(session, exitstatus):
    _exit_status["code"] = int(exitstatus)


def threads_left_by_the_run(before: set[int]) -> list[threading.Thread]:
    """Live non-daemon threads started since ``before`` (the ones that keep an interpreter from exiting)."""
    return [thread for thread in threading.enumerate()
            if thread.is_alive() and not thread.daemon and thread.ident not in before
            and thread is not threading.main_thread() and thread is not threading.current_thread()]


def report_stuck_threads(threads: list[threading.Thread], grace_s: float) -> None:
    frames = sys._current_frames()
    sys.stderr.write(f"\n[tests] the run did not exit {grace_s:g}s after it finished; stuck threads:\n")
    for thread in threads:
        sys.stderr.write(f"\nThread {thread.name!r} (ident {thread.ident}):\n")
        sys.stderr.write("".join(traceback.format_stack(frames[thread.ident])) if thread.ident in frames else
                         "  (no frame)\n")
    sys.stderr.flush()


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config):
    if os.environ.get("STEPWISE_TEST_EXIT_WATCHDOG", "1") == "0":
        return
    suspects = {thread.ident for thread in threads_left_by_the_run(_threads_before)}
    if not suspects:
        return  # nothing this run started can hold the exit

    def watchdog():
        time.sleep(EXIT_GRACE_S)
        stuck = [thread for thread in threads_left_by_the_run(_threads_before) if thread.ident in suspects]
        if stuck:
            report_stuck_threads(stuck, EXIT_GRACE_S)
            os._exit(_exit_status["code"])

    def at_exit():
        threading.Thread(target=watchdog, name="exit-watchdog", daemon=True).start()

    threading._register_atexit(at_exit)  # type: ignore[attr-defined]  # called before the exit joins threads
