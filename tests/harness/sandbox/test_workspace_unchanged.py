"""Whether a workspace is still as materialized (``WorkspaceChanges.as_materialized``), what spares an
episode the verifier's run: decided on the host by content, links, kinds and modes, never by times.

The model controls the workspace, so every way it can change one must count, and only a byte-for-byte
return to the materialized files may count as unchanged."""

from __future__ import annotations

import os
import shutil

import pytest

from corpus.format import load_task
from corpus.materialize import materialize
from harness.episode.changes import WorkspaceChanges
from harness.sandbox import host_read
from tests.helpers.tasks import SUM_SKIPS_FIRST, write_task

SOURCE = "counter.py"


@pytest.fixture
def workspace(tmp_path):
    task = load_task(write_task(tmp_path / "tasks", shape=SUM_SKIPS_FIRST))
    materialized = materialize(task, tmp_path / "ws")
    files = {**task.shared_files, **materialized.buggy_files, **materialized.test_files}
    return materialized.path, WorkspaceChanges(materialized.path, files)


def test_an_untouched_workspace_and_one_only_run_or_touched_are_as_materialized(workspace):
    root, changes = workspace
    assert changes.as_materialized()
    # What running the tests leaves (bytecode, pytest's cache) is never read by the verifier.
    (root / "__pycache__").mkdir()
    (root / "__pycache__" / "counter.cpython-312.pyc").write_bytes(b"\x00bytecode")
    (root / ".pytest_cache").mkdir()
    (root / ".pytest_cache" / "README.md").write_text("cache\n")
    os.utime(root / SOURCE, ns=(1, 1))  # a time alone says nothing
    assert changes.as_materialized()


def test_an_edit_restored_byte_for_byte_is_as_materialized(workspace):
    root, changes = workspace
    original = (root / SOURCE).read_bytes()
    (root / SOURCE).write_text("def total(values):\n    return sum(values)\n")
    assert not changes.as_materialized()
    (root / SOURCE).write_bytes(original)
    assert changes.as_materialized()


def test_an_edit_with_the_same_size_and_a_forged_time_is_a_change(workspace):
    root, changes = workspace
    before = (root / SOURCE).stat()
    text = (root / SOURCE).read_text()
    assert "values[1:]" in text
    (root / SOURCE).write_text(text.replace("values[1:]", "values[0:]"))
    os.utime(root / SOURCE, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = (root / SOURCE).stat()
    assert (after.st_size, after.st_mtime_ns) == (before.st_size, before.st_mtime_ns)
    assert not changes.as_materialized()


def test_an_edit_back_to_nearly_the_original_is_a_change(workspace):
    root, changes = workspace
    (root / SOURCE).write_bytes((root / SOURCE).read_bytes() + b"\n")
    assert not changes.as_materialized()


@pytest.mark.parametrize("make", [
    lambda root: (root / "helper.py").write_text("x = 1\n"),
    lambda root: (root / ".hidden.py").write_text("x = 1\n"),
    lambda root: (root / "notes").mkdir(),
    lambda root: (root / SOURCE).unlink(),
    lambda root: (root / SOURCE).rename(root / "renamed.py"),
    lambda root: os.mkfifo(root / "pipe"),
], ids=["created", "created-hidden", "folder-created", "deleted", "renamed", "fifo"])
def test_entries_created_deleted_or_renamed_are_changes(workspace, make):
    root, changes = workspace
    make(root)
    assert not changes.as_materialized()


def test_a_rename_and_back_is_as_materialized(workspace):
    root, changes = workspace
    (root / SOURCE).rename(root / "renamed.py")
    assert not changes.as_materialized()
    (root / "renamed.py").rename(root / SOURCE)
    assert changes.as_materialized()


def test_a_file_swapped_for_a_link_to_the_same_bytes_is_a_change(workspace, tmp_path):
    root, changes = workspace
    copy = tmp_path / "elsewhere.py"
    shutil.copyfile(root / SOURCE, copy)
    (root / SOURCE).unlink()
    (root / SOURCE).symlink_to(copy)  # the content seen through the link is the original's
    assert not changes.as_materialized()
    (root / "extra").symlink_to("/proc/kmsg")
    assert not changes.as_materialized()


def test_chmod_of_a_file_is_a_change_until_put_back(workspace):
    root, changes = workspace
    mode = (root / SOURCE).stat().st_mode
    (root / SOURCE).chmod(mode | 0o111)
    assert not changes.as_materialized()
    (root / SOURCE).chmod(mode)
    assert changes.as_materialized()


def test_chmod_of_a_folder_inside_is_a_change(tmp_path):
    task_dir = write_task(tmp_path / "tasks", shape=SUM_SKIPS_FIRST)
    (task_dir / "buggy" / "pkg").mkdir()
    (task_dir / "buggy" / "pkg" / "mod.py").write_text("y = 2\n")
    task = load_task(task_dir)
    ws = materialize(task, tmp_path / "ws")
    changes = WorkspaceChanges(ws.path, {**ws.buggy_files, **ws.test_files})
    assert changes.as_materialized()
    mode = (ws.path / "pkg").stat().st_mode
    (ws.path / "pkg").chmod(0o700)
    assert not changes.as_materialized()
    (ws.path / "pkg").chmod(mode)
    assert changes.as_materialized()


def test_a_file_the_host_will_not_read_is_never_called_unchanged(workspace):
    root, changes = workspace
    with open(root / "big.bin", "wb") as f:
        f.truncate(host_read.MAX_FILE_BYTES + 1)  # sparse: costs no disk
    assert not changes.as_materialized()


def test_a_workspace_that_did_not_start_as_the_task_is_never_as_materialized(tmp_path):
    task = load_task(write_task(tmp_path / "tasks", shape=SUM_SKIPS_FIRST))
    ws = materialize(task, tmp_path / "ws")
    (ws.path / "stray.py").write_text("left before the first turn\n")
    changes = WorkspaceChanges(ws.path, {**ws.buggy_files, **ws.test_files})
    assert not changes.as_materialized()
    # Without the materialized files to check against, the state before the first turn is the reference.
    assert WorkspaceChanges(ws.path).as_materialized()
