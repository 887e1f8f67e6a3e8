"""Where things are inside a sandbox: the one place the backends, the service and the verifier take
these paths from (the Dockerfile and build-offline.sh create the same folders in the image)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

WORKSPACE = "/workspace"  # the episode's workspace, read-write
LIB = "/opt/stepwise/lib"  # the harness package's parent folder, read-only
DEPS = "/opt/stepwise/deps"  # the task's dependency folder, read-only, on PYTHONPATH
OUTPUT = "/opt/stepwise/out"  # an exec's own output folder (the verifier's report)
EXTRA = "/opt/stepwise/extra"  # extra service import folders: EXTRA/0, EXTRA/1, ...
CONTROL = "/run/stepwise"  # the service's socket folder (docker)


@dataclass(frozen=True)
class InsidePaths:
    """How processes inside one sandbox see it."""

    workspace: str  # the workspace's path inside
    python: str  # the interpreter to run inside
    output: str | None = OUTPUT  # where ``exec(output_dir=...)`` mounts the folder; None: at its host path
    lib: str = LIB  # the folder holding the harness package (the verifier's pytest plugin comes from it)

    def workspace_for(self, host_dir: Path | str) -> str:
        """The path inside at which ``exec(workspace=host_dir)`` sees that folder: the workspace's
        mount, or the host path itself where the sandbox sees host paths (``output`` None: local)."""
        return str(host_dir) if self.output is None else self.workspace

    def output_for(self, host_dir: Path | str) -> str:
        """The path inside at which an exec sees the host folder ``host_dir``."""
        return self.output or str(host_dir)
