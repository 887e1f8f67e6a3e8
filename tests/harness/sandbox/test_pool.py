"""The warm pool hands out ready sandboxes over the caller's own workspace path."""

from __future__ import annotations

import pytest

from corpus.materialize import materialize
from harness.records.observation import ToolCall
from harness.sandbox.backends.base import SandboxSpec
from harness.sandbox.pool import SandboxPool
from harness.verify import verify
from tests.harness.sandbox.conftest import SMALL
from tests.helpers.processes import sandbox_namespace, warm_interpreters
from tests.helpers.tasks import SUM_SKIPS_FIRST_FIXED


@pytest.fixture
def pool(bwrap_backend):
    pool = SandboxPool(bwrap_backend, size=2, limits=SMALL)
    assert pool.wait_ready(120), pool.last_error
    yield pool
    pool.close()


@pytest.mark.slow
def test_an_acquired_sandbox_works_in_the_callers_workspace(pool, task, tmp_path):
    workspace = materialize(task, tmp_path / "episode")
    spec = SandboxSpec(workspace=workspace.path, protected_files=workspace.protected_files, limits=SMALL)

    sandbox = pool.acquire(spec)
    listing = sandbox.call(ToolCall("bash", {"command": "ls; chmod u+w test_counter.py || echo PROTECTED"})).text
    sandbox.call(ToolCall("write_file", {"file_path": "counter.py", "content": SUM_SKIPS_FIRST_FIXED}))
    result = verify(sandbox, workspace, task)
    pool.release(sandbox, wait=True)  # the files are read below: wait for them to be back (a CI run did not)

    assert sandbox.workspace == workspace.path.resolve()
    assert "counter.py" in listing and "test_counter.py" in listing and "PROTECTED" in listing
    assert (workspace.path / "counter.py").read_text() == SUM_SKIPS_FIRST_FIXED
    assert result.verified, result.output
    assert pool.warm_acquires == 1 and pool.cold_starts == 0


@pytest.mark.slow
def test_the_pool_refills_after_handing_sandboxes_out(pool, task, tmp_path):
    sandboxes = []
    for index in range(3):
        workspace = materialize(task, tmp_path / f"episode{index}")
        sandboxes.append(pool.acquire(SandboxSpec(workspace=workspace.path, protected_files=workspace.protected_files,
                                                  limits=SMALL)))
    answers = [s.call(ToolCall("bash", {"command": "ls"})).text for s in sandboxes]
    for sandbox in sandboxes:
        pool.release(sandbox)

    assert all("counter.py" in answer for answer in answers)
    assert pool.warm_acquires == 3
    assert len({id(s) for s in sandboxes}) == 3
    assert pool.wait_ready(120)


def test_a_spec_the_pool_cannot_serve_warm_gets_a_cold_start(pool, task, tmp_path):
    workspace = materialize(task, tmp_path / "other-limits")
    spec = SandboxSpec(workspace=workspace.path, protected_files=workspace.protected_files)  # default limits

    sandbox = pool.acquire(spec)
    answer = sandbox.call(ToolCall("bash", {"command": "ls"})).text
    pool.release(sandbox)

    assert "counter.py" in answer
    assert pool.cold_starts == 1


def parent_of(pid: int) -> int:
    with open(f"/proc/{pid}/stat") as stat:
        return int(stat.read().rsplit(")", 1)[1].split()[1])


@pytest.mark.slow
def test_the_first_start_debugger_forks_from_the_interpreter_the_pool_prepared(pool, task, tmp_path):
    workspace = materialize(task, tmp_path / "episode")
    sandbox = pool.acquire(SandboxSpec(workspace=workspace.path, protected_files=workspace.protected_files,
                                       limits=SMALL))
    try:
        namespace = sandbox_namespace(sandbox)
        prepared = warm_interpreters(namespace)  # started while the sandbox waited in the pool
        started = sandbox.call(ToolCall("start_debugger", {"file": "test_counter.py"}))
        after = warm_interpreters(namespace)  # a forked run keeps the server's command line
        servers = [pid for pid in after if parent_of(pid) not in after]
        programs = [pid for pid in after if parent_of(pid) in servers]
    finally:
        pool.release(sandbox, wait=True)

    assert started.position == ("test_counter.py", 5), started.text
    assert len(prepared) == 1 and servers == prepared  # the same one: no second interpreter was started
    assert len(programs) == 1  # the paused program is its child (a fork), not a fresh interpreter
