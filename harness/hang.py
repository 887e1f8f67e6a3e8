"""Where a stopped test run was stuck: pytest's faulthandler dumps every thread's stack when one test
runs past ``faulthandler_timeout`` (set to half of the task's ``timeout_s``), before the time limit
stops the run; the innermost workspace frame of each thread is where it hangs.

This is what the debugger's interruption shows an agent (where every thread is), read from a plain
run: a hang task's validation reports it, and the verifier names it when a fix still hangs.
Stdlib only.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

DUMP_START = re.compile(r"Timeout \(\d+:\d\d:\d\d(?:\.\d+)?\)!\n")
THREAD = re.compile(r"^(?:Current thread|Thread) 0x[0-9a-fA-F]+")
FRAME = re.compile(r'^\s+File "(?P<path>[^"]+)", line (?P<line>\d+) in (?P<name>\S+)$')
PROGRESS = re.compile(r"^(?P<marks>[.FEsxX]+)\s*(?:\[\s*\d+%\])?$", re.MULTILINE)


def dump_options(timeout_s: float) -> list[str]:
    """pytest options that dump every thread's stack once a test has run half of ``timeout_s``."""
    return ["-o", f"faulthandler_timeout={max(0.5, timeout_s / 2):g}"]


def died_dumping(stderr: str, returncode: int | None) -> bool:
    """Whether the interpreter was killed by a signal while faulthandler was still dumping a stuck
    test's threads: the run hung as surely as one the time limit stopped.

    Debian's CPython 3.11.2 (the docker image's) can crash reading a frame a busy loop is setting up;
    the dump then ends mid-line and the process with exit 139 (SIGSEGV) long before the limit.
    """
    if returncode is None or not (returncode < 0 or returncode > 128):
        return False
    start = DUMP_START.search(stderr)
    if start is None:
        return False
    # Nothing but the dump after its header: the crash cut it short (a finished dump is followed by
    # pytest's own lines, and a later crash has another cause).
    return all(not line.strip() or line.startswith(" ") or THREAD.match(line)
               for line in stderr[start.end():].splitlines())


def crashed_in_dump(result) -> bool:
    """Whether a sandbox's ExecResult is a run that ``died_dumping`` before the time limit, with no
    other sandbox limit named (a memory kill during the dump stays that limit)."""
    return not result.timed_out and not result.reason and died_dumping(result.stderr or "", result.returncode)


def _workspace_name(path: str, files: Iterable[str]) -> str | None:
    for name in files:
        if path == name or path.endswith("/" + name):
            return name
    return None


def stuck_frames(output: str, files: Iterable[str]) -> list[str]:
    """``file:line in function`` of each thread's innermost frame in ``files`` (workspace paths),
    from the first faulthandler dump in ``output``; empty when there is none."""
    start = DUMP_START.search(output)
    if start is None:
        return []
    files = sorted(set(files), key=len, reverse=True)  # the longest name that fits: a/b.py before b.py
    stuck, found_in_thread = [], True
    for line in output[start.end():].splitlines():
        if THREAD.match(line):
            found_in_thread = False
            continue
        match = FRAME.match(line)
        if match is None:
            if line.strip() and not line.startswith(" "):
                break  # the dump is over (pytest's own output goes on)
            continue
        if found_in_thread:
            continue
        name = _workspace_name(match["path"], files)
        if name is not None:
            found_in_thread = True
            frame = f"{name}:{match['line']} in {match['name']}"
            if frame not in stuck:
                stuck.append(frame)
    return stuck


def hung_tests(output: str, test_files: Iterable[str]) -> list[str]:
    """``file::function`` of the test functions (``test*`` in ``test_files``) on any thread's stack in
    the first faulthandler dump of ``output``: the tests that were running when the run hung."""
    start = DUMP_START.search(output)
    if start is None:
        return []
    files = sorted(set(test_files), key=len, reverse=True)
    found = []
    for line in output[start.end():].splitlines():
        match = FRAME.match(line)
        if match and match["name"].startswith("test"):
            name = _workspace_name(match["path"], files)
            if name is not None and f"{name}::{match['name']}" not in found:
                found.append(f"{name}::{match['name']}")
    return found


def progress_counts(stdout: str) -> tuple[int, int]:
    """(passed, failed) from the progress marks ``pytest -q`` printed before it was stopped; the test
    that was running when the time limit hit counts as failed."""
    marks = "".join(match["marks"] for match in PROGRESS.finditer(stdout))
    return marks.count("."), marks.count("F") + marks.count("E") + 1
