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


def test_every_inspection_says_what_its_values_are_so_edit_relevance_needs_no_tool_names():
    import pytest

    from harness.records.catalogue import Tool
    from harness.records.groups import EXPRESSION_TOOLS, INSPECTION_TOOLS, SCOPE_TOOLS

    assert set(INSPECTION_TOOLS) == set(SCOPE_TOOLS) | set(EXPRESSION_TOOLS)
    assert not set(SCOPE_TOOLS) & set(EXPRESSION_TOOLS)
    with pytest.raises(ValueError, match="values must be 'scope' or 'expression'"):
        Tool(name="peek", description="d", kind="inspection", values="everything")
