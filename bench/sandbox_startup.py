"""Sandbox start-up and episode overhead, per backend (medians and p95; never asserted in tests).

    .venv/bin/python bench/sandbox_startup.py [--backends bwrap,docker] [--runs 20] [--parallel 1,2,4]
                                              [--episodes 8] [--out-dir bench/results]

Measures:
- the interpreter's own start-up (``python -c pass``);
- cold start-to-ready of each backend: ``backend.start(spec)`` until its service answered ``open``,
  interleaved with the same service started bare (no sandbox); their paired difference is what the
  sandbox itself costs;
- acquiring a ready sandbox from a warm ``SandboxPool``;
- a trivial 10-turn scripted episode (warm acquire, 10 tool calls, verification, close): its wall
  time, and the harness's overhead = wall time minus the programs it ran (each tool's time inside
  the session, as the service measured it, plus the same pytest run bare on the host);
- episodes per minute with N episodes in parallel.
Writes a Markdown table to bench/results/sandbox_startup.md and the numbers to .json (bench/report.py).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.report import BenchRun, Table, add_out_dir  # noqa: E402
from corpus.format import load_task  # noqa: E402
from corpus.materialize import materialize  # noqa: E402
from harness.records.observation import ToolCall  # noqa: E402
from harness.sandbox.backends import get_backend  # noqa: E402
from harness.sandbox.backends.base import Limits, SandboxSpec  # noqa: E402
from harness.sandbox.client import ServiceClient  # noqa: E402
from harness.sandbox.pool import SandboxPool  # noqa: E402
from harness.verify import verify  # noqa: E402
from tests.helpers.tasks import BENCH_COUNTER, write_task  # noqa: E402

FIXED = BENCH_COUNTER.correct["counter.py"]

REPO = Path(__file__).resolve().parents[1]
SCRIPT = [ToolCall("bash", {"command": "ls"}), ToolCall("bash", {"command": "cat counter.py"}),
          ToolCall("bash", {"command": "grep -n total test_counter.py"}),
          ToolCall("bash", {"command": "wc -l counter.py"}), ToolCall("bash", {"command": "true"}),
          ToolCall("edit_file", {"file_path": "counter.py", "old_string": "values[1:]", "new_string": "values"}),
          ToolCall("bash", {"command": "cat counter.py"}), ToolCall("bash", {"command": "echo checked"}),
          ToolCall("bash", {"command": "true"}), ToolCall("done", {})]


def stats(samples: list[float]) -> dict:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {"median_ms": round(statistics.median(ordered) * 1000, 1), "p95_ms": round(p95 * 1000, 1),
            "n": len(ordered)}


def make_task(root: Path):
    return load_task(write_task(root, shape=BENCH_COUNTER))


def spec_for(workspace, limits: Limits) -> SandboxSpec:
    return SandboxSpec(workspace=workspace.path, arm="dbg", protected_files=workspace.protected_files, limits=limits)


def bench_interpreter(runs: int) -> dict:
    plain = []
    for _ in tqdm(range(runs), desc="python -c pass", leave=False):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        plain.append(time.perf_counter() - started)
    return {"python -c pass": stats(plain)}


def bare_service_s(scratch: str) -> float:
    """The debug service started with no sandbox, until it answered ``open``: the interpreter's own
    start-up for the program every backend runs."""
    started = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-P", "-m", "harness.sandbox.service", "--workspace", scratch],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=scratch,
                               env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"})
    client = ServiceClient(process.stdout.fileno(), process.stdin.fileno())
    client.wait_ready(60)
    client.request({"op": "open", "arm": "dbg", "protected_files": []}, 60)
    elapsed = time.perf_counter() - started
    process.kill()
    process.wait()
    process.stdin.close()
    process.stdout.close()
    return elapsed


def bench_cold(backend, task, root: Path, runs: int, limits: Limits) -> dict:
    """Cold starts interleaved with bare service starts, so load drift on a shared machine cancels
    out of the paired difference."""
    cold, bare, extra = [], [], []
    with tempfile.TemporaryDirectory() as scratch:
        for index in tqdm(range(runs), desc=f"{backend.name} cold start", leave=False):
            bare_s = bare_service_s(scratch)
            workspace = materialize(task, root / f"cold-{backend.name}-{index}")
            started = time.perf_counter()
            sandbox = backend.start(spec_for(workspace, limits))
            cold_s = time.perf_counter() - started
            sandbox.close()
            cold.append(cold_s)
            bare.append(bare_s)
            extra.append(cold_s - bare_s)
    return {"cold start-to-ready": stats(cold), "service start-to-ready, no sandbox": stats(bare),
            "cold start minus bare service": stats(extra)}


def bench_pool(backend, task, root: Path, runs: int, limits: Limits) -> dict:
    samples = []
    with SandboxPool(backend, size=2, limits=limits) as pool:
        for index in tqdm(range(runs), desc=f"{backend.name} warm acquire", leave=False):
            pool.wait_ready(120)
            workspace = materialize(task, root / f"warm-{backend.name}-{index}")
            started = time.perf_counter()
            sandbox = pool.acquire(spec_for(workspace, limits))
            samples.append(time.perf_counter() - started)
            pool.release(sandbox)
    return stats(samples)


def bare_pytest_s(task, root: Path) -> float:
    """The verification's own program, run bare on the host: what any harness would pay."""
    workspace = materialize(task, root / f"bare-{time.monotonic_ns()}")
    (workspace.path / "counter.py").write_text(FIXED)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-P", "-m", "pytest", "-p", "no:cacheprovider", "-q", "--junitxml=report.xml",
                    "test_counter.py"], cwd=workspace.path, capture_output=True,
                   env={"PATH": "/usr/bin:/bin", "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"})
    return time.perf_counter() - started


def episode(pool: SandboxPool, task, root: Path, limits: Limits, label: str) -> tuple[float, float]:
    """(wall seconds, seconds spent inside the tools) for one scripted episode."""
    workspace = materialize(task, root / label)
    started = time.perf_counter()
    sandbox = pool.acquire(spec_for(workspace, limits))
    inside = 0.0
    for call in SCRIPT:
        observation = sandbox.call(ToolCall(call.name, call.arguments))
        inside += observation.duration_ms / 1000
    result = verify(sandbox, workspace, task)
    pool.release(sandbox)
    wall = time.perf_counter() - started
    if not result.verified:
        raise RuntimeError(f"the scripted episode was not verified: {result.reason}\n{result.output}")
    return wall, inside


def bench_episode(backend, task, root: Path, runs: int, limits: Limits) -> dict:
    walls, overheads = [], []
    with SandboxPool(backend, size=2, limits=limits) as pool:
        pool.wait_ready(120)
        for index in tqdm(range(runs), desc=f"{backend.name} 10-turn episode", leave=False):
            pool.wait_ready(120)
            wall, inside = episode(pool, task, root, limits, f"ep-{backend.name}-{index}")
            bare = bare_pytest_s(task, root)
            walls.append(wall)
            overheads.append(wall - inside - bare)
    return {"episode wall": stats(walls), "harness overhead": stats(overheads)}


def bench_parallel(backend, task, root: Path, parallel: int, episodes: int, limits: Limits) -> float:
    with SandboxPool(backend, size=parallel, limits=limits) as pool:
        pool.wait_ready(300)
        started = time.perf_counter()
        with ThreadPoolExecutor(parallel) as workers:
            jobs = [workers.submit(episode, pool, task, root, limits, f"par-{backend.name}-{parallel}-{i}")
                    for i in range(episodes)]
            for job in tqdm(jobs, desc=f"{backend.name} x{parallel}", leave=False):
                job.result()
        elapsed = time.perf_counter() - started
    return round(episodes / elapsed * 60, 1)


def table(results: dict) -> Table:
    out = Table(["measure", "backend", "median", "p95"], align="llrr")
    for name, value in results["floor"].items():
        out.add(name, "host", f"{value['median_ms']} ms", f"{value['p95_ms']} ms")
    for backend, data in results["backends"].items():
        for name in ("service start-to-ready, no sandbox", "cold start-to-ready", "cold start minus bare service",
                     "warm pool acquire", "episode wall", "harness overhead"):
            if name in data:
                out.add(name, backend, f"{data[name]['median_ms']} ms", f"{data[name]['p95_ms']} ms")
        for parallel, rate in data.get("episodes per minute", {}).items():
            out.add(f"episodes/min, {parallel} in parallel", backend, rate, "")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--backends", default="bwrap,docker", help="comma-separated (default %(default)s)")
    parser.add_argument("--runs", type=int, default=20, help="samples per measure (default %(default)s)")
    parser.add_argument("--episode-runs", type=int, default=5, help="scripted episodes timed (default %(default)s)")
    parser.add_argument("--parallel", default="1,2,4", help="parallel episode counts (default %(default)s)")
    parser.add_argument("--episodes", type=int, default=8, help="episodes per parallel measure (default %(default)s)")
    add_out_dir(parser)
    args = parser.parse_args(argv)
    run = BenchRun("sandbox_startup", out_dir=args.out_dir, argv=None if argv is None else [__file__, *argv])
    limits = Limits()
    results = {"floor": bench_interpreter(args.runs), "backends": {}, "load_average": list(os.getloadavg()),
               "cpus": os.cpu_count()}
    skipped: list[str] = []
    with tempfile.TemporaryDirectory(prefix="stepwise-bench-") as scratch:
        root = Path(scratch)
        task = make_task(root / "tasks")
        for name in [b.strip() for b in args.backends.split(",") if b.strip()]:
            try:
                backend = get_backend(name)
            except Exception as exc:  # noqa: BLE001 - report and go on with the others
                print(f"skipping {name}: {exc}", file=sys.stderr)
                skipped.append(f"{name} ({type(exc).__name__}: {exc})")
                continue
            data = bench_cold(backend, task, root, args.runs, limits)
            data["warm pool acquire"] = bench_pool(backend, task, root, args.runs, limits)
            data.update(bench_episode(backend, task, root, args.episode_runs, limits))
            data["episodes per minute"] = {p: bench_parallel(backend, task, root, int(p), args.episodes, limits)
                                           for p in args.parallel.split(",") if p.strip()}
            label = name
            if name == "docker":  # the storage driver decides how long a container takes to start
                label = f"docker ({backend.client.info().get('Driver', '?')})"
            results["backends"][label] = data
            backend.close()
    run.write([table(results)], notes=[
        f"{args.runs} samples per measure, {args.episode_runs} timed 10-turn episodes, {args.episodes} episodes per "
        f"parallel measure ({args.parallel} in parallel); skipped backends: "
        f"{', '.join(skipped) if skipped else 'none'}."], data=results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
