"""The shape the corpus aims for and how far it is: each target with the figure it has.

Themes count a task when its category or one of its tags names them (an asyncio task filed under
``timeouts`` with the tag ``asyncio`` counts for both). Far from the cause: three or more modules in
buggy/ + shared/, and the failing test reaches the fix through two or more calls that enter two or
more files (the wrong value is made in one module and noticed, two calls later, in another).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from corpus.stats import TaskRow

THEMES = {
    "asyncio": {"asyncio"},
    "threading/locks": {"threading", "locks"},
    "timeouts": {"timeouts"},
}


def in_theme(row: TaskRow, theme: str) -> bool:
    words = THEMES[theme]
    return row.category in words or bool(words & set(row.tags.split()))


def far_from_cause(row: TaskRow) -> bool:
    return (row.modules >= 3 and row.failure_frames is not None and row.failure_frames >= 2
            and (row.failure_files or 0) >= 2)


@dataclass(frozen=True)
class Target:
    name: str
    minimum: float
    measure: Callable[[list[TaskRow], dict], float]


def _count(predicate: Callable[[TaskRow], bool]) -> Callable[[list[TaskRow], dict], float]:
    return lambda rows, summary: sum(1 for row in rows if predicate(row))


TARGETS = (
    Target("tasks", 200, lambda rows, summary: len(rows)),
    Target("median fix-diff lines", 8, lambda rows, summary: summary["measures"]["fix_diff_lines"]["median"]),
    Target("median LOC (tests counted)", 140, lambda rows, summary: summary["measures"]["loc"]["median"]),
    Target("3+ modules, far from the cause", 30, _count(far_from_cause)),
    *(Target(f"{theme} tasks", 15, _count(lambda row, theme=theme: in_theme(row, theme))) for theme in THEMES),
    Target("through an installed library", 20, _count(lambda row: row.dependencies > 0)),
    Target("avoid labels", 25, _count(lambda row: row.preference == "avoid")),
    Target("hang tasks", 12, _count(lambda row: row.failure == "hang")),
)


def shape_report(rows: list[TaskRow], summary: dict) -> list[dict]:
    """Per target: its name, the minimum, the figure now, whether it is met and by how much (negative:
    how much is missing)."""
    out = []
    for target in TARGETS:
        value = float(target.measure(rows, summary))
        out.append({"target": target.name, "minimum": target.minimum, "value": value,
                    "met": value >= target.minimum, "margin": value - target.minimum})
    return out
