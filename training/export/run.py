"""``export_sft``: the kept examples of rollout, microskill and demonstration folders -> the SFT dataset
folder. A demonstrations folder holds verified episodes people played by hand (the web app's live sessions,
``manage.py export_demonstrations``); they are whole episodes, like rollouts.

Every document is checked before anything is written: it must be a valid trajectory kept by a
generator (its ``sft`` block), its task must be in the corpus's train or validation split (heldout and
unsplit tasks are refused), no generation-only guidance may show in it, and it must not copy a heldout
task's code (``corpus.leakage``). Problems are reported together, naming each file.
"""

from __future__ import annotations

import json
import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from corpus.format import TaskFormatError, load_task, resolve_task
from corpus.leakage import LeakageError, LeakageGuard
from corpus.splits import hash_point
from corpus.task_splits import TaskSplits, task_splits
from harness.trajectory import Trajectory, TrajectoryError
from training.datagen.folder import MANIFEST as GENERATION_MANIFEST
from training.datagen.guidance import find_leak, guidance_for
from training.datagen.metadata import policy_verdict
from training.datagen.summary import GenerationProgress, ProgressCallback, notify
from training.errors import TrainingError
from training.export.demonstrations import skip_reason
from training.export.folder import FolderError, write_folder
from training.export.rows import sft_row
from training.export.splits import SALT as SPLIT_SALT
from training.export.splits import STRATUM, assign_splits, balance_splits, validation_episodes

SOURCES = {"rollouts": "rollout", "microskills": "microskill", "demonstrations": "demonstration"}
WHOLE_EPISODES = ("rollout", "demonstration")  # rows the microskill ratio counts against
SHOWN_PROBLEMS = 12


class ExportError(TrainingError, ValueError):
    """The export cannot be written as asked; the message names the files and what to do."""


@dataclass
class ExportConfig:
    sources: Sequence[str | Path]           # folders written by `rollouts` or `microskills`
    out: str | Path
    microskill_ratio: float | None = None   # at most this many microskill rows per rollout row, per split
    # also move this share of train tasks to validation (by hash); None: the automatic split, never empty
    # when the data allows (see _automatic_splits)
    validation_fraction: float | None = None
    seed: int = 0                           # which microskill rows a ratio keeps
    # training.sft evaluates on validation: refuse (before writing) an export whose validation split is empty.
    require_validation: bool = False
    splits: TaskSplits | None = None  # the task registries (default: the committed corpus's, every origin)


@dataclass
class ExportResult:
    out: Path
    manifest: dict
    rows: dict[str, int] = field(default_factory=dict)


@dataclass
class _Source:
    path: Path
    kind: str
    settings: dict
    documents: list[Path]
    used: int = 0


def _read_sources(paths: Sequence[str | Path]) -> list[_Source]:
    sources = []
    for path in paths:
        path = Path(path)
        try:
            manifest = json.loads((path / GENERATION_MANIFEST).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError, UnicodeDecodeError):
            raise ExportError(f"{path}: no readable {GENERATION_MANIFEST}; give folders written by "
                              "'python -m training rollouts', 'python -m training microskills' or "
                              "'manage.py export_demonstrations'") from None
        if manifest.get("kind") not in SOURCES:
            raise ExportError(f"{path}: a {manifest.get('kind')!r} folder; expected rollouts, microskills or "
                              "demonstrations")
        documents = sorted((path / "accepted").rglob("*.json"))
        sources.append(_Source(path, manifest["kind"], manifest.get("settings", {}), documents))
    if not sources:
        raise ExportError("no --from folder given")
    return sources


def _check_document(path: Path, source: _Source, guard: LeakageGuard, registry: TaskSplits,
                    guidance_of: dict) -> tuple[Trajectory | None, list[str]]:
    try:
        trajectory = Trajectory.load(path)
    except TrajectoryError as exc:
        return None, [str(exc)]
    sft = trajectory.extra.get("sft")
    if not isinstance(sft, dict) or sft.get("source") != SOURCES[source.kind]:
        return None, [f"{path}: no {SOURCES[source.kind]} 'sft' block; only examples kept by the generator can "
                      "be exported"]
    verified = trajectory.result.verified
    if sft["source"] == "rollout" and not (verified and (policy := policy_verdict(trajectory)) and policy.passed):
        return None, [f"{path}: not a verified trajectory that passes the policy"]
    if sft["source"] == "demonstration" and skip_reason(trajectory):
        return None, [f"{path}: not a demonstration to train on: {skip_reason(trajectory)}"]
    if sft["source"] == "microskill" and not (sft.get("verdict") or {}).get("accepted"):
        return None, [f"{path}: its microskill evaluator did not accept it"]
    problems = []
    try:
        key = (trajectory.task, trajectory.arm)
        if key not in guidance_of:  # one load per task and arm in this export
            place = registry.place_of(trajectory.task)  # a real or generated task as well as a hand-written one
            task = load_task(place.folder) if place is not None else resolve_task(trajectory.task)
            guidance_of[key] = guidance_for(task, trajectory.arm)
        guidance = guidance_of[key]
    except (TaskFormatError, OSError, ValueError) as exc:
        return None, [f"{path}: its task {trajectory.task!r} cannot be loaded from the corpus ({exc})"]
    leak = find_leak(trajectory, guidance, fields=("messages",))
    if leak:
        problems.append(f"{path}: generation guidance shows in {leak}; re-run the generator for this task")
    texts = [m["content"] for m in trajectory.messages if isinstance(m.get("content"), str)]
    try:
        guard.check(texts=texts)  # names: assign_splits refuses heldout and unsplit tasks
    except LeakageError as exc:
        problems.append(f"{path}: {exc}")
    return trajectory, problems


def _raise(problems: list[str]) -> None:
    shown = "\n  ".join(problems[:SHOWN_PROBLEMS])
    more = f"\n  ... and {len(problems) - SHOWN_PROBLEMS} more" if len(problems) > SHOWN_PROBLEMS else ""
    raise ExportError(f"{len(problems)} problem(s); nothing was written:\n  {shown}{more}")


def _pick_microskills(rows: list[dict], cap: int | None, seed: int) -> list[dict]:
    """Up to ``cap`` rows, taken in turn from each skill (so every skill is represented), each skill's rows
    in a stable order drawn from ``seed``."""
    if cap is None:
        return rows
    by_skill = defaultdict(list)
    for row in rows:
        by_skill[row["skill"]].append(row)
    queues = [sorted(group, key=lambda r: hash_point(r["episode_id"], f"microskill:{seed}"))
              for _, group in sorted(by_skill.items())]
    picked = []
    while len(picked) < cap and any(queues):
        for queue in queues:
            if queue and len(picked) < cap:
                picked.append(queue.pop(0))
    return picked


def _automatic_splits(kept: list, splits: dict[str, str]) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """The default split: the corpus's, balanced so that human and synthetic examples are on both sides
    (``balance_splits``); when one task is all the data, a stable share of its episodes in validation.
    Returns (task -> split, task -> why it moved, episode id -> split where split by episode)."""
    strata: dict[str, set[str]] = defaultdict(set)
    for source, trajectory, _ in kept:
        strata[trajectory.task].add(STRATUM[SOURCES[source.kind]])
    splits, moved = balance_splits(splits, strata)
    if len(splits) == 1:
        picked = validation_episodes(t.episode_id for _, t, _ in kept)
        if picked:
            return splits, moved, {t.episode_id: "validation" if t.episode_id in picked else "train"
                                   for _, t, _ in kept}
        return splits, moved, {}
    for missing, source in (("validation", "train"), ("train", "validation")):  # strata of one task each
        if not any(split == missing for split in splits.values()):
            task = min(splits, key=lambda t: (hash_point(t, SPLIT_SALT), t))
            splits[task], moved[task] = missing, f"moved from {source} to {missing}: no task of the data was in {missing}"
    return splits, moved, {}


def export_sft(config: ExportConfig, *, on_progress: ProgressCallback | None = None) -> ExportResult:
    if config.microskill_ratio is not None and (config.microskill_ratio < 0 or math.isnan(config.microskill_ratio)):
        raise ExportError("--microskill-ratio must be 0 or more (0: no microskills; omit it to keep them all)")
    if config.validation_fraction is not None and not 0 <= config.validation_fraction < 1:
        raise ExportError("--validation-fraction must be in [0, 1)")
    sources = _read_sources(config.sources)
    total = sum(len(s.documents) for s in sources)
    guard = LeakageGuard.from_corpus()
    registry = config.splits or task_splits()
    problems, kept, seen, guidance_of = [], [], set(), {}
    done = 0
    for source in sources:
        for path in source.documents:
            trajectory, found = _check_document(path, source, guard, registry, guidance_of)
            problems += found
            done += 1
            notify(on_progress, GenerationProgress("export-sft", "running", done, total, job=str(path)))
            if trajectory is None or trajectory.episode_id in seen:
                continue
            seen.add(trajectory.episode_id)
            kept.append((source, trajectory, path))
    splits, refused = assign_splits([t.task for _, t, _ in kept], validation_fraction=config.validation_fraction or 0.0,
                                    splits=registry)
    problems += [f"{path}: {refused[t.task]}" for _, t, path in kept if t.task in refused]
    if problems:
        _raise(problems)
    if not kept:
        raise ExportError("no kept examples in " + ", ".join(str(s.path) for s in sources)
                          + "; run the generators first")
    moved, episode_split = {}, {}
    if config.validation_fraction is None:
        splits, moved, episode_split = _automatic_splits(kept, splits)
    rows: dict[str, list[tuple[_Source, dict]]] = {"train": [], "validation": []}
    for source, trajectory, _ in kept:
        split = episode_split.get(trajectory.episode_id) or splits[trajectory.task]
        rows[split].append((source, sft_row(trajectory, split)))
    chosen: dict[str, list[dict]] = {}
    available = used = 0
    for split, pairs in rows.items():
        rollouts = [row for _, row in pairs if row["source"] in WHOLE_EPISODES]
        micro = [row for _, row in pairs if row["source"] == "microskill"]
        cap = None if config.microskill_ratio is None else math.floor(config.microskill_ratio * len(rollouts))
        picked = _pick_microskills(micro, cap, config.seed)
        available, used = available + len(micro), used + len(picked)
        ids = {row["episode_id"] for row in rollouts + picked}
        for source, row in pairs:
            source.used += row["episode_id"] in ids
        chosen[split] = sorted(rollouts + picked, key=lambda r: (r["task"], r["source"], r["skill"] or "",
                                                                 r["episode_id"]))
    if not chosen["train"]:
        raise ExportError("the train split would be empty: every kept example is from a validation task; "
                          "generate rollouts with --split train")
    if config.require_validation and not chosen["validation"]:
        raise ExportError("the validation split would be empty (no kept example is from a validation task), and "
                          "SFT evaluates on it: give a validation fraction above 0 (with examples of at least two "
                          "train tasks), add rollouts of the validation split, or allow an empty validation split")
    versions = sorted({row["policy_version"] for split in chosen.values() for row in split if row["policy_version"]})
    provenance = {
        "policy_version": versions[0] if len(versions) == 1 else None, "policy_versions": versions,
        "microskill_ratio": config.microskill_ratio, "microskills": {"available": available, "used": used},
        "validation_fraction": config.validation_fraction, "seed": config.seed,
        "automatic_split": config.validation_fraction is None, "moved_tasks": moved,
        "split_by_episode": bool(episode_split),
        "strata": {split: dict(sorted(Counter(STRATUM[row["source"]] for row in chosen[split]).items()))
                   for split in chosen},
        "sources": [{"path": str(s.path.resolve()), "kind": s.kind, "teachers": s.settings.get("teachers", []),
                     "settings": s.settings, "accepted": len(s.documents), "used": s.used} for s in sources],
    }
    try:
        manifest = write_folder(Path(config.out), chosen, provenance)
    except FolderError as exc:
        raise ExportError(str(exc)) from None
    notify(on_progress, GenerationProgress("export-sft", "finished", total, total, message=f"wrote {config.out}"))
    return ExportResult(Path(config.out), manifest, {split: len(r) for split, r in chosen.items()})
