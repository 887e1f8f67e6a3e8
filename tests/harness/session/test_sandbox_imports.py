"""The session runs inside sandboxes that only have the standard library, pexpect and pytest."""

from __future__ import annotations

import json
import subprocess
import sys

ALLOWED = {"pexpect", "ptyprocess", "harness"}


def test_the_session_and_its_debugger_import_only_the_standard_library_and_pexpect(repo_root):
    probe = ("import json, sys; before = set(sys.modules); import harness.session, harness.cli.shell; "
             "print(json.dumps(sorted({m.split('.')[0] for m in set(sys.modules) - before})))")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=repo_root,
                            timeout=60, check=True)
    imported = set(json.loads(result.stdout))
    outside = {name for name in imported - ALLOWED if name not in sys.stdlib_module_names and name != "_distutils_hack"}
    assert outside == set()
    assert "pexpect" in imported


def test_the_in_process_debugger_imports_nothing_from_the_harness(repo_root):
    source = (repo_root / "harness/debugger/stepwise_pdb.py").read_text()
    assert "import harness" not in source and "from harness" not in source
