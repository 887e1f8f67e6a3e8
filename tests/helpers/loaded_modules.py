"""A pytest plugin (``-p tests.helpers.loaded_modules``) that writes the top-level packages loaded once
collection finished, one a line, to the file ``$STEPWISE_LOADED_MODULES`` names: what collecting the
suite costs every xdist worker before its first test (tests/test_collection_imports.py)."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def pytest_collection_finish(session):
    out = os.environ.get("STEPWISE_LOADED_MODULES")
    if out:
        packages = sorted({name.split(".")[0] for name in sys.modules})
        Path(out).write_text("\n".join(packages) + "\n", encoding="utf-8")
