"""Reads for jobs and runs: lists, one job's state for the pages and the live followers, an
episode's events, eval runs and their reports."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from django.db.models import QuerySet

from corpus.format import task_dirs
from corpus.repository.corpus_root import REAL_TASKS_DIR
from training.tiny import TINY_CONFIG, tiny_model_path
from webapp.core import roles
from webapp.runs.models import OVER, Episode, EpisodeEvent, EvalRun, Job, JobEvent
from webapp.runs.registry import REGISTRY


def retried_eval_run(job: Job) -> EvalRun | None:
    """The eval run of the job ``job`` retries (or of the one that retried, back along the retries);
    None for a first launch."""
    retried, seen = job.retry_of, set()
    while retried is not None and retried.pk not in seen:
        seen.add(retried.pk)
        found = EvalRun.objects.filter(job=retried).first()
        if found is not None and found.out_dir:
            return found
        retried = retried.retry_of
    return None


def may_follow(user, job: Job) -> bool:
    """A job is followed by whoever started it, and by staff."""
    return user.is_authenticated and (user.is_staff or job.created_by_id == user.id)


def may_control(user, job: Job) -> bool:
    """Cancel and retry: whoever started it while a researcher, and admins (``roles.may_manage_job``)."""
    return user.is_authenticated and roles.may_manage_job(user, job)


def job_list(*, user=None, kind: str | None = None, top_level: bool = False) -> QuerySet[Job]:
    rows = Job.objects.select_related("created_by")
    if user is not None and not user.is_staff:
        rows = rows.filter(created_by=user)
    if kind is not None:
        rows = rows.filter(kind=kind)
    if top_level:
        rows = rows.filter(parent__isnull=True)
    return rows


def job_state(job: Job) -> dict:
    """What a page and a live follower show of a job."""
    kind_type = REGISTRY.get(job.kind)
    return {
        "id": job.id, "kind": job.kind, "label": kind_type.label if kind_type else job.kind,
        "summary": kind_type.summary(job.params) if kind_type else "", "state": job.state,
        "done": job.progress_done, "total": job.progress_total, "unit": job.progress_unit,
        "percent": job.percent, "rate": job.progress_rate, "eta_s": job.eta_s, "message": job.progress_message,
        "error": job.error, "cancelling": job.cancelling, "parent": job.parent_id, "version": job.version,
        "created_at": _iso(job.created_at), "started_at": _iso(job.started_at), "finished_at": _iso(job.finished_at),
        "created_by": job.created_by.get_username() if job.created_by_id and job.created_by else "",
        "episode": _episode_id(job), "last_seq": job.last_seq,
    }


def _episode_id(job: Job) -> int | None:
    episode = getattr(job, "episode", None) if job.kind in ("episode", "session") else None
    return episode.pk if episode is not None else None


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None


def job_events(*, job: Job, after: int) -> list[JobEvent]:
    return list(JobEvent.objects.filter(job=job, seq__gt=after).order_by("seq"))


def event_message(event: JobEvent) -> dict:
    return {"type": "event", "seq": event.seq, "kind": event.kind, "at": event.at.isoformat(), "data": event.data}


def children(*, job: Job) -> list[Job]:
    return list(Job.objects.filter(parent=job).select_related("created_by", "episode").order_by("id"))


# Episode endings that are not the model's play: their reason says what stopped the episode.
_STOPPED = ("error", "infra_error", "crash")


def child_failures(*, job: Job, limit: int = 3) -> list[str]:
    """Why a fan-out job's children gave nothing to report, most common first with their counts: the
    errors of failed children and the reasons of episodes that stopped (error, infra_error, crash)."""
    reasons: Counter[str] = Counter()
    rows = Job.objects.filter(parent=job).select_related("episode__trajectory").order_by("id")
    for child in rows:
        reason = ""
        if child.state == "failed":
            reason = child.error
        else:
            episode = getattr(child, "episode", None)
            trajectory = episode.trajectory if episode is not None else None
            result = trajectory.record.result if trajectory is not None else None
            if result is not None and str(result.exit_reason) in _STOPPED:
                reason = f"{result.exit_reason}: {result.reason or 'no reason recorded'}"
        reason = (reason or "").strip().splitlines()[0][:300] if (reason or "").strip() else ""
        if reason:
            reasons[reason] += 1
    return [f"{text} (×{count})" if count > 1 else text for text, count in reasons.most_common(limit)]


def jobs_changed_since(*, user, since: datetime | None, limit: int = 200) -> list[Job]:
    rows = job_list(user=user, top_level=True).select_related("episode")
    if since is not None:
        rows = rows.filter(updated_at__gte=since)
    return list(rows.order_by("-updated_at")[:limit])


def episode_events(*, episode: Episode, after: int) -> list[EpisodeEvent]:
    return list(EpisodeEvent.objects.filter(episode=episode, seq__gt=after).order_by("seq"))


def eval_run_list() -> QuerySet[EvalRun]:
    return EvalRun.objects.select_related("job", "created_by")


def reported_eval_runs() -> QuerySet[EvalRun]:
    return eval_run_list().filter(report__isnull=False)


def step_message(event: EpisodeEvent) -> dict:
    """A stored step as the live viewer's step list shows it (the panel is read from the server)."""
    from webapp.trajectories.replay import ReplayStep

    step = event.data.get("step") or {}
    shown = ReplayStep(index=0, turn=int(step.get("turn") or 0), tool=str(step.get("tool")),
                       arguments=step.get("arguments") or {}, observation="", position=None,
                       duration_ms=step.get("duration_ms"), error=bool(step.get("error")))
    return {"type": "step", "seq": event.seq, "turn": shown.turn, "tool": shown.tool, "summary": shown.summary,
            "kind": shown.kind, "error": shown.error}


def episode_message(event: EpisodeEvent) -> dict:
    if event.kind == "step":
        return step_message(event)
    if event.kind == "result":
        result = event.data.get("result") or {}
        return {"type": "result", "seq": event.seq, "verified": result.get("verified"),
                "exit_reason": result.get("exit_reason"), "reason": result.get("reason")}
    return {"type": event.kind, "seq": event.seq}


def episode_state(episode: Episode) -> dict:
    job = episode.job
    return {"type": "episode", "episode": episode.pk, "episode_id": episode.episode_id, "state": job.state,
            "turns": episode.turns, "exit_reason": episode.exit_reason, "verified": episode.verified,
            "error": job.error, "trajectory": episode.trajectory.episode_id if episode.trajectory_id else None,
            "version": (job.version, episode.turns, episode.trajectory_id)}


def launchable_types() -> list:
    """The job types offered on the launch page, in the order people look for them."""
    order = ["eval", "episode", "rollouts", "microskills", "export_sft", "sft", "grpo", "tiny_model",
             "validate_corpus", "import_corpus"]
    types = [t for t in REGISTRY.values() if t.launchable and t.form_class is not None]
    return sorted(types, key=lambda t: (order.index(t.kind) if t.kind in order else len(order), t.kind))


def real_bug_names() -> list[str]:
    """The real corpus's bugs by name (``corpus/real``, shipped with the code the workers run): the trees a
    generate job may plant in."""
    return [folder.name for folder in task_dirs(REAL_TASKS_DIR)]


def job_log(*, job: Job, limit: int = 2000) -> list[JobEvent]:
    """The newest ``limit`` log lines and state changes, oldest first."""
    rows = JobEvent.objects.filter(job=job, kind__in=("log", "state")).order_by("-seq")[:limit]
    return list(reversed(rows))


def job_metrics(*, job: Job) -> list[dict]:
    """Every metric point of the job (the charts' data), oldest first."""
    return [{"seq": e.seq, **e.data} for e in JobEvent.objects.filter(job=job, kind="metric").order_by("seq")]


def eval_run_of(job: Job) -> EvalRun | None:
    return EvalRun.objects.filter(job=job).first()


# ---- the live episode viewer -------------------------------------------------------------------------
class LiveReplay:
    """An episode as far as it has been played, in the shape the replay's panel templates read:
    its steps (from the stored events, up to ``cursor``), the task's files, one step's index by turn."""

    def __init__(self, episode: Episode, events: list[EpisodeEvent], task_files: dict | None,
                 task_meta: dict | None = None):
        from webapp.trajectories.replay import steps_from_document

        self.episode = episode
        self.cursor = events[-1].seq if events else 0
        messages = [e.data.get("message") for e in events if e.kind == "message"]
        steps = [e.data.get("step") for e in events if e.kind == "step"]
        self.steps = steps_from_document({"messages": [m for m in messages if isinstance(m, dict)],
                                          "steps": [s for s in steps if isinstance(s, dict)]})
        self.result = next((e.data.get("result") for e in reversed(events) if e.kind == "result"), None)
        self.task_files = task_files
        self.task_meta = task_meta or {}

    def index_of_turn(self, turn: int | None) -> int:
        for step in self.steps:
            if step.turn == turn:
                return step.index
        return len(self.steps) - 1 if self.steps else 0


def live_episode(*, episode_pk: int) -> Episode:
    return Episode.objects.select_related("job", "job__created_by", "trajectory").get(pk=episode_pk)


def live_replay(*, episode: Episode) -> LiveReplay:
    """Every event stored so far (one query) and the task's files (one more)."""
    from webapp.catalog.models import Task

    events = list(EpisodeEvent.objects.filter(episode=episode).order_by("seq"))
    task = Task.objects.filter(name=episode.task_name).only("files", "meta").first()
    return LiveReplay(episode, events, task.files if task else None, task.meta if task else None)


def live_episodes(*, limit: int = 50) -> list[Episode]:
    """The episodes running or waiting now, then the latest ones, for the live page's list."""
    rows = Episode.objects.select_related("job", "job__created_by").order_by("-created_at")
    return list(rows[:limit])


def may_drive(user, episode: Episode) -> bool:
    """A live session is driven only by the person who opened it (others may watch)."""
    return (episode.driver == "human" and user.is_authenticated and episode.job.created_by_id == user.id
            and episode.job.state not in OVER and roles.has(user, roles.OPEN_SESSION))


FOLDERS_FOR = {"export_sft": ("rollouts", "microskills"), "sft": ("export_sft",)}


def finished_folders(*, user, kind: str, limit: int = 8) -> list[tuple[Job, str]]:
    """The output folders of the user's finished jobs that a ``kind`` job reads (an export reads
    rollouts and microskills folders, SFT an export), newest first."""
    kinds = FOLDERS_FOR.get(kind)
    if not kinds:
        return []
    rows = job_list(user=user, top_level=True).filter(kind__in=kinds, state="succeeded").order_by("-finished_at")
    return [(job, job.result["out"]) for job in rows[:limit] if isinstance(job.result, dict) and job.result.get("out")]


# ---- the tiny model ------------------------------------------------------------------------------
@dataclass(frozen=True)
class TinyModelStatus:
    """The tiny model the ``tiny-cpu`` config trains, as this process sees it."""

    config: str  # the config that names it
    configured: str  # its model.path as the config writes it (models/tiny-qwen2)
    path: Path  # that path on this machine (relative to the working directory, as training reads it)
    exists: bool  # something is there
    built: bool  # a model folder: the config.json save_pretrained writes (what the config check looks for)


def tiny_model_status() -> TinyModelStatus:
    configured = tiny_model_path()
    path = configured.absolute()
    return TinyModelStatus(config=TINY_CONFIG, configured=str(configured), path=path, exists=path.exists(),
                           built=(path / "config.json").is_file())


# ---- training runs compared -----------------------------------------------------------------------
TRAINING_KINDS = ("sft", "grpo")
MAX_COMPARED = 8  # runs on one comparison page
MAX_POINTS = 1000  # points per run and series a comparison draws (a longer run is thinned evenly)


@dataclass(frozen=True)
class RunCurves:
    """One training run as the comparison page draws it: who it is (for the legend) and its metric points
    ({series, x, values}, oldest first), ``shown`` of the ``stored`` ones."""

    job: Job
    name: str
    kind: str
    config: str  # the config and what was changed on the form, in a line
    points: list[dict]
    stored: int

    @property
    def shown(self) -> int:
        return len(self.points)

    @property
    def thinned(self) -> bool:
        return self.shown < self.stored


def training_jobs(*, user, limit: int = 200) -> list[Job]:
    """The SFT and GRPO jobs ``user`` may see (their own; an admin every one), newest first: the
    comparison page's picker."""
    rows = job_list(user=user, top_level=True).filter(kind__in=TRAINING_KINDS).select_related("training_run")
    return list(rows.order_by("-created_at", "-id")[:limit])


def run_name(job: Job) -> str:
    """The name of a training job's run (its TrainingRun's, else the form's, else kind and id)."""
    run = getattr(job, "training_run", None)
    return (run.name if run else "") or (job.params or {}).get("name") or f"{job.kind} job {job.pk}"


def run_config_line(job: Job) -> str:
    """A training job's configuration in a line: the config (or "pasted config"), the dataset or tasks
    it was given, the typed overrides."""
    params = job.params or {}
    parts = [params.get("config") or "pasted config"]
    if params.get("dataset"):
        parts.append(f"dataset {Path(str(params['dataset'])).name}")
    if params.get("tasks"):
        parts.append("tasks " + ", ".join(str(t) for t in params["tasks"]))
    parts.extend(str(o) for o in params.get("overrides") or [])
    return " · ".join(parts)


def training_curves(*, user, job_ids: list[int], max_points: int = MAX_POINTS) -> tuple[list[RunCurves], list[int]]:
    """The metric points of the training jobs ``job_ids`` that ``user`` may see, in the order asked, and
    the ids that are not such a job (missing, not SFT or GRPO, or someone else's). Each run's series is
    thinned to ``max_points`` evenly spaced points (its first and last kept) in the database: a query
    per run and series, whatever the run's length."""
    wanted = list(dict.fromkeys(job_ids))
    found = {job.pk: job for job in job_list(user=user).filter(pk__in=wanted, kind__in=TRAINING_KINDS)
             .select_related("training_run")}
    runs = []
    for pk in wanted:
        job = found.get(pk)
        if job is None:
            continue
        points, stored = metric_points(job=job, max_points=max_points)
        runs.append(RunCurves(job=job, name=run_name(job), kind=job.kind, config=run_config_line(job), points=points,
                              stored=stored))
    return runs, [pk for pk in wanted if pk not in found]


def metric_points(*, job: Job, max_points: int = MAX_POINTS) -> tuple[list[dict], int]:
    """A job's metric points ({series, x, values}), each series thinned to at most ``max_points`` (every
    k-th by its order, and the last), oldest first; and how many are stored."""
    from django.db.models import Count, F, Window
    from django.db.models.fields.json import KeyTextTransform
    from django.db.models.functions import Mod, RowNumber

    rows = JobEvent.objects.filter(job=job, kind="metric").annotate(series=KeyTextTransform("series", "data"))
    counts = {series: n for series, n in rows.order_by().values_list("series").annotate(n=Count("id"))}
    points: list[tuple[int, dict]] = []
    for series, stored in counts.items():
        # The key lookup, not the annotation: comparing KeyTextTransform to a string makes SQLite parse the
        # string as JSON ("malformed JSON"); data__series encodes it on either database.
        of_series = rows.filter(data__series=series) if series is not None else rows.filter(series__isnull=True)
        if stored <= max_points:
            picked = list(of_series.order_by("seq").values_list("seq", "data"))
        else:
            stride = -(-stored // max(1, max_points - 1))  # leaves room for the last point
            numbered = of_series.annotate(number=Window(RowNumber(), order_by=F("seq").asc()))
            every = numbered.annotate(step=Mod(F("number") - 1, stride)).filter(step=0)
            picked = list(every.order_by("seq").values_list("seq", "data"))
            last = of_series.order_by("-seq").values_list("seq", "data").first()
            if last is not None and (not picked or picked[-1][0] != last[0]):
                picked.append(last)
        points.extend(picked)
    points.sort(key=lambda pair: pair[0])
    return [{"series": data.get("series"), "x": data.get("x"), "values": data.get("values") or {}}
            for _, data in points if isinstance(data, dict)], sum(counts.values())
