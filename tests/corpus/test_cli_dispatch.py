"""The one dispatcher behind ``python -m corpus|harness|training``: Ctrl-C and file-system errors end a
command with a plain message and an exit status, never a traceback."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time

import pytest

from tests.helpers.tasks import write_task


def test_ctrl_c_stops_a_command_with_a_message_not_a_traceback(tmp_path, repo_root):
    workspace = tmp_path / "ws"
    workspace.mkdir()
    (workspace / "calc.py").write_text("def add(a, b):\n    return a + b\n")
    started = workspace / "started"
    command = {"name": "bash", "arguments": {"command": "touch started && sleep 47.25"}}
    shell = subprocess.Popen([sys.executable, "-m", "harness", "shell", "--workspace", str(workspace)],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             cwd=repo_root, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        shell.stdin.write(f"{json.dumps(command)}\n")
        shell.stdin.flush()
        deadline = time.monotonic() + 60
        while not started.exists():
            assert time.monotonic() < deadline and shell.poll() is None, "the bash command never started"
            time.sleep(0.1)
        shell.send_signal(signal.SIGINT)
        out, err = shell.communicate(timeout=30)
    finally:
        if shell.poll() is None:
            shell.kill()
    assert shell.returncode == 130, err
    assert "interrupted: python -m harness shell stopped by Ctrl-C" in err
    assert "Traceback" not in err
    leftover = subprocess.run(["pgrep", "-f", "sleep 47.25"], capture_output=True, text=True).stdout.split()
    assert not leftover  # the session closed its shell


@pytest.mark.slow
def test_a_file_where_an_output_folder_belongs_is_named_not_a_traceback(tmp_path, repo_root):
    write_task(tmp_path / "tasks")
    blocker = tmp_path / "stats"
    blocker.write_text("I am a file\n")

    result = subprocess.run([sys.executable, "-m", "corpus", "stats", "--root", str(tmp_path / "tasks"),
                             "--out", str(blocker)], capture_output=True, text=True, cwd=repo_root, timeout=120)

    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert f"error: {blocker}: File exists; a file stands where a folder is needed" in result.stderr
    assert blocker.read_text() == "I am a file\n"

