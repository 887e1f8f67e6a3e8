"""The host reads a workspace without ever following the sandbox's links: links and special files are
listed as what they are and never opened, folders are walked without following links, sizes are capped."""

from __future__ import annotations

import os

import pytest

from harness.episode.changes import WorkspaceChanges, fingerprint_and_skips
from harness.records.observation import Observation, ToolCall
from harness.sandbox import host_read


def test_links_and_fifos_are_listed_as_such_and_never_opened(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("HOST-ONLY\n")
    root = tmp_path / "ws"
    root.mkdir()
    (root / "a.py").write_text("x = 1\n")
    (root / "leak").symlink_to(outside / "secret.txt")
    (root / "tree").symlink_to(outside)
    os.mkfifo(root / "pipe")  # opening it for reading would block the host

    walked = host_read.walk(root)

    kinds = {entry.name: entry.kind for entry in walked.entries}
    assert kinds == {"a.py": "file", "leak": "link", "pipe": "fifo", "tree": "link"}
    assert next(e for e in walked.entries if e.name == "leak").target == str(outside / "secret.txt")
    assert host_read.read_regular(root, "a.py") == b"x = 1\n"
    for name, why in (("leak", "a link"), ("pipe", "a FIFO"), ("tree/secret.txt", "a link")):
        with pytest.raises(host_read.HostReadRefused, match=why):
            host_read.read_regular(root, name)


def test_a_file_over_the_cap_is_refused_and_a_walk_stops_at_its_entry_cap(tmp_path):
    (tmp_path / "big.bin").write_bytes(b"x" * 2048)
    for index in range(5):
        (tmp_path / f"f{index}.txt").write_text("y")

    with pytest.raises(host_read.HostReadRefused, match="2048 bytes, over the 1024-byte cap"):
        host_read.read_regular(tmp_path, "big.bin", max_bytes=1024)
    walked = host_read.walk(tmp_path, max_entries=3)
    assert len(walked.entries) == 3
    assert walked.skipped and "past the first 3 entries" in walked.skipped[0].why


def test_paths_outside_the_workspace_are_refused(tmp_path):
    for name in ("../etc/passwd", "/etc/passwd", "a//b", ""):
        with pytest.raises(ValueError, match="not a plain path"):
            host_read.read_regular(tmp_path, name)


def test_the_change_tracker_notes_once_what_it_did_not_read(tmp_path):
    (tmp_path / "a.py").write_text("x = 1\n")
    changes = WorkspaceChanges(tmp_path)
    (tmp_path / "km").symlink_to("/proc/kmsg")
    first, second = Observation("ok"), Observation("ok")

    changes.after(ToolCall("bash", {"command": "ln -s /proc/kmsg km"}), first)
    changes.after(ToolCall("bash", {"command": "true"}), second)

    assert changes.changed
    assert "(Note: the harness did not read km (a link: the host never follows links" in first.text
    assert second.text == "ok"
    fingerprint, skipped = fingerprint_and_skips(tmp_path)
    assert fingerprint["km"] == "link:/proc/kmsg" and [s.name for s in skipped] == ["km"]
