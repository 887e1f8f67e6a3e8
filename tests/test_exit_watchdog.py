"""A run whose tests leave a stuck non-daemon thread still ends, with its status and the stacks."""

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


@pytest.mark.slow
def test_a_run_left_with_a_stuck_thread_exits_with_its_status_and_names_the_thread(tmp_path):
    (tmp_path / "test_leak.py").write_text(LEAKS_A_THREAD)
    env = {**os.environ, "STEPWISE_TEST_EXIT_GRACE_S": "1", "PYTHONPATH": str(REPO_ROOT)}
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "tests.conftest",
                          "--rootdir", str(tmp_path), "-c", os.devnull, str(tmp_path / "test_leak.py")],
                         cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)

    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]  # the test passed: its status is kept
    assert "1 passed" in run.stdout
    assert "did not exit 1s after it finished" in run.stderr and "stuck-forever" not in run.stdout
    assert "threading.py" in run.stderr  # the stacks, to find the culprit
