"""System and task prompts for the two arms of an episode.

The arms differ in exactly one place: ``DEBUGGER_BLOCK`` is appended to the shared system prompt in
the ``dbg`` arm and nowhere else (the tool list differs too, by the debugger tools). Keeping the
difference to one named block is what makes the paired with/without-debugger comparison fair: a
change in behaviour can only come from the debugger tools and the paragraph that introduces them.
"""

from __future__ import annotations

from collections.abc import Iterable

from harness.arms import DBG, check_arm

SHARED_PROMPT = """\
You are a careful Python engineer fixing a bug in a small code base. The failing tests describe the \
intended behaviour; the bug is in the source modules, never in the tests.

How to work:
- Each turn is exactly ONE tool call. You see its result before choosing the next one.
- Read before you edit: check a file's size first (wc -l -c FILE), then read it in windows \
(sed -n '1,80p' FILE). Unbounded cat/head/tail output is truncated.
- Run the tests with bash (python -m pytest -q) to see the failure and, after your change, to check it.
- Change source files with edit_file (exact old_string -> new_string) or write_file. Test files are \
read-only: do not try to change them.
- When the tests pass, call done. done ends the episode; an independent run of the tests decides \
whether the bug is fixed.
"""

# The one block that only the dbg arm sees. Edit it here and nowhere else.
DEBUGGER_BLOCK = """\
You also have an interactive debugger (a real pdb, driven through tools). Use it when the failure \
depends on runtime state that the source alone does not show:
- start_debugger on the TEST file, so pytest actually calls the code you want to stop in.
- add_breakpoint at an executable line where you expect the state to go wrong, then continue_execution.
- Inspect what is really there with print_variable, examine_locals or run_expression; step_over, \
step_into and step_out move one line or frame; where_am_i and select_frame show and choose the stack.
- Let what you observed decide the edit. Do not write debug scripts or print statements instead.
"""

TOOL_CALL_FORMAT = """\
If you cannot call a tool natively, write the call in your reply as one JSON object between tags:
<tool_call>
{"name": "TOOL_NAME", "arguments": {"ARGUMENT": "VALUE"}}
</tool_call>
"""


def system_prompt(arm: str, *, text_tool_calls: bool = False) -> str:
    """The system prompt of ``arm``; ``text_tool_calls`` adds the <tool_call> format (both arms alike)."""
    check_arm(arm)
    parts = [SHARED_PROMPT]
    if arm == DBG:
        parts.append(DEBUGGER_BLOCK)
    if text_tool_calls:
        parts.append(TOOL_CALL_FORMAT)
    return "\n".join(parts)


DEFAULT_INSTRUCTION = "Find the cause, fix it in the source, check that the tests pass, then call done."


def task_prompt(description: str, source_files: Iterable[str], test_files: Iterable[str],
                instruction: str = DEFAULT_INSTRUCTION) -> str:
    """The first user message: what is wrong, which files hold what, and what to do (training's
    microskill exercises give their own ``instruction``)."""
    sources = ", ".join(sorted(source_files)) or "(none)"
    tests = ", ".join(sorted(test_files)) or "(none)"
    return (
        f"Bug report: {description.strip()}\n\n"
        f"The working directory holds the source files {sources} and the test files {tests}.\n"
        f"{instruction.strip()}"
    )


def format_error_hint() -> str:
    """What a reply without a usable tool call gets back (it costs the turn)."""
    return (
        "Error: your reply held no valid tool call, so nothing was run (this turn is used up). "
        "Call exactly one tool per turn, natively or as "
        '<tool_call>{"name": "bash", "arguments": {"command": "python -m pytest -q"}}</tool_call> '
        "with a JSON object holding \"name\" and \"arguments\"."
    )
