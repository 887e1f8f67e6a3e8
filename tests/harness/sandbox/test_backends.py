"""Choosing a backend, bad input to it, the local development backend, and exec without a service."""

from __future__ import annotations

import pytest

from corpus.materialize import materialize
from harness.records.observation import ToolCall
from harness.sandbox import cgroups
from harness.sandbox.backends import get_backend
from harness.sandbox.backends.base import SandboxError, SandboxSpec
from harness.sandbox.deps import manifest_key
from harness.verify import verify
from tests.harness.sandbox.conftest import SMALL
from tests.helpers.tasks import SUM_SKIPS_FIRST_FIXED


def test_local_is_refused_when_it_only_comes_from_the_environment(monkeypatch):
    monkeypatch.setenv("STEPWISE_SANDBOX", "local")

    with pytest.raises(SandboxError, match="development only"):
        get_backend()
    assert get_backend(allow_local=True).name == "local"
    assert get_backend("local").name == "local"


def test_an_unknown_backend_name_says_which_exist():
    with pytest.raises(SandboxError, match="bwrap, docker, local"):
        get_backend("firecracker")


def test_a_missing_workspace_is_a_clear_error(bwrap_backend, tmp_path):
    with pytest.raises(SandboxError, match="materialize the task first"):
        bwrap_backend.start(SandboxSpec(workspace=tmp_path / "nowhere"))


def test_an_unknown_arm_fails_the_start_with_the_sessions_reason(bwrap_backend, task, tmp_path):
    workspace = materialize(task, tmp_path / "bad-arm")

    with pytest.raises(SandboxError, match="unknown arm 'gdb'"):
        bwrap_backend.start(SandboxSpec(workspace=workspace.path, arm="gdb", limits=SMALL))


@pytest.mark.slow
def test_exec_without_a_service_runs_pytest_in_isolation(bwrap_backend, task, tmp_path):
    workspace = materialize(task, tmp_path / "validate", variant="correct")
    sandbox = bwrap_backend.start(SandboxSpec(workspace=workspace.path, protected_files=workspace.protected_files,
                                              limits=SMALL, service=False))
    try:
        result = sandbox.exec(["python", "-m", "pytest", "-q", "-p", "no:cacheprovider"], timeout_s=120)
        refused = sandbox.call(ToolCall("bash", {"command": "ls"}))
    finally:
        sandbox.close()

    assert result.returncode == 0, result.stdout + result.stderr
    assert "2 passed" in result.stdout
    assert refused.error and "service=False" in refused.text


def test_the_sandbox_user_home_is_writable_without_home_set(bwrap_backend, task, tmp_path):
    """thefuck's tests empty os.environ, so ``~`` resolves through passwd: nobody's /nonexistent failed
    thefuck 2's fixed version in the sandbox."""
    workspace = materialize(task, tmp_path / "ws", variant="correct")
    sandbox = bwrap_backend.start(SandboxSpec(workspace=workspace.path, limits=SMALL, service=False))
    try:
        result = sandbox.exec(["env", "-u", "HOME", "python", "-c",
                               "import os; print('HOME=' + os.path.expanduser('~'))"], timeout_s=60)
    finally:
        sandbox.close()
    assert "HOME=/tmp" in result.stdout, result.stdout + result.stderr


def test_exec_of_an_empty_command_is_refused(start_sandbox):
    sandbox, _ = start_sandbox()

    with pytest.raises(SandboxError, match="needs a command"):
        sandbox.exec([])


@pytest.mark.slow
def test_the_local_backend_runs_an_episode_and_verifies_it(task, tmp_path):
    backend = get_backend("local")
    workspace = materialize(task, tmp_path / "local")
    sandbox = backend.start(SandboxSpec(workspace=workspace.path, protected_files=workspace.protected_files,
                                        limits=SMALL))
    try:
        sandbox.call(ToolCall("write_file", {"file_path": "counter.py", "content": SUM_SKIPS_FIRST_FIXED}))
        result = verify(sandbox, workspace, task)
    finally:
        sandbox.close()

    assert result.verified, result.output
    assert result.passed == 2


def test_a_tasks_dependency_folder_is_importable_and_read_only_inside(bwrap_backend, task, tmp_path, monkeypatch):
    # A pre-filled cache entry stands for what deps.py installs with pip, so the test needs no index.
    monkeypatch.setenv("STEPWISE_CACHE", str(tmp_path / "cache"))
    dependencies = ("fancylib==1.0",)
    folder = tmp_path / "cache" / "deps" / manifest_key(dependencies)
    folder.mkdir(parents=True)
    (folder / "fancylib.py").write_text("ANSWER = 42\n")
    (folder / ".complete").write_text("fancylib==1.0\n")
    workspace = materialize(task, tmp_path / "with-deps")
    sandbox = bwrap_backend.start(SandboxSpec(workspace=workspace.path, protected_files=workspace.protected_files,
                                              dependencies=dependencies, limits=SMALL))
    try:
        shown = sandbox.call(ToolCall("bash", {"command": "python -c 'import fancylib; print(\"ANSWER\", fancylib.ANSWER)'; "
                                                          "echo x > /opt/stepwise/deps/fancylib.py || echo DEPS_READ_ONLY"})).text
    finally:
        sandbox.close()

    assert "ANSWER 42" in shown
    assert "DEPS_READ_ONLY" in shown
    assert (folder / "fancylib.py").read_text() == "ANSWER = 42\n"


def test_without_writable_cgroups_rlimits_bound_the_sandbox(bwrap_backend, task, tmp_path, monkeypatch):
    monkeypatch.setattr(cgroups, "ROOT", tmp_path / "no-cgroups-here")
    workspace = materialize(task, tmp_path / "rlimits")
    sandbox = bwrap_backend.start(SandboxSpec(workspace=workspace.path, protected_files=workspace.protected_files,
                                              limits=SMALL))
    try:
        shown = sandbox.call(ToolCall("bash", {"command": "echo CPU=$(ulimit -t) MEM=$(ulimit -v) PROCS=$(ulimit -u)"})).text
    finally:
        sandbox.close()

    assert sandbox.cgroup is None
    assert f"CPU={SMALL.cpu_seconds + 5}" in shown
    assert f"MEM={SMALL.memory_mb * 1024}" in shown
    assert f"PROCS={SMALL.max_processes}" in shown
