"""Every task's split whatever its origin (corpus.task_splits): a hand-written task's from corpus/splits.json,
a real bug's from the real corpus's own splits file, a generated task's from its meta.json; an unknown name
has none; a change to a registry shows at once; a name two registries disagree on takes the strictest."""

from __future__ import annotations

import json
import shutil

import pytest

from corpus.leakage import LeakageError, LeakageGuard, check_no_heldout
from corpus.repository.corpus_root import GENERATED_TASKS_DIR, REAL_TASKS_DIR
from corpus.splits import SPLITS_FILE, SplitsError, load_splits, tasks_in_split, write_splits
from corpus.task_splits import TaskSplits, read_splits_file_of_any_origin, split_in_meta, task_splits
from harness.episode import split_of_task
from tests.helpers.split_registries import committed_generated_task, heldout_generated


def test_each_committed_origin_answers_from_its_own_registry():
    registry = task_splits()
    hand = load_splits(SPLITS_FILE)
    real = json.loads((REAL_TASKS_DIR / "splits.json").read_text(encoding="utf-8"))
    for name, split in [*hand.items(), *real.items()]:
        assert registry.split_of(name) == split_of_task(name) == split
    for folder in sorted(p for p in GENERATED_TASKS_DIR.iterdir() if (p / "meta.json").is_file()):
        meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
        place = registry.place_of(folder.name)
        assert place is not None and (place.origin, place.folder, place.split) == ("generated", folder, meta["split"])
    real_bug = registry.place_of(sorted(real)[0])
    assert real_bug is not None and real_bug.origin == "real" and real_bug.folder == REAL_TASKS_DIR / real_bug.name
    # Listing by split: the hand-written registry alone is what corpus.splits has always listed.
    assert registry.in_split("heldout", ["hand-written"]) == tasks_in_split("heldout")
    generated = {folder.name: json.loads((folder / "meta.json").read_text(encoding="utf-8"))["split"]
                 for folder in GENERATED_TASKS_DIR.iterdir() if (folder / "meta.json").is_file()}
    assert set(registry.heldout()) == {n for n, s in [*hand.items(), *real.items(), *generated.items()] if s == "heldout"}


def test_a_real_bugs_split_is_read_from_its_own_splits_file_and_a_rewrite_shows_at_once(tmp_path):
    real = tmp_path / "real"
    shutil.copytree(REAL_TASKS_DIR / "black-10", real / "black-10", ignore=shutil.ignore_patterns("_*"))
    registry = TaskSplits(real_dir=real, generated_dir=tmp_path / "none")
    assert registry.split_of("black-10") is None  # a real bug with no splits file has no split
    (real / "splits.json").write_text(json.dumps({"black-10": "heldout", "gone-1": "validation"}))
    assert registry.split_of("black-10") == "heldout" and registry.split_of("gone-1") == "validation"
    assert registry.in_split("heldout", ["real"]) == ["black-10"]
    (real / "splits.json").write_text(json.dumps({"black-10": "train"}))
    assert registry.split_of("black-10") == "train" and registry.split_of("gone-1") is None
    (real / "splits.json").write_text(json.dumps({"black-10": "test"}))
    with pytest.raises(SplitsError, match=r"real/splits.json: expected \{bug: split\}"):
        registry.split_of("black-10")


def test_a_heldout_generated_task_is_heldout_and_listed_as_such(tmp_path):
    registry, name = heldout_generated(tmp_path)
    assert registry.split_of(name) == "heldout"
    assert name in registry.heldout() and name in registry.in_split("heldout", ["generated"])
    assert name not in registry.in_split("heldout", ["hand-written", "real"])
    # A task published later joins the index; its meta.json decides its split.
    source = committed_generated_task()
    later = tmp_path / "generated" / "later-task"
    shutil.copytree(source, later)
    assert registry.generated() == {name: "heldout", "later-task": json.loads((source / "meta.json").read_text())["split"]}
    meta = json.loads((later / "meta.json").read_text())
    (later / "meta.json").write_text(json.dumps({**meta, "split": "heldout"}))
    assert registry.in_split("heldout", ["generated"]) == sorted([name, "later-task"])
    (later / "meta.json").write_text(json.dumps({k: v for k, v in meta.items() if k != "split"}))
    assert registry.split_of("later-task") is None  # no split: training refuses it (it could be heldout)


def test_an_unknown_name_or_a_path_has_no_split_or_place(tmp_path):
    registry, _ = heldout_generated(tmp_path)
    for name in ("no_such_task", "", "../tasks", "_runs", ".hidden", "a/b"):
        assert registry.split_of(name) is None and registry.place_of(name) is None and split_of_task(name) is None
    with pytest.raises(ValueError, match="unknown origin 'handwritten'; expected one of hand-written, real, generated$"):
        registry.in_split("train", ["handwritten"])
    with pytest.raises(ValueError, match="unknown split 'test'; expected one of train, validation, heldout$"):
        registry.in_split("test")


def test_a_name_two_registries_place_differently_takes_the_strictest(tmp_path):
    # A hand-written train task and a generated one of the same name published heldout: heldout wins,
    # wherever the task folder is, so a clash never lets a heldout task into training.
    registry, name = heldout_generated(tmp_path)
    splits_file = tmp_path / "splits.json"
    write_splits({**load_splits(SPLITS_FILE), name: "train"}, splits_file)
    clash = TaskSplits(splits_file=splits_file, generated_dir=registry.generated_dir)
    place = clash.place_of(name)
    assert clash.split_of(name) == "heldout" and place is not None and place.origin == "generated"
    assert name in clash.in_split("heldout") and name not in clash.in_split("train")


def test_a_splits_file_of_either_kind_reads_and_any_other_is_named(tmp_path):
    assert read_splits_file_of_any_origin(SPLITS_FILE) == load_splits(SPLITS_FILE)
    real = REAL_TASKS_DIR / "splits.json"
    assert read_splits_file_of_any_origin(real) == json.loads(real.read_text(encoding="utf-8"))
    odd = tmp_path / "splits.json"
    odd.write_text(json.dumps(["black-10"]))
    with pytest.raises(SplitsError, match=r"splits.json: expected \{bug: split\}"):
        read_splits_file_of_any_origin(odd)
    with pytest.raises(SplitsError, match="no splits file"):
        read_splits_file_of_any_origin(tmp_path / "missing.json")


def test_the_leakage_guard_refuses_a_heldout_real_or_generated_task_by_name(tmp_path):
    registry, generated = heldout_generated(tmp_path)
    real = next(name for name, split in sorted(registry.real().items()) if split == "heldout")
    guard = LeakageGuard.from_corpus(registry=registry)
    for name in (real, generated):
        with pytest.raises(LeakageError, match=f"'{name}' must not enter training .* it is assigned to the heldout split by "
                           r"its own registry \(corpus/real/splits.json, or a generated task's meta.json\)"):
            guard.check(names=[name])
    train = next(name for name, split in sorted(registry.real().items()) if split == "train")
    guard.check(names=[train, "bulk_upload_batches"])  # train tasks of any origin pass
    with pytest.raises(LeakageError, match=real):
        check_no_heldout(names=[real])  # the committed registries


def test_only_a_generated_tasks_meta_gives_its_split_and_only_a_split_name_counts():
    meta = json.loads((committed_generated_task() / "meta.json").read_text(encoding="utf-8"))
    assert split_in_meta(meta) == meta["split"]
    assert split_in_meta({**meta, "split": "test"}) is None
    assert split_in_meta({k: v for k, v in meta.items() if k != "generator"}) is None  # a hand-written or real meta
    assert split_in_meta(["generator", "split"]) is None


def test_a_name_a_registry_keeps_after_its_folder_left_the_corpus_still_has_its_place_and_split(tmp_path):
    splits_file = tmp_path / "splits.json"
    write_splits({**load_splits(SPLITS_FILE), "retired_task": "heldout"}, splits_file)
    registry = TaskSplits(splits_file=splits_file, generated_dir=tmp_path / "none")

    place = registry.place_of("retired_task")

    assert place is not None and (place.origin, place.split) == ("hand-written", "heldout")
    assert registry.folder_of("retired_task") is None
