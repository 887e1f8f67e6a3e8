"""A task file swapped between a regular file and a link to a secret, while the task is
imported, never lets the secret into the loaded task (the loader opens with O_NOFOLLOW and checks the
opened file with fstat, instead of checking the link and then following it)."""

from __future__ import annotations

import os
import threading

import pytest

from corpus.format import MAX_FILE_BYTES, TaskFormatError, load_task
from tests.helpers.tasks import BUGGY_COUNTER, write_task

SECRET = "admin-password=correct-horse-battery-staple"


def _swapper(target, secret, stop: threading.Event, swaps: list[int]):
    """Swap ``target`` between a regular file and a link to ``secret`` until told to stop (atomic renames,
    so the file is always one or the other)."""
    regular, link = target.with_name(".regular"), target.with_name(".link")
    while not stop.is_set():
        regular.write_text(BUGGY_COUNTER)
        os.replace(regular, target)
        link.unlink(missing_ok=True)
        link.symlink_to(secret)
        os.replace(link, target)
        swaps[0] += 1


def test_a_file_swapped_with_a_link_to_a_secret_never_leaks_the_secret_into_an_import(tmp_path):
    secret = tmp_path / "admin-password"
    secret.write_text(SECRET)
    folder = write_task(tmp_path / "tasks")
    target = folder / "buggy" / "counter.py"
    stop, swaps = threading.Event(), [0]
    thread = threading.Thread(target=_swapper, args=(target, secret, stop, swaps), daemon=True)
    thread.start()
    loaded = refused = 0
    try:
        for _ in range(300):
            try:
                task = load_task(folder)
                files = {kind: task.files(kind) for kind in ("buggy", "correct", "shared", "tests")}
            except TaskFormatError as exc:
                assert SECRET not in str(exc)
                refused += 1
                continue
            loaded += 1
            assert all(SECRET not in text for kind in files.values() for text in kind.values())
            assert files["buggy"]["counter.py"] == BUGGY_COUNTER
    finally:
        stop.set()
        thread.join(timeout=10)
    assert swaps[0] > 10, "the swapper barely ran: the loop proves nothing"
    assert loaded + refused == 300


def test_a_link_swapped_in_as_a_folder_is_not_followed(tmp_path):
    secret_dir = tmp_path / "elsewhere"
    secret_dir.mkdir()
    (secret_dir / "counter.py").write_text(SECRET)
    folder = write_task(tmp_path / "tasks")
    task = load_task(folder)
    buggy = folder / "buggy"
    buggy.rename(folder / "buggy.old")
    buggy.symlink_to(secret_dir, target_is_directory=True)

    with pytest.raises(TaskFormatError) as failure:
        task.files("buggy")
    assert "symbolic link" in failure.value.reason


def test_a_huge_file_is_refused_without_reading_it_whole(tmp_path):
    folder = write_task(tmp_path / "tasks")
    (folder / "shared").mkdir(exist_ok=True)
    (folder / "shared" / "big.py").write_text("#" * (MAX_FILE_BYTES + 1))
    with pytest.raises(TaskFormatError) as failure:
        load_task(folder)
    assert failure.value.field == "shared/big.py"
    assert "bytes" in failure.value.reason
