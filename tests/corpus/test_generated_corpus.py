"""The committed generated tasks (``corpus/generated/``): the standing check over what is there (every task
loads, names a real bug's history and commit, its planted patch applies to that tree, a function's
mutations share one split, each run's record matches the folders), no environment built; and bad input to
the commands that make them gets one clear line."""

from __future__ import annotations

import json

import pytest

from corpus.cli import publish_generated as publish_cli
from corpus.format import TaskFormatError, load_task, task_dirs
from corpus.generated_corpus import RUNS_FOLDER, check_generated, heldout_fixed_trees
from corpus.origins import count_origins
from corpus.repository.corpus_root import GENERATED_TASKS_DIR
from corpus.repository.task import GeneratedTask
from validation.generate import cli as generate_cli


@pytest.mark.slow  # about a second per 2,000 tasks on two cores, and 0.5 s per project's tree on a cold cache
def test_what_is_committed_loads_applies_keeps_its_splits_and_matches_its_run_records():
    folders = task_dirs(GENERATED_TASKS_DIR)
    check = check_generated()

    assert check.problems == []
    assert check.tasks == len(folders) > 0
    assert check.runs == len(list((GENERATED_TASKS_DIR / RUNS_FOLDER).glob("*.json")))
    counts = count_origins(load_task(folder) for folder in folders)
    assert counts["by_origin"]["generated"]["total"] == len(folders)


def test_a_committed_task_materializes_from_the_real_corpus_history_without_a_copy():
    task = load_task(task_dirs(GENERATED_TASKS_DIR)[0])

    assert isinstance(task, GeneratedTask) and task.in_history
    assert task.history_path.parent.parent.name == "real"  # the real corpus's _repos/, not a copy of its own
    assert (task.snapshot / task.planted_file).is_file()


def test_leakage_notes_tasks_outside_heldout_planted_in_a_heldout_real_bugs_fixed_tree():
    tasks = [task for task in (load_task(folder) for folder in task_dirs(GENERATED_TASKS_DIR))
             if isinstance(task, GeneratedTask)]
    bug = tasks[0].meta["repo"]["from_real"]
    outside = [t for t in tasks if t.meta["repo"]["from_real"] == bug and t.meta["split"] != "heldout"]

    notes = heldout_fixed_trees(tasks, {bug: "heldout"})

    assert notes == ([f"{bug}: {len(outside)} generated task(s) outside heldout are planted in the fixed tree of "
                      "this heldout real bug"] if outside else [])
    assert heldout_fixed_trees(tasks, {bug: "train"}) == []


def _generated_meta(repo: dict) -> dict:
    return {"name": "lib__f__boundary_flip__1", "category": "off_by_one", "preference": "avoid",
            "description": "tests fail", "generator": {"name": "stepwise.plant", "operator": "boundary_flip",
                                                       "file": "lib.py", "seed": 1},
            "repo": repo, "environment": {"python": "3.11", "requirements": ["pytest==9.2.0"]},
            "tests": {"fail_to_pass": ["tests/test_lib.py::test_a"], "pass_to_pass": [], "files": ["tests/test_lib.py"]}}


@pytest.mark.parametrize(("repo", "field"), [
    ({"name": "lib", "version": "sha256:1f2e", "source": "lib.bundle"}, "repo.version"),
    ({"name": "lib", "version": "git:" + "a" * 40, "source": "../lib.bundle"}, "repo.source"),
    ({"name": "lib", "version": "git:" + "a" * 40}, "repo.source"),
])
def test_a_generated_task_naming_a_history_needs_a_bundle_name_and_a_commit(repo, field, tmp_path):
    folder = tmp_path / "lib__f__boundary_flip__1"
    folder.mkdir()
    (folder / "meta.json").write_text(json.dumps(_generated_meta(repo)))

    with pytest.raises(TaskFormatError) as error:
        load_task(folder)
    assert error.value.field == field


def test_a_missing_bundle_is_named_with_where_it_was_looked_for(tmp_path):
    folder = tmp_path / "lib__f__boundary_flip__1"
    folder.mkdir()
    (folder / "meta.json").write_text(json.dumps(_generated_meta(
        {"name": "lib", "version": "git:" + "a" * 40, "source": "lib.bundle", "from_real": "lib-1"})))
    task = load_task(folder)
    assert isinstance(task, GeneratedTask)

    with pytest.raises(TaskFormatError, match="lib.bundle is not in"):
        _ = task.snapshot


@pytest.mark.parametrize(("args", "message"), [
    (["--from-real", "nosuch-1", "--out", "OUT"], "--from-real nosuch-1: no real bug of that name"),
    (["--from-real", "pysnooper-1", "--environment-from", "corpus/real/pysnooper-1", "--out", "OUT"],
     "leave out --environment-from"),
])
def test_generate_from_a_real_bug_refuses_bad_arguments_with_one_line(args, message, tmp_path, capsys):
    args = [str(tmp_path / "out") if a == "OUT" else a for a in args]

    assert generate_cli.main(args) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(("args", "message"), [
    (["NOT_A_RUN"], "no generate-state.jsonl; give a 'python -m corpus generate' output folder"),
    ([], "give at least one RUN folder"),
    (["NOT_A_RUN", "--check"], "--check takes no RUN"),
])
def test_publish_refuses_what_is_not_a_run_with_one_line(args, message, tmp_path, capsys):
    (tmp_path / "run").mkdir()
    args = [str(tmp_path / "run") if a == "NOT_A_RUN" else a for a in args]

    assert publish_cli.main([*args, "--into", str(tmp_path / "generated")]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "generated").exists()
