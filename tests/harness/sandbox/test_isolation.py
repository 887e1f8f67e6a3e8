"""What a model's bash command can and cannot reach from inside a bwrap sandbox."""

from __future__ import annotations

import os
import re
import stat

from harness.records.observation import ToolCall
from tests.helpers.sandbox_probes import CONNECT


def bash(sandbox, command: str) -> str:
    return sandbox.call(ToolCall("bash", {"command": command})).text


def test_the_database_and_redis_ports_are_unreachable(start_sandbox):
    sandbox, _ = start_sandbox()

    postgres = bash(sandbox, CONNECT.format(port=5432))
    redis = bash(sandbox, CONNECT.format(port=6379))

    assert "BLOCKED" in postgres and "CONNECTED" not in postgres
    assert "BLOCKED" in redis and "CONNECTED" not in redis


def test_the_hosts_secrets_are_not_in_the_environment(start_sandbox, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgres://stepwise:hunter2@127.0.0.1/stepwise")
    monkeypatch.setenv("SECRET_KEY", "django-insecure-hunter2")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-hunter2")
    sandbox, _ = start_sandbox()

    shown = bash(sandbox, "env; cat /proc/1/environ 2>&1 | tr '\\0' '\\n'; echo END")

    assert "END" in shown
    assert "hunter2" not in shown
    for name in ("DATABASE_URL", "SECRET_KEY", "OPENAI_API_KEY", "REDIS_URL"):
        assert name not in shown


def test_writing_outside_the_workspace_fails(start_sandbox, tmp_path):
    sandbox, workspace = start_sandbox()
    host_file = tmp_path / "host.txt"
    host_file.write_text("untouched")

    shown = bash(sandbox, f"for p in /etc/evil /usr/evil /evil /opt/stepwise/lib/harness/evil {host_file}; do "
                          "echo x > $p && echo WROTE $p; done; echo x > /tmp/scratch && echo TMP_OK; echo END")

    assert "END" in shown and "TMP_OK" in shown
    assert "WROTE" not in shown
    assert host_file.read_text() == "untouched"
    assert not os.path.exists("/evil") and not os.path.exists("/etc/evil")


def test_the_sandbox_runs_unprivileged_and_sees_only_its_own_processes(start_sandbox):
    sandbox, _ = start_sandbox()

    shown = bash(sandbox, "echo UID=$(id -u) PROCS=$(ls /proc | grep -c '^[0-9]')")

    found = re.search(r"UID=(\d+) PROCS=(\d+)", shown)
    assert found is not None, shown
    assert found.group(1) == "65534"
    assert int(found.group(2)) < 20  # its own PID namespace: a handful of processes, not the host's


def test_a_test_file_cannot_be_changed_by_chmod_rewrite_or_replacement(start_sandbox):
    sandbox, workspace = start_sandbox()
    original = (workspace.path / "test_counter.py").read_text()

    shown = bash(sandbox, "chmod u+w test_counter.py || echo CHMOD_FAILED; "
                          "echo 'def test_total(): pass' > test_counter.py || echo WRITE_FAILED; "
                          "rm -f test_counter.py || echo RM_FAILED; "
                          "echo 'def test_total(): pass' > fake.py && mv -f fake.py test_counter.py || echo MV_FAILED")

    for marker in ("CHMOD_FAILED", "WRITE_FAILED", "RM_FAILED", "MV_FAILED"):
        assert marker in shown
    assert (workspace.path / "test_counter.py").read_text() == original
    assert not stat.S_IMODE((workspace.path / "test_counter.py").stat().st_mode) & 0o222


def test_the_agent_can_edit_the_modules_it_is_meant_to_fix(start_sandbox):
    sandbox, workspace = start_sandbox()

    bash(sandbox, "sed -i 's/values\\[1:\\]/values/' counter.py && echo new > notes.txt")

    assert "sum(values)" in (workspace.path / "counter.py").read_text()
    assert (workspace.path / "notes.txt").read_text() == "new\n"


def test_two_sandboxes_of_the_same_task_do_not_see_each_others_files(start_sandbox):
    first, first_ws = start_sandbox(name="first")
    second, second_ws = start_sandbox(name="second")

    bash(first, "echo from-first > mine.txt; echo first > /tmp/scratch")
    seen_by_second = bash(second, "ls; cat /tmp/scratch 2>&1; ls /workspace/../ 2>&1; echo END")

    assert (first_ws.path / "mine.txt").exists()
    assert not (second_ws.path / "mine.txt").exists()
    assert "mine.txt" not in seen_by_second and "from-first" not in seen_by_second
    assert "No such file" in seen_by_second
