"""A generator's output folder, and what makes it resumable.

    OUT/generation.json                 what this folder generates (kind, teachers, budgets, policy version)
    OUT/candidates/<key>/attempt-<k>.json   every candidate episode played (teacher prose scrubbed)
    OUT/accepted/<key>.json             the kept example: the trajectory plus its ``sft`` block
    OUT/outcomes/<key>.json             the job's verdict: kept or rejected, every candidate's reasons
    OUT/summary.json, OUT/summary.md    the latest run's summary table

``key`` is the task name (rollouts) or ``<skill>/<task>`` (microskills). A job whose outcome exists is
finished and never replayed; a candidate whose document exists and ended as a model outcome is reused,
so an interrupted run resumes where it stopped. Resuming with other settings is refused, since one
folder would then mix two experiments.
"""

from __future__ import annotations

import json
from pathlib import Path

from harness.trajectory import (
    RERUN_ON_RESUME,
    ExitReason,
    Trajectory,
    TrajectoryError,
    events_path_for,
    now_iso,
    write_document,
)
from training.datagen.errors import DataGenerationError

MANIFEST = "generation.json"
# Exit reasons that say nothing about the teacher (its endpoint, the sandbox or the harness failed):
# what an evaluation replays on resume, and an episode that could not start.
REPLAYED = RERUN_ON_RESUME | {ExitReason.ERROR}


class GenerationFolder:
    def __init__(self, out: str | Path, kind: str):
        self.path = Path(out)
        self.kind = kind

    def check(self, settings: dict) -> dict:
        """Refuse a folder that holds another kind of run, other settings, or files of its own; returns
        what its manifest says (empty for a new folder). Writes nothing."""
        manifest = self.path / MANIFEST
        if not manifest.is_file():
            if self.path.exists() and (not self.path.is_dir() or any(self.path.iterdir())):
                raise DataGenerationError(f"{self.path} is not empty and holds no {MANIFEST}; give an empty or new "
                                          "--out")
            return {}
        try:
            theirs = json.loads(manifest.read_text(encoding="utf-8"))
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise DataGenerationError(f"{manifest} is not readable JSON; give another --out") from None
        if theirs.get("kind") != self.kind:
            raise DataGenerationError(f"{self.path} holds a {theirs.get('kind')!r} run, not {self.kind}; "
                                      "give another --out")
        recorded = theirs.get("settings", {})
        clash = [k for k, v in settings.items() if k in recorded and recorded[k] != v]
        if clash:
            raise DataGenerationError(
                f"{self.path} was generated with " + ", ".join(f"{k}={recorded[k]!r}" for k in clash)
                + "; resume it with the same settings or give another --out")
        return theirs

    def record(self, settings: dict, tasks: list[str]) -> None:
        """Write the manifest (after ``check``), adding ``tasks`` to those the folder already covers."""
        theirs = self.check(settings)
        write_document({"kind": self.kind, "settings": settings,
                        "tasks": sorted(set(theirs.get("tasks", [])) | set(tasks)),
                        "created_at": theirs.get("created_at") or now_iso(), "updated_at": now_iso()},
                       self.path / MANIFEST)

    # -- paths --------------------------------------------------------------------------------------
    def candidate(self, key: str, attempt: int) -> Path:
        return self.path / "candidates" / key / f"attempt-{attempt}.json"

    def accepted(self, key: str) -> Path:
        return self.path / "accepted" / f"{key}.json"

    def outcome(self, key: str) -> Path:
        return self.path / "outcomes" / f"{key}.json"

    # -- state --------------------------------------------------------------------------------------
    def finished(self, key: str) -> bool:
        try:
            json.loads(self.outcome(key).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError, UnicodeDecodeError):
            return False
        return True

    def reusable_candidate(self, key: str, attempt: int) -> Trajectory | None:
        """The candidate when an earlier run finished it as a model outcome, else None."""
        path = self.candidate(key, attempt)
        if not path.is_file():
            return None
        try:
            trajectory = Trajectory.load(path)
        except TrajectoryError:
            return None
        return None if trajectory.result.exit_reason in REPLAYED else trajectory

    def save_candidate(self, key: str, attempt: int, trajectory: Trajectory) -> Path:
        """The final candidate; its event stream (which holds the unscrubbed prose) goes."""
        path = write_document(trajectory.to_json(check=False), self.candidate(key, attempt))
        events_path_for(path).unlink(missing_ok=True)
        return path

    def save_accepted(self, key: str, trajectory: Trajectory) -> Path:
        """The kept example (the trajectory with its ``sft`` block)."""
        return write_document(trajectory.to_json(check=False), self.accepted(key))

    def write(self, path: Path, data: dict) -> Path:
        return write_document(data, path)

    def accepted_documents(self) -> list[Path]:
        return sorted((self.path / "accepted").rglob("*.json"))

    def outcomes(self) -> list[dict]:
        out = []
        for path in sorted((self.path / "outcomes").rglob("*.json")):
            try:
                out.append(json.loads(path.read_text(encoding="utf-8")))
            except (json.JSONDecodeError, UnicodeDecodeError):
                continue
        return out
