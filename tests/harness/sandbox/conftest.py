"""Fixtures for the sandbox tests: a tiny task written into tmp_path (``SUM_SKIPS_FIRST``), and sandboxes
over it.

Everything here is real: bubblewrap, the cgroups, pytest and bash inside the sandbox.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus.format import load_task
from corpus.materialize import materialize
from harness.sandbox.backends import get_backend
from harness.sandbox.backends.base import Limits, SandboxSpec
from tests.helpers.sandboxes import ISOLATING_BACKENDS  # noqa: F401 - the old import name
from tests.helpers.tasks import SUM_SKIPS_FIRST, write_task

REPO_ROOT_FOR_SERVICE = Path(__file__).resolve().parents[3]  # holds the harness package

# Small limits so the limit tests end in seconds; the rest of the defaults are the real ones.
SMALL = Limits(memory_mb=256, max_processes=64, cpu_seconds=4, wall_seconds=120, tool_timeout_s=20)



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
    return load_task(write_task(tmp_path / "tasks", shape=SUM_SKIPS_FIRST))


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
