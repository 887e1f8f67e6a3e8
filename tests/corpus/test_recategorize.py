"""Generated tasks' categories follow their operators' (``publish-generated --recategorize``): on a copy of a few
committed generated tasks given the categories their operators declared before, only each meta.json's
category changes, byte for byte; the standing check names a task whose category is not its operator's."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from corpus.cli import publish_generated as publish_cli
from corpus.format import load_task, task_dirs
from corpus.generated_corpus import category_mismatches, check_generated
from corpus.plant.operators import OPERATORS
from corpus.recategorize import recategorize, with_category
from corpus.repository.corpus_root import GENERATED_TASKS_DIR

# The categories the operators declared before the vocabulary was one (each now another name, or another one).
BEFORE = {"boundary_flip": "control_flow", "lock_removed": "concurrency", "reordered_update": "ordering",
          "cache_key_drops_argument": "stale_cache", "accumulated_index_off_by_one": "state_corruption"}


@pytest.fixture
def old_copy(tmp_path):
    """A committed task of each operator whose category changed that the corpus holds, and one that did not,
    copied with the old category (by plain text replacement of its line) as the files were published."""
    picked: dict[str, Path] = {}
    for folder in task_dirs(GENERATED_TASKS_DIR):
        operator = json.loads((folder / "meta.json").read_text())["generator"]["operator"]
        if operator not in picked and (operator in BEFORE or operator == "drop_state_update"):
            picked[operator] = folder
    assert {"boundary_flip", "lock_removed", "drop_state_update"} <= set(picked)
    root = tmp_path / "generated"
    originals = {}
    for operator, folder in picked.items():
        copy = root / folder.name
        shutil.copytree(folder, copy)
        text = (copy / "meta.json").read_text()
        now = f'\n  "category": "{json.loads(text)["category"]}",\n'  # the committed one, migrated or not
        assert text.count(now) == 1
        old = text.replace(now, f'\n  "category": "{BEFORE.get(operator, OPERATORS[operator].category)}",\n')
        (copy / "meta.json").write_text(old)
        originals[copy.name] = (operator, old)
    return root, originals


def test_recategorize_rewrites_only_the_category_of_each_meta_json(old_copy, capsys):
    root, originals = old_copy
    patches = {name: (root / name / "planted.patch").read_bytes() for name in originals}

    assert publish_cli.main(["--recategorize", "--into", str(root)]) == 0

    out = capsys.readouterr().out
    changed = [name for name, (operator, _) in originals.items() if operator in BEFORE]
    assert f"{len(changed)} task(s) recategorized, {len(originals) - len(changed)} already in their operator's " \
           f"category, 0 problem(s)" in out
    for name, (operator, old) in originals.items():
        new = (root / name / "meta.json").read_text()
        old_lines, new_lines = old.splitlines(keepends=True), new.splitlines(keepends=True)
        differ = [(a, b) for a, b in zip(old_lines, new_lines, strict=True) if a != b]
        if operator in BEFORE:
            assert f"{name}: {BEFORE[operator]} -> {OPERATORS[operator].category}" in out
            assert differ == [(f'  "category": "{BEFORE[operator]}",\n',
                               f'  "category": "{OPERATORS[operator].category}",\n')]
        else:
            assert new == old and name not in out
        assert (root / name / "planted.patch").read_bytes() == patches[name]
        assert load_task(root / name).category == OPERATORS[operator].category
    assert publish_cli.main(["--recategorize", "--into", str(root)]) == 0  # a second run changes nothing
    assert f"0 task(s) recategorized, {len(originals)} already" in capsys.readouterr().out


def test_recategorize_with_check_lists_the_changes_and_writes_nothing(old_copy, capsys):
    root, originals = old_copy

    assert publish_cli.main(["--recategorize", "--check", "--into", str(root)]) == 1

    assert "task(s) to recategorize" in capsys.readouterr().out
    assert all((root / name / "meta.json").read_text() == old for name, (_, old) in originals.items())


def test_the_standing_check_names_a_category_that_is_not_its_operators(old_copy):
    root, originals = old_copy
    lock = next(name for name, (operator, _) in originals.items() if operator == "lock_removed")
    flip = next(name for name, (operator, _) in originals.items() if operator == "boundary_flip")

    problems = check_generated(root).problems

    # 'concurrency' left the vocabulary; 'control_flow' did not, but boundary_flip now declares off_by_one.
    assert any(p.startswith(f"task {lock!r}: category: 'concurrency' is not a task category") and
               p.endswith("(python -m corpus publish-generated --recategorize sets its operator's)") for p in problems)
    assert f"{flip}: category 'control_flow', but its operator boundary_flip declares 'off_by_one' " \
           "(python -m corpus publish-generated --recategorize)" in problems
    recategorize(root)
    assert category_mismatches([load_task(folder) for folder in task_dirs(root)]) == []


def test_an_unregistered_operator_is_a_problem_and_its_task_is_left_as_it_is(tmp_path, capsys):
    folder = tmp_path / "lib__f__gone__1"
    folder.mkdir()
    text = json.dumps({"name": folder.name, "category": "ordering", "generator": {"operator": "gone"}}, indent=2)
    (folder / "meta.json").write_text(text)

    assert publish_cli.main(["--recategorize", "--into", str(tmp_path)]) == 1

    assert "PROBLEM lib__f__gone__1: its generator.operator 'gone' is no registered operator" in capsys.readouterr().out
    assert (folder / "meta.json").read_text() == text


def test_only_the_top_level_category_is_replaced_whatever_the_layout():
    text = '{"name": "t",\n "tags": ["category"], "generator": {"category": "x"},\t"category" : "ordering" ,"n": 1}'

    assert with_category(text, "ordering_mutation") == text.replace('"ordering"', '"ordering_mutation"')
    with pytest.raises(ValueError, match="no top-level 'category'"):
        with_category('{"generator": {"category": "x"}}', "locks")
    with pytest.raises(ValueError, match="more than the category"):  # a duplicate key: json keeps the last
        with_category('{"category": "a", "category": "b"}', "locks")
