"""Fixtures for the sandbox tests: a tiny task written into tmp_path, and sandboxes over it.

Everything here is real: bubblewrap, the cgroups, pytest and bash inside the sandbox.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from corpus.format import load_task
from corpus.materialize import materialize
from harness.sandbox.backends import get_backend
from harness.sandbox.backends.base import Limits, SandboxSpec

REPO_ROOT_FOR_SERVICE = Path(__file__).resolve().parents[3]  # holds the harness package

BUGGY = "def total(values):\n    return sum(values[1:])  # BUG: skips the first value\n"
CORRECT = "def total(values):\n    return sum(values)\n"
TEST = "from counter import total\n\n\ndef test_total():\n    assert total([1, 2, 3]) == 6\n\n\ndef test_empty():\n    assert total([]) == 0\n"
FIXED_SOURCE = CORRECT

# Small limits so the limit tests end in seconds; the rest of the defaults are the real ones.
SMALL = Limits(memory_mb=256, max_processes=64, cpu_seconds=4, wall_seconds=120, tool_timeout_s=20)


def write_task(root: Path, name: str = "tiny_counter", **meta) -> Path:
    folder = root / name
    for kind, files in {"buggy": {"counter.py": BUGGY}, "correct": {"counter.py": CORRECT},
                        "tests": {"test_counter.py": TEST}}.items():
        (folder / kind).mkdir(parents=True)
        for file_name, text in files.items():
            (folder / kind / file_name).write_text(text)
    (folder / "meta.json").write_text(json.dumps({"name": name, "category": "off_by_one", "preference": "optional",
                                                   "description": "a sum that skips its first value", **meta}))
    return folder


# The backends that isolate; the hostile-model tests run on each (docker where the engine runs).
ISOLATING_BACKENDS = [pytest.param("bwrap"), pytest.param("docker", marks=pytest.mark.docker)]


def open_sandbox(backend, task, folder: Path, limits: Limits = SMALL):
    """A dbg-arm sandbox over a fresh workspace of ``task`` in ``folder``: (sandbox, workspace)."""
    workspace = materialize(task, folder)
    sandbox = backend.start(SandboxSpec(workspace=workspace.path, arm="dbg", protected_files=workspace.protected_files,
                                        limits=limits))
    return sandbox, workspace


@pytest.fixture
def sandbox(backend, task, tmp_path):
    """A dbg-arm sandbox on the test's ``backend`` (a parametrized fixture of the module), closed after."""
    box, _ = open_sandbox(backend, task, tmp_path / "ws")
    yield box
    box.close()


@pytest.fixture
def task(tmp_path):
    return load_task(write_task(tmp_path / "tasks"))


@pytest.fixture
def bwrap_backend():
    return get_backend("bwrap")


@pytest.fixture
def start_sandbox(bwrap_backend, task, tmp_path):
    """start_sandbox(limits=..., backend=...) -> (sandbox, workspace); every sandbox is closed afterwards."""
    opened = []

    def start(limits: Limits = SMALL, backend=None, name: str | None = None):
        sandbox, workspace = open_sandbox(backend or bwrap_backend, task, tmp_path / (name or f"ws{len(opened)}"),
                                          limits)
        opened.append(sandbox)
        return sandbox, workspace

    yield start
    for sandbox in opened:
        sandbox.close()
