"""An eval output folder of ``python -m harness eval`` (eval.json, report.json, trajectories/) as one
EvalRun linked to its trajectories (imported with ``import_trajectory_files``). Idempotent: the same
folder updates its EvalRun."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from django.db import transaction

from harness.eval.report import ReportError, load_report
from harness.trajectory import Trajectory as TrajectoryRecord
from harness.trajectory import TrajectoryError
from webapp.runs.models import EvalRun
from webapp.trajectories.models import Trajectory
from webapp.trajectories.services import EVAL_MANIFEST, oversize, trajectory_files


@dataclass
class EvalImportReport:
    created: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    failed: list[tuple[Path, str]] = field(default_factory=list)


def _episode_ids(folder: Path) -> list[str]:
    ids = []
    for path in trajectory_files([folder / "trajectories"])[0] if (folder / "trajectories").is_dir() else []:
        if oversize(path):
            continue  # reported by the trajectory import
        try:
            ids.append(TrajectoryRecord.load(path).episode_id)
        except TrajectoryError:
            continue  # reported by the trajectory import
    return ids


def import_eval_folders(*, folders: list[Path]) -> EvalImportReport:
    report = EvalImportReport()
    for folder in folders:
        folder = folder.resolve()
        try:
            manifest = json.loads((folder / EVAL_MANIFEST).read_text(encoding="utf-8"))
            if not isinstance(manifest, dict):
                raise ValueError("expected a JSON object")
        except (OSError, ValueError) as exc:
            report.failed.append((folder / EVAL_MANIFEST, f"not an eval manifest ({exc})"))
            continue
        results = None
        if (folder / "report.json").is_file():
            try:
                results = load_report(folder / "report.json")
            except ReportError as exc:
                report.failed.append((folder / "report.json", str(exc)))
                continue
        with transaction.atomic():
            run, created = EvalRun.objects.get_or_create(out_dir=str(folder), defaults={"name": folder.name})
            run.config, run.report = manifest, results
            run.save(update_fields=["config", "report"])
            run.trajectories.set(Trajectory.objects.filter(episode_id__in=_episode_ids(folder)))
        (report.created if created else report.updated).append(folder.name)
    return report
