"""The workspace has a disk quota (four 250 MB files used to fit, and every later turn hashed
them on the host): a write past it fails inside the sandbox with the ordinary "No space left on
device", the session keeps answering, and after close the workspace is back on the host's disk with
the model's changes. Scaled down here (a 48 MB quota, 20 MB files) so it runs in seconds."""

from __future__ import annotations

import os
import shutil

import pytest

from corpus.materialize import materialize
from harness.records.observation import ToolCall
from harness.sandbox import quota as quota_module
from harness.sandbox.backends.base import Limits, SandboxSpec
from harness.sandbox.pool import SandboxPool
from harness.sandbox.quota import WorkspaceQuota, copy_tree
from tests.helpers.sandboxes import ISOLATING_BACKENDS, backend_fixture

QUOTA = Limits(memory_mb=512, max_processes=64, cpu_seconds=20, wall_seconds=120, tool_timeout_s=20, disk_mb=48)
FILL = "for i in 1 2 3 4; do head -c 20000000 /dev/zero > big$i || echo FULL at $i; done"


backend = backend_fixture(ISOLATING_BACKENDS, scope="function")


def bash(sandbox, command: str) -> str:
    return sandbox.call(ToolCall("bash", {"command": command})).text


def fill_and_fix(sandbox) -> str:
    filled = bash(sandbox, FILL)
    bash(sandbox, "rm big*; printf 'def total(values):\\n    return sum(values)\\n' > counter.py; echo n > notes.txt")
    return filled


def test_the_default_quota_is_256_mb():
    assert Limits().disk_mb == 256


def test_a_full_workspace_answers_no_space_left_and_the_files_survive_close(backend, task, tmp_path):
    workspace = materialize(task, tmp_path / "ws")
    sandbox = backend.start(SandboxSpec(workspace=workspace.path, protected_files=workspace.protected_files,
                                        limits=QUOTA))
    try:
        filled = fill_and_fix(sandbox)
        seen_from_the_host = sorted(p.name for p in sandbox.workspace.iterdir())
        answer = bash(sandbox, "df -m /workspace | tail -1; echo still answering")
    finally:
        sandbox.close()

    assert "No space left on device" in filled and "FULL at 3" in filled
    assert "still answering" in answer and not sandbox.crashed
    assert seen_from_the_host == ["counter.py", "notes.txt", "test_counter.py"]
    assert not os.path.ismount(workspace.path)  # back on the host's disk, with the model's changes
    assert (workspace.path / "counter.py").read_text() == "def total(values):\n    return sum(values)\n"
    assert (workspace.path / "notes.txt").read_text() == "n\n"
    assert (workspace.path / "test_counter.py").stat().st_mode & 0o777 == 0o444


@pytest.mark.slow
def test_a_pooled_sandbox_has_the_quota_and_shows_its_files_at_the_callers_path(backend, task, tmp_path):
    workspace = materialize(task, tmp_path / "mine")
    with SandboxPool(backend, size=1, limits=QUOTA) as pool:
        assert pool.wait_ready(60)
        sandbox = pool.acquire(SandboxSpec(workspace=workspace.path, protected_files=workspace.protected_files,
                                           limits=QUOTA))
        try:
            filled = fill_and_fix(sandbox)
            during = (workspace.path / "counter.py").read_text()
        finally:
            pool.release(sandbox, wait=True)

    assert "No space left on device" in filled
    assert sandbox.workspace == workspace.path.resolve()
    assert during == "def total(values):\n    return sum(values)\n"
    assert not os.path.ismount(workspace.path)
    assert sorted(p.name for p in workspace.path.iterdir()) == ["counter.py", "notes.txt", "test_counter.py"]


def test_a_workspace_whose_folder_is_removed_during_close_still_loses_its_mounts(tmp_path, monkeypatch):
    # An episode's owner may remove the folder around the workspace while a pool's background close
    # is copying the files back (seen as FileNotFoundError in the sandbox-close thread).
    workspace = tmp_path / "episode" / "ws"
    workspace.mkdir(parents=True)
    (workspace / "counter.py").write_text("x = 1\n")
    quota = WorkspaceQuota.mount(workspace, 8)
    assert quota is not None and os.path.ismount(workspace)

    def copy_then_lose_the_folder(source, destination):
        copy_tree(source, destination)
        shutil.rmtree(destination)  # the owner's rmtree got there first

    monkeypatch.setattr(quota_module, "copy_tree", copy_then_lose_the_folder)
    quota.release()

    assert not os.path.ismount(workspace)
