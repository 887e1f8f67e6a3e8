"""Which Python a task's interpreter is, read without running it: the in-process debugger is started
differently before 3.7 (``stepwise_legacy.py``), and the warm interpreter is not started there."""

from __future__ import annotations

import functools
from pathlib import Path

LEGACY_BEFORE = (3, 7)  # postponed annotations (``from __future__ import annotations``) came with 3.7


@functools.lru_cache(maxsize=64)
def version_of(python: str) -> tuple[int, int] | None:
    """(major, minor) from a virtual environment's ``pyvenv.cfg`` (the tasks' environments are venvs), else
    from the executable's name (``python3.6``); None when neither says."""
    path = Path(python)
    try:
        for line in (path.parent.parent / "pyvenv.cfg").read_text(encoding="utf-8", errors="replace").splitlines():
            key, _, value = line.partition("=")
            if key.strip() in ("version", "version_info") and _major_minor(value.strip()):
                return _major_minor(value.strip())
    except OSError:
        pass
    return _major_minor(path.name[len("python"):]) if path.name.startswith("python") else None


def _major_minor(text: str) -> tuple[int, int] | None:
    """``3.6.15`` or ``3.6`` -> (3, 6)."""
    parts = text.split(".")
    if len(parts) >= 2 and parts[0].isdigit() and parts[1].isdigit():
        return int(parts[0]), int(parts[1])
    return None


def legacy(python: str) -> bool:
    version = version_of(python)
    return version is not None and version < LEGACY_BEFORE
