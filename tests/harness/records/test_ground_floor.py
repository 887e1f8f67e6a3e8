"""The records sit under the behaviour: reading a trajectory or scoring one loads neither pexpect nor
the debugger nor the tools' handlers (in the web app's process too, which only reads them)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
LOADED = "import json, sys; import {module}; print(json.dumps(sorted(sys.modules)))"


def modules_loaded_by(module: str) -> list[str]:
    result = subprocess.run([sys.executable, "-c", LOADED.format(module=module)], cwd=ROOT, capture_output=True,
                            text=True, check=True, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    return json.loads(result.stdout)


def behaviour(modules: list[str]) -> list[str]:
    return [name for name in modules if name == "pexpect" or name.startswith(("pexpect.", "harness.debugger",
                                                                               "harness.tools", "harness.session"))]


def test_reading_a_trajectory_loads_no_pexpect_and_no_debugger():
    loaded = modules_loaded_by("harness.trajectory")
    assert "harness.records.step" in loaded  # the check sees the records it should
    assert behaviour(loaded) == []


def test_scoring_loads_no_pexpect_and_no_debugger():
    loaded = modules_loaded_by("harness.scoring")
    assert "harness.records.catalogue" in loaded
    assert behaviour(loaded) == []


def test_the_session_binds_every_catalogue_entry_to_a_handler():
    from harness.records.catalogue import CATALOGUE
    from harness.tools import REGISTRY

    assert [tool.name for tool in CATALOGUE.tools() if REGISTRY.handler(tool.name) is None] == []
