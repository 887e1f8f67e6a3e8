"""Where the vendored corpora live: real bugs in ``corpus/real/<task>/`` with their histories in ``corpus/real/_repos/``,
and the generated tasks planted in their fixed trees."""

from __future__ import annotations

from pathlib import Path

REAL_TASKS_DIR = Path(__file__).resolve().parents[1] / "real"
# The committed generated tasks (``python -m corpus publish-generated``): ``corpus/generated/<task>/``, each
# run's report in ``corpus/generated/_runs/``; their trees come from the real corpus's histories.
GENERATED_TASKS_DIR = Path(__file__).resolve().parents[1] / "generated"
