"""How fast the bug generator plants and validates bugs, with 1 and 2 workers (never asserted in tests).

    .venv/bin/python bench/generate_speed.py [--repo DIR] [--candidates 60] [--sandbox bwrap] [--out-dir bench/results]

Runs ``corpus generate`` over one repository (default: the small ledger project the tests use) with the
same seed and candidate budget, once per worker count, and reports candidates and kept tasks per minute
and where the time goes: the baseline run (the environment's first use), linking each candidate's
workspace, plain test runs, and traced runs. Results through bench/report.py.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.report import BenchRun, Table, add_out_dir  # noqa: E402
from validation.generate.pipeline import Options, generate  # noqa: E402

LEDGER = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "repos" / "ledger"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repo", type=Path, default=LEDGER)
    parser.add_argument("--candidates", type=int, default=60)
    parser.add_argument("--workers", default="1,2")
    parser.add_argument("--sandbox", default="bwrap")
    add_out_dir(parser)
    args = parser.parse_args(argv)
    run = BenchRun("generate_speed", out_dir=args.out_dir, argv=argv)
    speed = Table(["workers", "candidates", "kept", "wall s", "candidates / min", "kept / min", "kept / hour"],
                  align="rrrrrrr", title="Throughput")
    shares = Table(["workers", "baseline", "workspaces", "test runs", "traced runs", "state measure", "other"],
                   align="rrrrrrr",
                   title="Where the time goes (share of worker time)")
    data = []
    for workers in [int(n) for n in args.workers.split(",")]:
        with tempfile.TemporaryDirectory(prefix="stepwise-bench-generate-") as out:
            report = generate(Options(repo=args.repo, out=Path(out), seed=1, max_tasks=args.candidates,
                                      max_candidates=args.candidates, workers=workers, sandbox=args.sandbox))
        tried, kept, wall = sum(report.outcomes.values()), report.outcomes["kept"], report.wall_s
        speed.add(workers, tried, kept, f"{wall:.1f}", f"{tried / wall * 60:.1f}", f"{kept / wall * 60:.1f}",
                  f"{kept / wall * 3600:.0f}")
        busy = wall * workers
        seconds = report.seconds
        spent = sum(seconds.values())
        shares.add(workers, *(f"{seconds.get(k, 0.0) / busy:.0%}" for k in ("baseline", "workspace", "tests", "tracing", "confirm")),
                   f"{max(0.0, busy - spent) / busy:.0%}")
        data.append(report.to_dict())
    notes = [f"Repository: `{args.repo.name}` ({len(data) and data[0]['baseline_tests']} passing tests), seed 1, "
             f"{args.candidates} candidates per run, `{args.sandbox}` sandbox."]
    run.write([speed, shares], notes=notes, data=data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
