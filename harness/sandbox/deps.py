"""Dependency manifests: a task's ``dependencies`` installed once, on the host, into a folder cached by
the hash of the list, then put on the sandbox's ``PYTHONPATH`` read-only so the agent can step into the
library with no network."""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path


class DependencyInstallError(RuntimeError):
    pass


def cache_root() -> Path:
    return Path(os.environ.get("STEPWISE_CACHE", Path.home() / ".cache" / "stepwise"))


def manifest_key(dependencies: Sequence[str]) -> str:
    normalized = "\n".join(sorted(d.strip() for d in dependencies))
    return hashlib.sha256(normalized.encode()).hexdigest()[:16]


def dependency_path(dependencies: Sequence[str], *, python: str = sys.executable) -> Path | None:
    """The folder holding ``dependencies`` (installed now if not cached), or None when there are none.

    Installs with ``pip install --target`` into a temporary folder renamed into place, under a file
    lock, so parallel validators never see half an install.
    """
    if not dependencies:
        return None
    root = cache_root() / "deps"
    root.mkdir(parents=True, exist_ok=True)
    target = root / manifest_key(dependencies)
    if (target / ".complete").exists():
        return target
    with open(root / f"{target.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if (target / ".complete").exists():
            return target
        staging = root / f"{target.name}.partial"
        shutil.rmtree(staging, ignore_errors=True)
        cmd = [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-input",
               "--target", str(staging), *dependencies]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            shutil.rmtree(staging, ignore_errors=True)
            tail = (proc.stderr or proc.stdout).strip().splitlines()[-3:]
            raise DependencyInstallError(
                f"could not install {', '.join(dependencies)}: {' | '.join(tail)}; check the names and "
                "versions in meta.json 'dependencies' (each must be on PyPI, e.g. 'attrs==23.2.0')")
        (staging / ".complete").write_text("\n".join(dependencies) + "\n")
        shutil.rmtree(target, ignore_errors=True)
        os.replace(staging, target)
    return target
