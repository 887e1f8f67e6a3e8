"""``python -m harness compare DIR1 DIR2 …`` — several evaluation reports side by side.

Prints a markdown table (one column per model); --out also writes it and the combined plots there.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

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


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m harness compare", description="Put several evaluation reports side by side.")
    p.add_argument("reports", nargs="+", help="eval output folders (or report.json files)")
    p.add_argument("--out", help="folder for comparison.md and the combined PNG plots")
    args = p.parse_args(argv)
    try:
        reports = [readable_report(path) for path in args.reports]
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
