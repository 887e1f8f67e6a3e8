"""What one debugger restart costs, side by side in one run (medians and p95; never asserted in tests).

    .venv/bin/python bench/debugger_restart.py [--runs 30] [--out-dir bench/results]

A restart is what a model causes many times an episode: the paused program is continued with no
breakpoint, runs to its end, and the debugger pauses it again at the start of the first test. On a
one-test program (a module and its test file), interleaved round by round:
- forked: ``DebugSession.call("continue_execution")`` with the warm interpreter (the default): each
  run is forked from an interpreter that has pytest and the standard library imported;
- fresh interpreter: the same call with ``warm=False`` (every run starts ``python`` anew, as before);
- cold pytest: ``python -m pytest -q`` of the same test file, plugin autoload off (a subprocess);
- raw pdb: ``python -m pdb`` on the same program as a script, ``continue`` until pdb's in-place
  restart is paused again (the interpreter and its imports stay; pdb re-runs the script's code).
And the first ``start_debugger`` of a new session (the call's wall time, session creation not
counted), interleaved round by round too:
- prepared: the warm interpreter started with the session (the default), the call made after
  ``THINK_S`` (a model's first turn takes longer), so it is ready;
- prepared, called at once: the same, the call made right after the session opened (it waits for the
  imports);
- lazy (before): ``prepare_debugger=False``, the warm interpreter started by the call itself;
- fresh interpreter: ``warm=False``.
Writes Markdown tables, each row with its ratio to the cold pytest run, to
bench/results/debugger_restart.md (and .json, through bench/report.py).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pexpect
from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.report import BenchRun, Table, add_out_dir  # noqa: E402
from harness.session import DebugSession  # noqa: E402

MODULE = "def total(values):\n    result = 0\n    for value in values:\n        result += value\n    return result\n"
TEST = "from calc import total\n\n\ndef test_total():\n    assert total([1, 2, 3]) == 6\n"
SCRIPT = "from test_calc import test_total\n\ntest_total()\n"


THINK_S = 1.0  # before the first start_debugger of a prepared session


def stats(samples: list[float]) -> dict:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {"median_ms": round(statistics.median(ordered) * 1000, 1), "p95_ms": round(p95 * 1000, 1),
            "n": len(ordered)}


class Restarts:
    """A session paused at the start of the test; ``once()`` times one run-to-end-and-pause-again."""

    def __init__(self, workspace: Path, *, warm: bool):
        self.session = DebugSession(workspace, protected_files=["test_calc.py"])
        self.session.debugger.warm = warm
        started = self.session.call("start_debugger", {"file": "test_calc.py"})
        assert started.position == ("test_calc.py", 5), started.text

    def once(self) -> float:
        began = time.perf_counter()
        answer = self.session.call("continue_execution")
        elapsed = time.perf_counter() - began
        assert answer.position == ("test_calc.py", 5) and "ran to its end" in answer.text, answer.text
        return elapsed

    def close(self) -> None:
        self.session.close()


def first_start(workspace: Path, how: str) -> float:
    """One new session's first start_debugger, timed; ``how``: prepared | at_once | lazy | fresh."""
    with DebugSession(workspace, protected_files=["test_calc.py"], prepare_debugger=how in ("prepared", "at_once")) \
            as session:
        session.debugger.warm = how != "fresh"
        if how == "prepared":
            time.sleep(THINK_S)
        began = time.perf_counter()
        started = session.call("start_debugger", {"file": "test_calc.py"})
        elapsed = time.perf_counter() - began
        assert started.position == ("test_calc.py", 5), started.text
        assert session.debugger.program is not None and session.debugger.program.forked == (how != "fresh")
    return elapsed


class RawPdb:
    def __init__(self, workspace: Path):
        self.child = pexpect.spawn(sys.executable, ["-m", "pdb", "script.py"], cwd=workspace, encoding="utf-8",
                                   env={**os.environ, "TERM": "dumb"}, echo=False, timeout=30)
        self.child.delaybeforesend = None
        self.child.expect_exact("(Pdb) ")

    def once(self) -> float:
        began = time.perf_counter()
        self.child.sendline("continue")
        self.child.expect_exact("The program finished and will be restarted")
        self.child.expect_exact("(Pdb) ")
        return time.perf_counter() - began

    def close(self) -> None:
        self.child.close(force=True)


def cold_pytest(workspace: Path) -> float:
    env = {**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1", "PYTHONDONTWRITEBYTECODE": "1"}
    began = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_calc.py"],
                          cwd=workspace, env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - began
    assert done.returncode == 0, done.stdout + done.stderr
    return elapsed


FIRST = {"prepared": "warm interpreter prepared with the session (default)",
         "at_once": "prepared, called right after the session opened",
         "lazy": "warm interpreter started by the first call (before)",
         "fresh": "fresh interpreter (`warm=False`)"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=30)
    add_out_dir(parser)
    args = parser.parse_args()
    run = BenchRun("debugger_restart", out_dir=args.out_dir)
    with tempfile.TemporaryDirectory(prefix="stepwise-bench-restart-") as tmp:
        workspace = Path(tmp)
        (workspace / "calc.py").write_text(MODULE)
        (workspace / "test_calc.py").write_text(TEST)
        (workspace / "script.py").write_text(SCRIPT)
        forked, fresh, raw = Restarts(workspace, warm=True), Restarts(workspace, warm=False), RawPdb(workspace)
        samples: dict[str, list[float]] = {"forked": [], "fresh": [], "cold_pytest": [], "raw_pdb": [],
                                           **{f"first_{how}": [] for how in FIRST}}
        try:
            for _ in range(2):  # warm-up: the first runs fill the OS caches
                forked.once(), fresh.once(), cold_pytest(workspace), raw.once()
            for _ in tqdm(range(args.runs), desc="rounds", file=sys.stderr):
                samples["forked"].append(forked.once())
                samples["fresh"].append(fresh.once())
                samples["cold_pytest"].append(cold_pytest(workspace))
                samples["raw_pdb"].append(raw.once())
                for how in FIRST:
                    samples[f"first_{how}"].append(first_start(workspace, how))
        finally:
            forked.close(), fresh.close(), raw.close()
    results = {name: stats(values) for name, values in samples.items()}
    cold = results["cold_pytest"]["median_ms"]
    labels = {"forked": "restart, forked from the warm interpreter (default)",
              "fresh": "restart, fresh interpreter per run (before)",
              "cold_pytest": "cold `python -m pytest -q` of the file, autoload off",
              "raw_pdb": "raw `python -m pdb` in-place restart (script)"}
    table = Table(["what", "median ms", "p95 ms", "÷ cold pytest"], align="lrrr")
    for name, label in labels.items():
        r = results[name]
        table.add(label, r["median_ms"], r["p95_ms"], f"{r['median_ms'] / cold:.2f}")
    first = Table(["first `start_debugger` of a session", "median ms", "p95 ms", "÷ cold pytest"], align="lrrr")
    for how, label in FIRST.items():
        r = results[f"first_{how}"]
        first.add(label, r["median_ms"], r["p95_ms"], f"{r['median_ms'] / cold:.2f}")
    run.write([table, first], notes=[f"{args.runs} rounds on a one-test program, the four restarts and the four "
                                     f"first starts interleaved; a prepared session is called {THINK_S:g} s after "
                                     "it opened."], data=results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
