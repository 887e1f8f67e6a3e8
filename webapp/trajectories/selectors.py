"""Reads for trajectories and reviews."""

from __future__ import annotations

from collections.abc import Iterator

from django.db.models import QuerySet

from webapp.trajectories.models import EditRelevanceReview, Trajectory


def trajectory_list(*, task_name: str | None = None, arm: str | None = None,
                    verified: bool | None = None) -> QuerySet[Trajectory]:
    rows = Trajectory.objects.defer("document").select_related("task")
    if task_name is not None:
        rows = rows.filter(task_name=task_name)
    if arm is not None:
        rows = rows.filter(arm=arm)
    if verified is not None:
        rows = rows.filter(verified=verified)
    return rows


def trajectory_with_steps(*, episode_id: str) -> Trajectory:
    return Trajectory.objects.prefetch_related("steps").get(episode_id=episode_id)


def reviews_of(*, trajectory: Trajectory) -> QuerySet[EditRelevanceReview]:
    return trajectory.reviews.select_related("observation_step", "edit_step", "reviewer")


def trajectories_for_export(*, task_name: str | None = None) -> Iterator[dict]:
    """The stored documents, one per line of the export, in import order."""
    rows = Trajectory.objects.order_by("id")
    if task_name is not None:
        rows = rows.filter(task_name=task_name)
    yield from rows.values_list("document", flat=True).iterator()
