"""The handlers of the tools of both arms: the persistent shell, the file tools and ``done``. A successful edit is
announced on the session's edit events (the debugger subscribes: breakpoints follow, the program
restarts on the new code)."""

from __future__ import annotations

import re

from harness.files import FileToolError
from harness.records.observation import Observation
from harness.records.shell import ShellRecord
from harness.shell import refusal
from harness.tools.registry import Handler

PYTEST_NO_TESTS = 5  # pytest's exit status when it collected no test
NO_TESTS_RAN = re.compile(r"\bno tests ran\b")


def bash(session, args: dict) -> Observation:
    command = args["command"]
    if not command.strip():
        return Observation.failure("Error: the command is empty; give a shell command, e.g. ls.")
    refused = refusal(command)
    if refused:
        return Observation.failure(refused)
    result = session.shell.run(command)
    text = result.output
    if result.exit_code not in (0, None):
        text = f"{text}\n[exit code {result.exit_code}]".lstrip("\n")
    restored = session.test_guard.restore()
    if restored:
        text = f"{text}\n{session.test_guard.note(restored)}".lstrip("\n")
    no_tests = result.exit_code == PYTEST_NO_TESTS and NO_TESTS_RAN.search(result.output or "")
    if no_tests:
        text += ("\nError: no tests ran: pytest collected nothing, which is not a pass. Point it at the test files "
                 "(python -m pytest -q test.py), or check their names: test functions test_*, classes Test* or "
                 "unittest.TestCase subclasses.")
    if result.restarted and not result.timed_out and "new shell" not in text:
        text = f"[the previous shell had exited; this ran in a new shell]\n{text}"
    code = None if result.timed_out or result.broken else result.exit_code
    text = text or "(no output)"
    return Observation(text=text, error=bool(result.timed_out or result.broken or no_tests or restored),
                       shell=ShellRecord.of_answer(code, text))


def file_change(session, change) -> Observation:
    try:
        result = change()
    except FileToolError as exc:
        return Observation.failure(str(exc))
    notes = session.edits.announce(result)
    return Observation(text="\n".join([result.message, *notes]).strip())


HANDLERS: dict[str, Handler] = {
    "bash": bash,
    "edit_file": lambda session, args: file_change(
        session, lambda: session.files.edit(args["file_path"], args["old_string"], args["new_string"])),
    "write_file": lambda session, args: file_change(
        session, lambda: session.files.write(args["file_path"], args["content"])),
    "done": lambda session, args: Observation(text="Episode finished.", done=True),
}
