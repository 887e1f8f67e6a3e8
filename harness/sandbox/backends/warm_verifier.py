"""A warm verifier: the verifier's ``python -P -B -m pytest``, started by the host when the sandbox
starts, in a contained process of its own, with pytest and its default plugins imported, waiting to be
told what to run. ``harness.verify`` takes it (``Sandbox.take_warm_verifier``) and runs the task's tests
in it once; a sandbox without one is verified cold, the same way.

Why it is as trustworthy as a cold run (docs/harness/sandboxes.md, "The warm verifier"):
- it is the same kind of process the cold verifier starts (``Sandbox.exec``): its own PID, mount, IPC,
  network and UTS namespaces and its own cgroup, so the episode's processes, which live in other
  namespaces, cannot name its pid (no signal, no ``ptrace``, no ``/proc/PID/mem``) nor see its files;
- what it mounts read-write is a fresh host folder (the fresh workspace, empty until verification) and
  its report folder, neither ever mounted into the episode's sandbox; everything else is read-only and
  is what the cold run would import too;
- it imports pytest before any file is in that folder (``-P``: nothing of the working directory is on
  ``sys.path``), and reads its arguments only from the host's pipe, once; it serves one verification
  and ends: nothing of one run can be met by another;
- the episode's processes are frozen while it runs, and its time limit counts from the host's word.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

from harness.sandbox import paths
from harness.sandbox.backends.base import ExecResult
from harness.sandbox.backends.contained import finish_contained
from harness.sandbox.cgroups import CgroupLimits

# The verifier's environment on top of the sandbox's (bytecode neither written nor read, no plugins).
VERIFY_ENV = {"PYTHONDONTWRITEBYTECODE": "1", "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
MARK = "stepwise-warm-verifier"  # in its command line, for the tests that look for it
# Run as ``python -P -B -c WARM_PYTEST``: what ``python -P -B -m pytest ARGS`` does, with the imports
# done before the arguments (one JSON list on stdin) arrive. Standard library and pytest only.
WARM_PYTEST = f"""# {MARK}
import importlib, json, sys
sys.path.insert(0, {paths.LIB!r})  # the verdict guard's plugin (harness.verdict.plugin)
import pytest
from _pytest.config import default_plugins
for name in default_plugins:
    try:
        importlib.import_module("_pytest." + name)
    except Exception:
        pass
line = sys.stdin.readline()
if not line:
    raise SystemExit(0)
sys.argv = ["pytest", *json.loads(line)]
raise SystemExit(pytest.console_main())
"""
# The cold verifier's ``python -P -B -c COLD_PYTEST LIB ARGS...``: the same, the plugin's folder first.
COLD_PYTEST = "import sys; sys.path.insert(0, sys.argv.pop(1)); import pytest; raise SystemExit(pytest.console_main())"


class WarmVerifier:
    """One waiting verifier: ``workspace`` and ``output`` are its host folders (fill the first, the
    report lands in the second); ``run`` once, or ``close``."""

    def __init__(self, scratch: Path, process: subprocess.Popen, group: CgroupLimits | None):
        self.scratch = scratch
        self.workspace = scratch / "workspace"
        self.output = scratch / "out"
        self.process = process
        self.group = group
        self.used = False

    @classmethod
    def start(cls, command: Callable[[Path, Path], list[str]], group: CgroupLimits | None) -> WarmVerifier:
        """``command(workspace, output)``: the host command that runs ``WARM_PYTEST`` contained over those
        two folders; they are made here, empty."""
        scratch = Path(tempfile.mkdtemp(prefix="stepwise-verify-"))
        try:
            (scratch / "workspace").mkdir()
            (scratch / "out").mkdir()
            (scratch / "out").chmod(0o777)  # the sandbox uid writes the report here
            process = subprocess.Popen(command(scratch / "workspace", scratch / "out"), stdin=subprocess.PIPE,
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
                                       env={"PATH": "/usr/bin:/bin"})
        except BaseException:
            shutil.rmtree(scratch, ignore_errors=True)
            if group is not None:
                group.destroy()
            raise
        return cls(scratch, process, group)

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def run(self, pytest_args: list[str], timeout_s: float) -> ExecResult:
        """Run ``pytest ARGS`` in it (once), waiting at most ``timeout_s`` from now."""
        if self.used:
            raise RuntimeError("a warm verifier runs once")
        self.used = True
        group, self.group = self.group, None  # destroyed by finish_contained
        return finish_contained(self.process, group, timeout_s, stdin=(json.dumps(pytest_args) + "\n").encode())

    def close(self) -> None:
        """End it (if it still runs) and remove its folders."""
        if self.process.poll() is None:
            self.process.kill()
        if self.group is not None:
            self.group.kill_all()
        try:
            self.process.communicate(timeout=5)
        except (subprocess.TimeoutExpired, ValueError, OSError):
            pass
        if self.group is not None:
            self.group.destroy()
            self.group = None
        shutil.rmtree(self.scratch, ignore_errors=True)
