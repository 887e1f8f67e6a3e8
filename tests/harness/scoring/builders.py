"""Hand-written trajectories for the scoring tests: a small task's files, and a builder whose answers
copy the harness's own wording (recorded from a real DebugSession), so each test can break exactly
one rule of pdb_policy and nothing else."""

from __future__ import annotations

from harness.scoring import TaskMeta

STATS = '''\
class RunningAverage:
    """The mean of the last `window` values added."""

    def __init__(self, window):
        self.window = window
        self.values = []

    def add(self, value):
        self.values.append(value)
        if len(self.values) > self.window:
            self.values.pop()
        return self.average()

    def average(self):
        return sum(self.values) / len(self.values)
'''
REPORT = '''\
from stats_window import RunningAverage


def smoothed(values, window):
    avg = RunningAverage(window)
    return [avg.add(v) for v in values]


def label(value):
    return f"{value:.1f}"
'''
TESTS = '''\
from report import smoothed


def test_window_keeps_the_latest_values():
    assert smoothed([1, 2, 6], 2) == [1, 1.5, 4]
'''
FIX = {"file_path": "stats_window.py", "old_string": "self.values.pop()", "new_string": "self.values.pop(0)"}


def task_meta(preference: str = "recommended", evidence=()) -> TaskMeta:
    return TaskMeta(name="window_average", preference=preference, evidence=tuple(evidence),
                    files={"stats_window.py": STATS, "report.py": REPORT, "test_report.py": TESTS},
                    test_files=frozenset({"test_report.py"}))


def envelope(position, text: str) -> str:
    return f'<execution_position file="{position[0]}" line={position[1]}>\n{text}\n</execution_position>'


def code_line(path: str, line: int) -> str:
    source = {"stats_window.py": STATS, "report.py": REPORT, "test_report.py": TESTS}[path]
    return source.splitlines()[line - 1].strip()


class Trajectory:
    """Appends steps the way the harness records them; ``doc()`` is the stepwise.trajectory/1 document."""

    def __init__(self, arm: str = "dbg", preference: str = "recommended"):
        self.arm, self.preference = arm, preference
        self.steps: list[dict] = []
        self.position = None

    def step(self, tool, arguments=None, observation="", *, error=False, position="keep"):
        if position != "keep":
            self.position = position
        self.steps.append({"turn": len(self.steps) + 1, "tool": tool, "arguments": arguments or {},
                           "observation": observation, "position": list(self.position) if self.position else None,
                           "duration_ms": 1.0, "error": error})
        return self

    # ---- shell and files
    def bash(self, command, output=""):
        return self.step("bash", {"command": command}, output)

    def read(self, path="stats_window.py", start=1, end=40):
        source = {"stats_window.py": STATS, "report.py": REPORT, "test_report.py": TESTS}[path]
        return self.bash(f"sed -n '{start},{end}p' {path}", "\n".join(source.splitlines()[start - 1:end]))

    def pytest(self, passed=True):
        if passed:
            return self.bash("python -m pytest -q", ".                                   [100%]\n1 passed in 0.05s")
        return self.bash("python -m pytest -q", "F                                   [100%]\nFAILED test_report.py::"
                         "test_window_keeps_the_latest_values - assert [1, 1.5, 1.5] == [1, 1.5, 4]\n"
                         "1 failed in 0.06s\n[exit code 1]")

    def edit(self, **arguments):
        arguments = {**FIX, **arguments}
        return self.step("edit_file", arguments, f"Successfully replaced 1 occurrence(s) in {arguments['file_path']}")

    def done(self):
        return self.step("done", {}, "Episode finished.")

    # ---- debugger
    def start(self, path="test_report.py", line=5):
        text = (f"Debugger started on {path} under pytest --trace: the tests run, paused at the start of the first "
                f"test.\n{path}:{line} in test_window_keeps_the_latest_values()\n-> {code_line(path, line)}")
        return self.step("start_debugger", {"file": path}, envelope((path, line), text), position=(path, line))

    def breakpoint(self, path="stats_window.py", line=10):
        return self.step("add_breakpoint", {"file": path, "line": line},
                         envelope(self.position, f"{path}:{line}: breakpoint set"))

    def breakpoints(self, path, lines):
        text = "\n".join(f"{path}:{line}: breakpoint set" for line in lines)
        return self.step("add_breakpoint", {"breakpoints": [{"file": path, "lines": list(lines)}]},
                         envelope(self.position, text))

    def hit(self, path="stats_window.py", line=10, function="add", tool="continue_execution"):
        text = f"{path}:{line} in {function}()\n-> {code_line(path, line)}"
        return self.step(tool, {}, envelope((path, line), text), position=(path, line))

    def exception(self, path="stats_window.py", line=15, function="average", error="ZeroDivisionError: division by zero"):
        text = ("The program raised an uncaught exception: paused post-mortem at the raising frame (inspect it; "
                f"stepping or continuing ends the program and restarts the debugger).\nF\n{path}:{line}: in {function}\n"
                f"    {code_line(path, line)}\nE   {error}\n\n{path}:{line} in {function}()\n-> {code_line(path, line)}")
        return self.step("continue_execution", {}, envelope((path, line), text), position=(path, line))

    def print_variable(self, name, value):
        return self.step("print_variable", {"name": name}, envelope(self.position, f"{name} = {value}"))

    def examine_locals(self, **values):
        rows = "\n".join(f"  {k} = {v}" for k, v in values.items()) or "  (none)"
        return self.step("examine_locals", {}, envelope(self.position, f"locals:\n{rows}"))

    def run_expression(self, expression, value):
        return self.step("run_expression", {"expression": expression}, envelope(self.position, value))

    def where(self, frames):
        rows = "\n".join(f"{'>' if i == 0 else ' '} [{i}] {p}:{n} in {f}: {code_line(p, n)}"
                         for i, (p, n, f) in enumerate(frames))
        return self.step("where_am_i", {}, envelope(self.position, "stack (innermost first; select_frame(index) to "
                                                    f"inspect another frame):\n{rows}"))

    def select_frame(self, index, path, line, function):
        text = f"{path}:{line} in {function}()\n-> {code_line(path, line)}"
        return self.step("select_frame", {"index": index}, envelope((path, line), text), position=(path, line))

    def doc(self, verified=True) -> dict:
        return {"schema": "stepwise.trajectory/1", "episode_id": "hand-made", "task": "window_average",
                "split": "train", "arm": self.arm, "policy": {"kind": "script", "model": None, "params": {}},
                "sandbox": "bwrap", "max_turns": 50, "started_at": "2026-01-01T00:00:00.000Z",
                "finished_at": "2026-01-01T00:00:10.000Z", "preference": self.preference,
                "messages": [], "steps": self.steps,
                "result": {"verified": verified, "exit_reason": "done", "tests": {"passed": 1, "failed": 0},
                           "patch": ""}, "quality": None}


def clean(arm="dbg", preference="recommended") -> Trajectory:
    """The write-up's desired shape: read, start, one targeted breakpoint, hit, inspect, edit, test, done."""
    t = Trajectory(arm, preference)
    t.bash("wc -l -c stats_window.py report.py", "  15  390 stats_window.py\n  10  190 report.py\n  25  580 total")
    t.read("stats_window.py", 1, 15)
    t.start().breakpoint("stats_window.py", 11).hit("stats_window.py", 11, "add")
    t.print_variable("self.values", "[1, 2, 6]")
    t.edit().pytest().done()
    return t
