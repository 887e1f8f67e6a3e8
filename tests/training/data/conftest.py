"""Fixtures for the training-data tests: real episodes of scripted teachers (DESIGN.md's script format)
on real training tasks, in real bwrap sandboxes, scored by the real scoring seam. A scripted teacher
stands in for a model, which cannot run here."""

from __future__ import annotations

from pathlib import Path

import pytest

TEACHERS = Path(__file__).resolve().parent / "fixtures" / "teachers"
# Real train-split tasks: one labelled recommended, two labelled avoid.
TASKS = ("bulk_upload_batches", "sensor_summary_reuse", "catalog_page_count")
# Four candidates per task, the clean one last so every other one is played and judged first.
CANDIDATES = ("blind_fix", "done_without_fix", "debugger_misuse", "clean")


def teacher_spec(name: str) -> str:
    return f"script:{TEACHERS / name}.json"


@pytest.fixture(scope="session")
def scripted_rollouts(tmp_path_factory):
    """One rollouts run over TASKS with the four scripted candidates: (result, progress updates)."""
    from training.rollouts import RolloutConfig, run_rollouts

    progress = []
    config = RolloutConfig(teachers=[teacher_spec(n) for n in CANDIDATES], out=tmp_path_factory.mktemp("rollouts"),
                           tasks=TASKS, best_of=4, workers=2, progress_bar=False)
    return run_rollouts(config, on_progress=progress.append), progress
