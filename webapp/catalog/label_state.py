"""Which preference is in force for a task, from its labels. Pure, so services and migrations share it."""

from __future__ import annotations

from collections.abc import Iterable


def resolve_preference(*, meta_preference: str, annotator_labels: Iterable[str],
                       adjudicated: str | None) -> tuple[str, str]:
    """(preference in force, label status) from the meta.json preference, each annotator's newest
    label and the newest adjudication.

    An adjudication decides; annotators who all agree decide; a disputed or unlabelled task keeps the
    meta.json preference until someone decides.
    """
    if adjudicated:
        return adjudicated, "adjudicated"
    distinct = set(annotator_labels)
    if not distinct:
        return meta_preference, "unlabelled"
    if len(distinct) == 1:
        return distinct.pop(), "agreed"
    return meta_preference, "disputed"
