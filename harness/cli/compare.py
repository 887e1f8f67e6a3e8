"""``python -m harness compare DIR1 DIR2 …`` — several evaluation reports side by side.

Prints a markdown table (one column per model); --out also writes it and the combined plots there.
Inspect AI logs of the ``stepwise/debug_repair`` task (``.eval``, or ``export-inspect`` output) may be
given instead of report folders: their trajectories are grouped by model into one report each, the
Inspect epoch being the run, so a ``-T arm=dbg`` log and a ``-T arm=base`` log of one model give the
paired Δ pass@1 with its bootstrap CI.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from harness.eval.metrics import EpisodeOutcome, outcome_from_trajectory
from harness.eval.plots import write_plots
from harness.eval.report import ReportError, load_report, render_comparison

# What a report.json edited by hand (or cut short) breaks in the table.
SHAPE_ERRORS = (KeyError, TypeError, ValueError, AttributeError, IndexError)


def readable_report(path: str) -> dict:
    """``load_report``, plus a trial render, so a report with a missing or mistyped field is named."""
    report = load_report(path)
    try:
        render_comparison([report])
    except SHAPE_ERRORS as exc:
        raise ReportError(f"{path}: the report has a missing or mistyped field ({type(exc).__name__}: {exc}); "
                          "write it again with 'python -m harness eval --out DIR' (a rerun plays nothing new)") from None
    return report


def reports_from_inspect_logs(paths: list[Path]) -> list[dict]:
    """One report per model over the trajectories of these Inspect logs; raises ReportError naming the
    log when a log cannot be read, holds a sample without a trajectory, or repeats another's episode."""
    from harness.eval.report import build_report
    from harness.interop.inspect_log import log_trajectories, model_of
    from harness.trajectory import Trajectory, TrajectoryError

    by_model: dict[str, dict[tuple, tuple[Path, EpisodeOutcome]]] = {}
    docs_of: dict[str, list[Trajectory]] = {}
    for path in paths:
        try:
            samples = log_trajectories(path)
        except TrajectoryError as exc:
            raise ReportError(str(exc)) from None
        for sample in samples:
            doc, trajectory = sample.document, sample.trajectory
            if doc is None or trajectory is None:
                raise ReportError(f"{path}: {sample.error}")
            outcome = outcome_from_trajectory(doc, run=sample.epoch)
            key = (outcome.task, outcome.arm, outcome.run)
            cells = by_model.setdefault(model_of(trajectory), {})
            if key in cells:
                raise ReportError(f"{path}: task {key[0]}, arm {key[1]}, epoch {key[2]} is also in {cells[key][0]}; "
                                  "give one log per arm for each model")
            cells[key] = (path, outcome)
            docs_of.setdefault(model_of(trajectory), []).append(trajectory)
    reports = []
    for model, cells in by_model.items():
        outcomes = [outcome for _, outcome in cells.values()]
        arms = sorted({o.arm for o in outcomes})
        if len(arms) < 2:
            print(f"note: {model} has only arm {arms[0]} in these logs; give its other arm's log for the paired Δ",
                  file=sys.stderr)
        played = docs_of[model]
        splits = {t.split for t in played}
        reports.append(build_report(outcomes, model=model, split=splits.pop() if len(splits) == 1 else None,
                                    runs=max(o.run for o in outcomes),
                                    max_turns=max(int(t.max_turns or 0) for t in played),
                                    sandbox=played[0].sandbox or None))
    return reports


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m harness compare", description="Put several evaluation reports side by side.")
    p.add_argument("reports", nargs="+", help="eval output folders (or report.json files), or Inspect logs")
    p.add_argument("--out", help="folder for comparison.md and the combined PNG plots")
    args = p.parse_args(argv)
    try:
        from harness.interop.inspect_log import is_inspect_log

        logs = [Path(path) for path in args.reports if is_inspect_log(Path(path))]
        reports = [readable_report(path) for path in args.reports if Path(path) not in logs]
        reports += reports_from_inspect_logs(logs) if logs else []
    except ReportError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    text = render_comparison(reports)
    if args.out:
        out = Path(args.out)
        if out.exists() and not out.is_dir():
            print(f"error: --out {out} is a file; give a folder for comparison.md and the plots", file=sys.stderr)
            return 2
        plots = write_plots(reports, out)
        text += "\n" + "\n".join(f"![{p.stem}]({p.name})" for p in plots) + "\n"
        (out / "comparison.md").write_text(text, encoding="utf-8")
    sys.stdout.write(text)
    return 0
