"""Which verdict on a trajectory the people stand by: each reviewer's newest verdict counts; when the
decided ones (relevant / not relevant) agree that is the verdict, when they disagree the trajectory
waits for an admin's adjudication, and the newest adjudication is in force whatever the reviewers say."""

from __future__ import annotations

from collections.abc import Iterable

from webapp.trajectories.models import Verdict

AGREED, DISPUTED, ADJUDICATED, UNREVIEWED = "agreed", "disputed", "adjudicated", "unreviewed"


def newest_per_reviewer(rows: Iterable[tuple[int, str]]) -> dict[int, str]:
    """``(reviewer_id, verdict)`` pairs, oldest first -> each reviewer's newest verdict."""
    return dict(rows)


def standing(newest: dict[int, str], adjudicated: str | None) -> tuple[str, bool | None]:
    """(status, edit relevant or None) from the reviewers' newest verdicts and the adjudication in force."""
    if adjudicated:
        return ADJUDICATED, adjudicated == Verdict.RELEVANT
    decided = {verdict for verdict in newest.values() if verdict != Verdict.UNSURE}
    if len(decided) > 1:
        return DISPUTED, None
    if decided:
        return AGREED, decided.pop() == Verdict.RELEVANT
    return UNREVIEWED, None
