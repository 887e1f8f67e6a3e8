"""How a run that did not pause ended, in words and facts: the post-mortem note, a killing signal, an
abrupt exit status (read from the records the in-process debugger and the warm interpreter write)."""

from __future__ import annotations

import os
import signal


def post_mortem_note(raised_in: dict | None, position: tuple[str, int] | None, *, in_test: bool = False) -> str:
    """What a post-mortem pause says: where the exception was raised, and where the cursor is (under
    pytest a failing test pauses the run, and continuing goes on with the next test)."""
    what = "A test failed with an uncaught exception" if in_test else "The program raised an uncaught exception"
    rest = ("continue_execution goes on with the next test" if in_test
            else "stepping or continuing ends the program and restarts the debugger")
    if not raised_in or raised_in.get("workspace") or position is None:
        return f"{what}: paused post-mortem at the raising frame (inspect it; {rest})."
    raised = f"{raised_in.get('file')}:{raised_in.get('line')} in {raised_in.get('function')}"
    return (f"{what} in library code ({raised}): paused post-mortem at the "
            f"innermost frame of the workspace's own code, {position[0]}:{position[1]} (inspect it; where_am_i "
            f"shows the whole stack and select_frame(0) the raising frame; {rest}).")


def killed_by(records: list[dict]) -> str | None:
    """``"SIGSEGV (Segmentation fault)"`` when the run's process was killed by a signal, else None."""
    for record in records:
        number = record.get("signal") if record.get("kind") == "exit" else None
        if isinstance(number, int) and not isinstance(number, bool) and number > 0:
            try:
                name = signal.Signals(number).name
            except ValueError:
                name = f"signal {number}"
            description = signal.strsignal(number)
            return f"{name} ({description})" if description else name
    return None


PYTEST_USAGE_ERROR, PYTEST_NO_TESTS = 4, 5  # pytest's exit statuses: a node id not found; nothing collected
OUTCOME_ORDER = ("failed", "passed", "skipped", "error")  # as pytest's summary line orders them


def collected_nothing(records: list[dict]) -> bool:
    """Whether pytest ended without running a test: it collected none, or the test asked for is not there
    (the end record's pytest status)."""
    return any(r.get("kind") == "end" and r.get("status") in (PYTEST_USAGE_ERROR, PYTEST_NO_TESTS) for r in records)


def summary_of_tests(tests: list[tuple[str, str]]) -> str | None:
    """"1 failed, 2 passed" from the test records of a run (None when no test ran)."""
    counts = {outcome: sum(1 for _, o in tests if o == outcome) for outcome in OUTCOME_ORDER}
    parts = [f"{n} {'errors' if outcome == 'error' and n > 1 else outcome}" for outcome, n in counts.items() if n]
    return ", ".join(parts) or None


def abrupt_exit(records: list[dict]) -> int | None:
    """The exit status of a run whose process ended without the debugger recording the program's end
    (``os._exit``); None when it ended the ordinary way or how is unknown."""
    if any(record.get("kind") == "end" for record in records):
        return None
    statuses = [r.get("status") for r in records if r.get("kind") == "exit" and isinstance(r.get("status"), int)]
    return statuses[-1] if statuses else None


def collection_error(records: list[dict], workspace: str) -> str | None:
    """pytest's answer for a test module it could not import, from the in-process debugger's
    ``collect_error`` record, with nothing of where anything is installed: the paths of the folders the
    record names (the interpreter's libraries) lose those folders, workspace paths the workspace. None
    when no such record came."""
    errors = [r for r in records if r.get("kind") == "collect_error" and isinstance(r.get("text"), str)]
    if not errors:
        return None
    text = str(errors[-1]["text"])
    for folder in errors[-1].get("installed") or []:
        if isinstance(folder, str) and len(folder) > 1:
            text = text.replace(folder, "")
    return text.replace(workspace + os.sep, "").strip()
