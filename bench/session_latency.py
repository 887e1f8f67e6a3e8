"""How fast DebugSession answers, and how much smaller its observations are than raw pdb output.

    .venv/bin/python bench/session_latency.py [--calls 300] [--out-dir bench/results]

Measures, on a paused small program: the median and p95 latency of every debugger tool and of a
trivial bash command through ``DebugSession.call``; the same for raw pdb driven through pexpect
(``next`` / ``p total``), with pexpect's default 50 ms send delay shown once for contrast; and the
bytes of raw pdb answers vs the filtered observations for the same questions (script mode and
under pytest, where ``__builtins__`` is a dict and the stack carries pytest's frames).
Writes both tables to bench/results/session_latency.md and .json (bench/report.py). Not a test: numbers
depend on the machine; run it when the machine is quiet.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import pexpect
from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.report import BenchRun, Table, add_out_dir  # noqa: E402
from harness.session import DebugSession  # noqa: E402

PROGRAM = """\
def add(total, value):
    result = total + value
    return result


def main():
    total = 0
    for value in range(10_000_000):
        total = add(total, value)
    return total


main()
"""
TEST_PROGRAM = """\
from program import add


def test_add():
    total = add(1, 2)
    assert total == 3
"""
LOOP_LINE = 9  # total = add(total, value)
ADD_LINE = 2


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def timed(session: DebugSession, name: str, arguments: dict | None = None) -> tuple[float, int, int]:
    before = session.debugger.raw_bytes
    start = time.perf_counter()
    observation = session.call(name, arguments)
    elapsed = (time.perf_counter() - start) * 1000.0
    if observation.error:
        raise RuntimeError(f"{name} failed during the benchmark: {observation.text}")
    return elapsed, session.debugger.raw_bytes - before, len(observation.text.encode())


def session_latencies(workspace: Path, calls: int) -> dict[str, list[float]]:
    samples: dict[str, list[float]] = {}

    def record(name, arguments=None):
        samples.setdefault(name, []).append(timed(session, name, arguments)[0])

    with DebugSession(workspace) as session:
        session.call("start_debugger", {"file": "program.py"})
        session.call("add_breakpoint", {"file": "program.py", "line": LOOP_LINE})
        session.call("continue_execution")
        session.call("remove_breakpoint", {"file": "program.py", "line": LOOP_LINE})
        paused = [("step_over", None), ("print_variable", {"name": "total"}), ("examine_locals", None),
                  ("examine_globals", None), ("run_expression", {"expression": "total * 2"}),
                  ("list_code", None), ("where_am_i", None), ("select_frame", {"index": 0})]
        for name, arguments in tqdm(paused, desc="paused-program tools", file=sys.stderr):
            for _ in range(calls):
                record(name, arguments)
        for _ in tqdm(range(calls // 3), desc="breakpoints, continue, step in/out", file=sys.stderr):
            record("add_breakpoint", {"file": "program.py", "line": ADD_LINE})
            record("continue_execution")  # into add()
            record("remove_breakpoint", {"file": "program.py", "line": ADD_LINE})
            record("step_out")  # to add()'s return
            session.call("step_over")  # back in main(), on the for line
            session.call("step_over")  # on the call line
            record("step_into")  # into add() again
            record("step_out")
            session.call("step_over")
        for _ in tqdm(range(calls), desc="bash", file=sys.stderr):
            record("bash", {"command": "true"})
    return samples


def raw_pdb_latencies(workspace: Path, calls: int) -> dict[str, list[float]]:
    child = pexpect.spawn(sys.executable, ["-u", "-m", "pdb", "program.py"], cwd=str(workspace),
                          encoding="utf-8", echo=False, timeout=30)
    child.delaybeforesend = None
    child.expect_exact("(Pdb) ")
    for command in (f"break {LOOP_LINE}", "continue", "clear 1"):
        child.sendline(command)
        child.expect_exact("(Pdb) ")
    samples: dict[str, list[float]] = {"raw pdb `next`": [], "raw pdb `p total`": [],
                                       "raw pdb `next`, pexpect default send delay": []}
    for command, key, count in (("next", "raw pdb `next`", calls), ("p total", "raw pdb `p total`", calls)):
        for _ in range(count):
            start = time.perf_counter()
            child.sendline(command)
            child.expect_exact("(Pdb) ")
            samples[key].append((time.perf_counter() - start) * 1000.0)
    child.delaybeforesend = 0.05  # pexpect's default
    for _ in range(10):
        start = time.perf_counter()
        child.sendline("next")
        child.expect_exact("(Pdb) ")
        samples["raw pdb `next`, pexpect default send delay"].append((time.perf_counter() - start) * 1000.0)
    child.close(force=True)
    return samples


def raw_answers(workspace: Path, argv: list[str], setup: list[str], questions: list[str]) -> dict[str, int]:
    """Bytes of plain pdb's answer (prompt included) to each question."""
    child = pexpect.spawn(sys.executable, ["-u", *argv], cwd=str(workspace), encoding="utf-8", echo=False,
                          timeout=60, env={"PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1", "PATH": "/usr/bin:/bin"})
    child.delaybeforesend = None
    child.expect_exact("(Pdb) ")
    for command in setup:
        child.sendline(command)
        child.expect_exact("(Pdb) ")
    sizes = {}
    for question in questions:
        child.sendline(question)
        child.expect_exact("(Pdb) ")
        sizes[question] = len(child.before.encode()) + len("(Pdb) ")
    child.close(force=True)
    return sizes


def filtered_answers(workspace: Path, file: str, setup: list[tuple[str, dict | None]],
                     questions: list[tuple[str, dict | None]]) -> dict[str, int]:
    with DebugSession(workspace) as session:
        session.call("start_debugger", {"file": file})
        for name, arguments in setup:
            session.call(name, arguments)
        return {name: len(session.call(name, arguments).text.encode()) for name, arguments in questions}


def byte_comparison(workspace: Path) -> list[tuple[str, str, int, int]]:
    rows = []
    pairs = [("next", "step_over", None), ("p total", "print_variable", {"name": "total"}),
             ("p locals()", "examine_locals", None), ("p globals()", "examine_globals", None),
             ("where", "where_am_i", None), ("list", "list_code", None)]
    raw = raw_answers(workspace, ["-m", "pdb", "program.py"], [f"break {LOOP_LINE}", "continue", "clear 1"],
                      [p[0] for p in pairs])
    filtered = filtered_answers(workspace, "program.py",
                                [("add_breakpoint", {"file": "program.py", "line": LOOP_LINE}),
                                 ("continue_execution", None)],
                                [(p[1], p[2]) for p in pairs])
    rows += [("script", f"`{command}` / {tool}", raw[command], filtered[tool]) for command, tool, _ in pairs]
    pytest_pairs = [("p globals()", "examine_globals", None), ("where", "where_am_i", None),
                    ("p locals()", "examine_locals", None)]
    raw = raw_answers(workspace, ["-m", "pytest", "--trace", "-q", "-p", "no:cacheprovider", "test_program.py"],
                      ["next"], [p[0] for p in pytest_pairs])
    filtered = filtered_answers(workspace, "test_program.py", [("step_over", None)],
                                [(p[1], p[2]) for p in pytest_pairs])
    rows += [("pytest", f"`{command}` / {tool}", raw[command], filtered[tool]) for command, tool, _ in pytest_pairs]
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--calls", type=int, default=300, help="calls per tool (default 300)")
    add_out_dir(parser)
    args = parser.parse_args(argv)
    run = BenchRun("session_latency", out_dir=args.out_dir, argv=None if argv is None else [__file__, *argv])
    with tempfile.TemporaryDirectory(prefix="stepwise-bench-") as folder:
        workspace = Path(folder)
        (workspace / "program.py").write_text(PROGRAM)
        (workspace / "test_program.py").write_text(TEST_PROGRAM)
        samples = session_latencies(workspace, args.calls)
        samples.update(raw_pdb_latencies(workspace, args.calls))
        sizes = byte_comparison(workspace)
    latency = Table(["call", "n", "median ms", "p95 ms"], align="lrrr", title="Latency")
    for name, values in samples.items():
        latency.add(name, len(values), f"{statistics.median(values):.2f}", f"{percentile(values, 0.95):.2f}")
    size = Table(["mode", "raw pdb command / tool", "raw pdb bytes", "observation bytes"], align="llrr",
                 title="Bytes of raw pdb's answer and of the observation for the same question")
    for mode, label, raw, filtered in sizes:
        size.add(mode, label, raw, filtered)
    run.write([latency, size], notes=[
        "A paused small program, `DebugSession.call` end to end, against raw pdb driven through pexpect in the "
        "same run."],
        data={"latency_ms": {k: {"n": len(v), "median": statistics.median(v), "p95": percentile(v, 0.95)}
                             for k, v in samples.items()},
              "bytes": [{"mode": m, "call": c, "raw": r, "filtered": f} for m, c, r, f in sizes]})
    return 0


if __name__ == "__main__":
    sys.exit(main())
