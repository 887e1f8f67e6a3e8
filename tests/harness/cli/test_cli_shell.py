"""``python -m harness shell``: one JSON tool call per line in, one observation per call out."""

from __future__ import annotations

import json
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from tests.helpers.programs import write_program


@pytest.mark.slow
def test_the_shell_command_drives_a_session_from_json_lines(tmp_path, repo_root):
    workspace = write_program("deep_local", tmp_path / "ws")
    calls = "\n".join([
        '{"name": "start_debugger", "arguments": {"file": "pricing.py"}}',
        '{"name": "add_breakpoint", "arguments": {"file": "pricing.py", "line": 18}}',
        "not json at all",
        '{"name": "bash", "arguments": {"command": "echo from-bash"}}',
        '{"name": "write_file", "arguments": {"file_path": "test_pricing.py", "content": ""}}',
        "done",
        '{"name": "bash", "arguments": {"command": "echo never"}}',
    ]) + "\n"
    result = subprocess.run([sys.executable, "-m", "harness", "shell", "--workspace", str(workspace)],
                            input=calls, capture_output=True, text=True, cwd=repo_root, timeout=120)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert '<execution_position file="pricing.py" line=1>' in out
    assert "pricing.py:18: breakpoint set" in out
    assert "error: write a JSON tool call" in out
    assert "from-bash" in out
    assert "test_pricing.py is a test file and is protected" in out  # test files protected by default
    assert out.rstrip().endswith("Episode finished.")
    assert "never" not in out


def test_a_missing_workspace_is_a_clear_error(tmp_path, repo_root):
    result = subprocess.run([sys.executable, "-m", "harness", "shell", "--workspace", str(tmp_path / "nope")],
                            capture_output=True, text=True, cwd=repo_root, timeout=60)
    assert result.returncode == 2
    assert "is not a folder" in result.stderr


@pytest.mark.slow
@pytest.mark.parametrize("backend", [pytest.param("bwrap"), pytest.param("docker", marks=pytest.mark.docker)])
def test_the_shell_runs_in_an_episodes_sandbox_with_its_pytest_configuration(tmp_path, repo_root, backend):
    workspace = tmp_path / "ws"
    workspace.mkdir()
    (workspace / "calc.py").write_text("def add(a, b):\n    return a - b\n", encoding="utf-8")
    (workspace / "test.py").write_text("from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n",
                                       encoding="utf-8")
    pip_like = ("python -c \"import sysconfig; open(sysconfig.get_paths()['purelib'] + "
                "'/stepwise_shell_marker.py', 'w')\" 2>&1 | tail -1")  # what `pip install` does: write site-packages
    commands = [pip_like, "python -m pytest -q 2>&1 | tail -1", "touch /outside-marker 2>&1 || echo refused"]
    calls = "\n".join([*(json.dumps({"name": "bash", "arguments": {"command": c}}) for c in commands), "done"]) + "\n"
    result = subprocess.run([sys.executable, "-m", "harness", "shell", "--workspace", str(workspace),
                             "--sandbox", backend], input=calls, capture_output=True, text=True, cwd=repo_root,
                            timeout=300)

    assert result.returncode == 0, result.stderr
    out = result.stdout
    # was: the host's interpreter, writable (a model's pip install went into it)
    assert not (Path(sysconfig.get_paths()["purelib"]) / "stepwise_shell_marker.py").exists()
    assert "Read-only file system" in out or "Permission denied" in out
    assert "1 failed" in out  # was: "no tests ran": test.py collected with the episode's configuration
    assert "refused" in out
