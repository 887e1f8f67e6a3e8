"""A kept candidate as a task folder: ``meta.json`` and ``planted.patch`` over the shared snapshot."""

from __future__ import annotations

import datetime
import hashlib
import json
import os
import re
import shutil
from pathlib import Path

from corpus.plant.context import Candidate
from corpus.plant.edits import unified_patch
from corpus.plant.materialize import PATCH_FILE, left_out_of_snapshot
from corpus.plant.operators import OPERATORS
from corpus.quality.divergence import Divergence
from corpus.quality.label_rule import ProposedLabel
from corpus.repository.spec import EnvironmentSpec, history_repo
from corpus.repository.task import RepositoryTask
from corpus.splits import hash_split
from validation.generate.distance import PlantDistance, as_divergence
from validation.generate.repository import Repository

GENERATOR = "stepwise.plant"
GENERATOR_VERSION = 1


def snapshot_folder(out: Path, repo: Repository) -> Path:
    """The one copy of the repository version every task generated from it shares."""
    slug = re.sub(r"[^A-Za-z0-9_.-]+", "-", repo.version.split(":", 1)[-1])[:24]
    folder = out / "sources" / f"{_slug(repo.name)}-{slug}"
    if not folder.is_dir():
        partial = folder.with_name(folder.name + ".part")
        shutil.rmtree(partial, ignore_errors=True)
        # Symbolic links are left out, as the workspaces' linked copies leave them out: a repository may hold
        # links into its own build output (docs/x.md -> _build/...) that point nowhere in a checkout.
        shutil.copytree(repo.root, partial, symlinks=False,
                        ignore=lambda folder, names: [n for n in names if left_out_of_snapshot(n)
                                                      or os.path.islink(os.path.join(folder, n))])
        partial.rename(folder)
    return folder


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_") or "repo"


def task_name(repo: Repository, candidate: Candidate) -> str:
    digest = hashlib.sha1(candidate.key.encode()).hexdigest()[:8]
    function = _slug(candidate.function.split(".<locals>.")[-1])[:40]
    return f"{_slug(repo.name)}__{function}__{candidate.operator}__{digest}"


def symptom(repo: Repository, failed: list[str], distance: PlantDistance) -> str:
    """The bug report: what fails and how, never where or why (a symptom-only report)."""
    shown = ", ".join(f"`{test}`" for test in failed[:3]) + (f" and {len(failed) - 3} more" if len(failed) > 3 else "")
    kind = distance.failure_type or "an error"
    return (f"Since a recent change, {len(failed)} test{'s' if len(failed) != 1 else ''} of {repo.name} "
            f"fail{'' if len(failed) != 1 else 's'}: {shown}. The first fails with {kind}. Find the cause and fix "
            "the code (not the tests).")


def split_group(repo: Repository, candidate: Candidate) -> str:
    """Tasks planted in one function share a split: a model trained on one mutation of a function must
    never be evaluated on another mutation of it."""
    return f"{repo.name}:{candidate.file}::{candidate.function}"


def write_task(out: Path, repo: Repository, snapshot: Path, candidate: Candidate, *, before: str, after: str,
               seed: int, failed: list[str], passing: list[str], distance: PlantDistance, label: ProposedLabel,
               environment: EnvironmentSpec, divergence: Divergence | None = None,
               real: RepositoryTask | None = None) -> Path:
    """``divergence``: the shared state measure's (``validation.generate.confirm``) the label came from, when
    it was made; else the label came from ``distance``, the generator's own trace. ``real``: the real bug
    whose fixed tree the snapshot is (the task names its history and commit instead of the snapshot)."""
    name = task_name(repo, candidate)
    folder = out / "tasks" / name
    folder.mkdir(parents=True, exist_ok=True)
    (folder / PATCH_FILE).write_text(unified_patch(candidate.file, before, after), encoding="utf-8")
    meta = {
        "name": name, "origin": "generated", "category": OPERATORS[candidate.operator].category,
        "preference": label.preference,
        # The shape corpus quality writes (corpus.quality.summary.measured_block): one record for every origin.
        "measured": {"preference": label.preference, "rule": label.rule, "why": label.why,
                     "mechanism": candidate.operator,
                     "divergence": _shared(divergence) if divergence is not None else _divergence(distance, candidate),
                     "measure": "state_trace" if divergence is not None else "plant_trace",
                     "measured_on": datetime.date.today().isoformat(), "by": "python -m corpus generate"},
        "description": symptom(repo, failed, distance),
        "generator": {"name": GENERATOR, "version": GENERATOR_VERSION, "operator": candidate.operator,
                      "operator_description": OPERATORS[candidate.operator].description, "seed": seed,
                      "file": candidate.file, "function": candidate.function, "line": candidate.line,
                      "change": candidate.summary},
        # Planted in a real bug's fixed tree: named by the bug's history and commit, materialized as its is.
        "repo": history_repo(repo.name, repo.version, real.spec.repo.source, real.name) if real is not None else
                {"name": repo.name, "version": repo.version,
                 "snapshot": Path("..", "..", snapshot.relative_to(out)).as_posix()},
        "split": hash_split(split_group(repo, candidate)), "split_group": split_group(repo, candidate),
        "environment": environment.to_dict(),
        "tests": {"fail_to_pass": failed, "pass_to_pass": passing, "files": list(repo.tests)},
        "test_files": list(repo.tests),
        "runtime_evidence": distance.to_dict(),
        "timeout_s": 60,
    }
    partial = folder / "meta.json.part"
    partial.write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
    partial.replace(folder / "meta.json")
    return folder


def _divergence(distance: PlantDistance, candidate: Candidate) -> dict:
    d = as_divergence(distance, file=candidate.file, function=candidate.function, line=candidate.line)
    return {"test": d.test, "where": d.where, "calls": d.calls, "frames": d.frames, "files": d.files, "shown": d.shown}


def _shared(d: Divergence) -> dict:
    return {"test": d.test, "where": d.where, "calls": d.calls, "frames": d.frames, "files": d.files, "shown": d.shown,
            "value": d.value[:200], "expected": d.expected[:200]}
