"""Reads for blind review and its adjudication: what a reviewer may see of the others' decisions, and
the trajectories whose reviewers disagree."""

from __future__ import annotations

from dataclasses import dataclass

from webapp.trajectories.models import Trajectory, TrajectoryReview, VerdictAdjudication
from webapp.trajectories.verdicts import DISPUTED, standing


def visible_verdicts(*, trajectory: Trajectory, user) -> tuple[list[TrajectoryReview], TrajectoryReview | None]:
    """The verdict history ``user`` may read, and their own newest verdict: blind until they gave one
    (then every reviewer's), as the label queue hides the others' labels until one labels."""
    verdicts = list(trajectory.verdicts.select_related("reviewer").order_by("created_at", "id"))
    mine = next((v for v in reversed(verdicts) if v.reviewer_id == user.id), None)
    return (verdicts if mine is not None else []), mine


@dataclass
class DisputedTrajectory:
    trajectory: Trajectory
    verdicts: list[TrajectoryReview]  # each reviewer's newest


def disputed_trajectories(limit: int = 200) -> list[DisputedTrajectory]:
    """Trajectories whose reviewers' newest decided verdicts disagree and no admin adjudicated yet."""
    adjudicated = set(VerdictAdjudication.objects.values_list("trajectory_id", flat=True).distinct())
    newest: dict[int, dict[int, TrajectoryReview]] = {}
    for review in (TrajectoryReview.objects.exclude(trajectory_id__in=adjudicated).select_related("reviewer")
                   .order_by("created_at", "id")):
        newest.setdefault(review.trajectory_id, {})[review.reviewer_id] = review
    disputed = [pk for pk, by_reviewer in newest.items()
                if standing({r: v.verdict for r, v in by_reviewer.items()}, None)[0] == DISPUTED]
    trajectories = Trajectory.objects.defer("document").in_bulk(disputed[:limit])
    return [DisputedTrajectory(trajectories[pk], list(newest[pk].values())) for pk in disputed[:limit]
            if pk in trajectories]


def adjudication_of(*, trajectory: Trajectory) -> VerdictAdjudication | None:
    return trajectory.adjudications.select_related("adjudicator").order_by("-created_at", "-id").first()
