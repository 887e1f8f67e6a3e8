"""A warm interpreter started ahead of its session (by the debug service) is taken over only by a
session of the same interpreter, environment and folder; any other is ended, never left running."""

from __future__ import annotations

import os
import sys
import time

from harness.debugger import prestarted
from harness.debugger.process import interpreter_path, program_environment
from harness.sandbox import service


def ended(pid: int, timeout_s: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            with open(f"/proc/{pid}/stat") as stat:
                if stat.read().rsplit(")", 1)[1].split()[0] == "Z":
                    return True
        except OSError:
            return True
        time.sleep(0.05)
    return False


def start(folder) -> int:
    env = program_environment(str(folder), {})
    assert prestarted.start(python=interpreter_path(sys.executable), workspace=str(folder), env=env)
    assert prestarted._waiting is not None
    return prestarted._waiting[1].process.pid


def test_a_session_in_the_same_folder_takes_it_even_after_the_folder_was_renamed(tmp_path):
    staging = tmp_path / "staging"
    staging.mkdir()
    pid = start(staging)
    os.rename(staging, tmp_path / "episode")  # what the local pool does at hand-over

    server = prestarted.take(python=interpreter_path(sys.executable), workspace=str(tmp_path / "episode"),
                             env=program_environment(str(tmp_path / "episode"), {}))
    try:
        assert server is not None and server.process.pid == pid and server.alive
        assert os.path.samefile(f"/proc/{pid}/cwd", tmp_path / "episode")
        assert prestarted._waiting is None  # taken once
    finally:
        if server is not None:
            server.close()


def test_one_started_for_another_folder_or_environment_is_ended_not_handed_over(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    python = interpreter_path(sys.executable)
    first = start(tmp_path / "a")
    other_folder = prestarted.take(python=python, workspace=str(tmp_path / "b"),
                                   env=program_environment(str(tmp_path / "b"), {}))
    second = start(tmp_path / "a")
    other_env = prestarted.take(python=python, workspace=str(tmp_path / "a"),
                                env=program_environment(str(tmp_path / "a"), {"EXTRA": "1"}))

    assert other_folder is None and other_env is None
    assert ended(first) and ended(second)


def test_the_service_prepares_one_and_its_session_takes_it(tmp_path):
    (tmp_path / "calc.py").write_text("def total(values):\n    return sum(values)\n")
    service.prepare_debugger(str(tmp_path))
    assert prestarted._waiting is not None
    pid = prestarted._waiting[1].process.pid
    svc = service.Service(str(tmp_path))
    try:
        assert svc.open({"arm": "dbg"})["ok"]
        taken = svc.session.debugger.server
        assert taken is not None and taken.process.pid == pid
    finally:
        svc.close_session()
        prestarted.discard()
    assert ended(pid)


def test_discard_ends_one_nobody_took(tmp_path):
    pid = start(tmp_path)

    prestarted.discard()

    assert prestarted._waiting is None and ended(pid)
