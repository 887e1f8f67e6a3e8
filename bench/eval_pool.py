"""An evaluation's episodes with a warm SandboxPool against cold starts, in one run (medians; never
asserted in tests).

    .venv/bin/python bench/eval_pool.py [--split heldout] [--backend bwrap] [--rounds 2] [--debugger]
                                        [--modes pool,cold,no-warm-start] [--out-dir bench/results]

Every task of the split is played in the dbg arm by a scripted policy (the tests once with bash, then
done, so verification runs; with ``--debugger`` also ``start_debugger`` on the task's first test file
between the two, the three pytest processes of a debugging episode), alternately from a ``SandboxPool`` (``harness eval``'s default) and
from the bare backend (a cold start per episode), ``--rounds`` times. Reported: the median and p95
wall time of one episode (``run_episode`` end to end) and the total per mode, and their ratio; for the
hang tasks, their median and how many were not verified again because nothing had changed (the known
hang is the verdict: the verifier's hang limit is not spent on it).
Tasks with a dependency manifest are served cold by the pool too; they are counted apart. The mode
``no-warm-start`` is the pool without the warm start (bwrap: no warm verifier, no debugger interpreter
prepared ahead; ``BwrapBackend(warm_start=False)``), as episodes ran before either existed. Writes
bench/results/eval_pool.md and .json (bench/report.py).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.report import BenchRun, Table, add_out_dir  # noqa: E402
from corpus.format import TASKS_DIR, load_tasks  # noqa: E402
from corpus.splits import tasks_in_split  # noqa: E402
from harness.episode import run_episode  # noqa: E402
from harness.episode.result import SKIPPED  # noqa: E402
from harness.policies import make_policy  # noqa: E402
from harness.pytest_files import pytest_targets  # noqa: E402
from harness.sandbox.backends import get_backend  # noqa: E402
from harness.sandbox.pool import SandboxPool  # noqa: E402

TEST_RUN = {"name": "bash", "arguments": {"command": "python -m pytest -q -x 2>&1 | tail -3"}}


def script_for(tasks, *, debugger: bool) -> dict:
    """The scripted episode: the tests with bash (then ``done``); with ``debugger``, per task, also
    ``start_debugger`` on its first test file."""
    if not debugger:
        return {"tool_calls": [TEST_RUN]}
    return {"tool_calls": [TEST_RUN], "tasks": {
        task.name: {"tool_calls": [TEST_RUN, {"name": "start_debugger",
                                              "arguments": {"file": pytest_targets(task.test_files)[0]}}]}
        for task in tasks if task.test_files}}


def stats(samples: list[float]) -> dict:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {"median_ms": round(statistics.median(ordered) * 1000), "p95_ms": round(p95 * 1000),
            "total_s": round(sum(ordered), 1), "n": len(ordered)}


LABELS = {"pool": "warm `SandboxPool` with the warm start (eval default)",
          "no-warm-start": "`SandboxPool` without the warm start (as before it)",
          "cold": "cold start per episode"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--split", default="heldout")
    parser.add_argument("--backend", default="bwrap")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--debugger", action="store_true", help="start the debugger once per episode too")
    parser.add_argument("--modes", default="pool,cold",
                        help="comma-separated: pool, cold, no-warm-start (the pool without the warm start; bwrap)")
    add_out_dir(parser)
    args = parser.parse_args()
    modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    unknown = sorted(set(modes) - set(LABELS))
    if unknown or not modes:
        parser.error(f"--modes: {', '.join(unknown) or 'none given'}; pick from {', '.join(LABELS)}")
    if "no-warm-start" in modes and args.backend != "bwrap":
        parser.error("--modes no-warm-start is for the bwrap backend (the one with a warm start)")
    run = BenchRun("eval_pool", out_dir=args.out_dir)
    tasks = load_tasks(TASKS_DIR, list(tasks_in_split(args.split)))
    with tempfile.TemporaryDirectory(prefix="stepwise-bench-pool-") as tmp:
        script = Path(tmp) / "script.json"
        script.write_text(json.dumps(script_for(tasks, debugger=args.debugger)))
        policy = make_policy(f"script:{script}")
        backend = get_backend(args.backend)
        sources: dict[str, object] = {"cold": backend}
        pools = []
        if "pool" in modes:
            pools.append(pool := SandboxPool(backend, size=2))
            sources["pool"] = pool
        if "no-warm-start" in modes:
            plain = get_backend(args.backend, warm_start=False)
            pools.append(pool := SandboxPool(plain, size=2))
            sources["no-warm-start"] = pool
        for pool in pools:
            pool.wait_ready(60)
        times: dict[str, list[float]] = {mode: [] for mode in modes}
        hangs: dict[str, list[float]] = {mode: [] for mode in modes}  # the hang tasks' episodes
        skipped = dict.fromkeys(modes, 0)  # hang episodes whose verification was skipped (workspace unchanged)
        with_deps = sum(1 for task in tasks if task.dependencies)
        verified = dict.fromkeys(modes, 0)
        jobs = [(r, task, mode) for r in range(args.rounds) for i, task in enumerate(tasks)
                for mode in (modes if (r + i) % 2 == 0 else modes[::-1])]  # the order alternates
        for r, task, mode in tqdm(jobs, desc="episodes", file=sys.stderr):
            started = time.perf_counter()
            result = run_episode(task, policy, arm="dbg", backend=sources[mode],  # pyright: ignore[reportArgumentType]
                                 max_turns=4 if args.debugger else 3,
                                 out=Path(tmp) / mode / f"{task.name}-{r}.json").result
            times[mode].append(time.perf_counter() - started)
            verified[mode] += bool(result.exit_reason == "done")
            if task.hangs:
                hangs[mode].append(times[mode][-1])
                skipped[mode] += result.extra.get("verification") == SKIPPED
        for pool in pools:
            pool.close()
        backend.close()
    results = {mode: stats(samples) for mode, samples in times.items()}
    n = len(next(iter(times.values())))
    table = Table(["episodes from", "median ms", "p95 ms", f"total s ({n} episodes)"], align="lrrr")
    for mode in modes:
        r = results[mode]
        table.add(LABELS[mode], r["median_ms"], r["p95_ms"], r["total_s"])
    hang_table = Table(["hang tasks, episodes from", "median ms", "verification skipped (nothing changed)"],
                       align="lrr")
    for mode in modes:
        if hangs[mode]:
            hang_table.add(LABELS[mode], stats(hangs[mode])["median_ms"], f"{skipped[mode]} of {len(hangs[mode])}")
    ratios = {f"{mode} / {modes[0]}": results[mode]["median_ms"] / max(1, results[modes[0]]["median_ms"])
              for mode in modes[1:]}
    run.write([table, *([hang_table] if hang_table.rows else [])], notes=[
        f"{len(tasks)} {args.split} tasks ({with_deps} with dependencies, cold in every mode), {args.rounds} "
        f"rounds, backend {args.backend}, {'test run + start_debugger + done' if args.debugger else 'test run + done'}"
        "; episodes that ended with `done`: " + ", ".join(f"{verified[m]} {m}" for m in modes) + ". Median ratios: "
        + ", ".join(f"{name} **{value:.2f}×**" for name, value in ratios.items()) + "."],
        data={"results": results, "ratios": ratios, "tasks": len(tasks), "with_dependencies": with_deps,
              "finished": verified, "debugger": args.debugger, "modes": modes,
              "hang_episodes": {mode: stats(v) for mode, v in hangs.items() if v}, "verification_skipped": skipped})
    return 0


if __name__ == "__main__":
    sys.exit(main())
