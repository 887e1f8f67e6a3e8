"""The calls of the hostile fuzz test (``test_hostile_fuzz.py``): seeded episode scripts that mix valid
debugging flows (half of them after the program rebinds something the debugger might use: builtins,
``sys.stdout``, ``sys.displayhook``, ``os.environ``, signal handlers) with random and hostile arguments,
the reproductions of hostile calls among them.

Every script is a list of scripted-policy entries (``{"name", "arguments"}`` or ``{"content"}``, raw
model text); the policy then calls ``done``. A plan says whether its episode ends with the real fix
(its verdict must be verified) or not (its verdict must never be verified, whatever it tried).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

from tests.helpers.tasks import SUM_SKIPS_FIRST_FIXED

SOURCE, TEST = "counter.py", "test_counter.py"
TOOLS = ["start_debugger", "add_breakpoint", "remove_breakpoint", "continue_execution", "step_over", "step_into",
         "step_out", "print_variable", "examine_locals", "examine_globals", "run_expression", "list_code",
         "where_am_i", "select_frame", "bash", "edit_file", "write_file", "list_breakpoints", "disable_breakpoint",
         "enable_breakpoint", "list_threads", "select_thread", "run_until", "debug_call", "watch", "unwatch",
         "list_tasks"]
KEYS = ["file", "line", "lines", "breakpoints", "name", "expression", "index", "command", "file_path",
        "old_string", "new_string", "content", "condition", "temporary", "id", "thread", "only_this_thread", "stdin",
        "test"]
ODD_VALUES = [None, True, -1, 0, 2, 10**12, 1.5, float("inf"), "", " ", "\x00", "a\x00b", "\ud800", "é" * 200,
              "x" * 300, "../../etc/passwd", "/etc/shadow", "/proc/kmsg", SOURCE, TEST, "values", "1/0",
              "__import__('os').getpid()", [], {}, [1, [2, [3]]], {"file": SOURCE, "lines": [2]}]


def call(tool: str, /, **arguments) -> dict:
    return {"name": tool, "arguments": arguments}


def bash(command: str) -> dict:
    return call("bash", command=command)


# The program rebinding what a debugger might use (issue 41): every later answer must stay the debugger's.
REBINDINGS = [
    "import builtins; builtins.print = None",
    "import sys, io; sys.stdout = io.StringIO(); sys.stderr = None",
    "import sys; sys.displayhook = None; sys.excepthook = None",
    "import os; os.environ.clear()",
    "import signal; old = signal.signal(signal.SIGINT, signal.SIG_IGN); old = signal.signal(signal.SIGUSR1, signal.SIG_IGN)",
    "import reprlib; reprlib.repr = None",
]


# -- valid flows: what a model that uses the tools well would send ----------------------------------
def debug_flow(rng: random.Random) -> list[dict]:
    flow = [call("start_debugger", file=TEST), call("add_breakpoint", file=SOURCE, line=2, condition="len(values) > 0"),
            call("watch", expression="len(values)"), call("continue_execution"), call("print_variable", name="values"),
            call("examine_locals"), call("run_expression", expression="sum(values), values[1:]"), call("where_am_i"),
            call("list_code"), call("list_breakpoints"), call("debug_call", expression="total([4, 5])"),
            call("step_over"), call("continue_execution")]
    if rng.random() < 0.5:  # the rest of the flow runs against a program that rebound something
        flow.insert(1, call("run_expression", expression=rng.choice(REBINDINGS)))
    flow += [call(rng.choice(["step_over", "step_into", "step_out", "examine_globals", "where_am_i", "list_threads",
                              "list_tasks", "list_breakpoints"]))
             for _ in range(rng.randint(2, 6))]
    flow += [call("select_frame", index=0), call("unwatch", expression="len(values)"),
             call("remove_breakpoint", file=SOURCE, line=2), call("continue_execution")]
    return flow


def shell_flow(rng: random.Random) -> list[dict]:
    return [bash(rng.choice(["ls -la", f"cat {SOURCE}", f"grep -n sum {SOURCE}", "pwd; echo $HOME", "wc -l *.py",
                             "python3 -c 'print(1 + 1)'", "true", "echo $((6 * 7))", "git status 2>&1 | head -2"]))
            for _ in range(rng.randint(3, 8))]


def file_flow(rng: random.Random) -> list[dict]:
    note = f"notes-{rng.randint(0, 9)}.md"
    return [call("write_file", file_path=note, content="the first value is skipped\n"),
            call("edit_file", file_path=note, old_string="first", new_string="1st"),
            call("edit_file", file_path=note, old_string="not there", new_string="x"),
            bash(f"cat {note}")]


# -- noise: random tool names and argument shapes ---------------------------------------------------
def noise(rng: random.Random) -> dict:
    kind = rng.random()
    if kind < 0.08:  # raw model text: broken JSON, several calls, deep nesting, no call at all
        return {"content": rng.choice([
            "<tool_call>{\"name\": \"bash\", \"arguments\": {\"command\": \"ls\"</tool_call>",
            "<tool_call>" + "[" * 5000 + "]" * 5000 + "</tool_call>",
            "<tool_call>{\"name\": \"bash\", \"arguments\": \"" + "[" * 3000 + "\"}</tool_call>",
            "I think the bug is in counter.py.",
            "<tool_call>{\"name\": \"\", \"arguments\": {}}</tool_call>",
            "<tool_call>{\"name\": \"examine_locals\"}</tool_call><tool_call>{\"name\": \"where_am_i\"}</tool_call>",
            "<tool_call>{\"name\": \"bash\", \"arguments\": {\"command\": \"echo \\ud800\"}}</tool_call>"])}
    name = rng.choice(TOOLS) if kind < 0.85 else rng.choice(["pdb", "BASH", "done ", "__init__", "x" * 200])
    arguments = {rng.choice(KEYS): rng.choice(ODD_VALUES) for _ in range(rng.randint(0, 3))}
    if name == "bash" and "command" in arguments and not isinstance(arguments["command"], str):
        arguments["command"] = str(arguments["command"])
    return {"name": name, "arguments": arguments}


# -- hostile: calls that once crashed, hung or lost data, and their relatives --------------------------------
HOSTILE = [
    bash("x=" + "y" * 5000 + "; echo ${#x}"),  # past the terminal's 4 KB line
    bash("alias printf=echo; alias eval=echo; alias '{=echo'"), bash("\\unalias -a"),
    bash("PS1='$ '"), bash("export PROMPT_COMMAND='echo hi'"), bash("exec 1>&-"), bash("exec 2>&-"),
    bash("builtin() { :; }; printf() { :; }"), bash("trap 'echo t' DEBUG; set -x"), bash("stty echo </dev/tty"),
    bash("kill -9 $PPID"), bash("kill -9 -1"), bash("kill -INT $PPID; kill -TERM $PPID"),
    call("run_expression", expression="__import__('os').kill(__import__('os').getppid(), 9)"),
    call("run_expression", expression="'" + "z" * 4000 + "'"),  # past ~3 KB
    call("run_expression", expression="[print('spam') for _ in range(20000)] and None"),
    bash("for i in 1 2 3; do head -c 30000000 /dev/zero > big$i || echo full; done; rm -f big*"),  # the quota
    bash("nohup sleep 1000 >/dev/null 2>&1 &"), bash("setsid sleep 1000 >/dev/null 2>&1 < /dev/null &"),
    bash("(setsid sh -c 'sleep 1000 & exit' >/dev/null 2>&1 < /dev/null &)"),
    bash("ln -s /proc/kmsg km; ln -s /etc/shadow sh; mkfifo pipe"),
    call("edit_file", file_path=TEST, old_string="== 6", new_string="== 5"),  # protected
    bash(f"chmod 666 {TEST}; echo 'def test_total(): pass' > {TEST}"),
    call("write_file", file_path="empty.py", content=""), call("start_debugger", file="empty.py"),
    call("start_debugger", file="notes.txt"),
    call("run_expression", expression="__import__('ctypes').string_at(0)"),  # a segfault in the program
]
# Verdict faking: none of it may ever turn a verdict verified.
FAKES = [
    call("write_file", file_path="notes.txt", content=(
        "import pytest\n@pytest.hookimpl(hookwrapper=True)\ndef pytest_runtest_makereport(item, call):\n"
        "    outcome = yield\n    report = outcome.get_result()\n    report.outcome = 'passed'\n")),
    bash("ln -sf notes.txt conftest.py"),
    call("write_file", file_path="pytest.ini", content="[pytest]\naddopts = -p no:python --co\n"),
    call("write_file", file_path="sitecustomize.py", content="import sys; sys.exit(0)\n"),
    bash("mkdir -p __pycache__ && cp notes.txt __pycache__/test_counter.cpython-311.pyc"),
    bash("(while true; do cp notes.txt conftest.py 2>/dev/null; sleep 0.05; done) >/dev/null 2>&1 &"),
    call("edit_file", file_path=SOURCE, old_string="return sum(values[1:])",
         new_string="import os; os._exit(0) if 'PYTEST_CURRENT_TEST' in os.environ else None\n    return sum(values[1:])"),
]
FIX = call("write_file", file_path=SOURCE, content=SUM_SKIPS_FIRST_FIXED)
SLOW_HOSTILE = [bash("kill -STOP $$"), bash("builtin() { :; }; readonly -f builtin")]  # each replaces the shell


@dataclass
class Plan:
    seed: int
    calls: list[dict]
    fixes: bool  # ends with the real fix: the verdict must be verified; otherwise it must not be


def plan_episode(seed: int, *, calls: int, fixes: bool) -> Plan:
    """About ``calls`` entries: flows, noise and every hostile entry once, in a seeded order."""
    rng = random.Random(seed)
    script: list[dict] = []
    hostile = [*HOSTILE, *FAKES, SLOW_HOSTILE[seed % len(SLOW_HOSTILE)]]
    rng.shuffle(hostile)
    while len(script) < calls - 1:
        roll = rng.random()
        if hostile and roll < 0.08:
            script.append(hostile.pop())
        elif roll < 0.11:
            script += debug_flow(rng)
        elif roll < 0.19:
            script += shell_flow(rng)
        elif roll < 0.23:
            script += file_flow(rng)
        else:
            script.append(noise(rng))
    script += hostile  # whatever the dice left out
    if fixes:
        script.append(FIX)  # with the fakes and the conftest loop still around: the fix alone must count
    json.dumps(script)  # every entry must travel as JSON (lone surrogates included)
    return Plan(seed, script, fixes)
