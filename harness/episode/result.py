"""The one place an episode's ``EpisodeResult`` is built, and the rule for when it is verified.

Verification runs on ``done`` and, at the end of the budget or the context (and after a policy
``error``), only if the workspace is no longer as materialized (``WorkspaceChanges.as_materialized``,
decided on the host by content). A workspace as materialized, never changed or changed back byte for
byte, would give the verifier the task itself: its verdict is the task's known failure (its tests
fail, or hang, as the corpus's validation checks), recorded as such without running them again
(``verification: "skipped: workspace unchanged"``, ``outcome`` the known failure, no test counts, an
empty patch). A bug folder brought as it is (unvalidated) has no known failure: on ``done`` it is
always verified. Verification never runs after a crash, a sandbox limit or an endpoint failure.
"""

from __future__ import annotations

import logging

from corpus.format import Task
from corpus.materialize import Workspace
from harness.episode.loop import LoopOutcome
from harness.sandbox.backends.base import Sandbox
from harness.trajectory import EpisodeResult, ExitReason, TestCounts
from harness.verify import Verification, verify

log = logging.getLogger(__name__)

UNCHANGED = "the turn budget ran out with the workspace as materialized (never changed, or changed back): not verified"
SKIPPED = "skipped: workspace unchanged"  # result.verification when the known failure is the verdict


# Endings after which a changed workspace is still checked: the model may have fixed the bug before
# its budget or its context ran out. An infra error is never verified: the episode is played again.
VERIFIED_IF_CHANGED = (ExitReason.MAX_TURNS, ExitReason.CONTEXT_EXHAUSTED, ExitReason.ERROR)


def may_verify(exit_reason: ExitReason) -> bool:
    return exit_reason is ExitReason.DONE or exit_reason in VERIFIED_IF_CHANGED


def should_verify(exit_reason: ExitReason, changed: bool, *, failure_known: bool = True) -> bool:
    """``changed``: the workspace is no longer as materialized; ``failure_known``: the task has a
    ``known_failure``, the verdict on an unchanged workspace."""
    if exit_reason is ExitReason.DONE:
        return changed or not failure_known
    return changed and exit_reason in VERIFIED_IF_CHANGED


def known_failure(task: Task) -> str | None:
    """The verifier's outcome on the task's own (buggy) workspace, which the corpus's validation
    checks; None for a bug folder brought as it is (``unvalidated``): nothing is known of it beforehand."""
    if getattr(task, "unvalidated", False):
        return None
    return "hang" if task.hangs else "failed"


def run_verification(sandbox: Sandbox, workspace: Workspace, task: Task) -> Verification:
    try:
        return verify(sandbox, workspace, task)
    except Exception as exc:  # verification must not lose the episode
        log.exception("verification of %s failed", task.name)
        return Verification(verified=False, passed=0, failed=0, patch=None, outcome="not_run",
                            reason=f"verification could not run: {type(exc).__name__}: {exc}")


def episode_result(outcome: LoopOutcome | None, *, verification: Verification | None = None,
                   unchanged_failure: str | None = None, exit_reason: ExitReason | None = None,
                   reason: str | None = None) -> EpisodeResult:
    """The result of a played episode (``outcome`` and, when it ran, ``verification``; else, when the
    workspace was found as materialized, ``unchanged_failure``: the task's ``known_failure``), or of
    one that never got to play (``exit_reason`` and ``reason``, no turns)."""
    if outcome is None:
        return EpisodeResult(exit_reason or ExitReason.ERROR, reason=reason, turns=0)
    result = EpisodeResult(outcome.exit_reason, reason=outcome.reason, turns=outcome.turns,
                           usage=outcome.usage or None)
    if verification is not None:
        result.verified = bool(verification.verified)
        result.tests = TestCounts(int(verification.passed), int(verification.failed))
        result.patch = verification.patch
        result.reason = "; ".join(r for r in (outcome.reason, verification.reason) if r) or None
        result.extra["outcome"] = verification.outcome  # passed | failed | hang | stopped | not_run
        if verification.stuck_at:
            result.extra["stuck_at"] = list(verification.stuck_at)
        if verification.suspicious_patch:  # [{file, line, rule, text}]: no reward, rejected by rollouts
            result.extra["suspicious_patch"] = list(verification.suspicious_patch)
        if verification.left_out:  # "name (why)": what of the workspace the verifier did not carry or read
            result.extra["left_out"] = list(verification.left_out)
        return result
    if unchanged_failure is not None:
        result.patch = ""
        result.extra["verification"] = SKIPPED
        result.extra["outcome"] = unchanged_failure
    if outcome.exit_reason is ExitReason.MAX_TURNS:
        result.reason = UNCHANGED
    elif outcome.exit_reason is ExitReason.CONTEXT_EXHAUSTED:
        result.reason = f"{outcome.reason}; the workspace is as materialized: not verified"
    elif outcome.exit_reason is ExitReason.DONE and unchanged_failure is not None:
        known = "hang" if unchanged_failure == "hang" else "fail"
        result.reason = (f"the workspace is as materialized (never changed, or changed back): not verified, "
                         f"the task's tests are known to {known} on it")
    return result


def crashed_result(exc: BaseException) -> EpisodeResult:
    """The episode's own code stopped on an error (a harness fault, reported as a crash)."""
    return EpisodeResult(ExitReason.CRASH, reason=f"the episode stopped: {type(exc).__name__}: {exc}")
