"""The exit watchdog (tests/conftest.py): a run whose tests leave a stuck non-daemon thread still ends,
with its status and that thread's stack; a run whose threads all end exits as soon as its last test
does, with no report, in one process and under xdist (a finished worker waits for the others quietly)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.conftest import REPO_ROOT

LEAKS_A_THREAD = """
import threading

def test_passes_but_leaves_a_thread_that_never_ends():
    threading.Thread(target=threading.Event().wait, name="stuck-forever").start()
"""

# Threads that do not hold the exit: a daemon one, and one that ends soon after the test.
LEAVES_HARMLESS_THREADS = """
import threading
import time

def test_leaves_a_daemon_thread():
    threading.Thread(target=threading.Event().wait, name="daemon-forever", daemon=True).start()

def test_leaves_a_thread_that_ends_by_itself():
    threading.Thread(target=time.sleep, args=(0.5,), name="ends-soon").start()
"""

# Under xdist one worker finishes long before the other and idles until the controller ends it.
ONE_LONG_TEST = """
import threading

def test_long():
    threading.Event().wait(8)

def test_short_1():
    pass

def test_short_2():
    pass
"""

REPORT = "[tests] the run did not exit"


def run_pytest(tmp_path, source: str, *args: str, grace_s: float) -> subprocess.CompletedProcess:
    """pytest in a subprocess on ``source`` with this suite's conftest; the timeout is a cap for a hang
    (the run that waits out a 600 s grace fails by it), not a measurement."""
    (tmp_path / "test_case.py").write_text(source)
    env = {**os.environ, "STEPWISE_TEST_EXIT_GRACE_S": str(grace_s), "PYTHONPATH": str(REPO_ROOT)}
    env.pop("STEPWISE_TEST_EXIT_WATCHDOG", None)
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "tests.conftest",
                           "--rootdir", str(tmp_path), "-c", os.devnull, *args, str(tmp_path / "test_case.py")],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)


@pytest.mark.slow
def test_a_run_left_with_a_stuck_thread_exits_with_its_status_and_names_the_thread(tmp_path):
    run = run_pytest(tmp_path, LEAKS_A_THREAD, grace_s=1)

    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]  # the test passed: its status is kept
    assert "1 passed" in run.stdout
    assert f"{REPORT} 1s after it finished; stuck threads" in run.stderr
    assert "Thread 'stuck-forever'" in run.stderr and "threading.py" in run.stderr  # its stack, to find the culprit
    assert "MainThread" not in run.stderr  # only the thread that holds the exit is shown


@pytest.mark.slow
def test_threads_that_do_not_hold_the_exit_are_not_reported_and_the_run_does_not_wait(tmp_path):
    run = run_pytest(tmp_path, LEAVES_HARMLESS_THREADS, grace_s=600)

    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert "2 passed" in run.stdout and REPORT not in run.stderr


@pytest.mark.slow
def test_under_xdist_a_worker_that_finished_first_is_not_reported(tmp_path):
    run = run_pytest(tmp_path, ONE_LONG_TEST, "-n", "2", grace_s=1)

    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert "3 passed" in run.stdout and REPORT not in run.stdout + run.stderr


@pytest.mark.slow
def test_under_xdist_a_stuck_thread_in_a_worker_still_ends_the_run(tmp_path):
    run = run_pytest(tmp_path, LEAKS_A_THREAD, "-n", "2", grace_s=1)

    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert "1 passed" in run.stdout
