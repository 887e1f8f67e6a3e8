"""The corpus's shape: a per-task table, medians and 90th percentiles, counts by label, the distance
from failure to fix (``corpus.distance``); the targets are in ``corpus.shape``, the plots in
``corpus.stats_plots``, writing it all to a folder in ``corpus.stats_report``."""

from __future__ import annotations

import csv
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from corpus.distance import task_distance
from corpus.figures import task_figures
from corpus.format import PREFERENCES, Task

MEASURES = ("loc", "files", "fix_diff_lines", "failure_frames", "failure_files")
MEASURE_TITLES = {"loc": "LOC (tests counted)", "files": "files", "fix_diff_lines": "fix-diff lines",
                  "failure_frames": "frames, failure to fix", "failure_files": "files, failure to fix"}


@dataclass(frozen=True)
class TaskRow:
    name: str
    category: str
    preference: str
    split: str
    loc: int
    files: int
    fix_diff_lines: int
    dependencies: int
    modules: int = 0  # Python modules in buggy/ + shared/
    failure: str = "fails"
    failure_frames: int | None = None  # corpus.distance: calls from the failing test to the fix
    failure_files: int | None = None  # files that path enters after the test's own
    tags: str = ""  # space-separated
    measured: str = ""  # meta.json "measured" preference (python -m corpus quality --write), "" when none
    state_dependent: bool | None = None  # by measurement; None when not measured


def measured_fields(task: Task) -> tuple[str, bool | None]:
    """The measured label and whether the task is state-dependent by measurement (the wrong state made
    at least 3 calls and 2 files before the failure, and not printed by it)."""
    block = task.meta.get("measured") if isinstance(task.meta, dict) else None
    if not isinstance(block, dict) or not block.get("preference"):
        return "", None
    d = block.get("divergence") or {}
    return str(block["preference"]), bool(d and not d.get("shown") and d.get("calls", 0) >= 3 and d.get("files", 0) >= 2)


def task_rows(tasks: list[Task], splits: dict[str, str] | None = None,
              failing_tests: dict[str, list[str]] | None = None) -> list[TaskRow]:
    """A row per task. ``failing_tests`` (task -> ``file::test`` of its buggy run, from a validation
    report) is where distances are measured from; a task missing from it is measured from all its tests."""
    splits, failing_tests = splits or {}, failing_tests or {}
    rows = []
    for task in tasks:
        figures = task_figures(task)
        distance = task_distance(task, failing_tests.get(task.name))
        modules = sum(1 for name in [*task.buggy_files, *task.shared_files] if name.endswith(".py"))
        rows.append(TaskRow(task.name, task.category, task.preference, splits.get(task.name, "-"),
                            figures["loc"], figures["files"], figures["fix_diff_lines"], len(task.dependencies),
                            modules, task.failure, distance.frames, distance.files, " ".join(task.tags),
                            *measured_fields(task)))
    return sorted(rows, key=lambda r: r.name)


def summarize(rows: list[TaskRow]) -> dict:
    """Median, 90th percentile and max of each measure; counts by category, preference and split."""
    summary: dict = {"tasks": len(rows), "measures": {}}
    for measure in MEASURES:
        values = np.array([getattr(r, measure) for r in rows if getattr(r, measure) is not None], dtype=float)
        summary["measures"][measure] = (
            {"median": float(np.median(values)), "p90": float(np.percentile(values, 90)), "max": float(values.max())}
            if len(values) else {"median": 0.0, "p90": 0.0, "max": 0.0})
    summary["by_category"] = dict(sorted(Counter(r.category for r in rows).items()))
    summary["by_preference"] = {p: sum(1 for r in rows if r.preference == p) for p in PREFERENCES}
    measured = [r for r in rows if r.measured]
    summary["by_measured"] = {p: sum(1 for r in measured if r.measured == p) for p in PREFERENCES}
    summary["measured"] = len(measured)
    summary["state_dependent"] = sum(1 for r in measured if r.state_dependent)
    summary["by_split"] = dict(sorted(Counter(r.split for r in rows).items()))
    summary["with_dependencies"] = sum(1 for r in rows if r.dependencies)
    summary["hangs"] = sum(1 for r in rows if r.failure == "hang")
    summary["unmeasured_distance"] = sorted(r.name for r in rows if r.failure_frames is None)
    return summary


def write_csv(rows: list[TaskRow], path: Path) -> None:
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(TaskRow.__dataclass_fields__))
        writer.writeheader()
        writer.writerows(asdict(r) for r in rows)


def _dash(value: int | None) -> str:
    return "-" if value is None else str(value)


def _fmt(value: float) -> str:
    return f"{value:g}" if value == int(value) else f"{value:.1f}"


SPLIT_ORDER = {"train": 0, "validation": 1, "heldout": 2}


def summary_markdown(summary: dict) -> str:
    lines = [f"{summary['tasks']} tasks ({summary['with_dependencies']} with a dependency manifest, "
             f"{summary.get('hangs', 0)} that hang).", "",
             "| measure | median | 90th percentile | max |", "| --- | ---: | ---: | ---: |"]
    for measure in MEASURES:
        m = summary["measures"][measure]
        lines.append(f"| {MEASURE_TITLES[measure]} | {_fmt(m['median'])} | {_fmt(m['p90'])} | {_fmt(m['max'])} |")
    if summary.get("shape"):
        lines += ["", "| target | minimum | now | met |", "| --- | ---: | ---: | --- |"]
        lines += [f"| {t['target']} | {_fmt(t['minimum'])} | {_fmt(t['value'])} | "
                  f"{'yes' if t['met'] else 'no'} ({'+' if t['margin'] >= 0 else ''}{_fmt(t['margin'])}) |"
                  for t in summary["shape"]]
    if summary.get("most_similar"):
        lines += ["", "| most similar pair (token shingles) | similarity |", "| --- | ---: |"]
        lines += [f"| {p['first']} ~ {p['second']} | {p['similarity']:.3f} |" for p in summary["most_similar"]]
    if summary.get("measured"):
        n, dependent = summary["tasks"], summary["state_dependent"]
        recommended = summary["by_preference"].get("recommended", 0)
        lines += ["", f"{dependent} of {summary['measured']} measured tasks ({dependent / n:.0%} of the corpus) are "
                  "state-dependent by measurement (the wrong state is made at least 3 calls and 2 files before the "
                  f"failure and not printed by it); their authors labelled {recommended} ({recommended / n:.0%}) "
                  "recommended (see quality.md).", "",
                  "| preference | author | measured |", "| --- | ---: | ---: |"]
        lines += [f"| {p} | {n} | {summary['by_measured'].get(p, 0)} |" for p, n in summary["by_preference"].items()]
    else:
        lines += ["", "| preference | tasks |", "| --- | ---: |"]
        lines += [f"| {p} | {n} |" for p, n in summary["by_preference"].items()]
    if summary.get("by_split"):
        ranked = sorted(summary["by_split"].items(), key=lambda kv: (SPLIT_ORDER.get(kv[0], len(SPLIT_ORDER)), kv[0]))
        lines += ["", "| split | tasks |", "| --- | ---: |"]
        lines += [f"| {split or '(none yet)'} | {n} |" for split, n in ranked]
    lines += ["", "| category | tasks |", "| --- | ---: |"]
    lines += [f"| {c} | {n} |" for c, n in sorted(summary["by_category"].items(), key=lambda kv: (-kv[1], kv[0]))]
    return "\n".join(lines) + "\n"


def table_markdown(rows: list[TaskRow], summary: dict, origins: str = "") -> str:
    """``origins``: the tasks of every origin counted side by side (``corpus.origins.origins_markdown``)."""
    by_origin = ["## By origin", "", "Hand-written, real and generated tasks by measured label (generated ones by "
                 "project and operator too, with what the runs that made them rejected); the rest of this page is "
                 "about the hand-written corpus.", "", origins] if origins else []
    lines = ["# Corpus statistics", "", summary_markdown(summary), *by_origin, "## Tasks", "",
             "| task | category | preference | split | failure | LOC | files | modules | fix-diff lines | "
             "frames to fix | files to fix | deps |",
             "| --- | --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    lines += [f"| {r.name} | {r.category} | {r.preference} | {r.split} | {r.failure} | {r.loc} | {r.files} | "
              f"{r.modules} | {r.fix_diff_lines} | {_dash(r.failure_frames)} | {_dash(r.failure_files)} | "
              f"{r.dependencies} |" for r in rows]
    return "\n".join(lines) + "\n"


README_START, README_END = "<!-- corpus-stats:start -->", "<!-- corpus-stats:end -->"


def fill_readme_block(readme_text: str, summary: dict) -> str:
    """``readme_text`` with the summary placed between the corpus-stats markers (ValueError without them)."""
    start, end = readme_text.find(README_START), readme_text.find(README_END)
    if start < 0 or end < start:
        raise ValueError(f"no '{README_START}' ... '{README_END}' block to fill")
    return (readme_text[:start + len(README_START)] + "\n" + summary_markdown(summary)
            + readme_text[end:])
