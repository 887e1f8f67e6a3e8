"""Find a CPython of a wanted version where the user already has one.

Looked for, in order: ``STEPWISE_PYTHONS`` (interpreter paths, ``:``-separated), pyenv's versions
(``$PYENV_ROOT/versions``, default ``~/.pyenv``), uv's managed interpreters (``$UV_PYTHON_INSTALL_DIR``,
default ``~/.local/share/uv/python``), then ``pythonX.Y`` on ``PATH``. Each candidate is asked its
version before it is used.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from functools import lru_cache
from pathlib import Path


class InterpreterNotFound(RuntimeError):
    pass


def _version_key(path: Path) -> tuple[int, ...]:
    match = re.search(r"(\d+)\.(\d+)\.(\d+)", str(path))
    return tuple(int(x) for x in match.groups()) if match else (0,)


def candidates(version: str) -> list[Path]:
    found: list[Path] = []
    for entry in filter(None, os.environ.get("STEPWISE_PYTHONS", "").split(":")):
        found.append(Path(entry))
    pyenv = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    if pyenv.is_dir():
        found += sorted(pyenv.glob(f"{version}.*/bin/python{version}"), key=_version_key, reverse=True)
    uv = Path(os.environ.get("UV_PYTHON_INSTALL_DIR", Path.home() / ".local" / "share" / "uv" / "python"))
    if uv.is_dir():
        found += sorted(uv.glob(f"cpython-{version}.*/bin/python{version}"), key=_version_key, reverse=True)
    on_path = shutil.which(f"python{version}")
    if on_path:
        found.append(Path(on_path))
    return found


@lru_cache(maxsize=32)
def reported_version(path: str) -> str | None:
    """``X.Y.Z`` as the interpreter reports it, or None when it does not run."""
    try:
        proc = subprocess.run([path, "-c", "import sys; print('%d.%d.%d' % sys.version_info[:3])"],
                              capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return proc.stdout.strip() if proc.returncode == 0 else None


def find_python(version: str) -> Path:
    """An interpreter whose version is ``version`` (``"3.8"``); InterpreterNotFound says where it looked."""
    if not re.fullmatch(r"3\.\d{1,2}", version):
        raise InterpreterNotFound(f"{version!r} is not a Python version like '3.8'")
    for path in candidates(version):
        full = reported_version(str(path))
        if full is not None and full.rsplit(".", 1)[0] == version:
            return path
    raise InterpreterNotFound(
        f"no Python {version} found (looked in STEPWISE_PYTHONS, pyenv's versions, uv's managed interpreters and "
        f"python{version} on PATH); install one, e.g. 'pyenv install {version}' or 'uv python install {version}', "
        f"or name it with STEPWISE_PYTHONS=/path/to/python{version}")
