"""Sticky splits: new tasks are hashed in, old assignments never move, gone tasks are reported."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter

import pytest

from corpus.cli import split as split_cli
from corpus.format import task_dirs
from corpus.splits import (
    TARGETS,
    SplitsError,
    assign,
    hash_split,
    load_splits,
    split_of,
    tasks_in_split,
    write_splits,
)
from tests.conftest import REPO_ROOT
from tests.helpers.tasks import write_task


def splits_in_a_new_interpreter(names: list[str], hash_seed: str) -> list[str]:
    code = "import json, sys; from corpus.splits import hash_split; print(json.dumps([hash_split(n) for n in sys.argv[1:]]))"
    shown = subprocess.run([sys.executable, "-c", code, *names], capture_output=True, text=True, timeout=120,
                           env={**os.environ, "PYTHONHASHSEED": hash_seed}, cwd=REPO_ROOT)
    assert shown.returncode == 0, shown.stderr
    return json.loads(shown.stdout)


def test_hash_split_is_the_same_in_every_interpreter_and_near_the_targets():
    names = [f"task_{i}" for i in range(3000)]

    counts = Counter(hash_split(name) for name in names)

    # Two fresh interpreters with different str hash seeds place the names as this one does (hash()
    # would not: it is salted per process).
    here = [hash_split(n) for n in names[:200]]
    assert splits_in_a_new_interpreter(names[:200], "1") == here == splits_in_a_new_interpreter(names[:200], "2")
    for split, share in TARGETS.items():
        assert abs(counts[split] / len(names) - share) < 0.03, counts


@pytest.mark.parametrize("batch", [1, 7, 100])
def test_a_small_corpus_stays_near_57_21_22_whatever_the_batches(batch):
    names = [f"bug_task_{i}" for i in range(100)]
    assignments: dict[str, str] = {}

    for start in range(0, len(names), batch):
        assignments = assign(names[:start + batch], assignments).assignments

    counts = Counter(assignments.values())
    assert all(abs(counts[split] - 100 * share) <= 2 for split, share in TARGETS.items()), counts


def test_split_adds_a_new_task_and_moves_no_old_one(tmp_path, capsys):
    root, splits_file = tmp_path / "tasks", tmp_path / "splits.json"
    for name in ("alpha", "beta", "gamma"):
        write_task(root, name)
    assert split_cli.main(["--root", str(root), "--file", str(splits_file)]) == 0
    first = load_splits(splits_file)
    # A hand-placed assignment must survive too, even where the hash would say otherwise.
    other = next(s for s in ("train", "validation", "heldout") if s != hash_split("alpha"))
    write_splits({**first, "alpha": other}, splits_file)

    write_task(root, "delta")
    assert split_cli.main(["--root", str(root), "--file", str(splits_file)]) == 0

    second = load_splits(splits_file)
    assert set(second) == {"alpha", "beta", "gamma", "delta"}
    assert second["alpha"] == other
    assert {n: second[n] for n in ("beta", "gamma")} == {n: first[n] for n in ("beta", "gamma")}
    assert f"new    delta -> {second['delta']}" in capsys.readouterr().out


def test_a_task_that_left_the_corpus_is_reported_and_kept(tmp_path, capsys):
    root, splits_file = tmp_path / "tasks", tmp_path / "splits.json"
    write_task(root, "alpha")
    write_splits({"alpha": "train", "retired": "heldout"}, splits_file)

    assert split_cli.main(["--root", str(root), "--file", str(splits_file)]) == 0

    assert "gone   retired (assigned to heldout" in capsys.readouterr().out
    assert split_of("retired", splits_file) == "heldout"
    assert tasks_in_split("heldout", splits_file) == ["retired"]


def test_check_mode_fails_while_a_task_has_no_split_and_writes_nothing(tmp_path):
    root, splits_file = tmp_path / "tasks", tmp_path / "splits.json"
    write_task(root, "alpha")
    write_splits({}, splits_file)

    code = split_cli.main(["--root", str(root), "--file", str(splits_file), "--check"])

    assert code == 1
    assert load_splits(splits_file) == {}


def test_a_malformed_splits_file_is_named_with_what_to_do(tmp_path):
    splits_file = tmp_path / "splits.json"
    splits_file.write_text(json.dumps({"version": 1, "assignments": {"alpha": "test"}}))

    with pytest.raises(SplitsError, match=r"assignments\['alpha'\] is 'test'; expected one of train"):
        load_splits(splits_file)


def test_the_committed_splits_file_loads_and_uses_every_split():
    assignments = load_splits()

    assert set(assignments.values()) == {"train", "validation", "heldout"}


def test_every_committed_task_has_a_split(capsys):
    # scripts/test runs the same check; a task added without 'python -m corpus split' fails here.
    assert split_cli.main(["--check"]) == 0, capsys.readouterr().err
    assert set(load_splits()) >= {folder.name for folder in task_dirs()}


def test_a_task_that_does_not_load_yet_gets_no_split(tmp_path, capsys):
    root, splits_file = tmp_path / "tasks", tmp_path / "splits.json"
    write_task(root, "alpha")
    write_task(root, "half_written", preference="soon")

    assert split_cli.main(["--root", str(root), "--file", str(splits_file)]) == 0

    assert set(load_splits(splits_file)) == {"alpha"}
    assert "skip   half_written: preference:" in capsys.readouterr().out


def test_a_mistyped_root_is_refused_and_writes_no_empty_splits_file(tmp_path, capsys):
    splits_file = tmp_path / "splits.json"
    write_splits({"alpha": "heldout"}, splits_file)

    code = split_cli.main(["--root", str(tmp_path / "taks"), "--file", str(splits_file)])

    assert code == 2
    assert f"error: --root {tmp_path / 'taks'} is not a folder" in capsys.readouterr().err
    assert load_splits(splits_file) == {"alpha": "heldout"}


def test_a_splits_file_in_a_missing_folder_or_that_is_a_folder_is_named(tmp_path, capsys):
    root = tmp_path / "tasks"
    write_task(root, "alpha")
    (tmp_path / "splits_dir").mkdir()

    assert split_cli.main(["--root", str(root), "--file", str(tmp_path / "nope" / "splits.json")]) == 2
    assert f"its folder {tmp_path / 'nope'} does not exist" in capsys.readouterr().err
    assert split_cli.main(["--root", str(root), "--file", str(tmp_path / "splits_dir")]) == 2
    assert "splits_dir: is a folder; give the splits file" in capsys.readouterr().err
