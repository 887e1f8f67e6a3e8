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


@pytest.fixture(scope="session")
def exercised_skills(tmp_path_factory):
    """Every skill run by the generator on its task with two scripted teachers, the rejected trace first:
    skill -> MicroskillResult. The runs share one warm pool and go three at a time."""
    import json
    from concurrent.futures import ThreadPoolExecutor

    from harness.sandbox.backends import get_backend
    from harness.sandbox.pool import SandboxPool
    from tests.training.data.microskill_scripts import EXERCISES
    from training.microskills import MicroskillConfig, run_microskills

    root = tmp_path_factory.mktemp("microskills")
    pool = SandboxPool(get_backend("bwrap"), size=4)

    def run(skill: str):
        task, rejected, _, accepted = EXERCISES[skill]
        teachers = []
        for name, calls in (("rejected", rejected), ("accepted", accepted)):
            path = root / f"{skill}-{name}.json"
            path.write_text(json.dumps({"tool_calls": calls}), encoding="utf-8")
            teachers.append(f"script:{path}")
        return run_microskills(MicroskillConfig(teachers=teachers, out=root / skill, skills=[skill], tasks=[task],
                                                attempts=2, workers=1, pool=pool, progress_bar=False))

    try:
        with ThreadPoolExecutor(3) as threads:
            return dict(zip(EXERCISES, threads.map(run, EXERCISES), strict=True))
    finally:
        pool.close()
