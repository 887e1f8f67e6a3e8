"""A training run's folder (DESIGN.md, "Training run folder"): what the web app's TrainingRun reads.

    RUN/config.yaml      the configuration as run (after --set overrides)
    RUN/metrics.jsonl    one line per logged step (train or eval)
    RUN/checkpoints/     trainer checkpoints (the adapter, optimizer state)
    RUN/merged/          the servable model (adapter merged into the weights)
    RUN/run.json         state, timestamps, paths, progress, notes, the error if it failed

``run.json`` is rewritten atomically at every change, so a reader never sees half a document.
"""

from __future__ import annotations

import json
import os
import platform
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import yaml

from training.errors import TrainingError

SCHEMA = "stepwise.training_run/1"
STATES = ("created", "running", "finished", "failed")


class RunFolderError(TrainingError, RuntimeError):
    pass


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def process_rank() -> tuple[int, bool]:
    """(this process's index, whether it is the main one) under accelerate; (0, True) alone."""
    from accelerate import PartialState

    state = PartialState()
    return state.process_index, state.is_main_process


def open_run(out: str | Path | None, *, runs_dir: str | Path, kind: str, name: str, config: dict,
             base_model: str) -> tuple[RunFolder, bool]:
    """The run folder and whether this process is the main one: only the main process writes it."""
    path = Path(out) if out else default_run_path(runs_dir, name, kind)
    _, main = process_rank()
    if not main:
        return RunFolder(path), False
    return RunFolder.create(path, kind=kind, name=name, config=config, base_model=base_model), True


def default_run_path(runs_dir: str | Path, name: str, kind: str) -> Path:
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
    return Path(runs_dir) / f"{name}-{kind}-{stamp}"


@dataclass
class RunFolder:
    path: Path

    @property
    def config_path(self) -> Path:
        return self.path / "config.yaml"

    @property
    def metrics_path(self) -> Path:
        return self.path / "metrics.jsonl"

    @property
    def checkpoints(self) -> Path:
        return self.path / "checkpoints"

    @property
    def merged(self) -> Path:
        return self.path / "merged"

    @property
    def run_json(self) -> Path:
        return self.path / "run.json"

    # -- creating ------------------------------------------------------------------------------------
    @classmethod
    def create(cls, path: str | Path, *, kind: str, name: str, config: dict, base_model: str) -> RunFolder:
        """A new run folder, or the folder of an unfinished run of the same kind (resumed from its last
        checkpoint). A finished run is never overwritten."""
        run = cls(Path(path))
        if run.run_json.is_file():
            old = run.read()
            if old.get("state") == "finished":
                raise RunFolderError(f"{run.path} already holds a finished {old.get('kind')} run; "
                                     "give another --out (or delete the folder)")
            if old.get("kind") != kind:
                raise RunFolderError(f"{run.path} holds a {old.get('kind')} run, not {kind}; give another --out")
        elif run.path.exists() and any(run.path.iterdir()):
            raise RunFolderError(f"{run.path} exists and is not a run folder; give another --out")
        run.path.mkdir(parents=True, exist_ok=True)
        run.checkpoints.mkdir(exist_ok=True)
        run.config_path.write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
        previous = run.read() if run.run_json.is_file() else {}
        run.write({
            "schema": SCHEMA, "kind": kind, "name": name, "state": "created",
            "created_at": previous.get("created_at") or now_iso(), "started_at": None, "finished_at": None,
            "base_model": base_model, "config": "config.yaml", "metrics": "metrics.jsonl",
            "checkpoints": "checkpoints", "merged": None, "progress": {"step": 0, "total_steps": None},
            "summary": {}, "notes": [], "error": None, "resumed": bool(previous),
            "host": {"python": platform.python_version(), "machine": platform.machine()},
        })
        return run

    # -- reading and writing ------------------------------------------------------------------------
    def read(self) -> dict:
        try:
            return json.loads(self.run_json.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise RunFolderError(f"{self.run_json}: cannot be read ({exc})") from None

    def write(self, document: dict) -> None:
        fd, tmp = tempfile.mkstemp(dir=self.path, prefix=".run.json.")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(document, handle, indent=1, default=str)
        os.replace(tmp, self.run_json)

    def update(self, **fields) -> dict:
        document = self.read()
        document.update(fields)
        self.write(document)
        return document

    def note(self, message: str) -> None:
        """A line for the run log that also stays in run.json (the fused-MoE rule, dropped examples)."""
        document = self.read()
        document.setdefault("notes", []).append(message)
        self.write(document)

    def start(self, total_steps: int | None) -> None:
        self.update(state="running", started_at=now_iso(), progress={"step": 0, "total_steps": total_steps})

    def finish(self, *, summary: dict, merged: bool) -> None:
        self.update(state="finished", finished_at=now_iso(), summary=summary,
                    merged="merged" if merged else None)

    def fail(self, error: str) -> None:
        self.update(state="failed", finished_at=now_iso(), error=error)

    def append_metrics(self, record: dict) -> None:
        with self.metrics_path.open("a", encoding="utf-8") as handle:
            handle.write(json.dumps(record, default=float) + "\n")

    def metrics(self) -> list[dict]:
        if not self.metrics_path.is_file():
            return []
        out = []
        for line in self.metrics_path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                try:
                    out.append(json.loads(line))
                except json.JSONDecodeError:
                    continue  # a line cut by a crash
        return out

    def latest_checkpoint(self) -> Path | None:
        found = sorted(self.checkpoints.glob("checkpoint-*"), key=lambda p: int(p.name.rsplit("-", 1)[-1])
                       if p.name.rsplit("-", 1)[-1].isdigit() else -1)
        return found[-1] if found else None
