"""Reads for trajectories and reviews: the filtered list, one replay, the side-by-side pair, review
state, progress and agreement, and the exports."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date
from typing import cast

from django.db import connection
from django.db.models import (
    Case,
    Count,
    Exists,
    F,
    Field,
    FloatField,
    Model,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    When,
)
from django.db.models.functions import Cast

from harness.scoring import CRITERIA, Quality
from harness.tools import EDIT_TOOLS
from harness.trajectory import Trajectory as TrajectoryRecord
from webapp.catalog.contradictions import contradiction
from webapp.catalog.models import Task
from webapp.catalog.selectors import TaskFilters, task_rows
from webapp.core.agreement import Agreement, fleiss_kappa
from webapp.trajectories.models import (
    NOT_MODEL_OUTCOMES,
    EditRelevanceReview,
    Step,
    Trajectory,
    TrajectoryReview,
    TrajectoryScore,
    Verdict,
)
from webapp.trajectories.quality import quality_of, scored_edits, with_review
from webapp.trajectories.replay import ReplayStep, replay_steps

# The runs app builds on this one (no import back, see the no-cycles contract): its EvalRun is reached
# through the relation it declares to Trajectory.
EvalRun = cast("type[Model]", Trajectory._meta.get_field("eval_runs").related_model)
EVAL_CHOICES = 200  # the evaluations offered in the list's filter, newest first

# ---- what eval runs measured on each task ------------------------------------------------------

def _measured(arm: str, *, solved: bool = False) -> Q:
    """A task's trajectories that measure a model in ``arm``: harness faults and people's live sessions
    left out (a filter on the task's joined trajectories)."""
    rows = (Q(trajectories__arm=arm) & ~Q(trajectories__exit_reason__in=NOT_MODEL_OUTCOMES)
            & ~Q(trajectories__policy_kind="human"))
    return rows & Q(trajectories__verified=True) if solved else rows


def _rate(solved: str, runs: str):
    return Case(When(**{f"{runs}__gt": 0}, then=Cast(F(solved), FloatField()) / Cast(F(runs), FloatField())),
                output_field=FloatField())


def with_measures(tasks: QuerySet[Task]) -> QuerySet[Task]:
    """Tasks with ``trajectory_count`` and, per arm, ``*_runs``, ``*_solved`` and ``*_rate`` (the
    verified share of the arm's trajectories, harness faults left out; None when never run).

    One pass over the trajectories joined to their tasks and grouped (filtered COUNTs), not five
    correlated COUNT(*) per task: 808 ms at 100k trajectories that way."""
    return tasks.annotate(
        trajectory_count=Count("trajectories"),
        base_runs=Count("trajectories", filter=_measured("base")),
        base_solved=Count("trajectories", filter=_measured("base", solved=True)),
        dbg_runs=Count("trajectories", filter=_measured("dbg")),
        dbg_solved=Count("trajectories", filter=_measured("dbg", solved=True)),
    ).annotate(base_rate=_rate("base_solved", "base_runs"), dbg_rate=_rate("dbg_solved", "dbg_runs"))


def measured_task_rows(*, user, filters: TaskFilters = TaskFilters()) -> QuerySet[Task]:
    """``catalog.selectors.task_rows`` with the measures (sortable by them too)."""
    return task_rows(user=user, filters=filters, annotate=with_measures)


def flag_contradictions(tasks):
    """Each task with ``flag``: why its label in force contradicts the measures ("" when it does not)."""
    tasks = list(tasks)
    for task in tasks:
        task.flag = contradiction(task.preference_in_force, base_rate=task.base_rate, dbg_rate=task.dbg_rate)
    return tasks


def contradicting_tasks(*, user) -> list[Task]:
    """Tasks whose label in force disagrees with what the eval runs measured (``flag`` says why)."""
    rows = measured_task_rows(user=user).filter(Q(base_runs__gt=0) | Q(dbg_runs__gt=0))
    return [task for task in flag_contradictions(rows) if getattr(task, "flag", None)]


# ---- the trajectory list ------------------------------------------------------------------------

@dataclass(frozen=True)
class TrajectoryFilters:
    model: str = ""
    arm: str = ""
    task: str = ""
    split: str = ""
    verified: bool | None = None
    debugger_started: bool | None = None
    passed: bool | None = None
    edit_relevant: bool | None = None
    score_min: float | None = None
    score_max: float | None = None
    rule: str = ""  # a hard-reason rule name
    exit_reason: str = ""
    eval_run: int | None = None  # an EvalRun's id: the trajectories of that evaluation
    job: int | None = None  # a Job's id: its episode's trajectory, its children's, or its evaluation's
    started_from: date | None = None
    started_to: date | None = None  # inclusive


def trajectory_list(*, task_name: str | None = None, arm: str | None = None,
                    verified: bool | None = None) -> QuerySet[Trajectory]:
    return trajectory_rows(filters=TrajectoryFilters(task=task_name or "", arm=arm or "", verified=verified))


def has_rule(rule: str) -> Q:
    """Trajectories whose hard reasons name ``rule``: JSON containment where the database has it
    (PostgreSQL, indexed), else the rule's quoted name in the stored list (SQLite has no containment)."""
    if connection.features.supports_json_field_contains:
        return Q(hard_rules__contains=[rule])
    return Q(hard_rules__icontains=json.dumps(rule))


def trajectory_rows(*, filters: TrajectoryFilters = TrajectoryFilters()) -> QuerySet[Trajectory]:
    """The list page's rows, newest first, without the documents."""
    rows = Trajectory.objects.defer("document").select_related("live_episode").prefetch_related(
        Prefetch("eval_runs", queryset=EvalRun.objects.only("id", "name", "job_id")))
    if filters.model:  # the column shows the model, or the policy kind (script, human, ...) when there is none
        # a part of the name, any case (what a person types: "qwen" finds "Qwen/Qwen2.5-Coder-7B")
        rows = rows.filter(Q(policy_model__icontains=filters.model)
                           | Q(policy_model="", policy_kind__iexact=filters.model))
    exact = {"arm": filters.arm, "task_name": filters.task, "split": filters.split,
             "exit_reason": filters.exit_reason}
    rows = rows.filter(**{key: value for key, value in exact.items() if value})
    flags = {"verified": filters.verified, "debugger_started": filters.debugger_started, "passed": filters.passed,
             "edit_relevant": filters.edit_relevant}
    rows = rows.filter(**{key: value for key, value in flags.items() if value is not None})
    if filters.score_min is not None:
        rows = rows.filter(score__gte=filters.score_min)
    if filters.score_max is not None:
        rows = rows.filter(score__lte=filters.score_max)
    if filters.rule:
        rows = rows.filter(has_rule(filters.rule))
    if filters.eval_run is not None:
        rows = rows.filter(eval_runs__id=filters.eval_run)
    if filters.job is not None:
        rows = rows.filter(Q(live_episode__job_id=filters.job) | Q(live_episode__job__parent_id=filters.job)
                           | Q(eval_runs__job_id=filters.job)).distinct()
    if filters.started_from is not None:
        rows = rows.filter(started_at__date__gte=filters.started_from)
    if filters.started_to is not None:
        rows = rows.filter(started_at__date__lte=filters.started_to)
    return rows.order_by("-started_at", "-id")


def distinct_values(column: str) -> list[str]:
    """The distinct non-empty values of an indexed Trajectory column, in order, by jumping through the
    index from one value to the next (a "loose index scan"): as many index lookups as there are values,
    however many trajectories share them."""
    table = Trajectory._meta.db_table
    field = cast(Field, Trajectory._meta.get_field(column)).column
    sql = (f'WITH RECURSIVE walk(value) AS (SELECT MIN("{field}") FROM "{table}" WHERE "{field}" > %s '
           f'UNION ALL SELECT (SELECT MIN("{field}") FROM "{table}" WHERE "{field}" > walk.value) FROM walk '
           f"WHERE walk.value IS NOT NULL) SELECT value FROM walk WHERE value IS NOT NULL")
    with connection.cursor() as cursor:
        cursor.execute(sql, [""])
        return [row[0] for row in cursor.fetchall()]


def filter_choices() -> dict[str, list]:
    """Values for the list's drop-downs: the models (and the policy kinds, which the model column shows
    for rows without a model), the task names, and the most recent evaluations."""
    models = sorted(set(distinct_values("policy_model")) | set(distinct_values("policy_kind")))
    return {"models": models, "tasks": distinct_values("task_name"),
            "evals": list(EvalRun.objects.only("id", "name", "created_at")[:EVAL_CHOICES])}


@dataclass
class Replay:
    trajectory: Trajectory
    steps: list[ReplayStep]
    quality: Quality | None  # None: not scored
    task_files: dict | None  # None when the task is not imported

    def index_of_turn(self, turn: int | None) -> int:
        for step in self.steps:
            if step.turn == turn:
                return step.index
        return 0


def replay_of(*, episode_id: str) -> Replay:
    """One trajectory with its document, its task's files, and its steps (two queries)."""
    trajectory = Trajectory.objects.select_related("task").get(episode_id=episode_id)
    record = trajectory.record
    return Replay(trajectory, replay_steps(record.messages, record.steps), quality_of(record.quality),
                  trajectory.task.files if trajectory.task else None)


def matching_turns(*, trajectory: Trajectory, text: str) -> list[int]:
    """The turns whose observation contains ``text`` (any case)."""
    if not text:
        return []
    return list(Step.objects.filter(trajectory=trajectory, observation__icontains=text)
                .order_by("index").values_list("turn", flat=True))


def counterpart(*, trajectory: Trajectory) -> Trajectory | None:
    """The other arm's trajectory of the same task by the same model in the same run: one sharing an
    eval run when this one belongs to one, else the one that started closest in time."""
    other = "base" if trajectory.arm == "dbg" else "dbg"
    rows = Trajectory.objects.defer("document").filter(task_name=trajectory.task_name, arm=other,
                                                       policy_model=trajectory.policy_model)
    runs = trajectory.eval_runs.values_list("id", flat=True)
    shared = rows.filter(eval_runs__in=runs).distinct()
    candidates = list(shared) if shared.exists() else list(rows)
    if not candidates:
        return None
    if trajectory.started_at is None:
        return candidates[0]
    return min(candidates, key=lambda t: abs((t.started_at - trajectory.started_at).total_seconds())
               if t.started_at else float("inf"))


# ---- reviews ---------------------------------------------------------------------------------

@dataclass
class LinkState:
    """One observation -> edit link on the review page, with every reviewer's newest decision."""

    observation: ReplayStep
    edit_turn: int
    criterion: int | None = None
    criterion_name: str = ""
    reason: str = ""
    proposed: bool = False
    decisions: dict[str, str] = field(default_factory=dict)  # reviewer -> verdict (newest)
    mine: str = ""


@dataclass
class EditState:
    step: ReplayStep
    file: str
    links: list[LinkState] = field(default_factory=list)
    diff: str = ""  # the edit as HTML (the view fills it)
    earlier: list[ReplayStep] = field(default_factory=list)  # the steps before it (likewise)


def review_state(*, replay: Replay, user) -> list[EditState]:
    """Each edit of the trajectory with the scorer's proposed links and the reviewers' decisions."""
    by_turn = {step.turn: step for step in replay.steps}
    edits: dict[int, EditState] = {}
    for step in replay.steps:
        if step.tool in EDIT_TOOLS and not step.error:
            edits[step.turn] = EditState(step, str((step.arguments or {}).get("file_path", "")))
    for scored in scored_edits(replay.quality):
        state = edits.get(scored.turn) or (EditState(by_turn[scored.turn], scored.file) if scored.turn in by_turn
                                           else None)
        if state is None:
            continue
        edits[scored.turn] = state
        for link in scored.links:
            if link.turn in by_turn and link.turn < scored.turn:
                state.links.append(LinkState(by_turn[link.turn], scored.turn, link.criterion, link.criterion_name,
                                             link.reason, proposed=True))
    reviews = (EditRelevanceReview.objects.filter(trajectory=replay.trajectory)
               .select_related("reviewer", "observation_step", "edit_step").order_by("created_at", "id"))
    for review in reviews:
        state = edits.get(review.edit_step.turn)
        if state is None:
            continue
        link = next((ln for ln in state.links if ln.observation.turn == review.observation_step.turn), None)
        if link is None:
            link = LinkState(by_turn[review.observation_step.turn], state.step.turn, review.criterion,
                             "" if review.criterion is None else CRITERIA.get(review.criterion, ""))
            state.links.append(link)
        link.decisions[review.reviewer.get_username()] = review.verdict
        if review.reviewer_id == user.id:
            link.mine = review.verdict
    return [edits[turn] for turn in sorted(edits)]


def _has_edit():
    return Exists(Step.objects.filter(trajectory=OuterRef("pk"), tool__in=tuple(EDIT_TOOLS), error=False))


@dataclass(frozen=True)
class ReviewProgress:
    with_edits: int
    reviewed: int  # by anyone
    mine: int
    agreement: Agreement  # between reviewers' trajectory verdicts
    auto_compared: int  # reviewed trajectories the scorer gave a verdict
    auto_agreeing: int
    links_decided: int  # proposed links with a decision
    links_confirmed: int


def review_progress(*, user) -> ReviewProgress:
    rows = Trajectory.objects.annotate(has_edit=_has_edit()).filter(has_edit=True)
    counts = rows.aggregate(
        total=Count("id"), reviewed=Count("id", filter=Q(Exists(TrajectoryReview.objects.filter(trajectory=OuterRef("pk"))))),
        mine=Count("id", filter=Q(Exists(TrajectoryReview.objects.filter(trajectory=OuterRef("pk"), reviewer=user)))))
    verdicts = list(TrajectoryReview.objects.order_by("created_at", "id")
                    .values_list("trajectory_id", "reviewer_id", "verdict"))
    newest: dict[tuple[int, int], str] = {(t, r): v for t, r, v in verdicts}
    automatic = dict(Trajectory.objects.filter(id__in={t for t, _ in newest}, edit_relevant__isnull=False)
                     .values_list("id", "edit_relevant"))
    compared = [(v == Verdict.RELEVANT) == automatic[t] for (t, _), v in newest.items()
                if t in automatic and v != Verdict.UNSURE]
    links = {}
    for t, o, e, r, v in (EditRelevanceReview.objects.filter(proposed=True).order_by("created_at", "id")
                          .values_list("trajectory_id", "observation_step_id", "edit_step_id", "reviewer_id", "verdict")):
        links[(t, o, e, r)] = v
    return ReviewProgress(counts["total"], counts["reviewed"], counts["mine"],
                          fleiss_kappa((t, r, v) for t, r, v in verdicts), len(compared), sum(compared),
                          len(links), sum(1 for v in links.values() if v == Verdict.RELEVANT))


def review_queue(*, user, limit: int = 100) -> QuerySet[Trajectory]:
    """Trajectories with an edit, the ones this user has not reviewed first."""
    mine = Exists(TrajectoryReview.objects.filter(trajectory=OuterRef("pk"), reviewer=user))
    return (Trajectory.objects.defer("document").annotate(has_edit=_has_edit(), reviewed_by_me=mine)
            .filter(has_edit=True).prefetch_related("eval_runs")
            .order_by("reviewed_by_me", "-started_at", "-id")[:limit])


def review_neighbours(*, trajectory: Trajectory, user) -> tuple[str | None, str | None]:
    """(previous, next) episode ids for the review page's p / n keys, in the review list's order (newest
    first, trajectories with an edit): previous is the one just before this one, next the first after it
    (then from the start) this user has not reviewed."""
    mine = Exists(TrajectoryReview.objects.filter(trajectory=OuterRef("pk"), reviewer=user))
    rows = list(Trajectory.objects.annotate(has_edit=_has_edit(), reviewed_by_me=mine).filter(has_edit=True)
                .order_by("-started_at", "-id").values_list("pk", "episode_id", "reviewed_by_me"))
    at = next((i for i, row in enumerate(rows) if row[0] == trajectory.pk), None)
    previous = rows[at - 1][1] if at else None
    after = rows[at + 1:] + rows[:at] if at is not None else rows
    following = next((episode for pk, episode, reviewed in after if not reviewed and pk != trajectory.pk), None)
    return previous, following


def reviews_for_export(*, with_documents: bool = False) -> Iterator[dict]:
    """One line per reviewed trajectory: the automatic verdict, every human verdict and link decision
    (and the trajectory document itself with ``with_documents``)."""
    reviewed = Trajectory.objects.filter(Q(pk__in=TrajectoryReview.objects.values("trajectory_id")) |
                                         Q(pk__in=EditRelevanceReview.objects.values("trajectory_id")))
    if not with_documents:
        reviewed = reviewed.defer("document")
    for trajectory in reviewed.order_by("id").prefetch_related("verdicts__reviewer"):
        decisions = (EditRelevanceReview.objects.filter(trajectory=trajectory)
                     .select_related("reviewer", "observation_step", "edit_step").order_by("created_at", "id"))
        yield {
            "episode_id": trajectory.episode_id, "task": trajectory.task_name, "arm": trajectory.arm,
            "model": trajectory.policy_model, "verified": trajectory.verified,
            "automatic_edit_relevant": trajectory.edit_relevant,
            "reviewed_edit_relevant": trajectory.reviewed_edit_relevant,
            "verdicts": [{"reviewer": v.reviewer.get_username(), "verdict": v.verdict, "note": v.note,
                          "created_at": v.created_at.isoformat()} for v in trajectory.verdicts.all()],
            "links": [{"edit_turn": d.edit_step.turn, "observation_turn": d.observation_step.turn,
                       "criterion": d.criterion, "proposed": d.proposed, "verdict": d.verdict,
                       "reviewer": d.reviewer.get_username(), "note": d.note,
                       "created_at": d.created_at.isoformat()} for d in decisions],
            **({"document": trajectory.document} if with_documents else {}),
        }


def human_demonstrations(*, task_name: str | None = None) -> Iterator[TrajectoryRecord]:
    """The verified trajectories people played by hand in live sessions (``policy.kind == "human"``), read
    by the one trajectory reader: what ``export_demonstrations`` hands to SFT."""
    rows = Trajectory.objects.filter(policy_kind="human", verified=True).order_by("id")
    if task_name is not None:
        rows = rows.filter(task_name=task_name)
    for episode_id, document in rows.values_list("episode_id", "document").iterator():
        yield TrajectoryRecord.from_json(document, source=f"trajectory {episode_id}")


def human_demonstration_count() -> int:
    """How many verified trajectories people played by hand are stored (what ``human_demonstrations`` yields)."""
    return Trajectory.objects.filter(policy_kind="human", verified=True).count()


def trajectories_for_export(*, task_name: str | None = None) -> Iterator[dict]:
    """The stored documents, one per line of the export, in import order. A trajectory a person has
    judged carries that verdict as ``quality.review``, which reports prefer to the automatic one."""
    rows = Trajectory.objects.order_by("id")
    if task_name is not None:
        rows = rows.filter(task_name=task_name)
    for document, reviewed in rows.values_list("document", "reviewed_edit_relevant").iterator():
        if reviewed is not None:
            document = {**document, "quality": with_review(document.get("quality"), reviewed)}
        yield document


# ---- score verdicts, every version kept ---------------------------------------------------------

def scores_of(*, trajectory: Trajectory) -> QuerySet[TrajectoryScore]:
    """Every scorer version's verdict on one trajectory, oldest first, with their reasons."""
    return trajectory.scores.prefetch_related("reasons").order_by("scored_at", "id")


def scored_trajectories(*, policy_version: str, passed: bool | None = None, rule: str | None = None,
                        edit_relevant: bool | None = None) -> QuerySet[Trajectory]:
    """Trajectories by one policy version's verdict: passed or not, carrying a reason ``rule`` (hard or
    soft), or by the automatic edit-relevance verdict."""
    scores = TrajectoryScore.objects.filter(policy_version=policy_version)
    if passed is not None:
        scores = scores.filter(passed=passed)
    if edit_relevant is not None:
        scores = scores.filter(edit_relevant=edit_relevant)
    if rule is not None:
        scores = scores.filter(reasons__rule=rule)
    return Trajectory.objects.defer("document").filter(id__in=scores.values("trajectory_id"))


def step_observation(*, episode_id: str, index: int) -> str | None:
    """The whole observation of one stored step (None: no such trajectory or step)."""
    return Step.objects.filter(trajectory__episode_id=episode_id, index=index).values_list(
        "observation", flat=True).first()
