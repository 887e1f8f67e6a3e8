"""Run a task's tests against generated wrong, partial and equivalent fixes (``corpus.quality.fix_variants``):
a wrong fix that passes survives, an equivalent one that fails is rejected; either is a defect of the
tests, unless the survivor was reviewed and found to be no wrong fix (``corpus.quality.reviewed``)."""

from __future__ import annotations

import re
import tempfile
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from corpus.format import Task
from corpus.materialize import materialize, strip_bug_markers
from corpus.quality.fix_variants import KINDS, MUST_PASS, FixVariant, generate
from corpus.quality.reviewed import Review, load_reviews, review_reason
from harness.sandbox.backends.base import SandboxSource
from validation.runner import run_pytest

# Variant kinds whose survival (or, for equivalents, rejection) fails a task: every one. A surviving
# mutant or lone hunk that is no wrong fix after all (an equivalent mutant, a hunk that is a whole fix on
# its own) is excused only by a reviewed entry in corpus/quality/reviewed_survivors.json.
GATING_KINDS = KINDS
NAMES = {"mutant": "mutant of the fix", "partial": "partial fix (one hunk alone)"}


@dataclass(frozen=True)
class ProbeOutcome:
    kind: str
    file: str
    line: int
    description: str
    passed: bool  # the task's tests all passed with this variant
    tail: str  # pytest's last lines
    # An equivalent rewrite the program itself cannot take (a list where it hashes or adds tuples): not
    # an equivalent after all, so its rejection is no defect of the tests.
    not_equivalent: str = ""
    # A survivor read by hand and found to be no wrong fix: why (corpus/quality/reviewed_survivors.json).
    reviewed: str = ""

    @property
    def must_pass_kind(self) -> bool:
        return self.kind in MUST_PASS

    @property
    def defect(self) -> bool:
        """A wrong fix the tests accept, or an equivalent one they reject."""
        return self.passed != self.must_pass_kind and not self.not_equivalent and not self.reviewed

    def to_dict(self) -> dict:
        return asdict(self) | {"defect": self.defect}

    def problem(self) -> str | None:
        """The reason a gating defect fails the task, in words that say what to change."""
        if not self.defect or self.kind not in GATING_KINDS:
            return None
        if self.kind == "wrong_fix":
            return (f"the tests accept a wrong fix: {self.description} ({self.file}:{self.line}); add a case "
                    "that this change gets wrong")
        if self.kind != "equivalent":
            return (f"the tests accept a {NAMES[self.kind]}: {self.description} ({self.file}:{self.line}); add a "
                    "case that this change gets wrong, or say in corpus/quality/reviewed_survivors.json why no "
                    "caller can tell it from the fix")
        return (f"the tests reject a right fix: {self.description} ({self.file}:{self.line}); assert on what "
                "the caller sees, not on the container type or statement order")


# What the program (not a test's comparison) says when it needs the tuple a rewrite turned into a list.
TUPLE_NEEDED = re.compile(r"TypeError: (unhashable type: 'list'|can only concatenate tuple|"
                          r"'list' object cannot be interpreted|cannot use 'list' as|catching classes that do not "
                          r"inherit from BaseException|isinstance\(\) arg 2 must be|issubclass\(\) arg 2 must be|"
                          r"[\w.]+\(\) argument \d+ must be (?:a )?tuple)[^\n]*")


def _needs_tuple(output: str) -> str:
    match = TUPLE_NEEDED.search(output)
    return match.group(0) if match else ""


def variants_for(task: Task, *, limit_per_kind: int = 12) -> list[FixVariant]:
    buggy = {name: strip_bug_markers(text) for name, text in task.buggy_files.items()}
    return generate(buggy, task.correct_files, limit_per_kind=limit_per_kind)


def probe_task(task: Task, *, sandbox: SandboxSource, variants: Sequence[FixVariant] | None = None,
               limit_per_kind: int = 12, reviews: dict[tuple[str, str, str, str], Review] | None = None
               ) -> list[ProbeOutcome]:
    """Each variant in a fresh buggy workspace with its modules written over, the task's tests run once
    (stopping at the first failure for a variant that must fail)."""
    reviews = load_reviews() if reviews is None else reviews
    chosen = list(variants) if variants is not None else variants_for(task, limit_per_kind=limit_per_kind)
    outcomes = []
    with tempfile.TemporaryDirectory(prefix=f"stepwise-probe-{task.name}-") as root:
        for number, variant in enumerate(chosen):
            workspace = materialize(task, Path(root) / str(number))
            for name, text in variant.files.items():
                (workspace.path / name).write_text(text, encoding="utf-8")
            run = run_pytest(workspace.path, timeout_s=task.timeout_s, sandbox=sandbox,
                             dependencies=task.dependencies, protected=workspace.protected_files,
                             options=() if variant.must_pass else ("-x",))
            passed = run.returncode == 0 and not run.timed_out
            needs_tuple = "" if passed or not variant.must_pass else _needs_tuple(run.output)
            why = review_reason(reviews, task.name, variant.kind, variant.file, variant.description) if passed else ""
            outcomes.append(ProbeOutcome(variant.kind, variant.file, variant.line, variant.description, passed,
                                         run.tail(3), needs_tuple, why))
    return outcomes
