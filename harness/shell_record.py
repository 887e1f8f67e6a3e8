"""What a ``bash`` call did, as structured facts beside its text (a step's ``shell`` field): the
command's exit status and what its test summary said. The shell tool fills it from the shell's own
result; scoring reads it instead of the answer text.

``summary_says_passed`` reads pytest's or unittest's closing lines: the program's output is the only place
that says whether tests passed. Stdlib only: this runs inside sandboxes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

VERSION = 1
_EXIT_CODE = re.compile(r"^\[exit code (-?\d+)\]\s*$", re.MULTILINE)  # what the shell tool appends
_PASSED = re.compile(r"\b(\d+) passed\b")
_FAILED = re.compile(r"\b\d+ (failed|errors?)\b|\bno tests ran\b|^(FAILED|ERROR)\b", re.MULTILINE)
_UNITTEST_OK = re.compile(r"^OK\b", re.MULTILINE)


def summary_says_passed(output: str) -> bool | None:
    """True when the output's test summary says every test passed, False when it names a failure, an
    error or that no tests ran, None when it has no summary."""
    if _FAILED.search(output):
        return False
    if _PASSED.search(output) or _UNITTEST_OK.search(output):
        return True
    return None



@dataclass
class ShellRecord:
    """``exit_code``: the command's status (None: unknown, the command timed out or the shell broke);
    ``tests_passed``: ``summary_says_passed`` of its output."""

    exit_code: int | None
    tests_passed: bool | None = None
    version: int = VERSION

    def to_json(self) -> dict:
        return {"version": self.version, "exit_code": self.exit_code, "tests_passed": self.tests_passed}

    @classmethod
    def from_json(cls, data: dict) -> ShellRecord:
        code, passed = data.get("exit_code"), data.get("tests_passed")
        return cls(exit_code=code if isinstance(code, int) and not isinstance(code, bool) else None,
                   tests_passed=passed if isinstance(passed, bool) else None,
                   version=int(data.get("version") or VERSION))

    @classmethod
    def from_text(cls, text: str) -> ShellRecord:
        """The record of a bash step recorded before steps carried one, read from its answer (the shell
        tool appends ``[exit code N]`` when the status is not 0)."""
        found = _EXIT_CODE.findall(text)
        return cls(exit_code=int(found[-1]) if found else 0, tests_passed=summary_says_passed(text))
