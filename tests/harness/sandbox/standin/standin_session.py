"""A stand-in for harness.session.DebugSession, used only by the sandbox tests while the real session
(issue 3) is not in the tree: it runs ``bash`` commands with a timeout and writes files, which is all
the isolation tests need. Loaded inside the sandbox through the service's ``--session`` option.
"""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

from harness.observation import Observation


class StandInSession:
    def __init__(self, workspace, *, arm="dbg", protected_files=(), tool_timeout_s=10.0, command_timeout_s=30.0):
        self.workspace = Path(workspace)
        self.arm = arm
        self.protected = set(protected_files)
        self.command_timeout_s = command_timeout_s

    def handle(self, call) -> Observation:
        if call.name == "bash":
            proc = subprocess.Popen(["bash", "-c", call.arguments.get("command", "")], cwd=self.workspace,
                                    stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                    start_new_session=True)
            try:
                out, _ = proc.communicate(timeout=self.command_timeout_s)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                out, _ = proc.communicate()
                return Observation(text=out + f"\nError: timed out after {self.command_timeout_s:g} s", error=True)
            return Observation(text=out + (f"\n[exit {proc.returncode}]" if proc.returncode else ""))
        if call.name == "write_file":
            name = call.arguments["file_path"]
            if name in self.protected:
                return Observation.failure(f"{name} is a protected test file")
            (self.workspace / name).write_text(call.arguments["content"])
            return Observation(text=f"wrote {name}")
        if call.name == "done":
            return Observation(text="done", done=True)
        return Observation.failure(f"unknown tool {call.name!r}")

    def close(self):
        pass
