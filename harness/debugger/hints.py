"""What the debugger says when a run ends without pausing where the model wanted: where the breakpoints
are, what actually ran (which tests, and which of them failed and stopped the run post-mortem), and a
next step that differs from what was just done (never "start on the test file" when that is the file
that just ran). Stdlib only: the sandboxed session imports it."""

from __future__ import annotations

from dataclasses import dataclass, field

MAX_TESTS_NAMED = 8


@dataclass
class RunFacts:
    """What one run of the program did, as the in-process debugger reported it."""

    target: str  # the file as shown
    mode: str  # "pytest" | "script"
    selected_test: str | None = None
    tests: list[tuple[str, str]] = field(default_factory=list)  # (node id, passed | failed | skipped | error)
    breakpoints: list[tuple[str, int]] = field(default_factory=list)
    hits: int = 0
    summary: str | None = None  # pytest's "1 failed, 2 passed" or sys.exit(N)
    workspace_tests: list[str] = field(default_factory=list)  # the workspace's files that hold tests
    reached: dict[tuple[str, int], dict[str, int]] = field(default_factory=dict)  # line -> thread -> times run


def reached_text(facts: RunFacts) -> str:
    """How often each breakpoint line ran, per thread (a condition that did not hold still ran it)."""
    parts = []
    for file, line in facts.breakpoints:
        per_thread = facts.reached.get((file, line)) or {}
        total = sum(per_thread.values())
        if not total:
            parts.append(f"{file}:{line} did not run")
            continue
        threads = "" if len(per_thread) < 2 and "MainThread" in per_thread else " (" + ", ".join(
            f"{name}: {count}" for name, count in sorted(per_thread.items())) + ")"
        parts.append(f"{file}:{line} ran {total} time{'' if total == 1 else 's'}{threads}")
    return "; ".join(parts)


def _named(tests: list[tuple[str, str]]) -> str:
    shown = [f"{node} ({outcome})" for node, outcome in tests[:MAX_TESTS_NAMED]]
    if len(tests) > MAX_TESTS_NAMED:
        shown.append(f"and {len(tests) - MAX_TESTS_NAMED} more")
    return ", ".join(shown)


def no_hit_message(facts: RunFacts) -> str:
    ran = f" ({facts.summary})" if facts.summary else ""
    if facts.hits:
        lines = f" Breakpoint lines in this run: {reached_text(facts)}." if facts.reached else ""
        return f"The program ran to its end{ran} without hitting another breakpoint.{lines}"
    if facts.breakpoints and any(facts.reached.get(place) for place in facts.breakpoints):
        return (f"The program ran to its end{ran} without stopping at a breakpoint. Breakpoint lines in this run: "
                f"{reached_text(facts)} (a condition that did not hold, or a disabled breakpoint, does not stop).")
    parts = [f"The program ran to its end{ran} without hitting any breakpoint."]
    where = ", ".join(f"{file}:{line}" for file, line in facts.breakpoints)
    if facts.mode == "pytest":
        if facts.tests:
            parts.append(f"Tests that ran: {_named(facts.tests)}.")
            failed = [node for node, outcome in facts.tests if outcome in ("failed", "error")]
            if failed:
                parts.append(f"Failed (each paused post-mortem, then the run went on): {', '.join(failed[:MAX_TESTS_NAMED])}.")
        else:
            parts.append(f"No test of {facts.target} ran.")
    else:
        parts.append(f"{facts.target} ran as a script (it holds no tests pytest would collect).")
    if not facts.breakpoints:
        parts.append("Hint: set a breakpoint (add_breakpoint) on the line to inspect before continue_execution.")
        return " ".join(parts)
    parts.append(f"Breakpoints: {where}; none of these lines ran.")
    others = [name for name in facts.workspace_tests if name != facts.target]
    if facts.mode == "pytest":
        if facts.selected_test:
            parts.append(f"Hint: only {facts.selected_test} ran; start without test= to run every test of "
                         f"{facts.target}, or put the breakpoints on the line this test calls (step_into from "
                         "the test shows where it goes).")
        else:
            parts.append("Hint: put the breakpoints on the failing test's call path (step_into from the test "
                         "shows where it goes)" + (f", or start on another test file: {', '.join(others[:5])}."
                                                   if others else "."))
    elif others:
        parts.append(f"Hint: this script never calls that code; start the debugger on a file with the tests that "
                     f"call it: {', '.join(others[:5])}.")
    else:
        parts.append("Hint: the script's top-level code never reaches those lines and no file in the workspace holds "
                     "tests; put a breakpoint on a line the script runs (list_code shows them), or step_into the "
                     "call that leads there.")
    return " ".join(parts)
