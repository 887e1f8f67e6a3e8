"""The vendored real-bug corpus (corpus/real): every task loads, its commits are in its project's bundle, each
project ships its license, the whole is within 100 MB; and (slow) one bug per project validates in bwrap:
its environment builds from the index, the failing tests fail on the buggy commit and pass on the fix.

The full check, three runs of every bug: ``python -m corpus validate --root corpus/real``."""

from __future__ import annotations

from collections import defaultdict

import pytest

from corpus.format import load_repository, task_dirs
from corpus.repository import source
from corpus.repository.corpus_root import REAL_TASKS_DIR
from corpus.repository.task import REPOS_FOLDER
from validation.repository import validate_repository_task

TASKS = [load_repository(folder) for folder in task_dirs(REAL_TASKS_DIR)]


def _one_per_project():
    by_project = defaultdict(list)
    for task in TASKS:
        by_project[task.spec.repo.name].append(task)
    # The lightest environment of each project keeps the check within the suite's time.
    return [min(tasks, key=lambda t: (len(t.spec.environment.requirements), t.name)) for _, tasks in sorted(by_project.items())]


def test_every_real_bug_loads_from_its_bundle():
    assert TASKS, "corpus/real holds no task"
    repos = REAL_TASKS_DIR / REPOS_FOLDER
    total = sum(p.stat().st_size for p in repos.iterdir())
    assert total < 100 * 2**20
    for task in TASKS:
        git_dir = task.history()
        assert source.has_commit(git_dir, task.spec.repo.buggy_commit), task.name
        assert source.has_commit(git_dir, task.spec.repo.fixed_commit), task.name
        assert (repos / f"{task.spec.repo.name}.LICENSE").is_file(), task.name
        assert task.spec.repo.url.startswith("https://"), task.name
        assert task.fix_patch.startswith("diff --git"), task.name


@pytest.mark.slow
@pytest.mark.timeout(1800)
@pytest.mark.parametrize("task", _one_per_project(), ids=lambda t: t.name)
def test_one_bug_per_project_validates_in_bwrap(task):
    verdict = validate_repository_task(task, sandbox="bwrap", runs=1)
    assert verdict.ok, verdict.reasons
    assert [(r.variant, r.ok) for r in verdict.runs] == [("buggy", True), ("fixed", True)]
    assert verdict.evidence["fix_files"]


@pytest.mark.slow
@pytest.mark.docker
@pytest.mark.timeout(900)
def test_a_real_bug_validates_in_docker():
    """The environment (a venv over pyenv's build, at its host path under /root) runs in the project's image."""
    task = next(t for t in TASKS if t.name == "pysnooper-3")
    verdict = validate_repository_task(task, sandbox="docker", runs=1)
    assert verdict.ok, verdict.reasons
