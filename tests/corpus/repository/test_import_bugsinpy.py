"""``python -m corpus import-bugsinpy`` on a small git history the test builds itself: BugsInPy's pitfalls
are handled by general rules, the report names why each other bug did not import, the tasks load and
materialize, and (slow) the imported bug reproduces and validates in the bwrap sandbox."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from corpus.__main__ import main as corpus_main
from corpus.cli.import_bugsinpy import build_parser
from corpus.format import load_repository
from corpus.importers.bugsinpy import metadata
from corpus.importers.bugsinpy.requirements import constraints_from
from corpus.repository.task import RepositoryTask
from corpus.repository.workspace import materialize_repository
from tests.helpers.tiny_history import FIXED_CODE, build_tiny_history


@pytest.fixture
def tiny(tmp_path, monkeypatch):
    monkeypatch.setenv("STEPWISE_CACHE", str(tmp_path / "cache"))
    return build_tiny_history(tmp_path)


def test_dotted_unittest_ids_become_node_ids():
    files = {"tests/test_black.py"}
    ids, problems = metadata.node_ids("python -m unittest -q tests.test_black.BlackTestCase.test_fmtonoff4\n"
                                      "tox tests/test_x.py::test_y\nnosetests tests/test_n.py:Case.test_m\n",
                                      files.__contains__)
    assert ids == ["tests/test_black.py::BlackTestCase::test_fmtonoff4", "tests/test_x.py::test_y",
                   "tests/test_n.py::Case::test_m"]
    assert problems == []


def test_requirements_rules_report_each_dropped_line():
    text = "-e git+https://example.org/p@abc#egg=proj\npkg-resources==0.0.0\nProj==1.0\nsix==1.15.0\nweird>=2\n"
    pins, notes = constraints_from(text, "proj")
    assert pins == ["six==1.15.0"]
    assert [n.split(":")[0] for n in notes] == [f"requirements.txt line {i}" for i in (1, 2, 3, 5)]


def test_utf16_metadata_is_decoded():
    data = "aiohttp==3.6.2\n".encode("utf-16")
    assert metadata.decode(data) == "aiohttp==3.6.2\n"


def test_import_without_check_writes_tasks_and_a_report(tiny, tmp_path, capsys):
    out = tmp_path / "out"
    code = corpus_main(["import-bugsinpy", str(tiny.bugsinpy), "--git", str(tiny.repo), "--out", str(out),
                        "--no-check"])
    assert code == 0
    report = json.loads((out / "import-report-tinyshop.json").read_text())
    reasons = {r["bug"]: r["reason"] for r in report["results"]}
    assert reasons["1"] == ""
    assert "is not in the given history" in reasons["2"]
    assert "changes no Python file outside the tests" in reasons["3"]
    printed = capsys.readouterr().out
    assert "bug 2: not imported:" in printed and "bug 1: imported as tinyshop-1" in printed

    task = load_repository(out / "tinyshop-1")
    assert isinstance(task, RepositoryTask)
    spec = task.spec
    assert spec.tests.fail_to_pass == ("tests/test_prices.py::TestTotals::test_ten_percent",
                                       "tests/test_prices.py::test_fractional_discount")
    # The test data the fix adds is part of the task's tests though bug.info names only the test module.
    assert set(spec.tests.files) == {"tests/test_prices.py", "tests/data/case.json"}
    assert spec.repo.license == "MIT" and spec.repo.buggy_commit == tiny.buggy
    notes = " ".join(task.meta["origin"]["notes"])
    assert "installs a checkout" in notes and "pkg-resources==0.0.0" in notes
    assert "tinyshop/prices.py" in task.fix_patch and "tests/" not in task.fix_patch
    assert (out / "_repos" / "tinyshop.bundle").is_file() and (out / "_repos" / "tinyshop.LICENSE").is_file()


def test_workspace_is_hard_linked_from_the_bundle_with_the_fixed_tests(tiny, tmp_path):
    out = tmp_path / "out"
    assert corpus_main(["import-bugsinpy", str(tiny.bugsinpy), "--git", str(tiny.repo), "--out", str(out),
                        "--bug", "1", "--no-check"]) == 0
    # The bundle alone carries the history: the original repository is gone.
    subprocess.run(["rm", "-rf", str(tiny.repo)], check=True)
    task = load_repository(out / "tinyshop-1")
    first = materialize_repository(task, tmp_path / "ws1")
    second = materialize_repository(task, tmp_path / "ws2")
    code = first.path / "tinyshop" / "prices.py"
    assert "// 100" in code.read_text()
    assert code.stat().st_ino == (second.path / "tinyshop" / "prices.py").stat().st_ino  # one file on disk
    assert first.links.linked >= 3 and first.links.copied == 0
    assert (first.path / "tests" / "data" / "case.json").is_file()
    assert "test_fractional_discount" in (first.path / "tests" / "test_prices.py").read_text()
    assert first.protected_files == ["tests/data/case.json", "tests/test_prices.py"]
    assert not (first.path / "tests" / "test_prices.py").stat().st_mode & 0o222
    fixed = materialize_repository(task, tmp_path / "ws3", variant="fixed")
    assert (fixed.path / "tinyshop" / "prices.py").read_text() == FIXED_CODE


def test_bad_arguments_get_clear_errors(tiny, tmp_path, capsys):
    assert corpus_main(["import-bugsinpy", str(tmp_path), "--git", str(tiny.repo), "--out", str(tmp_path / "o")]) == 2
    assert "has no bugs/ folder" in capsys.readouterr().err
    assert corpus_main(["import-bugsinpy", str(tiny.bugsinpy), "--git", str(tmp_path / "nope"),
                        "--out", str(tmp_path / "o")]) == 2
    assert "does not exist" in capsys.readouterr().err
    not_git = tmp_path / "plain"
    not_git.mkdir()
    assert corpus_main(["import-bugsinpy", str(tiny.bugsinpy), "--git", str(not_git), "--out", str(tmp_path / "o")]) == 2
    assert "is not a git history" in capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_imported_bug_reproduces_and_validates_in_bwrap(tiny, tmp_path, monkeypatch, capsys):
    """The full path: the environment resolves and builds (pytest from the index), the failing tests fail on
    the buggy commit and pass on the fixed one, pass_to_pass is learned, and validation agrees in bwrap."""
    monkeypatch.setenv("STEPWISE_PYTHONS", getattr(sys, "_base_executable", sys.executable))
    out = tmp_path / "out"
    assert corpus_main(["import-bugsinpy", str(tiny.bugsinpy), "--git", str(tiny.repo), "--out", str(out),
                        "--bug", "1"]) == 0
    task = load_repository(out / "tinyshop-1")
    assert task.spec.tests.pass_to_pass == ("tests/test_prices.py::test_total_without_discount",)
    assert "1 passing test id(s) with whitespace left out of pass_to_pass" in task.spec.origin["notes"]
    assert any(p.startswith("pytest==") for p in task.spec.environment.requirements)
    capsys.readouterr()
    assert corpus_main(["validate", "--root", str(out), "--sandbox", "bwrap", "--no-progress", "--offline",
                        "--record"]) == 0
    record = json.loads((out / "tinyshop-1" / "validation.json").read_text())
    assert [r["ok"] for r in record["runs"]] == [True] * 6 and not record["flaky"]
    assert record["evidence"]["fix_files"] == ["tinyshop/prices.py"]
    # The wrong total surfaces in the test's assertion, away from the fixed line: runtime inspection is what
    # connects them, so the proposed label recommends the debugger.
    assert record["evidence"]["fix_in_traceback"] is False
    assert record["proposed_preference"] == "recommended"


def test_test_data_written_in_python_is_not_read_for_imports():
    from corpus.importers.bugsinpy.classify import is_test_code, missing_distributions

    assert is_test_code("tests/test_black.py") and is_test_code("tests/mini_toolbox/pathlib.py")
    assert not is_test_code("tests/data/expression.py")  # a formatter's input, never imported
    found = missing_distributions(["import six\nimport yaml\nimport os\nimport mypkg\ntry:\n    import numpy\nexcept ImportError:\n    pass\n"],
                                  local={"mypkg"}, already={"pytest"})
    assert sorted(found) == ["PyYAML", "six"]  # guarded imports and the standard library are left out


def test_python_input_beside_the_tests_is_not_read_for_imports_unless_a_test_imports_it():
    from corpus.importers.bugsinpy.classify import missing_distributions, test_code_files

    # Old black kept the files its tests format directly in tests/ (tests/import_spacing.py imports
    # some_library): read as code they asked for a package that does not install.
    files = {"tests/test_black.py": "import black\nfrom tests.util import helper\nfrom . import shared\n",
             "tests/conftest.py": "import pytest\n",
             "tests/util.py": "import six\nfrom .deeper import x\n",
             "tests/deeper.py": "import yaml\n",
             "tests/shared.py": "import toml\n",
             "tests/import_spacing.py": "from some_library import (a, b)\nimport another_input\n",
             "tests/expression.py": "import made_up\n"}
    code = test_code_files(sorted(files), files.__getitem__)
    assert sorted(code) == ["tests/conftest.py", "tests/deeper.py", "tests/shared.py", "tests/test_black.py",
                            "tests/util.py"]
    found = missing_distributions(list(code.values()), local={"black", "tests", "util", "deeper", "shared"},
                                  already={"pytest"})
    assert sorted(found) == ["PyYAML", "six", "toml"]


def test_a_setuptools_scm_version_module_is_generated(tmp_path):
    from corpus.repository.workspace import generated_files

    (tmp_path / "setup.py").write_text('setup(use_scm_version={"write_to": "_black_version.py"})\n')
    assert generated_files(tmp_path) == {"_black_version.py": "# generated as setuptools_scm would\n"
                                                              "version = '0.0.0'\n__version__ = version\n"}
    (tmp_path / "_black_version.py").write_text("version = '1'\n")
    assert generated_files(tmp_path) == {}  # a file the repository has is its own


def test_validation_without_the_bundle_is_a_clear_rejection(tiny, tmp_path, capsys):
    out = tmp_path / "out"
    assert corpus_main(["import-bugsinpy", str(tiny.bugsinpy), "--git", str(tiny.repo), "--out", str(out),
                        "--bug", "1", "--no-check"]) == 0
    (out / "_repos" / "tinyshop.bundle").unlink()
    capsys.readouterr()
    assert corpus_main(["validate", "--root", str(out), "--no-progress"]) == 1
    printed = capsys.readouterr().out
    assert "FAIL tinyshop-1" in printed and "put the project's git bundle there" in printed


def test_a_workspace_holds_no_symbolic_links(tmp_path):
    from corpus.repository.workspace import link_tree

    src = tmp_path / "src"
    (src / "docs").mkdir(parents=True)
    (src / "README.md").write_text("readme\n")
    (src / "docs" / "readme.md").symlink_to("../README.md")  # inside the tree: becomes the file
    (src / "docs" / "gone.md").symlink_to("missing.md")  # dangling: left out
    (src / "docs" / "passwd").symlink_to("/etc/passwd")  # outside the tree: left out
    dest = tmp_path / "dest"
    dest.mkdir()
    link_tree(src, dest)
    assert (dest / "docs" / "readme.md").read_text() == "readme\n" and not (dest / "docs" / "readme.md").is_symlink()
    assert sorted(p.name for p in (dest / "docs").iterdir()) == ["readme.md"]


def test_declared_test_requirements_are_kept_only_when_recorded_or_needed():
    """tqdm's tox environment lists tensorflow and keras (its tests import them under a guard); BugsInPy's
    environment ran without them, so they are left out, and said; a recorded pin, an unconditional import
    and a pytest plugin stay."""
    from corpus.importers.bugsinpy.importer import recorded_or_required
    notes: list[str] = []
    test_code = ["import nose\nfrom freezegun import freeze_time\ndef test_k():\n    try:\n        import keras\n"
                 "    except ImportError:\n        pass\n"]
    kept = recorded_or_required(["nose", "nose-timer", "tensorflow", "keras", "freezegun>=0.3", "pytest-mock",
                                 "Cython"], ["cython==0.29.14"], test_code, notes)
    assert kept == ["nose", "freezegun>=0.3", "pytest-mock", "Cython"]
    assert notes == ["declared test requirements neither recorded by BugsInPy nor imported by the tests "
                     "unconditionally, left out: nose-timer, tensorflow, keras"]


def test_a_test_module_imported_by_its_bare_name_is_the_repository_own():
    from corpus.importers.bugsinpy.classify import missing_distributions
    from corpus.importers.bugsinpy.importer import local_modules
    files = ["tqdm/__init__.py", "tqdm/tests/tests_tqdm.py", "tqdm/tests/tests_main.py", "setup.py"]
    assert local_modules(files) >= {"tqdm", "tests", "tests_tqdm", "tests_main", "setup"}
    sources = ["from tests_tqdm import with_setup\nimport nose\n"]
    assert missing_distributions(sources, local=local_modules(files), already=set()) == ["nose"]


def test_a_bug_that_reproduces_only_after_another_test_ran_is_not_imported(tmp_path, monkeypatch):
    """The whole test file reproduces the bug, but its failing test passes on the fix only after a test that
    fails on the buggy commit (so in no pass_to_pass) set some state: the task's own tests alone do not."""
    from tests.helpers.tiny_history import _git

    monkeypatch.setenv("STEPWISE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("STEPWISE_PYTHONS", getattr(sys, "_base_executable", sys.executable))
    repo = tmp_path / "tinyflag"
    (repo / "tinyflag").mkdir(parents=True)
    (repo / "tests").mkdir()
    (repo / "tinyflag" / "__init__.py").write_text("READY = False\n")
    (repo / "tests" / "test_flag.py").write_text("def test_placeholder():\n    pass\n")
    (repo / "setup.py").write_text("from setuptools import setup\nsetup(name='tinyflag', version='0.1', "
                                   "packages=['tinyflag'])\n")
    (repo / "LICENSE").write_text("MIT License\n")
    _git(repo, "init", "-q", "-b", "main")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "flag")
    buggy = _git(repo, "rev-parse", "HEAD")
    (repo / "tinyflag" / "__init__.py").write_text("READY = False\n\n\ndef ready():\n    return True\n")
    (repo / "tests" / "test_flag.py").write_text(
        "import tinyflag\n\n\ndef test_a_sets_up():\n    tinyflag.READY = tinyflag.ready()\n\n\n"
        "def test_b_needs_the_setup():\n    assert tinyflag.READY\n")
    _git(repo, "commit", "-qam", "fix: ready")
    fixed = _git(repo, "rev-parse", "HEAD")
    project = tmp_path / "bugsinpy" / "projects" / "tinyflag"
    (project / "bugs" / "1").mkdir(parents=True)
    (project / "project.info").write_text('github_url="https://example.org/tinyflag"\nstatus="OK"\n')
    python = "{}.{}".format(*sys.version_info[:2])
    (project / "bugs" / "1" / "bug.info").write_text(
        f'python_version="{python}.1"\nbuggy_commit_id="{buggy}"\nfixed_commit_id="{fixed}"\n'
        'test_file="tests/test_flag.py"')
    (project / "bugs" / "1" / "run_test.sh").write_text("pytest tests/test_flag.py::test_b_needs_the_setup\n")
    (project / "bugs" / "1" / "requirements.txt").write_text("")
    out = tmp_path / "out"
    assert corpus_main(["import-bugsinpy", str(project), "--git", str(repo), "--out", str(out)]) == 1
    report = json.loads((out / "import-report-tinyflag.json").read_text())
    reason = report["results"][0]["reason"]
    assert "reproduces in the whole test files but not when the task's own tests run alone" in reason
    assert not (out / "tinyflag-1").exists()


def test_bugs_are_named_after_one_flag_or_by_repeating_it():
    # The form is `--bug N ...`; `--bug 1 2` once stopped with "unrecognized arguments: 2".
    parser = build_parser()
    listed = parser.parse_args(["projects/x", "--git", "x.git", "--out", "o", "--bug", "1", "2"])
    repeated = parser.parse_args(["projects/x", "--git", "x.git", "--out", "o", "--bug", "1", "--bug", "2"])
    assert listed.bug == repeated.bug == ["1", "2"]
