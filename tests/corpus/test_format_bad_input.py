"""The task loader refuses what would break a later step (stats, validation, an episode, the web import)
or reach outside the task, naming the task and the file or field."""

from __future__ import annotations

import subprocess
import sys

import pytest

from corpus.format import TaskFormatError, load_task
from tests.helpers.tasks import write_task


def test_a_file_that_is_not_utf8_is_refused_naming_it(tmp_path):
    folder = write_task(tmp_path)
    (folder / "shared").mkdir()
    (folder / "shared" / "blob.py").write_bytes(b"DATA = '\xff\xfe'\n")

    with pytest.raises(TaskFormatError) as failure:
        load_task(folder)

    assert failure.value.field == "shared/blob.py"
    assert "is not UTF-8 text (byte 8: b'\\xff'); save it as UTF-8" in failure.value.reason


def test_a_link_to_a_file_elsewhere_on_the_machine_is_refused(tmp_path):
    secret = tmp_path / "host_secret.txt"
    secret.write_text("password=hunter2\n")
    folder = write_task(tmp_path / "tasks")
    (folder / "tests" / "conftest.py").symlink_to(secret)

    with pytest.raises(TaskFormatError) as failure:
        load_task(folder)

    assert failure.value.field == "tests/conftest.py"
    assert "symbolic link" in failure.value.reason


@pytest.mark.parametrize("timeout", [float("nan"), float("inf"), -1])
def test_a_timeout_that_is_not_a_positive_finite_number_is_refused(tmp_path, timeout):
    folder = write_task(tmp_path, timeout_s=timeout)

    with pytest.raises(TaskFormatError) as failure:
        load_task(folder)

    assert failure.value.field == "timeout_s"


@pytest.mark.parametrize("dependency", ["--index-url=http://mirror.invalid/simple", "-e /tmp/pkg", "./local_pkg",
                                        "pkg @ https://example.invalid/pkg.whl", "git+https://example.invalid/x"])
def test_a_dependency_that_is_not_a_package_requirement_is_refused(tmp_path, dependency):
    folder = write_task(tmp_path, dependencies=["attrs==24.2.0", dependency])

    with pytest.raises(TaskFormatError) as failure:
        load_task(folder)

    assert failure.value.field == "dependencies[1]"
    assert "no pip options, URLs or paths" in failure.value.reason


def test_ordinary_requirements_load(tmp_path):
    deps = ["attrs==24.2.0", "PyYAML>=6,<7", "requests[socks]==2.32.3", "more-itertools"]

    assert load_task(write_task(tmp_path, dependencies=deps)).dependencies == tuple(deps)


@pytest.mark.slow  # a `corpus stats` process, its table and plots (~1.5-2 s); like test_stats' own skip test
def test_stats_skips_a_task_with_a_binary_file_and_names_it(tmp_path, repo_root):
    write_task(tmp_path / "tasks", "good_task")
    bad = write_task(tmp_path / "tasks", "bad_task")
    (bad / "buggy" / "counter.py").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)))

    result = subprocess.run([sys.executable, "-m", "corpus", "stats", "--root", str(tmp_path / "tasks"),
                             "--out", str(tmp_path / "stats")], capture_output=True, text=True, cwd=repo_root,
                            timeout=120)

    assert "Traceback" not in result.stderr
    assert "skipped: task 'bad_task': buggy/counter.py: is not UTF-8 text" in result.stderr
    assert (tmp_path / "stats" / "tasks.csv").read_text().count("good_task") == 1
