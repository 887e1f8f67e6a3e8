"""The corpus's shape: a per-task table, medians and 90th percentiles, counts by label (the plots are
in ``corpus.stats_plots``, writing it all to a folder in ``corpus.stats_report``)."""

from __future__ import annotations

import csv
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from corpus.figures import task_figures
from corpus.format import PREFERENCES, Task

MEASURES = ("loc", "files", "fix_diff_lines")
MEASURE_TITLES = {"loc": "LOC (tests counted)", "files": "files", "fix_diff_lines": "fix-diff lines"}


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


def task_rows(tasks: list[Task], splits: dict[str, str] | None = None) -> list[TaskRow]:
    splits = splits or {}
    rows = []
    for task in tasks:
        figures = task_figures(task)
        rows.append(TaskRow(task.name, task.category, task.preference, splits.get(task.name, "-"),
                            figures["loc"], figures["files"], figures["fix_diff_lines"], len(task.dependencies)))
    return sorted(rows, key=lambda r: r.name)


def summarize(rows: list[TaskRow]) -> dict:
    """Median, 90th percentile and max of each measure; counts by category, preference and split."""
    summary: dict = {"tasks": len(rows), "measures": {}}
    for measure in MEASURES:
        values = np.array([getattr(r, measure) for r in rows], dtype=float)
        summary["measures"][measure] = (
            {"median": float(np.median(values)), "p90": float(np.percentile(values, 90)), "max": float(values.max())}
            if len(values) else {"median": 0.0, "p90": 0.0, "max": 0.0})
    summary["by_category"] = dict(sorted(Counter(r.category for r in rows).items()))
    summary["by_preference"] = {p: sum(1 for r in rows if r.preference == p) for p in PREFERENCES}
    summary["by_split"] = dict(sorted(Counter(r.split for r in rows).items()))
    summary["with_dependencies"] = sum(1 for r in rows if r.dependencies)
    return summary


def write_csv(rows: list[TaskRow], path: Path) -> None:
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(TaskRow.__dataclass_fields__))
        writer.writeheader()
        writer.writerows(asdict(r) for r in rows)


def _fmt(value: float) -> str:
    return f"{value:g}" if value == int(value) else f"{value:.1f}"


def summary_markdown(summary: dict) -> str:
    lines = [f"{summary['tasks']} tasks ({summary['with_dependencies']} with a dependency manifest).", "",
             "| measure | median | 90th percentile | max |", "| --- | ---: | ---: | ---: |"]
    for measure in MEASURES:
        m = summary["measures"][measure]
        lines.append(f"| {MEASURE_TITLES[measure]} | {_fmt(m['median'])} | {_fmt(m['p90'])} | {_fmt(m['max'])} |")
    lines += ["", "| preference | tasks |", "| --- | ---: |"]
    lines += [f"| {p} | {n} |" for p, n in summary["by_preference"].items()]
    lines += ["", "| category | tasks |", "| --- | ---: |"]
    lines += [f"| {c} | {n} |" for c, n in sorted(summary["by_category"].items(), key=lambda kv: (-kv[1], kv[0]))]
    return "\n".join(lines) + "\n"


def table_markdown(rows: list[TaskRow], summary: dict) -> str:
    lines = ["# Corpus statistics", "", summary_markdown(summary), "## Tasks", "",
             "| task | category | preference | split | LOC | files | fix-diff lines | deps |",
             "| --- | --- | --- | --- | ---: | ---: | ---: | ---: |"]
    lines += [f"| {r.name} | {r.category} | {r.preference} | {r.split} | {r.loc} | {r.files} | "
              f"{r.fix_diff_lines} | {r.dependencies} |" for r in rows]
    return "\n".join(lines) + "\n"


README_START, README_END = "<!-- corpus-stats:start -->", "<!-- corpus-stats:end -->"


def fill_readme_block(readme_text: str, summary: dict) -> str:
    """``readme_text`` with the summary placed between the corpus-stats markers (ValueError without them)."""
    start, end = readme_text.find(README_START), readme_text.find(README_END)
    if start < 0 or end < start:
        raise ValueError(f"no '{README_START}' ... '{README_END}' block to fill")
    return (readme_text[:start + len(README_START)] + "\n" + summary_markdown(summary)
            + readme_text[end:])
