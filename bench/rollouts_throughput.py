"""Synthetic rollouts per minute with a scripted teacher: a warm SandboxPool against a cold start per
episode, in one run (medians; never asserted in tests).

    .venv/bin/python bench/rollouts_throughput.py [--rounds 3] [--workers 2] [--backend bwrap] [--out-dir bench/results]

Each round runs ``run_rollouts`` twice over the same training tasks, once with a ``SandboxPool``
(``workers`` + 1 warm sandboxes, what ``python -m training rollouts`` uses) and once with the bare
backend (a cold sandbox start per episode), the order alternating between rounds. The teacher is the
tests' four scripted candidates per task (a blind fix, done without a fix, the debugger misused, a
clean fix, in that order, so every candidate is played and scored). Reported per mode: the median
wall time of a run, candidate episodes per minute and tasks per minute; and the cold / warm ratio, on
the medians and as the median of each round's own ratio (both runs of a round see the same load).
Writes bench/results/rollouts_throughput.md and .json (bench/report.py).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.report import BenchRun, Table, add_out_dir  # noqa: E402
from harness.sandbox.backends import get_backend  # noqa: E402
from harness.sandbox.pool import SandboxPool  # noqa: E402
from training.rollouts import RolloutConfig, run_rollouts  # noqa: E402

TEACHERS = Path(__file__).resolve().parents[1] / "tests" / "training" / "data" / "fixtures" / "teachers"
CANDIDATES = ("blind_fix", "done_without_fix", "debugger_misuse", "clean")
TASKS = ("bulk_upload_batches", "sensor_summary_reuse", "catalog_page_count")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--backend", default="bwrap")
    add_out_dir(parser)
    args = parser.parse_args()
    run = BenchRun("rollouts_throughput", out_dir=args.out_dir)
    teachers = [f"script:{TEACHERS / name}.json" for name in CANDIDATES]
    backend = get_backend(args.backend)
    walls: dict[str, list[float]] = {"pool": [], "cold": []}
    episodes = kept = 0
    with tempfile.TemporaryDirectory(prefix="stepwise-bench-rollouts-") as tmp:
        for r in range(args.rounds):
            for mode in ("pool", "cold") if r % 2 == 0 else ("cold", "pool"):
                source = SandboxPool(backend, size=args.workers + 1) if mode == "pool" else backend
                if mode == "pool":
                    source.wait_ready(60)  # a pool is started once per run; its start is not the rollouts'
                started = time.perf_counter()
                result = run_rollouts(RolloutConfig(teachers=teachers, out=Path(tmp) / f"{mode}-{r}", tasks=TASKS,
                                                    best_of=len(CANDIDATES), workers=args.workers, pool=source,
                                                    progress_bar=False))
                walls[mode].append(time.perf_counter() - started)
                if mode == "pool":
                    source.close()
                episodes, kept = result.summary.played, result.summary.kept
                print(f"round {r + 1} {mode}: {walls[mode][-1]:.1f} s", file=sys.stderr)
    backend.close()
    results = {}
    for mode, samples in walls.items():
        median = statistics.median(samples)
        results[mode] = {"median_s": round(median, 2), "min_s": round(min(samples), 2), "runs": len(samples),
                         "episodes_per_min": round(episodes / median * 60, 1),
                         "tasks_per_min": round(len(TASKS) / median * 60, 1)}
    ratio = results["cold"]["median_s"] / results["pool"]["median_s"]
    # The two runs of a round share the machine's load at the time; their ratio is the steadier figure.
    paired = statistics.median(c / w for c, w in zip(walls["cold"], walls["pool"], strict=True))
    table = Table(["sandboxes", "median s a run", "rollout episodes / min", "tasks / min"], align="lrrr")
    for mode, label in (("pool", f"warm `SandboxPool` ({args.workers} + 1)"), ("cold", "cold start per episode")):
        row = results[mode]
        table.add(label, row["median_s"], row["episodes_per_min"], row["tasks_per_min"])
    run.write([table], notes=[
        f"{len(TASKS)} train tasks × {len(CANDIDATES)} scripted candidates = {episodes} episodes a run ({kept} kept), "
        f"{args.workers} workers, backend {args.backend}, {args.rounds} rounds. Cold / warm: **{ratio:.2f}×** on the "
        f"medians, {paired:.2f}× the median of the rounds' own ratios."],
        data={"results": results, "ratio": ratio, "paired_ratio": paired, "episodes": episodes, "kept": kept})
    return 0


if __name__ == "__main__":
    sys.exit(main())
