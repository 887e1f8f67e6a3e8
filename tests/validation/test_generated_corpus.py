"""Generated tasks in the committed form: planted in a real bug's fixed tree (PySnooper's, the cheapest
environment of the real corpus), they name the real corpus's history and commit instead of a copy; a run
made from a checkout of that commit is published into the same form without rerunning anything; either
way a published task validates in the bwrap sandbox (its buggy tree fails the named tests, its fixed
tree passes them), and the corpus's standing check finds what is wrong in a damaged copy."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from corpus.cli import leakage as leakage_cli
from corpus.cli import publish_generated as publish_cli
from corpus.format import load_task
from corpus.generated_corpus import RUNS_FOLDER, STATE_FILE, check_generated, read_state, state_counts
from corpus.plant.operators import OPERATORS
from corpus.publish_generated import PublishError, publish
from corpus.real_bugs import real_bug
from corpus.repository.source import full_commit
from corpus.repository.task import GeneratedTask
from corpus.repository.workspace import materialize_repository
from validation import cli as validate_cli
from validation.generate.pipeline import GenerateError, Options, generate

LEDGER = Path(__file__).resolve().parent.parent / "fixtures" / "repos" / "ledger"


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """One run with --from-real pysnooper-1, one with --repo over a checkout of pysnooper-2's fixed commit
    (what the lead's long runs are) told what the first published, a task each."""
    base = tmp_path_factory.mktemp("runs")
    fresh = base / "from-real"
    generate(Options(repo=None, real=real_bug("pysnooper-1"), out=fresh, seed=1, max_tasks=1, max_candidates=4))
    bug = real_bug("pysnooper-2")
    checkout = base / "checkout"
    subprocess.run(["git", "clone", "--quiet", str(bug.history_path), str(checkout)], check=True, capture_output=True)
    subprocess.run(["git", "-C", str(checkout), "checkout", "--quiet", bug.spec.repo.fixed_commit], check=True,
                   capture_output=True)
    old = base / "from-checkout"
    seen = base / "published"  # the first run's change is not planted again (both trees hold its function)
    publish(fresh, seen)
    generate(Options(repo=checkout, out=old, seed=2, max_tasks=1, max_candidates=4, environment=bug.spec.environment,
                     name=bug.spec.repo.name, published=seen))
    return fresh, old


def only_task(run: Path) -> Path:
    [folder] = sorted((run / "tasks").iterdir())
    return folder


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_a_run_from_a_real_bug_names_its_history_and_commit_instead_of_a_copy(runs):
    fresh, _old = runs
    bug = real_bug("pysnooper-1")
    commit = full_commit(bug.history(), bug.spec.repo.fixed_commit)
    meta = json.loads((only_task(fresh) / "meta.json").read_text())

    assert not (fresh / "sources").exists()
    assert meta["repo"] == {"name": "pysnooper", "version": f"git:{commit}", "source": "pysnooper.bundle",
                            "from_real": "pysnooper-1"}
    assert meta["environment"] == bug.spec.environment.to_dict()
    assert json.loads((fresh / "generate-report.json").read_text())["from_real"] == "pysnooper-1"
    task = load_task(only_task(fresh))
    assert isinstance(task, GeneratedTask) and task.in_history
    assert task.snapshot == bug.tree("fixed")  # the real bug's fixed tree, extracted once per machine
    planted = task.meta["generator"]["file"]
    assert (task.tree("buggy") / planted).read_text() != (task.snapshot / planted).read_text()


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_published_tasks_of_both_kinds_of_run_validate_in_the_sandbox(runs, tmp_path, capsys):
    fresh, old = runs
    corpus = tmp_path / "generated"

    assert publish_cli.main([str(fresh), str(old), "--into", str(corpus)]) == 0
    out = capsys.readouterr().out
    assert "1 task(s) published from pysnooper-1" in out and "1 task(s) published from pysnooper-2" in out

    check = check_generated(corpus)
    assert check.problems == [] and (check.tasks, check.runs, check.trees) == (2, 2, 2)
    for run, bug in ((fresh, "pysnooper-1"), (old, "pysnooper-2")):
        source = only_task(run)
        published = corpus / source.name
        meta = json.loads((published / "meta.json").read_text())
        assert meta["repo"]["source"] == "pysnooper.bundle" and meta["repo"]["from_real"] == bug
        assert "snapshot" not in meta["repo"] and sorted(p.name for p in published.iterdir()) == ["meta.json",
                                                                                                    "planted.patch"]
        assert (published / "planted.patch").read_bytes() == (source / "planted.patch").read_bytes()
        record = json.loads((corpus / RUNS_FOLDER / f"{bug}-seed{meta['generator']['seed']}.json").read_text())
        assert record["published"] == [source.name] and record["kept"] == 1
        assert {k: record[k] for k in ("decided", "rejected", "labels")} == \
            {k: v for k, v in state_counts(read_state(run).values()).items() if k in ("decided", "rejected", "labels")}
        task = load_task(published)
        assert isinstance(task, GeneratedTask)
        buggy = materialize_repository(task, tmp_path / f"{bug}-buggy").path
        assert (buggy / meta["generator"]["file"]).read_text() != (task.snapshot / meta["generator"]["file"]).read_text()

    names = [only_task(run).name for run in (fresh, old)]
    assert validate_cli.main(["--root", str(corpus), "--no-progress", *(a for n in names for a in ("--task", n))]) == 0
    assert f"PASS {names[0]}" in capsys.readouterr().out

    again = publish(old, corpus)  # a run published again (it went on) changes nothing it had published
    assert again.published == [names[1]] and again.skipped == {}
    assert check_generated(corpus).problems == []


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_runs_not_made_at_a_real_bugs_fixed_commit_are_refused_with_one_line(runs, tmp_path, capsys):
    fresh, old = runs
    corpus = tmp_path / "generated"
    with pytest.raises(PublishError, match="not at pysnooper-1's fixed commit"):
        publish(old, corpus, from_real="pysnooper-1")
    with pytest.raises(PublishError, match=r"--from-real nosuch-1: no real bug of that name"):
        publish(old, corpus, from_real="nosuch-1")

    edited = tmp_path / "edited"  # the checkout had a local change the version did not see
    shutil.copytree(old, edited)
    [snapshot] = (edited / "sources").iterdir()
    (snapshot / "pysnooper" / "utils.py").write_text((snapshot / "pysnooper" / "utils.py").read_text() + "\n# local\n")
    assert publish_cli.main([str(edited), "--into", str(corpus)]) == 2
    err = capsys.readouterr().err
    assert "is not pysnooper-2's fixed commit" in err and "pysnooper/utils.py differs" in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err

    folder = tmp_path / "ledger"  # a folder that is no git checkout: its version is a hash of its files
    plain = tmp_path / "plain-ledger"  # (the fixture itself lies in the project's checkout, a git one)
    shutil.copytree(LEDGER, plain)
    generate(Options(repo=plain, out=folder, seed=1, max_tasks=1, max_candidates=1))
    assert publish_cli.main([str(folder), "--into", str(corpus)]) == 2
    err = capsys.readouterr().err
    assert "is not a git commit" in err and len(err.strip().splitlines()) == 1
    assert not corpus.exists()  # nothing was half-published


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_the_standing_check_finds_a_moved_split_a_broken_patch_and_a_lost_task(runs, tmp_path, capsys):
    fresh, old = runs
    corpus = tmp_path / "generated"
    publish(fresh, corpus)
    publish(old, corpus)
    first, second = sorted(p for p in corpus.iterdir() if not p.name.startswith("_"))
    meta = json.loads((first / "meta.json").read_text())
    meta["split"] = next(s for s in ("train", "validation", "heldout") if s != meta["split"])
    (first / "meta.json").write_text(json.dumps(meta))
    patch = (second / "planted.patch").read_text()
    (second / "planted.patch").write_text(patch.replace("\n-", "\n-#", 1))

    problems = check_generated(corpus).problems

    assert any(meta["split_group"] in p and "not in its split" in p for p in problems), problems
    assert any(second.name in p and "does not apply" in p for p in problems), problems
    assert leakage_cli.main(["--generated", str(corpus), "--top", "0"]) == 1  # a function across two splits
    assert f"SPLIT {meta['split_group']}: 1 of its" in capsys.readouterr().out
    shutil.rmtree(second)
    problems = check_generated(corpus).problems
    assert any("lists 1 task(s), the folders hold 0" in p for p in problems), problems
    assert (old / STATE_FILE).is_file()  # the run itself is untouched by publishing


def _as_another_run(run: Path, into: Path, seed: int) -> Path:
    """A copy of ``run`` as if another run (another seed; for the check, as another commit would) had kept the
    same change under another name."""
    shutil.copytree(run, into)
    task = only_task(into)
    renamed = task.with_name(task.name[:-8] + "0" * 8)
    task.rename(renamed)
    meta = json.loads((renamed / "meta.json").read_text())
    meta["name"], meta["generator"]["seed"] = renamed.name, seed
    (renamed / "meta.json").write_text(json.dumps(meta))
    lines = [json.loads(line) for line in (into / STATE_FILE).read_text().splitlines()]
    for entry in lines:
        if entry.get("task") == task.name:
            entry["task"] = renamed.name
    (into / STATE_FILE).write_text("".join(json.dumps(entry) + "\n" for entry in lines))
    report = into / "generate-report.json"
    if report.is_file():
        report.write_text(json.dumps({**json.loads(report.read_text()), "seed": seed}))
    return renamed


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_the_same_change_from_another_run_is_published_once_and_the_check_finds_a_repeat(runs, tmp_path):
    fresh, _old = runs
    corpus = tmp_path / "generated"
    publish(fresh, corpus)
    first = only_task(fresh).name
    again = _as_another_run(fresh, tmp_path / "again", seed=9)

    result = publish(tmp_path / "again", corpus)

    assert result.published == [] and list(result.skipped) == [again.name]
    assert f"the same change was published as {first} by run pysnooper-1-seed1" in result.skipped[again.name]
    assert check_generated(corpus).problems == []
    shutil.copytree(again, corpus / again.name)  # what a hand-made copy could add: the check finds it
    problems = check_generated(corpus).problems
    assert any(f"{again.name}: the same change is published 2 times (also {first})" in p
               or f"{first}: the same change is published 2 times (also {again.name})" in p for p in problems), problems


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_a_run_told_what_is_published_does_not_plant_it_again(runs, tmp_path):
    fresh, _old = runs
    corpus = tmp_path / "generated"
    publish(fresh, corpus)
    [kept] = [entry for entry in read_state(fresh).values() if entry["outcome"] == "kept"]

    report = generate(Options(repo=None, real=real_bug("pysnooper-1"), out=tmp_path / "next", seed=5, max_tasks=1,
                              max_candidates=4, published=corpus))

    assert report.already_published == 1
    assert kept["key"] not in read_state(tmp_path / "next")
    with pytest.raises(GenerateError, match="--published .*: no such folder"):
        generate(Options(repo=None, real=real_bug("pysnooper-1"), out=tmp_path / "none", published=tmp_path / "nope"))


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_a_run_made_before_its_operators_category_changed_publishes_the_operators_category(runs, tmp_path):
    fresh, _old = runs
    run = tmp_path / "before"
    shutil.copytree(fresh, run)
    meta_file = only_task(run) / "meta.json"
    text = meta_file.read_text()
    meta = json.loads(text)
    declared = OPERATORS[meta["generator"]["operator"]].category
    older = "caching" if declared != "caching" else "locks"  # what the operator declared when the run was made
    meta_file.write_text(text.replace(f'"category": "{declared}"', f'"category": "{older}"', 1))

    publish(run, tmp_path / "generated")

    published = json.loads((tmp_path / "generated" / only_task(run).name / "meta.json").read_text())
    assert published["category"] == declared
    assert list(published) == list(meta)  # the key keeps its place
