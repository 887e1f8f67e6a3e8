"""Where the vendored real-bug corpus lives: ``corpus/real/<task>/`` and its histories in ``corpus/real/_repos/``."""

from __future__ import annotations

from pathlib import Path

REAL_TASKS_DIR = Path(__file__).resolve().parents[1] / "real"
