"""The test guard between bash commands (``harness.test_guard``), on a plain folder: a protected test
file changed, removed, replaced by a folder or a link is written back with the task's bytes, read-only;
untouched or unprotected files are left alone; a file too large to keep is not kept."""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path

from harness.test_guard import MAX_KEPT_BYTES, TestGuard

ORIGINAL = b"def test_total():\n    assert total([1]) == 1\n"


def test_changed_removed_and_replaced_tests_are_restored_read_only_and_named(tmp_path):
    names = ["test_a.py", "tests/test_b.py", "test_c.py", "test_d.py", "test_e.py"]
    for name in names:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(ORIGINAL)
    (tmp_path / "counter.py").write_text("x = 1\n")
    guard = TestGuard(tmp_path, [*names, "missing_test.py"])

    (tmp_path / "test_a.py").write_bytes(b"def test_total():\n    pass\n")
    (tmp_path / "tests/test_b.py").unlink()
    (tmp_path / "test_c.py").unlink()
    (tmp_path / "test_c.py").mkdir()
    (tmp_path / "test_c.py" / "inside.py").write_text("")
    (tmp_path / "test_d.py").unlink()
    (tmp_path / "test_d.py").symlink_to(tmp_path / "counter.py")
    (tmp_path / "counter.py").write_text("x = 2\n")  # not protected

    assert guard.restore() == ["test_a.py", "test_c.py", "test_d.py", "tests/test_b.py"]
    for name in names:
        path = tmp_path / name
        assert path.is_file() and not path.is_symlink() and path.read_bytes() == ORIGINAL, name
    assert stat.S_IMODE(os.stat(tmp_path / "test_a.py").st_mode) == 0o444
    assert (tmp_path / "counter.py").read_text() == "x = 2\n"
    assert guard.restore() == []
    assert guard.note(["test_a.py", "test_c.py"]).startswith(
        "Error: this command changed the test file(s) test_a.py, test_c.py; test files are read-only")


def test_a_test_file_too_large_to_keep_or_a_link_is_not_kept(tmp_path):
    (tmp_path / "test_big.py").write_bytes(b"#" * (MAX_KEPT_BYTES + 1))
    (tmp_path / "test_edge.py").write_bytes(b"#" * MAX_KEPT_BYTES)
    (tmp_path / "test_link.py").symlink_to(tmp_path / "test_edge.py")

    guard = TestGuard(tmp_path, ["test_big.py", "test_edge.py", "test_link.py"])

    assert sorted(guard.kept) == ["test_edge.py"]


def test_a_whole_folder_of_tests_removed_is_restored_and_one_failure_does_not_stop_the_others(tmp_path):
    for name in ("a/test_x.py", "tests/unit/test_b.py", "test_y.py"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(ORIGINAL)
    long_name = "b" * 300 + ".py"  # the system refuses the name (sorted before the last two)
    guard = TestGuard(tmp_path, ["a/test_x.py", "tests/unit/test_b.py", "test_y.py", long_name])
    assert sorted(guard.kept) == ["a/test_x.py", "test_y.py", "tests/unit/test_b.py"]  # the refused one skipped

    shutil.rmtree(tmp_path / "a")
    (tmp_path / "a").write_text("a file where the folder was: a/test_x.py cannot be written back")
    shutil.rmtree(tmp_path / "tests")
    (tmp_path / "test_y.py").write_bytes(b"")

    assert guard.restore() == ["test_y.py", "tests/unit/test_b.py"]
    assert (tmp_path / "tests/unit/test_b.py").read_bytes() == ORIGINAL


def test_a_file_this_process_cannot_read_is_left_as_it_is(tmp_path, monkeypatch):
    # This suite runs as root, which reads every file: the unreadable file is faked by the read failing.
    (tmp_path / "test_a.py").write_bytes(ORIGINAL)
    guard = TestGuard(tmp_path, ["test_a.py"])

    def unreadable(self):
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "read_bytes", unreadable)

    assert guard.restore() == []


def test_the_note_tells_the_model_what_happened_and_what_to_do():
    assert TestGuard(Path("."), []).note(["test_a.py"]) == (
        "Error: this command changed the test file(s) test_a.py; test files are read-only, so they were restored to "
        "the task's version. Fix the code under test instead.")
