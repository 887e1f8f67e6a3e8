"""What a ``bash`` call did, as structured facts beside its text (a step's ``shell`` field): the
command's exit status, what its test summary said, and a digest of the answer that two runs printing
the same thing share (test summaries' clock times left out). The shell tool fills it from the shell's
own result; scoring reads it instead of the answer text.

``summary_says_passed`` reads pytest's or unittest's closing lines: the program's output is the only place
that says whether tests passed. Stdlib only: this runs inside sandboxes.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field

VERSION = 1
_EXIT_CODE = re.compile(r"^\[exit code (-?\d+)\]\s*$", re.MULTILINE)  # what the shell tool appends
_PASSED = re.compile(r"\b(\d+) passed\b")
_FAILED = re.compile(r"\b\d+ (failed|errors?)\b|\bno tests ran\b|^(FAILED|ERROR)\b", re.MULTILINE)
_UNITTEST_OK = re.compile(r"^OK\b", re.MULTILINE)
_CLOCK = re.compile(r"\bin \d+(\.\d+)?s\b")  # "1 failed in 0.12s", "Ran 3 tests in 0.001s"


def summary_says_passed(output: str) -> bool | None:
    """True when the output's test summary says every test passed, False when it names a failure, an
    error or that no tests ran, None when it has no summary."""
    if _FAILED.search(output):
        return False
    if _PASSED.search(output) or _UNITTEST_OK.search(output):
        return True
    return None


def answer_digest(answer: str) -> str:
    """What two answers printing the same thing share: a hash of the text without its clock times."""
    return hashlib.sha1(_CLOCK.sub("", answer).encode("utf-8", "surrogatepass")).hexdigest()[:16]


@dataclass
class ShellRecord:
    """``exit_code``: the command's status (None: unknown, the command timed out or the shell broke);
    ``tests_passed``: ``summary_says_passed`` of its output; ``answer_digest``: ``answer_digest`` of the
    answer (the same command printing the same thing again is a repeated call, however long it took).

    A record written before it carried the digest gets it from its step's text when read
    (``digest_upgraded``), which ``to_json`` does not write back."""

    exit_code: int | None
    tests_passed: bool | None = None
    answer_digest: str | None = None
    version: int = VERSION
    digest_upgraded: bool = field(default=False, compare=False)

    def to_json(self) -> dict:
        data: dict = {"version": self.version, "exit_code": self.exit_code, "tests_passed": self.tests_passed}
        if self.answer_digest is not None and not self.digest_upgraded:
            data["answer_digest"] = self.answer_digest
        return data

    @classmethod
    def of_answer(cls, exit_code: int | None, answer: str) -> ShellRecord:
        """The record of the answer the shell tool gives (its text as the model sees it)."""
        return cls(exit_code, summary_says_passed(answer), answer_digest(answer))

    @classmethod
    def from_json(cls, data: dict, answer: str | None = None) -> ShellRecord:
        """A stored record; ``answer`` (its step's text) supplies the digest an older record lacks."""
        code, passed, digest = data.get("exit_code"), data.get("tests_passed"), data.get("answer_digest")
        record = cls(exit_code=code if isinstance(code, int) and not isinstance(code, bool) else None,
                     tests_passed=passed if isinstance(passed, bool) else None,
                     answer_digest=digest if isinstance(digest, str) else None,
                     version=int(data.get("version") or VERSION))
        if record.answer_digest is None and isinstance(answer, str):
            record.answer_digest, record.digest_upgraded = answer_digest(answer), True
        return record

    @classmethod
    def from_text(cls, text: str) -> ShellRecord:
        """The record of a bash step recorded before steps carried one, read from its answer (the shell
        tool appends ``[exit code N]`` when the status is not 0)."""
        found = _EXIT_CODE.findall(text)
        return cls(exit_code=int(found[-1]) if found else 0, tests_passed=summary_says_passed(text),
                   answer_digest=answer_digest(text))
