"""The lines the baseline's passing tests ran (``plugins/lines.py``), and the candidates no test can reach.

A change in a statement that no test reaching its function ever runs cannot fail a test: trying it costs a
run of those tests for a certain ``no_effect``. Such candidates are left out before trying, where the record
can tell (every test that reaches the function passed under the line tracer, and nothing replaced it).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from corpus.plant.context import Candidate, ModuleContext


@dataclass(frozen=True)
class RanLines:
    lines: dict[str, frozenset[int]]  # repository-relative file -> lines run at import or by a passing test
    passed: frozenset[str]  # the tests that passed under the line tracer

    @classmethod
    def of(cls, record: dict) -> RanLines | None:
        """The plugin's ``lines.json``; None when it cannot tell that a line never runs: not written (the run
        did not finish), or another trace function replaced the plugin's for a while."""
        if not record or record.get("replaced", True):
            return None
        return cls(lines={file: frozenset(numbers) for file, numbers in record.get("lines", {}).items()},
                   passed=frozenset(record.get("passed", [])))

    def never_run(self, candidate: Candidate, context: ModuleContext, tests: Iterable[str]) -> bool:
        """Whether none of ``tests`` (those reaching the candidate's function) can run its change: each passed
        under the tracer, and none ran a line of a statement the change edits."""
        tests = list(tests)
        if not tests or any(test not in self.passed for test in tests):
            return False
        ran = self.lines.get(candidate.file, frozenset())
        for edit in candidate.edits:
            span = context.statement_lines(edit)
            if span is None or any(line in ran for line in range(span[0], span[1] + 1)):
                return False
        return True
