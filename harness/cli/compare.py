"""``python -m harness compare DIR1 DIR2 …`` — several evaluation reports side by side.

Prints a markdown table (one column per model); --out also writes it and the combined plots there.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from harness.eval.plots import write_plots
from harness.eval.report import ReportError, load_report, render_comparison


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m harness compare", description="Put several evaluation reports side by side.")
    p.add_argument("reports", nargs="+", help="eval output folders (or report.json files)")
    p.add_argument("--out", help="folder for comparison.md and the combined PNG plots")
    args = p.parse_args(argv)
    try:
        reports = [load_report(path) for path in args.reports]
    except ReportError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    text = render_comparison(reports)
    if args.out:
        out = Path(args.out)
        plots = write_plots(reports, out)
        text += "\n" + "\n".join(f"![{p.stem}]({p.name})" for p in plots) + "\n"
        (out / "comparison.md").write_text(text, encoding="utf-8")
    sys.stdout.write(text)
    return 0
