"""What scoring a trajectory costs (pdb_policy_v1 + edit relevance), against what every stored
trajectory already pays: parsing its JSON and checking it against the stepwise.trajectory/1 schema.

    .venv/bin/python bench/scoring_speed.py [--repeat 300] [--out-dir bench/results]

Documents: the tests' clean 9-step debugger fix, and a 50-step one (the eval's default budget) that
reads, breaks, steps and inspects in a loop before its edit, both with the task's source known (edits
replayed and placed by line) and without it; each as a dict (read and checked by the scorer every
time, as `harness score` reads a file) and as a ``Trajectory`` loaded once (as an eval, GRPO and the
web app hold it). GRPO scores every episode, so this is the per-episode
price of the reward. Writes bench/results/scoring_speed.md and .json
(bench/report.py). Not a test: numbers depend on the machine; run it when the machine is quiet.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.report import BenchRun, Table, add_out_dir  # noqa: E402
from harness.scoring import TaskMeta, score_trajectory  # noqa: E402
from harness.trajectory import Trajectory as Loaded  # noqa: E402
from harness.trajectory import validation_errors  # noqa: E402
from tests.harness.scoring.builders import Trajectory, clean, task_meta  # noqa: E402


def long_trajectory() -> dict:
    t = Trajectory()
    t.bash("wc -l -c stats_window.py report.py", "  15 390 stats_window.py\n  10 190 report.py")
    t.read("stats_window.py", 1, 15).read("report.py", 1, 10)
    t.start().breakpoint("stats_window.py", 9).breakpoint("report.py", 6)
    while len(t.steps) < 44:
        t.hit("report.py", 6, "smoothed").print_variable("window", "2")
        t.hit("stats_window.py", 9, "add").examine_locals(value="6", avg="<RunningAverage>")
        t.hit("stats_window.py", 10, "add", tool="step_over").print_variable("self.values", "[1, 2, 6]")
    t.edit().pytest().done()
    return t.doc()


def timed(fn, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        out.append((time.perf_counter() - started) * 1000)
    return out


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=300)
    add_out_dir(parser)
    args = parser.parse_args()
    run = BenchRun("scoring_speed", out_dir=args.out_dir)
    rows = []
    for name, doc in (("clean fix, 9 steps", clean().doc()), ("loop, 50 steps", long_trajectory())):
        text = json.dumps(doc)
        loaded = Loaded.from_json(doc)  # read once, as an eval, GRPO or the web app holds it
        cases = {
            "parse + schema check (reference)": lambda t=text: validation_errors(json.loads(t)),
            "score, task source known": lambda d=doc: score_trajectory(d, task_meta()),
            "score, header only": lambda d=doc: score_trajectory(d, TaskMeta.from_document(d)),
            "score a loaded Trajectory, task source known": lambda t=loaded: score_trajectory(t, task_meta()),
        }
        for fn in cases.values():
            fn()  # warm caches and imports
        results = {label: timed(fn, args.repeat) for label, fn in cases.items()}
        reference = statistics.median(results["parse + schema check (reference)"])
        for label, values in results.items():
            median = statistics.median(values)
            rows.append({"document": name, "case": label, "median_ms": round(median, 3),
                         "p95_ms": round(percentile(values, 0.95), 3), "ratio": round(median / reference, 2)})
    table = Table(["document", "case", "median ms", "p95 ms", "× reference"], align="llrrr")
    for r in rows:
        table.add(r["document"], r["case"], f"{r['median_ms']:.2f}", f"{r['p95_ms']:.2f}", f"{r['ratio']:.1f}")
    run.write([table], notes=[f"{args.repeat} timings per case; reference = parsing the document's JSON and "
                              "checking it against the stepwise.trajectory/1 schema."], data=rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
