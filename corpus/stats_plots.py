"""The corpus plots (matplotlib, Agg backend: no display needed; imported when a plot is drawn)."""

from __future__ import annotations

from pathlib import Path

from corpus.plotting import pyplot
from corpus.stats import TaskRow


def _integer_ticks():
    from matplotlib.ticker import MaxNLocator

    return MaxNLocator(integer=True)


PREFERENCE_COLORS = {"recommended": "#2a9d8f", "optional": "#e9c46a", "avoid": "#e76f51"}


def _mark(ax, summary: dict, measure: str, unit: str) -> None:
    m = summary["measures"][measure]
    ax.axvline(m["median"], color="black", linestyle="--", linewidth=1, label=f"median {m['median']:g} {unit}")
    ax.axvline(m["p90"], color="grey", linestyle=":", linewidth=1, label=f"90th pct {m['p90']:g} {unit}")
    ax.legend(frameon=False, fontsize=8)


def plot_size(rows: list[TaskRow], summary: dict, path: Path) -> None:
    """Figure-10 style: the LOC distribution, and LOC against file count coloured by preference."""
    fig, (hist, scatter) = pyplot().subplots(1, 2, figsize=(11, 4))
    locs = [r.loc for r in rows]
    hist.hist(locs, bins=min(30, max(5, len(rows) // 3)), color="#457b9d", edgecolor="white")
    _mark(hist, summary, "loc", "LOC")
    hist.yaxis.set_major_locator(_integer_ticks())
    hist.set(xlabel="lines of code per task (non-blank, tests counted)", ylabel="tasks",
             title=f"Task size ({len(rows)} tasks)")
    for preference, color in PREFERENCE_COLORS.items():
        picked = [r for r in rows if r.preference == preference]
        scatter.scatter([r.files for r in picked], [r.loc for r in picked], s=22, alpha=0.75, color=color,
                        label=f"{preference} ({len(picked)})")
    scatter.set(xlabel="files per task (buggy + shared + tests)", ylabel="lines of code", title="LOC by file count")
    scatter.legend(frameon=False, fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    pyplot().close(fig)


def plot_fix_diff(rows: list[TaskRow], summary: dict, path: Path) -> None:
    """Figure-11 style: how many lines the fix changes (added + removed)."""
    fig, ax = pyplot().subplots(figsize=(7, 4))
    values = [r.fix_diff_lines for r in rows]
    # One bar per line count while fixes are short; automatic bins for a long tail.
    bins = [b - 0.5 for b in range(0, max(values, default=0) + 2)] if max(values, default=0) <= 60 else 30
    ax.hist(values, bins=bins, color="#e76f51", edgecolor="white")
    ax.xaxis.set_major_locator(_integer_ticks())
    _mark(ax, summary, "fix_diff_lines", "lines")
    ax.yaxis.set_major_locator(_integer_ticks())
    ax.set(xlabel="fix-diff lines (added + removed, buggy -> correct)", ylabel="tasks",
           title=f"Fix size ({len(rows)} tasks)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    pyplot().close(fig)


def plot_labels(summary: dict, path: Path) -> None:
    """Tasks per category and per preference label."""
    categories = sorted(summary["by_category"].items(), key=lambda kv: kv[1])
    fig, (cat_ax, pref_ax) = pyplot().subplots(1, 2, figsize=(11, max(3.5, 0.3 * len(categories) + 1)),
                                          gridspec_kw={"width_ratios": [2, 1]})
    cat_ax.barh([c for c, _ in categories], [n for _, n in categories], color="#457b9d")
    cat_ax.set(xlabel="tasks", title="Tasks by category")
    cat_ax.xaxis.set_major_locator(_integer_ticks())
    prefs = summary["by_preference"]
    pref_ax.bar(list(prefs), list(prefs.values()), color=[PREFERENCE_COLORS[p] for p in prefs])
    pref_ax.set(ylabel="tasks", title="Debugger preference label")
    pref_ax.yaxis.set_major_locator(_integer_ticks())
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    pyplot().close(fig)


def plot_distance(rows: list[TaskRow], path: Path) -> None:
    """Difficulty you can see: tasks by the calls between the failing test and the fix, stacked by the
    files that path enters (corpus.distance)."""
    measured = [r for r in rows if r.failure_frames is not None]
    frames = list(range(1, max((r.failure_frames for r in rows if r.failure_frames is not None), default=1) + 1))
    groups = [("1 file (the module the test calls)", lambda n: n <= 1, "#a8dadc"),
              ("2 files", lambda n: n == 2, "#457b9d"), ("3+ files", lambda n: n >= 3, "#1d3557")]
    fig, ax = pyplot().subplots(figsize=(7, 4))
    bottom = [0] * len(frames)
    for label, fits, color in groups:
        counts = [sum(1 for r in measured if r.failure_frames == f and fits(r.failure_files or 0)) for f in frames]
        ax.bar(frames, counts, bottom=bottom, color=color, edgecolor="white", label=label)
        bottom = [b + c for b, c in zip(bottom, counts, strict=True)]
    ax.xaxis.set_major_locator(_integer_ticks())
    ax.yaxis.set_major_locator(_integer_ticks())
    unmeasured = len(rows) - len(measured)
    ax.set(xlabel="calls from the failing test to the fixed function", ylabel="tasks",
           title=f"Failure to fix ({len(measured)} tasks" + (f"; {unmeasured} not reached statically)" if unmeasured
                                                              else ")"))
    ax.legend(frameon=False, fontsize=8, title="files entered on the way", title_fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    pyplot().close(fig)
