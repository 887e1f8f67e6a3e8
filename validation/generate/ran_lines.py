"""The lines the baseline's passing tests ran (``plugins/lines.py``), and which tests can run a candidate.

A change in a statement that a test never runs cannot fail that test. So a candidate's first run runs only
the tests reaching its function that ran a line of a statement it edits (tornado-1: a median of 33 of the
113 tests reaching a candidate's function, 0.8 s of their 9.3 s), and a candidate no test runs is left out
before trying: it would cost a run for a certain ``no_effect``. Where the record cannot speak for a test (it
did not pass under the line tracer) that test runs; where it cannot speak for the run at all (another trace
function replaced the plugin's), every test reaching the function runs.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from corpus.plant.context import Candidate, ModuleContext


@dataclass(frozen=True)
class RanLines:
    outside: dict[str, frozenset[int]]  # repository-relative file -> lines run outside any test (imports)
    by_line: dict[str, dict[int, tuple[str, ...]]]  # file -> line -> the passing tests that ran it
    passed: frozenset[str]  # the tests that passed under the line tracer

    @classmethod
    def of(cls, record: dict) -> RanLines | None:
        """The plugin's ``lines.json``; None when it cannot tell that a line never runs: not written (the run
        did not finish), or another trace function replaced the plugin's for a while."""
        if not record or record.get("replaced", True):
            return None
        passed = list(record.get("passed", []))
        return cls(outside={file: frozenset(lines) for file, lines in record.get("outside", {}).items()},
                   by_line={file: {int(line): tuple(passed[i] for i in tests) for line, tests in lines.items()}
                            for file, lines in record.get("by_line", {}).items()},
                   passed=frozenset(passed))

    def tests_running(self, candidate: Candidate, context: ModuleContext, tests: Iterable[str]) -> list[str]:
        """Of ``tests`` (those reaching the candidate's function), the ones that can run its change: those that
        ran a line of a statement it edits, and those the record cannot speak for; all of them where a change
        lies outside any statement of the body (a signature) or in a line run at import. Empty: none can."""
        tests = list(tests)
        spans = [context.statement_lines(edit) for edit in candidate.edits]
        if any(span is None for span in spans):
            return tests
        lines = {line for span in spans if span is not None for line in range(span[0], span[1] + 1)}
        if lines & self.outside.get(candidate.file, frozenset()):
            return tests
        by_line = self.by_line.get(candidate.file, {})
        running = {test for line in lines for test in by_line.get(line, ())}
        return [test for test in tests if test in running or test not in self.passed]
