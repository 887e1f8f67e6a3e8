"""Writing the corpus statistics to a folder: the per-task table, the summary (with the shape targets
and the most similar pairs) and the plots."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from corpus.mechanisms import MechanismPair, mechanisms_markdown
from corpus.shape import shape_report
from corpus.similarity import SimilarPair
from corpus.stats import TaskRow, summarize, summary_markdown, table_markdown, write_csv
from corpus.stats_plots import plot_distance, plot_fix_diff, plot_labels, plot_size


def full_summary(rows: list[TaskRow], most_similar: Sequence[SimilarPair] = ()) -> dict:
    """``stats.summarize`` with the shape targets and the most similar pairs added."""
    summary = summarize(rows)
    summary["shape"] = shape_report(rows, summary)
    summary["most_similar"] = [pair.to_dict() for pair in most_similar]
    return summary


def write_report(rows: list[TaskRow], out: Path, most_similar: Sequence[SimilarPair] = (),
                 mechanism_pairs: Sequence[MechanismPair] = (), origins: str = "") -> dict[str, Path]:
    """Write the table (CSV + markdown), summary JSON, the judged mechanism pairs and the plots into
    ``out``; returns name -> path. ``origins``: the by-origin table the markdown page shows."""
    out.mkdir(parents=True, exist_ok=True)
    summary = full_summary(rows, most_similar)
    paths = {"csv": out / "tasks.csv", "markdown": out / "tasks.md", "summary_markdown": out / "summary.md",
             "summary": out / "summary.json", "size_plot": out / "size.png", "fix_diff_plot": out / "fix_diff.png",
             "labels_plot": out / "labels.png", "distance_plot": out / "distance.png",
             "mechanisms": out / "mechanisms.md"}
    write_csv(rows, paths["csv"])
    paths["markdown"].write_text(table_markdown(rows, summary, origins), encoding="utf-8")
    paths["summary_markdown"].write_text(summary_markdown(summary), encoding="utf-8")
    paths["summary"].write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    paths["mechanisms"].write_text(mechanisms_markdown(list(mechanism_pairs)), encoding="utf-8")
    plot_size(rows, summary, paths["size_plot"])
    plot_fix_diff(rows, summary, paths["fix_diff_plot"])
    plot_labels(summary, paths["labels_plot"])
    plot_distance(rows, paths["distance_plot"])
    return paths
