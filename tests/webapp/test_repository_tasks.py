"""Repository tasks (real bugs) in the catalog: import_corpus takes the vendored corpus/real folder; the task
page shows the failing node ids, the repository and commits, and (for reviewers) the files the fix touches
and its diff; an annotator sees the page but not the reviewers' part."""

from __future__ import annotations

import pytest

from corpus.repository.corpus_root import REAL_TASKS_DIR
from corpus.task_splits import read_splits_file_of_any_origin
from tests.helpers.split_registries import heldout_generated
from webapp.catalog.models import Task
from webapp.catalog.services import import_corpus

pytestmark = pytest.mark.django_db


def test_real_bugs_import_and_their_page_shows_tests_and_fix(client, make_user, tmp_path):
    report = import_corpus(root=REAL_TASKS_DIR, splits_file=tmp_path / "none.json")
    assert report.ok and "pysnooper-3" in report.created
    task = Task.objects.get(name="pysnooper-3")
    assert task.failing_tests == ["tests/test_pysnooper.py::test_file_output"]
    assert task.file_count == 1 and task.fix_diff_lines == 2
    # Importing again changes nothing (the fix is derived the same way each time).
    assert import_corpus(root=REAL_TASKS_DIR, splits_file=tmp_path / "none.json").unchanged

    client.force_login(make_user("res"))
    page = client.get("/tasks/pysnooper-3/").content.decode()
    assert "tests/test_pysnooper.py::test_file_output" in page
    assert "pysnooper/pysnooper.py" in page and "Files the fix touches" in page
    assert "output_path" in page  # the diff's removed line
    assert "Python 3.8" in page


def test_real_and_generated_tasks_import_with_their_own_registrys_split(tmp_path):
    # The default splits file next to corpus/real is the real corpus's own ({bug: split}).
    real_splits = read_splits_file_of_any_origin(REAL_TASKS_DIR / "splits.json")
    assert import_corpus(root=REAL_TASKS_DIR, splits_file=REAL_TASKS_DIR / "splits.json").ok
    assert dict(Task.objects.filter(name__in=real_splits).values_list("name", "split")) == real_splits
    # A generated task carries its split in its meta.json (here one republished heldout).
    registry, generated = heldout_generated(tmp_path)
    assert import_corpus(root=registry.generated_dir, splits_file=tmp_path / "none.json").ok
    assert Task.objects.get(name=generated).split == "heldout"
