"""Writing the corpus statistics to a folder: the per-task table, the summary and the plots."""

from __future__ import annotations

import json
from pathlib import Path

from corpus.stats import TaskRow, summarize, summary_markdown, table_markdown, write_csv
from corpus.stats_plots import plot_fix_diff, plot_labels, plot_size


def write_report(rows: list[TaskRow], out: Path) -> dict[str, Path]:
    """Write the table (CSV + markdown), summary JSON and the plots into ``out``; returns name -> path."""
    out.mkdir(parents=True, exist_ok=True)
    summary = summarize(rows)
    paths = {"csv": out / "tasks.csv", "markdown": out / "tasks.md", "summary_markdown": out / "summary.md",
             "summary": out / "summary.json", "size_plot": out / "size.png", "fix_diff_plot": out / "fix_diff.png",
             "labels_plot": out / "labels.png"}
    write_csv(rows, paths["csv"])
    paths["markdown"].write_text(table_markdown(rows, summary), encoding="utf-8")
    paths["summary_markdown"].write_text(summary_markdown(summary), encoding="utf-8")
    paths["summary"].write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    plot_size(rows, summary, paths["size_plot"])
    plot_fix_diff(rows, summary, paths["fix_diff_plot"])
    plot_labels(summary, paths["labels_plot"])
    return paths
