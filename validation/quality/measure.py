"""A task's quality, measured: where its state first goes wrong (and the label the rule proposes from
that), which generated wrong fixes its tests let through and which right ones they reject, whether its
report describes only the symptom, and whether its category matches the measured mechanism.

``measure_task`` never raises for a bad task: what cannot be measured is a problem on the record.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from corpus.format import Task
from corpus.materialize import materialize
from corpus.quality.divergence import Divergence, nearest
from corpus.quality.label_rule import LabelRule, ProposedLabel
from corpus.quality.report_check import ReportFlag, report_flags
from harness.hang import dump_options, hung_tests
from harness.sandbox.backends.base import SandboxError, SandboxSource
from harness.sandbox.deps import DependencyInstallError
from validation.quality.fix_probes import GATING_KINDS, ProbeOutcome, probe_task
from validation.quality.state_trace import TracedPair, measure_pair
from validation.runner import parse_failed_tests, run_pytest


@dataclass
class TaskQuality:
    task: str
    category: str
    author: str  # meta.json's preference
    proposed: ProposedLabel
    mechanism: str  # float_drift | hang | value | unmeasured
    divergence: Divergence | None = None
    per_test: list[Divergence] = field(default_factory=list)
    failing_tests: list[str] = field(default_factory=list)
    probes: list[ProbeOutcome] = field(default_factory=list)
    report: list[ReportFlag] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def state_dependent(self) -> bool:
        """By measurement: the wrong state is made at least 3 calls and 2 files before the failure, and
        the failing output does not print it."""
        d = self.divergence
        return bool(d and d.found and not d.shown and d.calls >= 3 and d.files >= 2)

    @property
    def tests_pin_fix(self) -> bool:
        return not any(p.defect for p in self.probes if p.kind in GATING_KINDS)

    def to_dict(self) -> dict:
        killed = sum(1 for p in self.probes if not p.must_pass_kind and not p.passed)
        wrong = [p for p in self.probes if not p.must_pass_kind]
        return {
            "task": self.task, "category": self.category, "author": self.author,
            "proposed": self.proposed.preference, "rule": self.proposed.rule, "why": self.proposed.why,
            "mechanism": self.mechanism, "state_dependent": self.state_dependent,
            "divergence": self.divergence.to_dict() if self.divergence else None,
            "per_test": [d.to_dict() for d in self.per_test], "failing_tests": self.failing_tests,
            "wrong_fixes": len(wrong), "killed": killed,
            "surviving": [p.to_dict() for p in wrong if p.passed and not p.reviewed],
            "reviewed_survivors": [p.to_dict() for p in wrong if p.passed and p.reviewed],
            "rejected_equivalents": [p.to_dict() for p in self.probes if p.must_pass_kind and p.defect],
            "equivalents": sum(1 for p in self.probes if p.must_pass_kind),
            "tests_pin_fix": self.tests_pin_fix,
            "report_flags": [f.describe() for f in self.report], "problems": self.problems,
        }


def measure_task(task: Task, *, sandbox: SandboxSource, rule: LabelRule | None = None, probes: bool = True,
                 limit_per_kind: int = 12) -> TaskQuality:
    rule = rule or LabelRule.load()
    report = report_flags(task.description, task.test_files)
    quality = TaskQuality(task.name, task.category, task.preference, rule.propose(None), "unmeasured", report=report)
    try:
        _measure_runs(task, quality, sandbox=sandbox, rule=rule)
        if probes:
            quality.probes = probe_task(task, sandbox=sandbox, limit_per_kind=limit_per_kind)
    except (DependencyInstallError, SandboxError, OSError, ValueError) as exc:
        quality.problems.append(f"could not measure: {exc}")
        return quality
    quality.problems += [problem for probe in quality.probes if (problem := probe.problem())]
    for flag in report:
        quality.problems.append(f"report {flag.describe()}; describe the symptom only")
    return quality


def _measure_runs(task: Task, quality: TaskQuality, *, sandbox: SandboxSource, rule: LabelRule) -> None:
    with tempfile.TemporaryDirectory(prefix=f"stepwise-quality-{task.name}-") as root:
        buggy = materialize(task, Path(root) / "buggy")
        correct = materialize(task, Path(root) / "correct", variant="correct")
        run = run_pytest(buggy.path, timeout_s=task.timeout_s, sandbox=sandbox, dependencies=task.dependencies,
                         protected=buggy.protected_files, options=dump_options(task.timeout_s))
        hung = task.hangs and run.timed_out
        failing = hung_tests(run.output, task.test_files) if hung else parse_failed_tests(run.output)
        quality.failing_tests = failing
        if not failing:
            quality.problems.append("the buggy run named no failing test; nothing to trace "
                                    f"({run.tail(2) or 'no output'})")
            return
        pair = TracedPair(buggy.path, correct.path, tuple(failing), "" if hung else run.output,
                          tuple(buggy.protected_files), task.dependencies, task.timeout_s, buggy_hangs=hung)
        quality.per_test = measure_pair(pair, sandbox=sandbox)
    quality.divergence = nearest(quality.per_test)
    quality.proposed = rule.propose(quality.divergence)
    if quality.divergence is None:
        quality.problems.append("no failing test diverged: " + "; ".join(d.reason for d in quality.per_test))
        quality.mechanism = "unmeasured"
    else:
        quality.mechanism = ("hang" if task.hangs else "float_drift" if any(d.float_drift for d in quality.per_test)
                             else "value")
