"""What verification costs, per backend (medians and p95; never asserted in tests).

    .venv/bin/python bench/verify_cost.py [--backends bwrap,docker] [--runs 10] [--out-dir bench/results]

For each run: a sandbox over the tiny counter task, the fix written through the debug service, then
``verify`` twice, in alternating order: once in the warm verifier the sandbox started with it (where the
backend starts one: bwrap) and once cold (a fresh ``python -m pytest`` exec); their whole wall times, and
the host-side steps on their own (reading the model's workspace without following links, the patch,
the patch scan, materializing the fresh workspace), so the rest is the test run in its sandbox process. Writes a Markdown table to bench/results/verify_cost.md (and
.json, through bench/report.py).
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
from corpus.format import load_task  # noqa: E402
from corpus.materialize import materialize  # noqa: E402
from harness import patch_scan  # noqa: E402
from harness.records.observation import ToolCall  # noqa: E402
from harness.sandbox.backends import get_backend  # noqa: E402
from harness.sandbox.backends.base import Limits, SandboxSpec  # noqa: E402
from harness.sandbox.backends.bwrap import BwrapSandbox  # noqa: E402
from harness.verify import collect_changes, fresh_workspace, make_patch, verify  # noqa: E402
from tests.helpers.tasks import BENCH_COUNTER, write_task  # noqa: E402

FIXED = BENCH_COUNTER.correct["counter.py"]

def summary(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"{statistics.median(values):.0f} / {p95:.0f} ms"


def measure(backend_name: str, runs: int, root: Path) -> dict[str, list[float]]:
    task = load_task(write_task(root / backend_name, shape=BENCH_COUNTER))
    backend = get_backend(backend_name)
    out: dict[str, list[float]] = {"verify": [], "cold": [], "host": []}
    try:
        for index in range(runs):
            workspace = materialize(task, root / backend_name / f"ws{index}")
            with backend.start(SandboxSpec(workspace=workspace.path, protected_files=workspace.protected_files,
                                           limits=Limits())) as sandbox:
                sandbox.call(ToolCall("write_file", {"file_path": "counter.py", "content": FIXED}))
                started = time.perf_counter()
                originals = {**task.shared_files, **workspace.buggy_files}
                changes = collect_changes(sandbox.workspace, originals, task.test_files)
                make_patch(originals, changes)
                patch_scan.scan_changes(originals, changes.changed)
                fresh_workspace(task, changes, root / backend_name / f"fresh{index}")
                out["host"].append((time.perf_counter() - started) * 1000)
                warm = sandbox.take_warm_verifier()
                for kind in (("warm", "cold") if index % 2 == 0 else ("cold", "warm")):
                    if kind == "warm":
                        if warm is None or not isinstance(sandbox, BwrapSandbox):
                            continue
                        sandbox.warm_verifier = warm  # handed back: this verify takes it
                    started = time.perf_counter()
                    result = verify(sandbox, workspace, task)
                    out["verify" if kind == "warm" else "cold"].append((time.perf_counter() - started) * 1000)
                    if not result.verified:
                        raise SystemExit(f"the fix did not verify on {backend_name} ({kind}): {result.reason}")
    finally:
        backend.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backends", default="bwrap,docker", help="comma-separated (default %(default)s)")
    parser.add_argument("--runs", type=int, default=10, help="verifications per backend (default %(default)s)")
    add_out_dir(parser)
    args = parser.parse_args()
    run = BenchRun("verify_cost", out_dir=args.out_dir)
    backends = [b.strip() for b in args.backends.split(",") if b.strip()]
    results = {}
    with tempfile.TemporaryDirectory(prefix="stepwise-bench-verify-") as tmp:
        for name in backends:
            results[name] = measure(name, args.runs, Path(tmp))
    table = Table(["measure (median / p95)", *backends])
    table.add("`verify` of a fixed workspace, wall (the default: warm where the backend has it)",
              *(summary(results[b]["verify"] or results[b]["cold"]) for b in backends))
    table.add("`verify`, cold (a fresh pytest exec, as before)", *(summary(results[b]["cold"]) for b in backends))
    table.add("warm ÷ cold (medians)", *(f"{statistics.median(results[b]['verify']) / statistics.median(results[b]['cold']):.2f}"
                                          if results[b]["verify"] else "no warm verifier" for b in backends))
    table.add("its host-side steps (read, patch, scan, fresh workspace)",
              *(summary(results[b]["host"]) for b in backends))
    run.write([table], notes=[f"{args.runs} verifications per backend of a one-function task, fix written first."],
              data=results)


if __name__ == "__main__":
    main()
