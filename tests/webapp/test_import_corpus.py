"""import_corpus: tasks from folders into rows, idempotently, reporting malformed tasks by path."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tests.helpers.tasks import RESET_COUNTER, write_task
from webapp.catalog.models import Task
from webapp.catalog.services import import_corpus

pytestmark = pytest.mark.django_db


def rows():
    return list(Task.objects.order_by("name").values())


def test_import_creates_one_row_per_task_with_its_figures(corpus_root):
    write_task(corpus_root, "counter_reset", shape=RESET_COUNTER)
    write_task(corpus_root, "cache_stale", shape=RESET_COUNTER, category="caching", preference="avoid")

    report = import_corpus(root=corpus_root, splits_file=corpus_root.parent / "splits.json")

    assert sorted(report.created) == ["cache_stale", "counter_reset"] and report.ok
    task = Task.objects.get(name="counter_reset")
    assert task.category == "state_corruption" and task.preference == "recommended" and task.split == ""
    assert task.files["buggy"]["counter.py"].startswith("def reset")
    assert set(task.files) == {"buggy", "correct", "shared", "tests"}
    # counter.py (3 lines) + the test (3 non-blank lines); the fix changes one line (- and +).
    assert (task.loc, task.file_count, task.fix_diff_lines) == (6, 2, 2)
    assert Task.objects.get(name="cache_stale").preference == "avoid"


def test_running_the_command_twice_changes_nothing(corpus_root):
    write_task(corpus_root, "counter_reset", shape=RESET_COUNTER)
    write_task(corpus_root, "cache_stale", shape=RESET_COUNTER)
    call_command("import_corpus", "--root", str(corpus_root), stdout=StringIO(), stderr=StringIO())
    before = rows()

    out = StringIO()
    call_command("import_corpus", "--root", str(corpus_root), stdout=out, stderr=StringIO())

    assert rows() == before  # updated_at included: not even touched
    assert "0 created, 0 updated, 2 unchanged, 0 failed" in out.getvalue()


def test_a_changed_task_is_updated_in_place(corpus_root):
    folder = write_task(corpus_root, "counter_reset", shape=RESET_COUNTER)
    import_corpus(root=corpus_root, splits_file=corpus_root.parent / "splits.json")
    first = Task.objects.get(name="counter_reset")
    meta = json.loads((folder / "meta.json").read_text())
    (folder / "meta.json").write_text(json.dumps({**meta, "description": "now clearer"}))

    report = import_corpus(root=corpus_root, splits_file=corpus_root.parent / "splits.json")

    again = Task.objects.get(name="counter_reset")
    assert report.updated == ["counter_reset"]
    assert again.pk == first.pk and again.description == "now clearer"
    assert again.updated_at > first.updated_at


def test_a_malformed_task_is_reported_by_path_and_the_good_ones_still_import(corpus_root):
    write_task(corpus_root, "counter_reset", shape=RESET_COUNTER)
    bad = write_task(corpus_root, "broken_meta", shape=RESET_COUNTER)
    (bad / "meta.json").write_text('{"name": "broken_meta", "category": "x"')  # cut short
    no_pref = write_task(corpus_root, "no_preference", shape=RESET_COUNTER, preference="maybe")
    out, err = StringIO(), StringIO()

    with pytest.raises(CommandError) as failure:
        call_command("import_corpus", "--root", str(corpus_root), stdout=out, stderr=err)

    assert failure.value.returncode == 1
    assert f"{bad}: task 'broken_meta': meta.json: not valid JSON" in err.getvalue()
    assert f"{no_pref}: task 'no_preference': preference: 'maybe' is not one of" in err.getvalue()
    assert "1 created, 0 updated, 0 unchanged, 2 failed" in out.getvalue()
    assert list(Task.objects.values_list("name", flat=True)) == ["counter_reset"]


def test_splits_come_from_splits_json_next_to_the_tasks_folder(corpus_root):
    write_task(corpus_root, "counter_reset", shape=RESET_COUNTER)
    write_task(corpus_root, "cache_stale", shape=RESET_COUNTER)
    (corpus_root.parent / "splits.json").write_text(json.dumps(
        {"version": 1, "assignments": {"counter_reset": "heldout", "someone_else": "train"}}))

    call_command("import_corpus", "--root", str(corpus_root), stdout=StringIO(), stderr=StringIO())

    assert dict(Task.objects.values_list("name", "split")) == {"counter_reset": "heldout", "cache_stale": ""}


def test_a_bad_splits_file_is_a_clear_error_naming_it(corpus_root):
    write_task(corpus_root, "counter_reset", shape=RESET_COUNTER)
    splits = corpus_root.parent / "splits.json"
    splits.write_text(json.dumps({"version": 1, "assignments": {"counter_reset": "test"}}))

    with pytest.raises(CommandError) as failure:
        call_command("import_corpus", "--root", str(corpus_root), stdout=StringIO(), stderr=StringIO())

    assert str(failure.value) == (f"{splits}: assignments['counter_reset'] is 'test'; expected one of "
                                  "train, validation, heldout")
    assert not Task.objects.exists()


def test_a_missing_root_folder_says_what_to_pass(tmp_path):
    with pytest.raises(CommandError, match="no such folder; pass --root"):
        call_command("import_corpus", "--root", str(tmp_path / "nowhere"), stdout=StringIO(), stderr=StringIO())
