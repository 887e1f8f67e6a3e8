"""Splits of the real-bug corpus keep near-identical bugs (one project's bugs whose fixes share a file,
transitively) on one side; the statistics page counts them."""

from __future__ import annotations

import json

from corpus.format import load_repository
from corpus.repository.real_corpus import assign_splits, near_identical_groups, statistics_markdown
from tests.helpers.repository_meta import GOOD


def _task(tmp_path, name, project, fix_files):
    meta = json.loads(json.dumps(GOOD))
    meta["name"], meta["repo"]["name"] = name, project
    meta["origin"] = {"fix_files": fix_files}
    folder = tmp_path / name
    folder.mkdir()
    (folder / "meta.json").write_text(json.dumps(meta))
    (folder / "fix.patch").write_text("".join(f"--- a/{f}\n+++ b/{f}\n-old\n+new\n" for f in fix_files))
    return load_repository(folder)


def test_bugs_sharing_a_fixed_file_stay_together(tmp_path):
    tasks = [_task(tmp_path, "p-1", "p", ["p/a.py"]), _task(tmp_path, "p-2", "p", ["p/a.py", "p/b.py"]),
             _task(tmp_path, "p-3", "p", ["p/b.py"]), _task(tmp_path, "p-4", "p", ["p/c.py"]),
             _task(tmp_path, "q-1", "q", ["p/a.py"])]  # another project's file of the same name: not the same bug
    assert near_identical_groups(tasks) == [["p-1", "p-2", "p-3"], ["p-4"], ["q-1"]]
    splits = assign_splits(tasks)
    assert splits["p-1"] == splits["p-2"] == splits["p-3"]
    assert set(splits.values()) <= {"train", "validation", "heldout"}
    page = statistics_markdown(tasks, splits)
    assert "| p | 4 |" in page and "3 groups of near-identical bugs" in page


def test_a_new_bug_that_joins_a_placed_group_moves_no_placed_bug(tmp_path):
    """thefuck 2 joined thefuck 23's group and sorts first in it: the group's hash changed and moved thefuck
    23 from heldout to validation. A placed bug keeps its side; the newcomer takes it."""
    old = [_task(tmp_path, "p-20", "p", ["p/utils.py"]), _task(tmp_path, "p-30", "p", ["p/other.py"])]
    new = _task(tmp_path, "p-1", "p", ["p/utils.py"])
    for side in ("train", "validation", "heldout"):
        previous = {"p-20": side, "p-30": "train"}
        splits = assign_splits([*old, new], previous)
        assert splits == {"p-1": side, "p-20": side, "p-30": "train"}
