"""Writes for trajectories and reviews. Keyword-only arguments; each function is one transaction."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC
from pathlib import Path
from typing import cast

from django.conf import settings
from django.db import DatabaseError, transaction
from django.utils.dateparse import parse_datetime

from corpus.materialize import strip_bug_markers
from harness.interop.inspect_log import is_inspect_log, log_trajectories
from harness.scoring import (
    CRITERIA,
    EvidenceHint,
    ScoringError,
    TaskMeta,
    load_policy_config,
    quality_problems,
    score_trajectory,
)
from harness.trajectory import Step as StepRecord
from harness.trajectory import Trajectory as TrajectoryRecord
from harness.trajectory import TrajectoryError, read_document
from webapp.catalog.models import Task
from webapp.core import roles
from webapp.trajectories.models import (
    EditRelevanceReview,
    ReasonKind,
    ScoreReason,
    Step,
    Trajectory,
    TrajectoryReview,
    TrajectoryScore,
    Verdict,
    VerdictAdjudication,
)
from webapp.trajectories.quality import quality_columns, quality_of
from webapp.trajectories.verdicts import newest_per_reviewer, standing


class TrajectoryConflict(ValueError):
    """A document that would rewrite a stored trajectory (its steps, result or any field but quality)."""


# The only part of a stored document a later save may change: the scorers' verdict (rescoring).
RESCORABLE = frozenset({"quality"})


def oversize(path: Path) -> str | None:
    """Why a file is too big to import (STEPWISE_IMPORT_MAX_BYTES), or None; read from its size alone."""
    cap = settings.STEPWISE_IMPORT_MAX_BYTES
    size = path.stat().st_size
    if size <= cap:
        return None
    return (f"{size / 1e6:.1f} MB is over the import cap of {cap / 1e6:.1f} MB (STEPWISE_IMPORT_MAX_BYTES); "
            "nothing was read. Check that this is one episode's document, or raise the setting")


@dataclass
class TrajectoryImportReport:
    created: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    failed: list[tuple[Path, str]] = field(default_factory=list)  # (file, reason)
    warnings: list[tuple[Path, str]] = field(default_factory=list)  # imported, with a problem (file, what)

    @property
    def ok(self) -> bool:
        return not self.failed


def storable(value):
    """``value`` with what PostgreSQL text and jsonb cannot hold replaced by U+FFFD: U+0000 (program
    output sometimes has it) and lone surrogates (a model can send "\\ud800"; a file name that is not
    UTF-8 shows up as one). A surrogate pair written as two escapes becomes its one character."""
    if isinstance(value, str):
        value = value.replace("\x00", "\ufffd")
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            value = value.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
        return value
    if isinstance(value, list):
        return [storable(v) for v in value]
    if isinstance(value, dict):
        return {storable(k): storable(v) for k, v in value.items()}
    return value


def _when(text):
    moment = parse_datetime(text) if isinstance(text, str) else None
    if moment is not None and moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment


def trajectory_columns(record: TrajectoryRecord) -> dict:
    """The queryable columns of a trajectory."""
    policy, result = record.policy, record.result
    return {
        "task_name": record.task,
        "split": record.split or "",
        "arm": record.arm,
        "policy_kind": policy["kind"],
        "policy_model": policy.get("model") or "",
        "verified": result.verified,
        "exit_reason": str(result.exit_reason),
        "turns": len({step.turn for step in record.steps}),
        "debugger_started": record.debugger_started,
        "started_at": _when(record.started_at),
        "finished_at": _when(record.finished_at),
        **quality_columns(record.quality),
    }


def _step_rows(trajectory: Trajectory, steps: list[StepRecord]) -> list[Step]:
    rows = []
    for index, step in enumerate(steps):
        file, line = step.position or (None, None)
        rows.append(Step(trajectory=trajectory, index=index, turn=step.turn, tool=step.tool,
                         arguments=step.arguments, observation=step.observation,
                         position_file=file or "", position_line=line,
                         duration_ms=step.duration_ms, error=step.error))
    return rows


@transaction.atomic
def save_trajectory(*, document: dict, source_path: str = "") -> tuple[Trajectory, str]:
    """Store one validated document, keyed by episode_id. Returns (trajectory, outcome) with outcome
    created / updated / unchanged; the same document twice changes nothing. A recorded trajectory is
    never rewritten: a document under a stored episode_id may differ only in its quality record (a
    rescore: the steps, and the reviews that point at them, stay); any other change raises
    TrajectoryConflict naming the fields, and nothing is written (``verified`` never changes by import)."""
    document = cast(dict, storable(document))  # a dict stays a dict
    record = TrajectoryRecord.from_json(document)  # the one reader; a document it refuses is not stored
    columns = trajectory_columns(record)
    columns["task"] = Task.objects.filter(name=columns["task_name"]).first()
    trajectory = Trajectory.objects.select_for_update().filter(episode_id=document["episode_id"]).first()
    if trajectory is not None and trajectory.document == document:
        return trajectory, "unchanged"
    if trajectory is None:
        trajectory = Trajectory.objects.create(episode_id=document["episode_id"], document=document,
                                               source_path=source_path, **columns)
        Step.objects.bulk_create(_step_rows(trajectory, record.steps))
        _record_quality(trajectory, document.get("quality"))
        return trajectory, "created"
    stored = trajectory.document
    changed = sorted(key for key in set(stored) | set(document)
                     if key not in RESCORABLE and stored.get(key) != document.get(key))
    if changed:
        raise TrajectoryConflict(
            f"episode {document['episode_id']!r} is already stored with a different {', '.join(changed[:8])}; "
            "a recorded trajectory is never rewritten (its steps, result and reviews stay as they are). "
            "Import the changed document under a new episode_id to keep both")
    for key, value in quality_columns(document.get("quality")).items():
        setattr(trajectory, key, value)
    trajectory.document = document
    trajectory.save()
    _record_quality(trajectory, document.get("quality"))
    return trajectory, "updated"


def _record_quality(trajectory: Trajectory, record) -> TrajectoryScore | None:
    """Store a quality record as a TrajectoryScore with one row per reason (inside the caller's
    transaction). The same versions replace their row; other versions' rows stay."""
    quality = quality_of(record)
    if quality is None or quality.policy is None:
        return None
    policy, relevance = quality.policy, quality.edit_relevance
    score, _ = TrajectoryScore.objects.update_or_create(
        trajectory=trajectory, policy_version=policy.version,
        edit_relevance_version=relevance.version if relevance is not None else "",
        defaults={"score": policy.score, "passed": policy.passed, "verified": quality.verified,
                  "edit_relevant": quality.edit_relevant, "quality": quality.to_json()})
    score.reasons.all().delete()
    ScoreReason.objects.bulk_create(
        ScoreReason(score=score, rule=reason.rule, kind=kind, message=reason.message, turns=list(reason.turns),
                    penalty=reason.penalty)
        for kind, reasons in ((ReasonKind.HARD, policy.hard_reasons), (ReasonKind.SOFT, policy.soft_reasons))
        for reason in reasons)
    return score


def quality_warning(document: dict) -> str | None:
    """Why a document's quality record cannot be stored as a score (None when it can, or has none)."""
    record = document.get("quality")
    if record is None:
        return None
    problems = quality_problems(record)
    quality = quality_of(record)
    if not problems and quality is not None and quality.policy is None:
        problems = ["quality.policy: missing, so there is no score to store"]
    return f"quality not stored as a score: {'; '.join(problems[:3])}" if problems else None


def task_meta_of(task: Task | None, document: dict) -> TaskMeta:
    """What the scorers know of a stored task: its label, evidence and the files as agents see them."""
    if task is None:
        return TaskMeta.from_document(document)
    files = task.files if isinstance(task.files, dict) else {}
    group: dict[str, dict] = {name: value if isinstance(value := files.get(name), dict) else {}
                              for name in ("buggy", "shared", "tests")}
    evidence = tuple(EvidenceHint(e["file"], e["line"], e["expression"], e["observed"])
                     for e in (task.meta or {}).get("evidence", []) if isinstance(e, dict)
                     and {"file", "line", "expression", "observed"} <= set(e))
    return TaskMeta(name=task.name, preference=task.preference, evidence=evidence,
                    files={**group["shared"], **{n: strip_bug_markers(t) for n, t in group["buggy"].items()},
                           **group["tests"]},
                    test_files=frozenset(group["tests"]))


@dataclass
class RescoreReport:
    scored: list[str] = field(default_factory=list)      # episode ids given a new verdict
    unchanged: list[str] = field(default_factory=list)   # the verdict was already this version's
    failed: list[tuple[str, str]] = field(default_factory=list)  # (episode id, reason)


def rescore_trajectories(*, config=None, task_name: str | None = None, on_trajectory=None) -> RescoreReport:
    """Score stored trajectories with harness.scoring under ``config`` (a policy config: version name,
    file, dict; default pdb_policy_v1). The document's quality becomes the new verdict; the verdicts of
    other versions stay as TrajectoryScore rows. One transaction per trajectory. Raises
    PolicyConfigError for a bad config, before anything is written."""
    policy_config = load_policy_config(config)
    rows = Trajectory.objects.order_by("id")
    if task_name is not None:
        rows = rows.filter(task_name=task_name)
    report = RescoreReport()
    for pk in rows.values_list("id", flat=True):
        with transaction.atomic():
            trajectory = Trajectory.objects.select_for_update(of=("self",)).select_related("task").get(pk=pk)
            document = trajectory.document
            try:
                quality = score_trajectory(trajectory.record, task_meta_of(trajectory.task, document),
                                           policy_config).to_json()
            except (ScoringError, TrajectoryError) as exc:
                report.failed.append((trajectory.episode_id, str(exc)))
            else:
                if document.get("quality") != quality:
                    save_trajectory(document={**document, "quality": quality}, source_path=trajectory.source_path)
                    report.scored.append(trajectory.episode_id)
                elif not trajectory.scores.filter(policy_version=policy_config.version).exists():
                    _record_quality(trajectory, quality)  # scored before score rows existed
                    report.scored.append(trajectory.episode_id)
                else:
                    report.unchanged.append(trajectory.episode_id)
        if on_trajectory is not None:
            on_trajectory(trajectory)
    return report


EVAL_MANIFEST = "eval.json"  # what ``python -m harness eval --out DIR`` writes at the top of DIR
EVAL_FILES = (EVAL_MANIFEST, "report.json")  # an eval folder's own files: not trajectory documents


def eval_folders(paths: list[Path]) -> list[Path]:
    """The eval output folders among ``paths`` and below them (each holds an eval.json)."""
    found = []
    for path in paths:
        if path.is_dir():
            found += sorted(manifest.parent for manifest in path.rglob(EVAL_MANIFEST) if manifest.is_file())
    return list(dict.fromkeys(found))


def _eval_file(path: Path) -> bool:
    return path.name in EVAL_FILES and (path.parent / EVAL_MANIFEST).is_file()


def trajectory_files(paths: list[Path]) -> tuple[list[Path], list[tuple[Path, str]]]:
    """Expand files and folders (``*.json`` and Inspect ``*.eval`` logs below them, an eval folder's
    eval.json and report.json left out) into files; missing paths are failures."""
    files, missing = [], []
    for path in paths:
        if path.is_dir():
            files += sorted(p for pattern in ("*.json", "*.eval") for p in path.rglob(pattern)
                            if p.is_file() and not _eval_file(p))
        elif path.is_file():
            files.append(path)
        else:
            missing.append((path, "no such file or folder"))
    return files, missing


def _import_document(document: dict, source: str, report: TrajectoryImportReport, path: Path) -> None:
    _, outcome = save_trajectory(document=document, source_path=source)
    warning = quality_warning(document)
    if warning:
        report.warnings.append((path, warning))
    getattr(report, outcome).append(document["episode_id"])


def _documents_of(path: Path) -> list[tuple[str, dict | None, str | None]]:
    """(source, document, error) for each trajectory in a file: one for a trajectory document, one per
    sample for an Inspect log of the Stepwise task (the sample named in the source)."""
    if not is_inspect_log(path):
        document = read_document(path)
        TrajectoryRecord.from_json(document, source=str(path))  # refused here, naming the file
        return [(str(path), document, None)]
    samples = log_trajectories(path, max_unpacked_bytes=settings.STEPWISE_IMPORT_MAX_UNPACKED_BYTES)
    return [(f"{path}#{s.sample}", s.document, s.error) for s in samples]


def import_trajectory_files(*, paths: list[Path], on_file=None) -> TrajectoryImportReport:
    """Import trajectory documents and Inspect logs of the Stepwise task; a bad file (or log sample) is
    reported by path with the reason and the others still import (one transaction per document).
    Idempotent by episode_id."""
    files, missing = trajectory_files(paths)
    report = TrajectoryImportReport(failed=list(missing))
    for path in files:
        try:
            too_big = oversize(path)
            if too_big:
                report.failed.append((path, too_big))
                continue
            documents = _documents_of(path)
        except TrajectoryError as exc:
            report.failed.append((path, str(exc).removeprefix(f"{path}: ")))
            documents = []
        for source, document, error in documents:
            where = source.removeprefix(str(path)).removeprefix("#")
            try:
                if document is None:
                    raise TrajectoryError(error or "no trajectory")
                _import_document(document, source, report, path)
            except TrajectoryError as exc:
                report.failed.append((path, str(exc).removeprefix(f"{path}: ")))
            except TrajectoryConflict as exc:
                report.failed.append((path, f"{where}: {exc}" if where else str(exc)))
            except DatabaseError as exc:
                reason = f"the database refused it ({str(exc).strip().splitlines()[0]})"
                report.failed.append((path, f"{where}: {reason}" if where else reason))
        if on_file is not None:
            on_file(path)
    return report


@transaction.atomic
def link_trajectories_to_task(*, task: Task) -> int:
    """Attach trajectories imported before their task was; returns how many were linked."""
    return Trajectory.objects.filter(task__isnull=True, task_name=task.name).update(task=task)


def _check_verdict(verdict: str) -> None:
    if verdict not in Verdict.values:
        raise ValueError(f"verdict {verdict!r} is not one of {', '.join(Verdict.values)}")


def _check_reviewer(reviewer) -> None:
    if reviewer is None or not reviewer.is_authenticated:
        raise PermissionError("only a logged-in user can review a trajectory")


@transaction.atomic
def add_edit_relevance_review(*, trajectory: Trajectory, observation_step: Step, edit_step: Step,
                              verdict: str, reviewer, note: str = "", criterion: int | None = None,
                              proposed: bool = False) -> EditRelevanceReview:
    """Record whether the observation at one step drove the edit at a later step (both steps of this
    trajectory, the observation first). A changed mind is a new row; the newest per reviewer counts."""
    _check_verdict(verdict)
    _check_reviewer(reviewer)
    for name, step in (("observation_step", observation_step), ("edit_step", edit_step)):
        if step.trajectory_id != trajectory.id:
            raise ValueError(f"{name} (step {step.index}) belongs to another trajectory")
    if observation_step.index >= edit_step.index:
        raise ValueError(f"the observation (step {observation_step.index}) must come before the edit "
                         f"(step {edit_step.index})")
    if criterion is not None and criterion not in CRITERIA:
        raise ValueError(f"criterion {criterion!r} is not one of {', '.join(map(str, CRITERIA))}")
    return EditRelevanceReview.objects.create(trajectory=trajectory, observation_step=observation_step,
                                              edit_step=edit_step, verdict=verdict, reviewer=reviewer,
                                              note=note.strip(), criterion=criterion, proposed=proposed)


@transaction.atomic
def add_trajectory_verdict(*, trajectory: Trajectory, verdict: str, reviewer, note: str = "") -> TrajectoryReview:
    """A reviewer's verdict on the whole trajectory. The trajectory keeps what the people stand by
    (``reviewed_edit_relevant``: the agreed or adjudicated verdict), which overrides the automatic one;
    reviewers who disagree leave it to an admin's adjudication."""
    _check_verdict(verdict)
    _check_reviewer(reviewer)
    Trajectory.objects.select_for_update().filter(pk=trajectory.pk).first()
    review = TrajectoryReview.objects.create(trajectory=trajectory, verdict=verdict, reviewer=reviewer,
                                             note=note.strip())
    _refresh_people_verdict(trajectory)
    return review


@transaction.atomic
def adjudicate_verdict(*, trajectory: Trajectory, adjudicator, verdict: str, note: str = "") -> VerdictAdjudication:
    """An admin decides a trajectory's verdict (relevant or not relevant), whatever its reviewers said."""
    if verdict not in (Verdict.RELEVANT, Verdict.NOT_RELEVANT):
        raise ValueError(f"an adjudication is {Verdict.RELEVANT} or {Verdict.NOT_RELEVANT}, not {verdict!r}")
    if not roles.has(adjudicator, roles.ADJUDICATE):
        raise PermissionError("only an admin can adjudicate a review; ask an admin (manage.py grant USER admin)")
    Trajectory.objects.select_for_update().filter(pk=trajectory.pk).first()
    decision = VerdictAdjudication.objects.create(trajectory=trajectory, adjudicator=adjudicator, verdict=verdict,
                                                  note=note.strip())
    _refresh_people_verdict(trajectory)
    return decision


def _refresh_people_verdict(trajectory: Trajectory) -> None:
    newest = newest_per_reviewer(trajectory.verdicts.order_by("created_at", "id").values_list("reviewer_id", "verdict"))
    adjudicated = trajectory.adjudications.order_by("-created_at", "-id").values_list("verdict", flat=True).first()
    _, relevant = standing(newest, adjudicated)
    trajectory.reviewed_edit_relevant = relevant
    Trajectory.objects.filter(pk=trajectory.pk).update(reviewed_edit_relevant=relevant)
