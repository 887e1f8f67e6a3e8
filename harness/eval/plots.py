"""PNG plots of one or several evaluation reports, after the write-up's figures 4, 4b, 5 and 6.

- solve_rate.png (fig. 4): pass@1 per model and arm, bars = mean over runs, dots = single runs.
- debugger_opened.png (fig. 4b): dbg attempts split by whether they opened the debugger, against the
  matched base attempts.
- turns_to_fix.png (fig. 5): median turns to a verified fix over D_both, per arm.
- engagement.png (fig. 6): start rate, and debugger / inspection calls per dbg trajectory.
- edit_relevance.png: edit relevance against start rate, one point per model (the write-up's
  "starts often but shallowly" shows as a point low on the right).
- lift.png: the debugger lift Δ per model with its 95% paired-bootstrap interval.
- cost.png: cost per solved task per model and arm (tokens per solved task when no prices are given).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from corpus.plotting import pyplot
from harness.arms import ARMS

ARM_COLORS = {"base": "#8c8c8c", "dbg": "#2f6db5"}
ARM_LABELS = {"base": "without debugger", "dbg": "with debugger"}


def _labels(reports: Sequence[dict]) -> list[str]:
    return [_short_label(r["model"]) for r in reports]


def _value(v) -> float:
    return float("nan") if v is None else v


def _bars(ax, reports, getter, fmt, width=0.38):
    xs = range(len(reports))
    for i, arm in enumerate(ARMS):
        offs = [x + (i - 0.5) * width for x in xs]
        values = [_value(getter(r, arm)) for r in reports]
        ax.bar(offs, values, width, color=ARM_COLORS[arm], label=ARM_LABELS[arm])
        for x, v in zip(offs, values, strict=True):
            if v == v:  # not NaN
                ax.annotate(fmt(v), (x, v), ha="center", va="bottom",
                            fontsize=8, xytext=(0, 2), textcoords="offset points")
    ax.set_xticks(list(xs), _labels(reports), rotation=15 if len(reports) > 3 else 0)
    ax.set_xlim(-0.6, len(reports) - 0.4)  # room for every model, even one whose bars are all missing
    return xs


def plot_solve_rate(reports: Sequence[dict], path: Path) -> Path:
    fig, ax = pyplot().subplots(figsize=(max(5, 1.8 * len(reports) + 2), 4))
    xs = _bars(ax, reports, lambda r, arm: r["overall"]["arms"][arm]["pass_at_1"], lambda v: f"{100 * v:.0f}%")
    for x, r in zip(xs, reports, strict=True):
        for i, arm in enumerate(ARMS):
            runs = list(r["overall"]["arms"][arm]["pass_at_1_by_run"].values())
            ax.scatter([x + (i - 0.5) * 0.38] * len(runs), runs, color="black", s=10, zorder=3)
    ax.set_ylim(0, 1.22)
    ax.set_ylabel("pass@1 (dots: single runs)")
    ax.set_title("Solve rate with and without the debugger")
    ax.legend(loc="upper center", ncol=2, fontsize=8)
    return _save(fig, path)


def plot_debugger_opened(reports: Sequence[dict], path: Path) -> Path:
    fig, ax = pyplot().subplots(figsize=(max(5, 2.4 * len(reports) + 2), 4.6))
    groups = [("opened", "opened"), ("not_opened", "never opened")]
    width, xs = 0.2, range(len(reports))
    for gi, (key, label) in enumerate(groups):
        for ai, (field, arm) in enumerate((("matched_base_pass_at_1", "base"), ("dbg_pass_at_1", "dbg"))):
            offset = (2 * gi + ai - 1.5) * width
            values = [_value(r["overall"]["debugger_opened_split"][key][field]) for r in reports]
            ax.bar([x + offset for x in xs], values, width, color=ARM_COLORS[arm],
                   alpha=1.0 if key == "opened" else 0.55,
                   label=f"{label}: {'dbg attempts' if arm == 'dbg' else 'matched base attempts'}")
            for x, r in zip(xs, reports, strict=True):
                n = r["overall"]["debugger_opened_split"][key]["attempts"]
                ax.annotate(f"n={n}", (x + offset, 0), ha="center", va="bottom", fontsize=7,
                            xytext=(0, 2), textcoords="offset points")
    ax.set_xticks(list(xs), _labels(reports))
    ax.set_ylim(0, 1.08)
    ax.set_ylabel("pass@1")
    ax.set_title("Did opening the debugger pay off?")
    ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.1), ncol=2)
    return _save(fig, path)


def plot_turns_to_fix(reports: Sequence[dict], path: Path) -> Path:
    fig, ax = pyplot().subplots(figsize=(max(5, 1.8 * len(reports) + 2), 4))
    _bars(ax, reports, lambda r, arm: r["overall"]["turns_to_fix"][arm], lambda v: f"{v:.1f}")
    ax.set_ylabel("median turns to fix (D_both)")
    ax.set_title("Turns to a verified fix, tasks solved in both arms")
    ax.set_ylim(0, ax.get_ylim()[1] * 1.2)
    ax.legend(loc="upper center", ncol=2, fontsize=8)
    return _save(fig, path)


def plot_engagement(reports: Sequence[dict], path: Path) -> Path:
    fig, (left, right) = pyplot().subplots(1, 2, figsize=(max(8, 2.6 * len(reports) + 4), 4))
    xs = list(range(len(reports)))
    rates = [_value(r["overall"]["start_rate"]["rate"]) for r in reports]
    left.bar(xs, rates, 0.5, color=ARM_COLORS["dbg"])
    for x, r, v in zip(xs, reports, rates, strict=True):
        s = r["overall"]["start_rate"]
        left.annotate(f"{100 * v:.0f}% ({s['started']}/{s['trajectories']})" if v == v else "–", (x, v if v == v else 0),
                      ha="center", va="bottom", fontsize=8, xytext=(0, 2), textcoords="offset points")
    left.set_xticks(xs, _labels(reports))
    left.set_ylim(0, 1.1)
    left.set_title("Start rate (dbg trajectories)")
    width = 0.38
    for i, (key, color) in enumerate((("debugger", "#2f6db5"), ("inspection", "#e08a1e"))):
        values = [_value(r["overall"]["arms"]["dbg"]["calls_per_task"][key]) for r in reports]
        right.bar([x + (i - 0.5) * width for x in xs], values, width, color=color, label=f"{key} calls")
    right.set_xticks(xs, _labels(reports))
    right.set_ylabel("calls per dbg trajectory")
    right.set_title("Engagement depth")
    right.legend(fontsize=8)
    return _save(fig, path)


def _short_label(label: str, limit: int = 28) -> str:
    """A model label short enough to sit beside a point (a spec may be a long file path)."""
    return label if len(label) <= limit else "…" + label[-(limit - 1):]


def plot_edit_relevance(reports: Sequence[dict], path: Path) -> Path:
    fig, ax = pyplot().subplots(figsize=(6, 5))
    ax.fill_between([0.5, 1.05], 0, 0.5, color="#f3d9c4", alpha=0.6, zorder=0)
    ax.text(0.98, 0.03, "starts often,\nbut shallowly", ha="right", va="bottom", fontsize=8, color="#8a4b1c")
    missing = []
    for r in reports:
        start = r["overall"]["start_rate"]["rate"]
        relevance = (r["overall"].get("edit_relevance") or {}).get("rate")
        if start is None or relevance is None:
            missing.append(r["model"])
            continue
        ax.scatter([start], [relevance], s=60, color=ARM_COLORS["dbg"], zorder=3)
        scored = r["overall"]["edit_relevance"].get("scored")
        ax.annotate(f"{_short_label(r['model'])} (n={scored})", (start, relevance), fontsize=8,
                    xytext=(5, 5), textcoords="offset points", ha="right" if start > 0.6 else "left")
    if missing:
        ax.text(0.02, 0.97, "no edit relevance: " + ", ".join(map(_short_label, missing)), transform=ax.transAxes,
                fontsize=7, va="top", color="#555555", wrap=True)
    ax.set_xlim(-0.03, 1.05)
    ax.set_ylim(-0.03, 1.05)
    ax.set_xlabel("start rate (dbg trajectories that opened the debugger)")
    ax.set_ylabel("edit relevance (of those, edits linked to an observation)")
    ax.set_title("Opening the debugger vs. using what it showed")
    ax.grid(alpha=0.3)
    return _save(fig, path)


def plot_lift(reports: Sequence[dict], path: Path) -> Path:
    fig, ax = pyplot().subplots(figsize=(max(5, 1.6 * len(reports) + 2), 4))
    xs = list(range(len(reports)))
    for x, r in zip(xs, reports, strict=True):
        lift = r["overall"]["lift"]
        if lift["delta"] is None:
            ax.annotate("no pairs", (x, 0), ha="center", va="bottom", fontsize=8, color="#555555")
            continue
        delta, low, high = (100 * lift[k] for k in ("delta", "ci_low", "ci_high"))
        ax.errorbar([x], [delta], yerr=[[delta - low], [high - delta]], fmt="o", color=ARM_COLORS["dbg"],
                    capsize=6, markersize=7)
        ax.annotate(f"{delta:+.1f} pp\np={lift['mcnemar']['p_value']:.2g}", (x, delta), fontsize=8,
                    xytext=(8, 0), textcoords="offset points", va="center")
    ax.axhline(0, color="#8c8c8c", linewidth=1)
    bounds = [100 * r["overall"]["lift"][k] for r in reports for k in ("ci_low", "ci_high")
              if r["overall"]["lift"]["delta"] is not None]
    ax.set_ylim(min([-10.0, *bounds]) - 5, max([10.0, *bounds]) + 5)
    ax.set_xticks(xs, _labels(reports), rotation=15 if len(reports) > 3 else 0)
    ax.set_xlim(-0.6, len(reports) - 0.4)
    ax.set_ylabel("Δ pass@1, dbg − base (pp)")
    ax.set_title("Debugger lift with its 95% interval")
    return _save(fig, path)


def plot_cost(reports: Sequence[dict], path: Path) -> Path:
    usage = [(r, arm, (r["overall"]["arms"][arm].get("usage") or {})) for r in reports for arm in ARMS]
    priced = any(u.get("cost_per_solved_task") is not None for _, _, u in usage)
    key = "cost_per_solved_task" if priced else "tokens_per_solved_task"
    fig, ax = pyplot().subplots(figsize=(max(5, 1.8 * len(reports) + 2), 4))
    fmt = (lambda v: f"{v:.3g}") if priced else (lambda v: f"{v / 1000:.0f}k" if v >= 1000 else f"{v:.0f}")
    _bars(ax, reports, lambda r, arm: (r["overall"]["arms"][arm].get("usage") or {}).get(key), fmt)
    for x, r in enumerate(reports):  # say why a bar is missing
        for i, arm in enumerate(ARMS):
            u = r["overall"]["arms"][arm].get("usage") or {}
            if u.get(key) is None and u.get("episodes"):
                why = "no fix" if not u.get("solved") else ("no prices" if priced else "no usage")
                ax.annotate(why, (x + (i - 0.5) * 0.38, 0), ha="center", va="bottom", fontsize=7,
                            color="#555555", xytext=(0, 2), textcoords="offset points")
    currencies = {u.get("currency") for _, _, u in usage if u.get("currency")}
    unit = next(iter(currencies)) if len(currencies) == 1 else "mixed currencies"
    ax.set_ylabel(f"cost per solved task ({unit})" if priced else "tokens per solved task")
    ax.set_title("What one fix costs\n(everything the arm spent / its verified attempts)", fontsize=10)
    ax.set_ylim(0, (ax.get_ylim()[1] or 1) * 1.2)
    ax.legend(loc="upper center", ncol=2, fontsize=8)
    return _save(fig, path)


def _save(fig, path: Path) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    pyplot().close(fig)
    return path


def write_plots(reports: Sequence[dict], out_dir: str | Path) -> list[Path]:
    """All seven figures into ``out_dir``; returns their paths."""
    out_dir = Path(out_dir)
    return [
        plot_solve_rate(reports, out_dir / "solve_rate.png"),
        plot_debugger_opened(reports, out_dir / "debugger_opened.png"),
        plot_turns_to_fix(reports, out_dir / "turns_to_fix.png"),
        plot_engagement(reports, out_dir / "engagement.png"),
        plot_edit_relevance(reports, out_dir / "edit_relevance.png"),
        plot_lift(reports, out_dir / "lift.png"),
        plot_cost(reports, out_dir / "cost.png"),
    ]
