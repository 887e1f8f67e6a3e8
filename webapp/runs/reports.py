"""An eval's report and a comparison of several, as the browser shows them: harness.eval's own
markdown (so the page and ``report.md`` never disagree) rendered to HTML with raw HTML escaped, and
its plots (harness.eval.plots) as PNG files in the eval's folder or, for a comparison, a cache folder."""

from __future__ import annotations

import hashlib
import json
import os
import threading
from pathlib import Path

from django.conf import settings
from django.utils.safestring import mark_safe
from markdown_it import MarkdownIt

from harness.eval import plots
from harness.eval.report import pct, pp, render_comparison, render_markdown
from webapp.runs.models import EvalRun

PLOTS = ("solve_rate", "debugger_opened", "turns_to_fix", "engagement", "edit_relevance", "lift", "cost")
_markdown = MarkdownIt("commonmark", {"html": False}).enable("table")


def markdown_html(text: str):
    """Markdown as HTML; raw HTML in it (a model name, a reason) is shown as text, never run."""
    return mark_safe(_markdown.render(text))  # noqa: S308 - html is off: every tag in the text is escaped


class ReportShapeError(ValueError):
    """A stored report (an imported one) lacks a field the page needs."""


def _rendered(render, *args, what: str, **kwargs) -> str:
    try:
        return render(*args, **kwargs)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise ReportShapeError(f"{what} has a missing or mistyped field ({type(exc).__name__}: {exc}); import its "
                               "folder again after 'python -m harness eval --out DIR' rewrote it") from None


def report_html(report: dict, *, name: str = "the report"):
    text = _rendered(render_markdown, report, what=name)
    return markdown_html(text.split("\n## Plots\n")[0])


def report_plots(eval_run: EvalRun) -> list[str]:
    """The names of the plots written next to the report."""
    folder = Path(eval_run.out_dir) if eval_run.out_dir else None
    return [name for name in PLOTS if folder is not None and (folder / f"{name}.png").is_file()]


def report_plot_path(eval_run: EvalRun, name: str) -> Path | None:
    if name not in PLOTS or not eval_run.out_dir:
        return None
    path = Path(eval_run.out_dir) / f"{name}.png"
    return path if path.is_file() else None


def comparison_html(runs: list[EvalRun]):
    for run in runs:
        _rendered(render_comparison, [run.report], what=f"the report of {run.name!r}")
    return markdown_html(render_comparison([run.report for run in runs], title=None))


def comparison_folder(runs: list[EvalRun]) -> Path:
    """Where the comparison's plots are kept (a cache under VAR_DIR/compare, one folder per set of reports)."""
    digest = hashlib.sha256(json.dumps([run.report for run in runs], sort_keys=True, default=str).encode()).hexdigest()
    return Path(settings.VAR_DIR) / "compare" / digest[:20]


_drawing = threading.Lock()


def comparison_plot(runs: list[EvalRun], name: str) -> Path:
    """One comparison plot, drawn on its first request. The page's seven images arrive at once: each
    request draws only its own figure (drawing all seven on every miss was 5-7 s per opening), and
    writes it under a temporary name first so a concurrent request never reads half a file."""
    path = comparison_folder(runs) / f"{name}.png"
    if path.is_file():
        return path
    with _drawing:  # pyplot is not thread-safe; and a request that waited finds the figure drawn
        if not path.is_file():
            draft = path.with_name(f".{name}.{os.getpid()}.{threading.get_ident()}.png")
            getattr(plots, f"plot_{name}")([run.report for run in runs], draft)
            os.replace(draft, path)
    return path


def headline(report: dict) -> dict:
    """The few numbers the list of evals shows; dashes where an imported report lacks them."""
    try:
        overall = report["overall"]
        return {"size": f"{len(report['tasks'])} × {report['runs']}", "base": pct(overall["arms"]["base"]["pass_at_1"]),
                "dbg": pct(overall["arms"]["dbg"]["pass_at_1"]), "delta": pp(overall["lift"]["delta"])}
    except (KeyError, TypeError, ValueError):
        return {"size": "–", "base": "–", "dbg": "–", "delta": "–"}
