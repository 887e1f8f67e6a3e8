"""Shared fixtures. Library tests (harness, corpus) use no database; webapp tests do."""

from __future__ import annotations

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
# limit. After the session, a daemon watchdog gives the normal exit a minute, then prints every
# thread's stack and exits with the session's status.
EXIT_GRACE_S = float(__import__("os").environ.get("STEPWISE_TEST_EXIT_GRACE_S", "60"))
_exit_status = {"code": 0}


def pytest_sessionfinish(session, exitstatus):
    _exit_status["code"] = int(exitstatus)


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config):
    import faulthandler
    import os
    import sys
    import threading
    import time

    def watchdog():
        time.sleep(EXIT_GRACE_S)
        sys.stderr.write(f"\n[tests] the run did not exit {EXIT_GRACE_S:g}s after it finished; stuck threads:\n")
        faulthandler.dump_traceback(file=sys.stderr, all_threads=True)
        sys.stderr.flush()
        os._exit(_exit_status["code"])

    threading.Thread(target=watchdog, name="exit-watchdog", daemon=True).start()
