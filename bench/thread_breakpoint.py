"""What the debugger costs a worker thread's lines, against the main thread's (medians; never asserted in tests).

    .venv/bin/python bench/thread_breakpoint.py [--rounds 7] [--iterations 30000] [--out-dir bench/results]

Every thread the program starts is traced by a debugger of its own (harness/debugger/stepwise_threads.py),
so a breakpoint fires in whichever thread runs its line. The aim: a thread's lines cost no more than twice
the main thread's under the debugger. One program runs the same loop (a call and a never-true test per
iteration: four line events) first in the main thread, then in a worker thread (the order alternates round
by round), and times each inside the program with ``time.perf_counter``, so no debugger call is counted:
- without the debugger (``python`` itself), the baseline;
- under ``DebugSession`` with a breakpoint elsewhere (a function of another file that never runs): the
  loop's frames are not traced line by line, each call is seen;
- under ``DebugSession`` with a breakpoint inside the loop (on a line it never reaches): every line of
  the loop goes through the debugger's trace function, in either thread.
The overhead is the time above the baseline per line event; the table gives it for both threads and the
thread ÷ main ratio, and, for scale, raw ``python -m pdb``'s in the main thread (it never traces threads). Writes bench/results/thread_breakpoint.md (and .json, through bench/report.py).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.report import BenchRun, Table, add_out_dir  # noqa: E402
from harness.session import DebugSession  # noqa: E402

LINES_PER_ITERATION = 4  # the for line, the assignment, add's return, the if
PROGRAM = '''import json
import threading
import time

import elsewhere

ITERATIONS = {iterations}
MAIN_FIRST = {main_first}


def add(total, value):
    return total + value


def spin(n):
    total = 0
    for i in range(n):
        total = add(total, i)
        if total < 0:
            elsewhere.never()  # line 20: the breakpoint "in the loop" (never reached)
    return total


def timed(n):
    began = time.perf_counter()
    spin(n)
    return time.perf_counter() - began


def in_thread(n):
    box = []
    worker = threading.Thread(target=lambda: box.append(timed(n)), name="worker")
    worker.start()
    worker.join()
    return box[0]


if MAIN_FIRST:
    main_s = timed(ITERATIONS)
    thread_s = in_thread(ITERATIONS)
else:
    thread_s = in_thread(ITERATIONS)
    main_s = timed(ITERATIONS)
with open("times.json", "w") as out:
    json.dump({{"main": main_s, "thread": thread_s}}, out)
'''
ELSEWHERE = "def never():\n    return None  # line 2: the breakpoint \"elsewhere\" (never reached)\n"
LOOP_LINE = 20
TOOL_TIMEOUT_S = 300.0  # a traced run on a loaded machine takes seconds: never interrupted
BREAKPOINTS = {"elsewhere": ("elsewhere.py", 2), "in the loop": ("program.py", LOOP_LINE)}


def write_program(workspace: Path, iterations: int, main_first: bool) -> None:
    (workspace / "program.py").write_text(PROGRAM.format(iterations=iterations, main_first=main_first))
    assert (workspace / "program.py").read_text().splitlines()[LOOP_LINE - 1].strip().startswith("elsewhere.never()")


def times(workspace: Path) -> dict[str, float]:
    path = workspace / "times.json"
    found = json.loads(path.read_text())
    path.unlink()
    return found


def without_debugger(workspace: Path) -> dict[str, float]:
    subprocess.run([sys.executable, "program.py"], cwd=workspace, check=True, capture_output=True)
    return times(workspace)


def under_debugger(workspace: Path, where: str) -> dict[str, float]:
    file, line = BREAKPOINTS[where]
    with DebugSession(workspace, tool_timeout_s=TOOL_TIMEOUT_S) as session:
        session.call("start_debugger", {"file": "program.py"})
        placed = session.call("add_breakpoint", {"file": file, "line": line})
        assert not placed.error, placed.text
        ended = session.call("continue_execution")
        assert "ran to its end" in ended.text, ended.text
    return times(workspace)


def raw_pdb(workspace: Path, where: str) -> dict[str, float]:
    """``python -m pdb`` with the same breakpoint, continued once: it traces the main thread only."""
    file, line = BREAKPOINTS[where]
    subprocess.run([sys.executable, "-m", "pdb", "program.py"], cwd=workspace, check=True, capture_output=True,
                   input=f"break {file}:{line}\ncontinue\nquit\n", text=True)
    return times(workspace)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--iterations", type=int, default=30_000)
    add_out_dir(parser)
    args = parser.parse_args()
    run = BenchRun("thread_breakpoint", out_dir=args.out_dir)
    kinds = ["no debugger", *BREAKPOINTS]
    samples: dict[str, dict[str, list[float]]] = {kind: {"main": [], "thread": []}
                                                  for kind in [*kinds, *(f"raw pdb, {where}" for where in BREAKPOINTS)]}
    with tempfile.TemporaryDirectory(prefix="stepwise-bench-threads-") as tmp:
        workspace = Path(tmp)
        (workspace / "elsewhere.py").write_text(ELSEWHERE)
        for round_number in tqdm(range(args.rounds), desc="rounds", file=sys.stderr):
            write_program(workspace, args.iterations, main_first=round_number % 2 == 0)
            for kind in kinds:
                found = without_debugger(workspace) if kind == "no debugger" else under_debugger(workspace, kind)
                for thread in ("main", "thread"):
                    samples[kind][thread].append(found[thread])
            for where in BREAKPOINTS:
                found = raw_pdb(workspace, where)
                for thread in ("main", "thread"):
                    samples[f"raw pdb, {where}"][thread].append(found[thread])
    lines = args.iterations * LINES_PER_ITERATION
    medians = {kind: {thread: statistics.median(values) for thread, values in by.items()}
               for kind, by in samples.items()}
    base = medians["no debugger"]
    table = Table(["breakpoint", "main ms", "thread ms", "main overhead µs/line", "thread overhead µs/line",
                   "thread ÷ main overhead"], align="lrrrrr")
    results = {}
    for kind in kinds:
        main_s, thread_s = medians[kind]["main"], medians[kind]["thread"]
        if kind == "no debugger":
            table.add("none (no debugger)", f"{main_s * 1000:.1f}", f"{thread_s * 1000:.1f}", "", "", "")
            continue
        main_over = (main_s - base["main"]) / lines * 1e6
        thread_over = (thread_s - base["thread"]) / lines * 1e6
        ratio = thread_over / main_over if main_over > 0 else float("nan")
        results[kind] = {"main_overhead_us": round(main_over, 3), "thread_overhead_us": round(thread_over, 3),
                         "ratio": round(ratio, 2)}
        table.add(kind, f"{main_s * 1000:.1f}", f"{thread_s * 1000:.1f}", f"{main_over:.3f}", f"{thread_over:.3f}",
                  f"{ratio:.2f}")
    for where in BREAKPOINTS:
        main_s = medians[f"raw pdb, {where}"]["main"]
        main_over = (main_s - base["main"]) / lines * 1e6
        results[f"raw pdb, {where}"] = {"main_overhead_us": round(main_over, 3)}
        table.add(f"{where}, raw `python -m pdb` (for scale: it traces the main thread only)",
                  f"{main_s * 1000:.1f}", "not traced", f"{main_over:.3f}", "", "")
    run.write([table], notes=[
        f"{args.rounds} rounds, medians; the loop runs {args.iterations:,} iterations ({lines:,} line events) "
        "in each thread, timed inside the program; overhead = time above the run without the debugger, per line "
        "event. The aim is a thread ÷ main overhead of at most 2."],
        data={"samples_s": samples, "medians_s": medians, "overhead": results, "iterations": args.iterations})
    return 0


if __name__ == "__main__":
    sys.exit(main())
