"""A validation run on a pool (what validate_all uses) returns only once its sandbox is closed: with the
workspace's disk quota the files a run wrote (the evidence recorder's observations) reach the host's
disk at close, which a pool otherwise does in the background. Reading the workspace before that found
it empty now and then ("line never reached" for evidence that held)."""

from __future__ import annotations

import os

import pytest

from harness.sandbox.backends import get_backend
from harness.sandbox.pool import SandboxPool
from validation.runner import run_pytest

WRITES_A_FILE = '''\
def test_writes():
    with open("written.txt", "w") as fh:
        fh.write("seen")
'''


@pytest.mark.slow
def test_a_run_on_a_pool_returns_with_its_files_back_on_the_host(tmp_path):
    pool = SandboxPool(get_backend("bwrap"), size=1, service=False)
    try:
        for attempt in range(3):
            workspace = tmp_path / f"run{attempt}"
            workspace.mkdir()
            (workspace / "test_write.py").write_text(WRITES_A_FILE)

            run = run_pytest(workspace, timeout_s=30, sandbox=pool)

            assert run.passed == 1, run.output
            assert not os.path.ismount(workspace)  # the quota's tmpfs is gone: the sandbox is closed
            assert (workspace / "written.txt").read_text() == "seen"
    finally:
        pool.close()
