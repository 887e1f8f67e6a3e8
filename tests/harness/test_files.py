"""edit_file / write_file: exact replacement, counts, and the workspace and test-file boundaries."""

from __future__ import annotations

import os

import pytest

from harness.files import FileInterface, FileToolError


@pytest.fixture
def files(tmp_path):
    (tmp_path / "app.py").write_text("total = 0\ntotal = 0\nprint(total)\n")
    (tmp_path / "test_app.py").write_text("def test(): pass\n")
    return FileInterface(tmp_path, protected_files=["test_app.py"])


def test_edit_replaces_every_exact_occurrence_and_names_their_lines(files, tmp_path):
    change = files.edit("app.py", "total = 0", "total = 1")
    assert change.message == "Successfully replaced 2 occurrence(s) in app.py, at lines 1 and 2 of the edited file"
    assert (tmp_path / "app.py").read_text() == "total = 1\ntotal = 1\nprint(total)\n"
    assert change.old_text.startswith("total = 0") and change.new_text.startswith("total = 1")


def test_a_string_that_is_not_there_is_an_error(files, tmp_path):
    with pytest.raises(FileToolError, match=r"^Error: String not found in app.py\. old_string must match"):
        files.edit("app.py", "total=0", "total = 1")
    assert (tmp_path / "app.py").read_text().startswith("total = 0")


def test_write_creates_or_overwrites_a_file(files, tmp_path):
    assert files.write("pkg/new.py", "x = 1\n").message == "Successfully wrote 6 characters to pkg/new.py"
    assert (tmp_path / "pkg/new.py").read_text() == "x = 1\n"
    assert files.write(str(tmp_path / "app.py"), "").old_text.startswith("total = 0")  # absolute inside: fine


@pytest.mark.parametrize("path", ["../outside.py", "/etc/passwd", "pkg/../../escape.py"])
def test_paths_outside_the_workspace_are_refused(files, path):
    with pytest.raises(FileToolError, match="is outside the workspace"):
        files.write(path, "x")


@pytest.mark.parametrize("path", ["test_app.py", "./test_app.py"])
def test_protected_test_files_cannot_be_changed(files, path, tmp_path):
    with pytest.raises(FileToolError, match="test_app.py is a test file and is protected"):
        files.edit(path, "pass", "assert True")
    with pytest.raises(FileToolError, match="protected"):
        files.write(path, "")
    assert (tmp_path / "test_app.py").read_text() == "def test(): pass\n"


def test_an_empty_old_string_or_a_missing_file_gets_a_way_forward(files):
    with pytest.raises(FileToolError, match="old_string is empty.*use write_file"):
        files.edit("app.py", "", "x")
    with pytest.raises(FileToolError, match="no file nothere.py in the workspace"):
        files.edit("nothere.py", "a", "b")


def test_an_edit_replaces_the_file_whole_keeping_its_permissions_and_no_temporary_file(files, tmp_path):
    (tmp_path / "app.py").chmod(0o754)

    files.edit("app.py", "print(total)", "print(total + 1)")

    assert (tmp_path / "app.py").stat().st_mode & 0o777 == 0o754
    assert sorted(p.name for p in tmp_path.iterdir()) == ["app.py", "test_app.py"]


def test_text_that_has_no_utf8_form_is_refused_before_anything_is_written(files, tmp_path):
    with pytest.raises(FileToolError, match=r"new_string is not valid text: it holds the lone surrogate \\udc80"):
        files.edit("app.py", "total = 0", "total = '\udc80'")
    with pytest.raises(FileToolError, match="content is not valid text"):
        files.write("new.py", "\ud800")

    assert (tmp_path / "app.py").read_text() == "total = 0\ntotal = 0\nprint(total)\n"
    assert not (tmp_path / "new.py").exists()


def test_a_parent_that_is_a_file_gets_an_error_not_a_traceback(files):
    with pytest.raises(FileToolError, match="a parent of app.py/x.py is a file"):
        files.write("app.py/x.py", "x = 1\n")


def test_a_pipe_in_the_workspace_is_refused_instead_of_blocking_the_edit(files, tmp_path):
    os.mkfifo(tmp_path / "pipe.py")

    for attempt in (lambda: files.edit("pipe.py", "a", "b"), lambda: files.write("pipe.py", "x = 1\n")):
        with pytest.raises(FileToolError, match="pipe.py is not a regular file"):
            attempt()
