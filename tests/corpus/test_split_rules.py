"""The split and leakage rules pinned exactly: the stable hash's placements (the same on every machine, so
they are written down here), the order and shortfall by which new tasks are placed, and the heldout guard's
refusals. The mutation run (scripts/mutation) counts on these tests."""

from __future__ import annotations

import pytest

from corpus.leakage import LeakageError, LeakageGuard, heldout_copies, split_siblings
from corpus.mechanisms import MechanismPair
from corpus.splits import assign, hash_point, hash_split, tasks_in_split, write_splits
from tests.helpers.tasks import write_task

NAMES = [f"task_{i}" for i in range(12)]


def test_the_stable_hash_places_names_where_it_always_has():
    assert [round(hash_point(n), 6) for n in NAMES[:3]] == [0.769904, 0.372513, 0.01531]
    assert [round(hash_point(n, "split:"), 6) for n in NAMES[:3]] == [0.369792, 0.077135, 0.534023]
    assert {n: hash_split(n) for n in NAMES} == {
        "task_0": "train", "task_1": "train", "task_2": "train", "task_3": "train", "task_4": "heldout",
        "task_5": "train", "task_6": "train", "task_7": "train", "task_8": "heldout", "task_9": "train",
        "task_10": "train", "task_11": "validation"}


def test_weights_are_shares_of_their_sum_and_a_split_without_weight_gets_nothing():
    halves = {"train": 1.0, "validation": 1.0}  # sums to 2: each is half
    names = [f"n{i}" for i in range(60)]

    placed = {n: hash_split(n, halves) for n in names}

    assert placed == {n: "train" if hash_point(n, "split:") < 0.5 else "validation" for n in names}
    assert {hash_split(n, {"validation": 1.0}) for n in names} == {"validation"}
    assert {hash_split(n, {"not_a_split": 1.0}) for n in names} == {"heldout"}  # nothing matched: the last split


def test_new_names_are_placed_in_hash_order_by_each_splits_shortfall():
    update = assign(NAMES + ["old_a", "old_b", "old_c"], {"old_a": "train", "old_b": "heldout", "old_c": "train"})

    assert list(update.added.items()) == [
        ("task_2", "validation"), ("task_8", "heldout"), ("task_7", "train"), ("task_10", "train"),
        ("task_11", "validation"), ("task_4", "train"), ("task_3", "train"), ("task_5", "train"),
        ("task_9", "validation"), ("task_1", "train"), ("task_0", "heldout"), ("task_6", "train")]
    assert update.counts() == {"train": 9, "validation": 3, "heldout": 3}
    assert list(update.added) == sorted(NAMES, key=hash_point)


def test_from_nothing_the_first_names_follow_the_shortfall_too():
    update = assign(NAMES, {})

    assert update.added == {
        "task_2": "train", "task_8": "heldout", "task_7": "train", "task_10": "validation", "task_11": "train",
        "task_4": "heldout", "task_3": "train", "task_5": "train", "task_9": "validation", "task_1": "train",
        "task_0": "validation", "task_6": "train"}


def test_targets_that_leave_no_shortfall_fall_back_to_the_targets_themselves():
    update = assign(NAMES, {}, targets={"train": 0.3, "validation": 0.1, "heldout": 0.1})

    assert update.added == {
        "task_2": "train", "task_8": "heldout", "task_7": "validation", "task_10": "train", "task_11": "validation",
        "task_4": "heldout", "task_3": "train", "task_5": "train", "task_9": "train", "task_1": "train",
        "task_0": "train", "task_6": "train"}


def test_an_unknown_split_is_refused_naming_the_known_ones(tmp_path):
    write_splits({"a": "train"}, tmp_path / "splits.json")

    with pytest.raises(ValueError, match="^unknown split 'test'; expected one of train, validation, heldout$"):
        tasks_in_split("test", tmp_path / "splits.json")


# ---- leakage ------------------------------------------------------------------------------------
SECRET = "".join(f"def step_{i}(state):\n    state['n_{i}'] = state.get('n_{i}', 0) + {i}\n" for i in range(6))


@pytest.fixture
def guard(tmp_path):
    root, splits_file = tmp_path / "tasks", tmp_path / "splits.json"
    write_task(root, "aa_secret", buggy={"steps.py": SECRET}, correct={"steps.py": SECRET + "\n"})
    write_task(root, "bb_copier", buggy={"steps.py": SECRET}, correct={"steps.py": SECRET})
    write_task(root, "cc_clean")
    write_splits({"aa_secret": "heldout", "bb_copier": "train", "cc_clean": "train"}, splits_file)
    return LeakageGuard.from_corpus(root, splits_file), root


def test_a_heldout_name_is_refused_with_the_whole_reason(guard):
    with pytest.raises(LeakageError) as caught:
        guard[0].check(names=["cc_clean", "aa_secret"])

    assert str(caught.value) == ("heldout task 'aa_secret' must not enter training or data generation: it is "
                                 "assigned to the heldout split in corpus/splits.json")


def test_every_task_outside_heldout_that_copies_heldout_code_is_named(guard):
    from corpus.format import load_task

    found, root = guard
    tasks = [load_task(root / name) for name in ("aa_secret", "bb_copier", "cc_clean")]  # the heldout one first

    leaks = heldout_copies(tasks, found)

    # aa_secret itself is skipped, not a reason to stop; cc_clean shares the default test file of write_task.
    assert [leak.split(":")[0] for leak in leaks] == ["bb_copier", "cc_clean"]
    assert leaks[0].startswith("bb_copier: heldout task 'aa_secret' must not enter training or data generation: "
                               "text #0 copies 6 consecutive lines of its buggy/steps.py")


def test_a_same_pair_across_the_heldout_line_is_a_leak_whichever_side_is_heldout():
    def pair(first, second):
        return MechanismPair(first, second, "same", "m", "x")

    splits = {"h1": "heldout", "h2": "heldout", "t": "train", "v": "validation"}

    leaks = split_siblings([pair("t", "h1"), pair("h1", "h2"), pair("t", "v"), pair("h1", "gone")], splits)

    assert leaks == ["t (train) ~ h1 (heldout) share a mechanism (m); one of them must move out of the corpus or "
                     "both into one split"]


@pytest.mark.parametrize("content, message", [
    (None, "no splits file; run 'python -m corpus split' to create it"),
    ("{not json", "not valid JSON (Expecting property name enclosed in double quotes: line 1 column 2 (char 1)); "
                  "restore it from git"),
    ('{"version": 2, "assignments": {}}', 'expected {"version": 1, "targets": {...}, "assignments": {task: split}}'),
    ('{"version": 1, "assignments": []}', 'expected {"version": 1, "targets": {...}, "assignments": {task: split}}'),
    ('{"version": 1, "assignments": {"a": "test"}}', "assignments['a'] is 'test'; expected one of train, validation, "
                                                      "heldout"),
])
def test_a_bad_splits_file_is_refused_naming_the_file_and_what_to_do(tmp_path, content, message):
    from corpus.splits import SplitsError, load_splits

    path = tmp_path / "splits.json"
    if content is not None:
        path.write_text(content)

    with pytest.raises(SplitsError) as caught:
        load_splits(path)

    assert str(caught.value) == f"{path}: {message}"


def test_the_splits_file_is_read_as_utf8_whatever_the_locale(tmp_path):
    """A machine whose locale is not UTF-8 (here the plain C locale, its coercion to UTF-8 turned off)
    still reads a splits file holding non-ASCII text: the file's encoding is named, not the locale's. (Read
    here too: the mutation run picks a function's tests by what they call in its own process.)"""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    import corpus
    from corpus.splits import load_splits

    path = tmp_path / "splits.json"
    path.write_text(json.dumps({"version": 1, "targets": {}, "assignments": {"café_totals": "train"}},
                               ensure_ascii=False), encoding="utf-8")
    env = {**os.environ, "LC_ALL": "C", "LANG": "C", "PYTHONCOERCECLOCALE": "0", "PYTHONUTF8": "0",
           "PYTHONIOENCODING": "utf-8",  # its printed answer only: open() still follows the locale
           "PYTHONPATH": str(Path(corpus.__file__).resolve().parent.parent)}
    code = ("import locale, sys; from corpus.splits import load_splits; "
            "print(locale.getpreferredencoding(False), load_splits(sys.argv[1]))")
    run = subprocess.run([sys.executable, "-c", code, str(path)], env=env, capture_output=True, text=True,
                         encoding="utf-8", timeout=60)

    assert (run.returncode, run.stderr) == (0, "")
    assert run.stdout.strip() == f"ANSI_X3.4-1968 {load_splits(path)}" == "ANSI_X3.4-1968 {'café_totals': 'train'}"
