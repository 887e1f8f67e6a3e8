"""The Docker backend, against the real engine and the project's own image (scripts/services starts
the engine and builds the image offline; these tests fail, with the reason, where it is missing)."""

from __future__ import annotations

import re

import pytest

from corpus.format import load_task
from corpus.materialize import materialize
from harness.records.observation import ToolCall
from harness.sandbox.backends import get_backend
from harness.sandbox.backends.base import SandboxSpec
from harness.sandbox.pool import SandboxPool
from harness.verify import verify
from tests.harness.sandbox.conftest import SMALL
from tests.helpers.sandbox_probes import CONNECT, wait_for_crash
from tests.helpers.tasks import SUM_SKIPS_FIRST, SUM_SKIPS_FIRST_FIXED, write_task

pytestmark = pytest.mark.docker


@pytest.fixture(scope="module")
def docker_backend():
    backend = get_backend("docker")  # raises a SandboxError saying how to start the engine / build the image
    yield backend
    backend.close()


@pytest.fixture(scope="module")
def docker_task(tmp_path_factory):
    return load_task(write_task(tmp_path_factory.mktemp("docker-tasks"), shape=SUM_SKIPS_FIRST))


@pytest.fixture(scope="module")
def docker_sandbox(docker_backend, docker_task, tmp_path_factory):
    """One container shared by the read-only checks below (a container start costs seconds on the
    vfs storage driver); the test that edits the workspace comes last in this file."""
    workspace = materialize(docker_task, tmp_path_factory.mktemp("docker") / "ws")
    sandbox = docker_backend.start(SandboxSpec(workspace=workspace.path, protected_files=workspace.protected_files,
                                               limits=SMALL))
    yield sandbox, workspace
    sandbox.close()


def bash(sandbox, command: str) -> str:
    return sandbox.call(ToolCall("bash", {"command": command})).text


def test_a_container_has_no_network_no_host_secrets_and_an_unprivileged_user(docker_sandbox, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgres://stepwise:hunter2@127.0.0.1/stepwise")
    sandbox, _ = docker_sandbox

    postgres = bash(sandbox, CONNECT.format(port=5432).replace("python ", "python3 "))
    redis = bash(sandbox, CONNECT.format(port=6379).replace("python ", "python3 "))
    shown = bash(sandbox, "echo UID=$(id -u); env; echo x > /etc/evil || echo ROOT_READ_ONLY")

    assert "BLOCKED" in postgres and "CONNECTED" not in postgres
    assert "BLOCKED" in redis and "CONNECTED" not in redis
    assert re.search(r"UID=65534\b", shown)
    assert "hunter2" not in shown and "DATABASE_URL" not in shown
    assert "ROOT_READ_ONLY" in shown


def test_a_script_written_to_tmp_runs_as_in_bwrap(docker_sandbox):
    """Real projects run scripts they write to a temporary file (cookiecutter's hooks): docker's tmpfs is
    noexec unless told otherwise, which failed cookiecutter 2's published fix in docker only."""
    sandbox, _ = docker_sandbox
    shown = bash(sandbox, "printf '#!/bin/sh\\necho HOOK_RAN\\n' > /tmp/hook.sh && chmod +x /tmp/hook.sh && /tmp/hook.sh")
    assert "HOOK_RAN" in shown


def test_the_sandbox_user_home_is_writable_without_home_set(docker_sandbox):
    """thefuck's tests empty os.environ, so ``~`` resolves through passwd: nobody's /nonexistent failed
    thefuck 2's fixed version in both sandboxes."""
    sandbox, _ = docker_sandbox
    shown = bash(sandbox, "env -u HOME python3 -c \"import os; print('HOME=' + os.path.expanduser('~'))\"")
    assert "HOME=/tmp" in shown


def test_a_command_run_in_a_container_has_a_parent_process(docker_sandbox):
    """thefuck asks for its parent process's name (its shell): as PID 1 it had none, which failed thefuck 16
    to 19 in docker only; an init is PID 1, as in bwrap."""
    sandbox, _ = docker_sandbox
    result = sandbox.exec(["python3", "-c", "import os; print('PID', os.getpid(), 'PARENT', os.getppid())"],
                          timeout_s=60)
    assert "PARENT 0" not in result.stdout and "PARENT" in result.stdout, result.stdout + result.stderr


def test_a_container_cannot_change_a_test_file(docker_sandbox):
    sandbox, workspace = docker_sandbox
    original = (workspace.path / "test_counter.py").read_text()

    shown = bash(sandbox, "chmod u+w test_counter.py || echo CHMOD_FAILED; "
                          "echo 'def test_total(): pass' > test_counter.py || echo WRITE_FAILED")

    assert "CHMOD_FAILED" in shown and "WRITE_FAILED" in shown
    assert (workspace.path / "test_counter.py").read_text() == original


@pytest.mark.slow
def test_a_fork_bomb_ends_the_container_with_a_reason_and_close_removes_it(docker_backend, task, tmp_path):
    workspace = materialize(task, tmp_path / "bomb")
    sandbox = docker_backend.start(SandboxSpec(workspace=workspace.path, protected_files=workspace.protected_files,
                                               limits=SMALL))
    container_id = sandbox.container.id

    bash(sandbox, ":(){ :|:& };:")
    wait_for_crash(sandbox)
    sandbox.close()

    assert sandbox.crashed
    assert "process limit" in sandbox.crash_reason
    assert docker_backend.client.containers.list(all=True, filters={"id": container_id}) == []


@pytest.mark.slow
def test_the_docker_pool_hands_out_a_warm_container(docker_backend, task, tmp_path):
    workspace = materialize(task, tmp_path / "pooled")
    with SandboxPool(docker_backend, size=1, limits=SMALL) as pool:
        assert pool.wait_ready(180), pool.last_error
        sandbox = pool.acquire(SandboxSpec(workspace=workspace.path, protected_files=workspace.protected_files,
                                           limits=SMALL))
        listing = bash(sandbox, "ls")
        pool.release(sandbox)

    assert "counter.py" in listing and "test_counter.py" in listing
    assert pool.warm_acquires == 1


@pytest.mark.slow
def test_a_fix_made_in_a_container_is_verified_in_a_fresh_one(docker_sandbox, docker_task):
    sandbox, workspace = docker_sandbox
    sandbox.call(ToolCall("write_file", {"file_path": "counter.py", "content": SUM_SKIPS_FIRST_FIXED}))

    result = verify(sandbox, workspace, docker_task)

    assert result.verified, result.output
    assert (result.passed, result.failed) == (2, 0)
