"""A kept bug's label from the measure every task gets: where a buggy and a correct run of its failing
tests first hold different values (``corpus.quality.divergence``, the state tracer ``corpus quality``
runs), traced in the repository's own environment.

The generator's own trace (``plugins/trace.py``) is cheap but only bounds the distance from above: it counts
from the change's first run (which may leave every value as it was) and every file that ran, and it calls
the failure ``shown`` only when the failing line names what the change touched, while pytest's report may
print the wrong value itself. So the label comes from the shared measure: the buggy version traced once,
the correct one twice (what differs between two runs of one version is noise), over the failing tests
nearest to the change. Where the tracer leaves no usable trace (the tests did not run under it, or ran past
its event budget) the generator's own measure stands, but it never makes a bug ``recommended`` alone.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from corpus.quality.divergence import Divergence, nearest, parse_trace
from corpus.quality.label_rule import LabelRule, ProposedLabel
from validation.generate.runs import STATE, SandboxRunner
from validation.quality.state_trace import TRACE_SLOWDOWN, compare

MAX_TESTS = 3  # failing tests traced per kept bug: the nearest by the generator's own measure


@dataclass(frozen=True)
class Confirmed:
    label: ProposedLabel
    divergence: Divergence | None  # the shared measure's nearest divergence, when one was found
    measured: bool  # the state traces were usable; else ``label`` is the generator's own, capped


def unmeasured(cheap: ProposedLabel, rule: LabelRule) -> ProposedLabel:
    """The generator's own label where the shared measure could not be made: never ``recommended``."""
    if cheap.preference != "recommended":
        return cheap
    return ProposedLabel("optional", rule.version, "the state tracer left no usable trace; the generator's own "
                         "measure (an upper bound on the distance) alone never makes a bug recommended")


def usable(divergence: Divergence) -> bool:
    return divergence.found or not ("left no trace" in divergence.reason or "cut at its event budget" in divergence.reason)


class CorrectTraces:
    """The correct snapshot's two traces of a list of tests, made once per run: every bug planted in the
    snapshot whose nearest failing tests are the same list compares against the same correct runs (in the
    same order, so state one test leaves for the next is the same too)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._traces: dict[tuple[str, ...], tuple] = {}

    def get(self, tests: Sequence[str], make: Callable[[], tuple]) -> tuple:
        key = tuple(tests)
        with self._lock:
            found = self._traces.get(key)
        if found is None:
            found = make()
            with self._lock:
                self._traces.setdefault(key, found)
        return found


def confirm(runner: SandboxRunner, buggy: Path, correct: Path, tests: Sequence[str], *, failing_output: str,
            test_files: Sequence[str], cheap: ProposedLabel, rule: LabelRule, timeout_s: float,
            correct_traces: CorrectTraces | None = None) -> Confirmed:
    """``tests``: failing node ids, nearest first (the first ``MAX_TESTS`` are traced)."""
    chosen = list(tests)[:MAX_TESTS]
    limit = timeout_s * TRACE_SLOWDOWN

    def trace(tree: Path):
        return parse_trace(runner.run(tree, chosen, plugin=STATE, timeout_s=limit).state)

    def twice() -> tuple:
        return trace(correct), trace(correct)

    right = correct_traces.get(chosen, twice) if correct_traces is not None else twice()
    divergences = compare(chosen, trace(buggy), *right, test_files=test_files, failing_output=failing_output)
    if not any(usable(d) for d in divergences):
        return Confirmed(unmeasured(cheap, rule), None, measured=False)
    found = nearest(divergences)
    return Confirmed(rule.propose(found), found, measured=True)
