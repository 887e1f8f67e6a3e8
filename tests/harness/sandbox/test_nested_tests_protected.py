"""A task whose tests sit a few folders down (``tests/unit/test_x.py``): the sandbox user can neither rename a
folder on the way to a test file away nor put its own test in its place, during the episode (bash) or while
the verifier runs the code under test (which could otherwise swap a test file not yet collected)."""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus.materialize import materialize
from harness.episode.run import add_pytest_config
from harness.records.observation import ToolCall
from harness.sandbox.backends.base import SandboxSpec
from harness.verify import verify
from harness.workspace_task import load_workspace_task
from tests.harness.sandbox.conftest import SMALL
from tests.helpers.sandboxes import backend_fixture

pytestmark = pytest.mark.slow

backend = backend_fixture()

BUGGY = "def total(values):\n    return sum(values[1:])\n"
PASSES = "def test_sum():\n    pass\n"
# The code under test, imported while the first test file is collected, swaps the folders that hold the
# test files for its own: the first one copied over (pytest checks the path it imported still holds it),
# the next one its own (staged under another name: the verifier refuses it opening a test file's path).
SWAPS = ("import os\n\n_tests = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'tests')\n"
         "try:\n"
         "    os.rename(os.path.join(_tests, 'unit'), os.path.join(_tests, 'gone'))\n"
         "    os.makedirs(os.path.join(_tests, 'staged', 'sub'))\n"
         "    with open(os.path.join(_tests, 'gone', 'sub', 'test_a.py')) as f:\n"
         "        first = f.read()\n"
         "    with open(os.path.join(_tests, 'staged', 'sub', 'test_a.py'), 'w') as f:\n"
         "        f.write(first)\n"
         "    with open(os.path.join(_tests, 'staged', 'sub', 'test_b.py'), 'w') as f:\n"
         f"        f.write({PASSES!r})\n"
         "    os.rename(os.path.join(_tests, 'staged'), os.path.join(_tests, 'unit'))\n"
         "except OSError:\n    pass\n\n\n" + BUGGY)


def nested_task(root: Path):
    root.mkdir(parents=True)
    (root / "counter.py").write_text(BUGGY)
    (root / "conftest.py").write_text("import sys, os\nsys.path.insert(0, os.path.dirname(__file__))\n")
    sub = root / "tests" / "unit" / "sub"
    sub.mkdir(parents=True)
    (sub / "test_a.py").write_text("from counter import total\n\n\ndef test_empty():\n    assert total([]) == 0\n")
    (sub / "test_b.py").write_text("from counter import total\n\n\ndef test_sum():\n    assert total([1, 2, 3]) == 6\n")
    return load_workspace_task(root)


def test_bash_cannot_rename_a_folder_on_the_way_to_a_test_file(backend, tmp_path):
    task = nested_task(tmp_path / "bug")
    workspace = materialize(task, tmp_path / "ws")
    add_pytest_config(workspace, task)
    with backend.start(SandboxSpec(workspace=workspace.path, protected_files=workspace.protected_files,
                                   limits=SMALL)) as box:
        shell = box.call(ToolCall("bash", {"command": (
            "mv tests/unit tests/gone; mv tests tests_gone; mkdir -p tests/unit/sub; "
            f"printf '{PASSES}' > tests/unit/sub/test_b.py; cat tests/unit/sub/test_b.py")})).text
        unchanged = (Path(box.workspace) / "tests/unit/sub/test_b.py").read_text()

    assert "assert total([1, 2, 3]) == 6" in unchanged, shell
    assert "Operation not permitted" in shell or "Permission denied" in shell, shell


def test_the_code_under_test_cannot_swap_a_test_file_while_the_verifier_runs(backend, tmp_path):
    task = nested_task(tmp_path / "bug")
    workspace = materialize(task, tmp_path / "ws")
    add_pytest_config(workspace, task)
    with backend.start(SandboxSpec(workspace=workspace.path, protected_files=workspace.protected_files,
                                   limits=SMALL)) as box:
        assert not box.call(ToolCall("write_file", {"file_path": "counter.py", "content": SWAPS})).error
        result = verify(box, workspace, task)

    assert not result.verified, result.output
    assert (result.passed, result.failed) == (1, 1), result.output
