"""Observations stay bounded on a repository-sized module (issue 38): a real debugger session on a
5,000-line module, generated here, with a line of 30,000 characters, a thousand functions at its top
level, a value of a megabyte and a recursion 400 frames deep. Every answer (listing, stepping, the stack,
printing, the locals and globals) stays within the observation cap, whatever the module holds."""

from __future__ import annotations

import pytest

from harness.debugger.filtering import OBSERVATION_CAP
from harness.session import DebugSession

LINES = 5000
LONG_LINE = 'LONG = "' + "x" * 30000 + '"'
# The envelope (<execution_position file=... line=...>) and the tool's own framing around the capped body.
FRAMING = 256


def big_module() -> tuple[str, dict[str, int]]:
    """The module's text and the lines the test stops at."""
    lines = [LONG_LINE, "HUGE = {f'k{i}': list(range(i)) for i in range(1500)}", ""]
    for index in range(1000):
        lines += [f"def helper_{index}(value):", f"    return value + {index}", ""]
    at = {}
    at["test"], at["bottom"] = len(lines) + 2, len(lines) + 3  # ``if n == 0``, ``return len(HUGE)``
    lines += ["def deep(n):", "    if n == 0:", "        return len(HUGE)", "    return deep(n - 1)", ""]
    lines += ["def entry():", "    total = deep(400)"]
    at["after_deep"] = len(lines) + 1
    lines += ["    total += helper_999(0)", "    return total", ""]
    while len(lines) < LINES - 1:
        lines.append(f"# filler line {len(lines) + 1}")
    lines.append("FINAL = True")
    assert len(lines) == LINES
    return "\n".join(lines) + "\n", at


@pytest.mark.slow
def test_every_answer_on_a_five_thousand_line_module_stays_bounded(tmp_path):
    text, at = big_module()
    (tmp_path / "big.py").write_text(text)
    (tmp_path / "test_big.py").write_text("from big import entry\n\n\ndef test_entry():\n    assert entry() == 2499\n")
    session = DebugSession(tmp_path, protected_files=["test_big.py"])
    answers = {}
    try:
        def call(tool: str, **arguments) -> str:
            answer = session.call(tool, arguments).text
            answers[f"{tool} {arguments}"] = answer
            return answer

        call("start_debugger", file="test_big.py")
        call("add_breakpoint", file="big.py", line=at["test"])
        assert 'file="big.py"' in call("continue_execution")
        call("remove_breakpoint", file="big.py", line=at["test"])
        call("add_breakpoint", file="big.py", line=at["bottom"])  # the deepest call (n == 0)
        assert f'file="big.py" line={at["bottom"]}' in call("continue_execution")
        stack = call("where_am_i")
        assert "[frames 2–399: 398 × big.py:" in stack  # the recursion, collapsed
        printed = call("print_variable", name="HUGE")
        assert "<OUTPUT_TRUNCATED remaining_bytes=" in printed
        call("print_variable", name="LONG")
        call("examine_globals")
        call("examine_locals")
        call("run_expression", expression="[HUGE] * 3")
        call("list_code", line=1)  # the 30,000-character line, listed from the paused frame
        call("list_code", file="big.py", line=1)  # and read from the file
        assert "5000     FINAL = True" in call("list_code", file="big.py", line=LINES)
        call("list_code")
        call("step_out")
        call("run_until", line=at["after_deep"])
        call("step_into")
        call("step_over")
    finally:
        session.close()
    oversized = {name: len(answer.encode()) for name, answer in answers.items()
                 if len(answer.encode()) > OBSERVATION_CAP + FRAMING}
    assert oversized == {}
    assert len(answers) == 19
