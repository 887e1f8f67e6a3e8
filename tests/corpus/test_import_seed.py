"""The seed-format importer: a single-folder bundle becomes a task folder that validates."""

from __future__ import annotations

import json

import pytest

from corpus.cli import import_seed as import_cli
from corpus.format import load_task
from corpus.importers import SeedFormatError, import_seed_bundle
from corpus.importers.shim import strip_shim
from tests.helpers.tasks import BUGGY_COUNTER, CORRECT_COUNTER
from validation import validate_task

SEED_TEST = '''\
import pytest

if pytest.use_correct:
    from counter_correct import total
    from report_correct import describe
else:
    from counter import total
    from report import describe


def test_total():
    assert total([1, 2, 3]) == 6


def test_describe():
    assert describe([4]) == "sum=4"
'''
REPORT = "from counter import total\nfrom fmt import label\n\n\ndef describe(values):\n    return label(total(values))\n"
REPORT_CORRECT = REPORT.replace("from counter import", "from counter_correct import")


def write_bundle(folder, replace=False, **meta_overrides):
    folder.mkdir(parents=True, exist_ok=replace)
    files = {"counter.py": BUGGY_COUNTER, "counter_correct.py": CORRECT_COUNTER, "report.py": REPORT,
             "report_correct.py": REPORT_CORRECT, "fmt.py": "def label(n):\n    return f'sum={n}'\n",
             "test_counter.py": SEED_TEST,
             "conftest.py": "import pytest\n\n\ndef pytest_configure(config):\n    pytest.use_correct = False\n"}
    for name, text in files.items():
        (folder / name).write_text(text)
    meta = {"name": "Seed Counter", "category": "off_by_one", "debugger_preference": "Recommended",
            "description": "sum skips the first value",
            "evidence": [{"file": "counter.py", "line": 4, "expression": "value", "observed": "2", "why": "x"}]}
    meta.update(meta_overrides)
    (folder / "metadata.json").write_text(json.dumps(meta))
    return folder


def test_a_seed_bundle_becomes_a_task_that_validates(tmp_path):
    bundle = write_bundle(tmp_path / "bundle")

    imported = import_seed_bundle(bundle, tmp_path / "tasks")

    task = load_task(imported.path)
    assert task.name == "seed_counter" and task.preference == "recommended"
    assert task.buggy_files == {"counter.py": BUGGY_COUNTER, "report.py": REPORT}
    assert task.correct_files == {"counter.py": CORRECT_COUNTER, "report.py": REPORT}
    assert task.shared_files == {"fmt.py": "def label(n):\n    return f'sum={n}'\n"}
    assert task.test_files["test_counter.py"].startswith(
        "import pytest\n\nfrom counter import total\nfrom report import describe\n\n\ndef test_total")
    assert "conftest.py" not in task.test_files
    assert validate_task(task).ok


def test_the_shim_is_replaced_by_its_else_branch_at_its_own_indent():
    source = "def load():\n    if pytest.use_correct:\n        import a_correct as a\n    else:\n        import a\n    return a\n"

    stripped, count = strip_shim(source)

    assert (stripped, count) == ("def load():\n    import a\n    return a\n", 1)


@pytest.mark.parametrize("change, message", [
    (lambda b: (b / "counter_correct.py").unlink() or (b / "report_correct.py").unlink(),
     "no x_correct.py file"),
    (lambda b: (b / "counter.py").unlink(), "counter_correct.py has no buggy counter.py next to it"),
    (lambda b: (b / "test_counter.py").write_text(SEED_TEST.replace("else:\n    from counter import total\n"
                                                                    "    from report import describe\n", "")),
     "test_counter.py:3: the 'if pytest.use_correct:' block has no 'else:' branch"),
    (lambda b: (b / "metadata.json").write_text("{not json"), "metadata.json is not valid JSON"),
    (lambda b: (b / "metadata.json").write_text(json.dumps({"name": "x"})), "the metadata has no 'preference'"),
    (lambda b: (b / "counter.py").write_bytes(b"def total(values):\n    return '\xff'\n"),
     "counter.py is not UTF-8 text (byte 31); save it as UTF-8"),
    (lambda b: (b / "requirements.txt").write_bytes(b"attrs==24.2.0\n\xfe\n"), "requirements.txt is not UTF-8 text"),
    (lambda b: write_bundle(b, replace=True, name=5), "metadata 'name' must be a string, got int '5'"),
    (lambda b: write_bundle(b, replace=True, tags="slow"), "metadata 'tags' must be a list, got str 'slow'"),
    (lambda b: write_bundle(b, replace=True, dependencies="attrs==24.2.0"), "metadata 'dependencies' must be a list"),
    (lambda b: write_bundle(b, replace=True, timeout=None), "metadata 'timeout' must be a number, got NoneType"),
    (lambda b: write_bundle(b, replace=True, preference=3), "metadata 'preference' must be a string, got int"),
])
def test_a_bundle_that_does_not_fit_gets_a_clear_error(tmp_path, change, message):
    bundle = write_bundle(tmp_path / "bundle")
    change(bundle)

    with pytest.raises(SeedFormatError, match=message.replace("(", r"\(").replace(")", r"\)")):
        import_seed_bundle(bundle, tmp_path / "tasks")
    assert not (tmp_path / "tasks" / "seed_counter").exists()


def test_cli_imports_a_folder_of_bundles_and_refuses_to_overwrite(tmp_path, capsys):
    write_bundle(tmp_path / "src" / "one", name="one")
    write_bundle(tmp_path / "src" / "two", name="two")
    dest = tmp_path / "tasks"

    first = import_cli.main([str(tmp_path / "src"), "--dest", str(dest)])
    again = import_cli.main([str(tmp_path / "src" / "one"), "--dest", str(dest)])

    assert (first, again) == (0, 1)
    assert sorted(p.name for p in dest.iterdir()) == ["one", "two"]
    captured = capsys.readouterr()
    assert "note: test_counter.py: stripped 1 pytest.use_correct shim(s)" in captured.out
    assert "already exists; choose another --name or pass --overwrite" in captured.err


def test_overwrite_keeps_the_existing_task_when_the_new_bundle_does_not_load(tmp_path):
    dest = tmp_path / "tasks"
    kept = import_seed_bundle(write_bundle(tmp_path / "v1"), dest)
    before = {p.relative_to(kept.path): p.read_bytes() for p in kept.path.rglob("*") if p.is_file()}
    broken = write_bundle(tmp_path / "v2", evidence=[{"file": "counter.py", "line": "four"}])

    with pytest.raises(SeedFormatError, match="converted task does not load: evidence"):
        import_seed_bundle(broken, dest, overwrite=True)

    assert {p.relative_to(kept.path): p.read_bytes() for p in kept.path.rglob("*") if p.is_file()} == before
    assert [p.name for p in dest.iterdir()] == ["seed_counter"]  # no staging folder left behind


def test_overwrite_replaces_the_task_with_a_bundle_that_loads(tmp_path):
    dest = tmp_path / "tasks"
    import_seed_bundle(write_bundle(tmp_path / "v1"), dest)

    replaced = import_seed_bundle(write_bundle(tmp_path / "v2", description="the new text"), dest, overwrite=True)

    assert load_task(replaced.path).description == "the new text"
    assert [p.name for p in dest.iterdir()] == ["seed_counter"]


def test_a_dest_that_is_a_file_is_refused(tmp_path):
    (tmp_path / "tasks").write_text("not a folder")

    with pytest.raises(SeedFormatError, match="is a file; give the folder the task folders go in"):
        import_seed_bundle(write_bundle(tmp_path / "bundle"), tmp_path / "tasks")


def test_a_seed_bundle_without_a_category_is_refused_naming_the_allowed_ones(tmp_path):
    bundle = write_bundle(tmp_path / "bundle")
    meta = json.loads((bundle / "metadata.json").read_text())
    del meta["category"]
    (bundle / "metadata.json").write_text(json.dumps(meta))

    with pytest.raises(SeedFormatError, match="no 'category' .* set it to one of aliasing, asyncio"):
        import_seed_bundle(bundle, tmp_path / "tasks")

    meta["category"] = "bug"
    (bundle / "metadata.json").write_text(json.dumps(meta))
    with pytest.raises(SeedFormatError, match="category: 'bug' is not a task category; use one of"):
        import_seed_bundle(bundle, tmp_path / "tasks")
    assert not (tmp_path / "tasks" / "seed_counter").exists()
