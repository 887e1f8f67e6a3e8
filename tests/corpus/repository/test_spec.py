"""The repository sections of meta.json: a malformed field is refused with the task and field named, and a
missing interpreter or an unknown pin gets an error that says what to do."""

from __future__ import annotations

import json
import sys

import pytest

from corpus.format import TaskFormatError, load_repository, load_task
from corpus.repository.environment import EnvironmentBuildError, build_environment
from corpus.repository.interpreters import InterpreterNotFound, find_python
from corpus.repository.spec import EnvironmentSpec
from tests.helpers.repository_meta import GOOD


def _write(tmp_path, meta):
    folder = tmp_path / meta["name"]
    folder.mkdir()
    (folder / "meta.json").write_text(json.dumps(meta))
    return folder


def test_a_good_repository_task_loads_without_task_folders(tmp_path):
    task = load_repository(_write(tmp_path, GOOD))
    assert task.spec.environment.env == {"LC_ALL": "C"}
    assert task.spec.tests.all == ("tests/test_a.py::test_b",)
    assert task.buggy_files == {} and task.test_files == {}


def test_a_small_task_is_not_taken_for_a_repository_task(tmp_path):
    meta = {k: v for k, v in GOOD.items() if k not in ("repo", "environment", "tests")}
    with pytest.raises(TaskFormatError):
        load_repository(_write(tmp_path, meta))


@pytest.mark.parametrize(("section", "key", "value", "field"), [
    ("repo", "buggy_commit", "not-a-commit", "repo.buggy_commit"),
    ("repo", "source", "../elsewhere.bundle", "repo.source"),
    ("environment", "requirements", ["six>=1"], "environment.requirements[0]"),
    ("environment", "requirements", ["--index-url=http://x"], "environment.requirements[0]"),
    ("environment", "env", {"LD_PRELOAD": "/tmp/x.so"}, "environment.env.LD_PRELOAD"),
    ("environment", "python", "three", "environment.python"),
    ("environment", "install", {"path": "../.."}, "environment.install.path"),
    ("tests", "fail_to_pass", [], "tests.fail_to_pass"),
    ("tests", "fail_to_pass", ["rm -rf /"], "tests.fail_to_pass[0]"),
])
def test_bad_fields_are_named(tmp_path, section, key, value, field):
    meta = json.loads(json.dumps(GOOD))
    meta[section][key] = value
    with pytest.raises(TaskFormatError) as caught:
        load_task(_write(tmp_path, meta))
    assert caught.value.field == field


def test_a_missing_interpreter_says_where_it_looked(monkeypatch):
    monkeypatch.setenv("STEPWISE_PYTHONS", "")
    monkeypatch.setenv("PYENV_ROOT", "/nonexistent")
    with pytest.raises(InterpreterNotFound, match=r"no Python 3\.2 found .*pyenv install 3\.2"):
        find_python("3.2")


def test_the_running_interpreter_is_found_by_its_version(monkeypatch):
    monkeypatch.setenv("STEPWISE_PYTHONS", sys.executable)
    assert find_python("{}.{}".format(*sys.version_info[:2])).name.startswith("python")


@pytest.mark.slow
def test_a_pin_the_index_lacks_is_named_with_its_place(tmp_path, monkeypatch):
    monkeypatch.setenv("STEPWISE_CACHE", str(tmp_path))
    monkeypatch.setenv("STEPWISE_PYTHONS", getattr(sys, "_base_executable", sys.executable))
    version = "{}.{}".format(*sys.version_info[:2])
    spec = EnvironmentSpec(python=version, requirements=("six==1.16.0", "stepwise-no-such-package-xyz==0.0.1"))
    with pytest.raises(EnvironmentBuildError, match=r"environment\.requirements\[1\] 'stepwise-no-such-package-xyz==0\.0\.1'"):
        build_environment(spec)
    assert not list((tmp_path / "envs").glob("py*[0-9a-f]")) if (tmp_path / "envs").exists() else True
