"""A task becomes a flat workspace: buggy + tests, bug notes stripped, correct/ never copied."""

from __future__ import annotations

import stat

import pytest

from corpus.materialize import materialize, strip_bug_markers
from harness.sandbox.protect import protect_workspace


def test_the_workspace_holds_the_buggy_module_and_tests_but_not_the_fix(task, tmp_path):
    workspace = materialize(task, tmp_path / "ws")

    assert sorted(p.name for p in workspace.path.iterdir()) == ["counter.py", "test_counter.py"]
    assert "values[1:]" in (workspace.path / "counter.py").read_text()
    assert workspace.protected_files == ["test_counter.py"]
    assert not stat.S_IMODE((workspace.path / "test_counter.py").stat().st_mode) & 0o222


def test_bug_notes_are_stripped_and_line_numbers_kept():
    source = "a = 1\n# BUG: the next line is wrong\nb = a - 1  # BUG: off by one\nc = 3\n"

    stripped = strip_bug_markers(source)

    assert stripped == "a = 1\n\nb = a - 1\nc = 3\n"
    assert "BUG" not in stripped


def test_materializing_into_a_folder_that_is_not_empty_is_refused(task, tmp_path):
    (tmp_path / "busy").mkdir()
    (tmp_path / "busy" / "leftover.py").write_text("x = 1\n")

    with pytest.raises(FileExistsError, match="not empty"):
        materialize(task, tmp_path / "busy")


def test_protection_gives_tests_to_root_and_the_rest_to_the_sandbox_user(task, tmp_path):
    workspace = materialize(task, tmp_path / "ws")

    protect_workspace(workspace.path, workspace.protected_files)

    test_file = (workspace.path / "test_counter.py").stat()
    module = (workspace.path / "counter.py").stat()
    folder = workspace.path.stat()
    assert (test_file.st_uid, stat.S_IMODE(test_file.st_mode)) == (0, 0o444)
    assert module.st_uid == 65534 and module.st_mode & stat.S_IWUSR
    assert folder.st_uid == 0 and stat.S_IMODE(folder.st_mode) == 0o1777
