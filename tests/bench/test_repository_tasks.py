"""The repository bench writes the published fix into a workspace: a file the fix adds (sanic 1's new
example) is created, not unlinked first, and the files it changes replace the cache's hard links."""

from __future__ import annotations

from bench.repository_tasks import write_published_fix
from corpus.format import load_repository
from corpus.repository import source
from corpus.repository.corpus_root import REAL_TASKS_DIR
from corpus.repository.workspace import materialize_repository


def test_the_published_fix_is_written_with_the_files_it_adds(tmp_path):
    task = load_repository(REAL_TASKS_DIR / "sanic-1")
    workspace = materialize_repository(task, tmp_path / "workspace")
    added = "examples/blueprint_middlware_execution_order.py"
    assert not (workspace.path / added).exists()
    cached = task.tree("buggy") / "sanic/app.py"
    before = cached.read_bytes()

    write_published_fix(task, workspace.path)

    git_dir, fixed = task.history(), task.spec.repo.fixed_commit
    for name in (added, "sanic/app.py"):
        assert (workspace.path / name).read_bytes() == source.read_file(git_dir, fixed, name)
    assert cached.read_bytes() == before  # the cached tree keeps the buggy text
