"""Building a copy of the documentation site the way scripts/docs does: strictly, offline."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def build(config: Path, site: Path) -> subprocess.CompletedProcess:
    """``mkdocs build --strict`` of ``config`` into ``site``, with no environment beyond PATH."""
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config),
                           "-d", str(site)], cwd=config.parent, capture_output=True, text=True, timeout=120,
                          env={"PATH": "/usr/bin:/bin", "NO_MKDOCS_2_WARNING": "1"})
