"""Judging candidates and choosing the one to keep.

A candidate passes when its episode ended with ``done``, the independent verifier says the bug is
fixed and its patch scan flagged nothing (``suspicious_patch``), pdb_policy passes it (no hard
reason, score at least the minimum: the policy also enforces the task's debugger-preference label),
it holds no unusable reply, and no guidance text survived in it. Every rule comes from the scoring seam's verdict stored in the document's ``quality``; nothing is
re-judged here. The kept candidate is the highest-scoring passing one (the earliest on a tie).
"""

from __future__ import annotations

from harness.trajectory import ExitReason, Trajectory
from training.datagen.metadata import policy_verdict
from training.datagen.summary import CandidateVerdict


def judge_candidate(trajectory: Trajectory, *, attempt: int, teacher: str, path: str,
                    leak: str | None) -> CandidateVerdict:
    result = trajectory.result
    policy = policy_verdict(trajectory)
    exit_reason = str(result.exit_reason)
    verdict = CandidateVerdict(attempt, teacher, path, exit_reason, result.verified, policy.score if policy else None)

    def reject(reason: str, detail: str) -> None:
        verdict.reasons.append(reason)
        verdict.details.append(detail)

    if exit_reason != ExitReason.DONE:
        reject(f"exit_{exit_reason}", f"the episode ended with {exit_reason}"
               + (f": {result.reason}" if result.reason else ""))
    suspicious = result.extra.get("suspicious_patch")
    if isinstance(suspicious, list) and suspicious:
        lines = "; ".join(f"{f.get('file')}:{f.get('line')} {f.get('text')}" for f in suspicious[:3]
                          if isinstance(f, dict))
        reject("suspicious_patch", f"the patch reaches into the test framework, the interpreter's exit or "
                                   f"imports: {lines}")
    if result.verified is not True:
        reject("not_verified", "the independent verifier did not confirm the fix")
    if policy is None:
        reject("unscored", "the scoring seam gave no verdict")
    else:
        for reason in policy.hard_reasons:
            reject(reason.rule, reason.message)
        if not policy.hard_reasons and not policy.passed:
            reject("below_min_score", f"policy score {policy.score:g} is below the minimum")
        invalid = policy.features.get("invalid_replies") or 0
        if invalid:
            reject("invalid_reply", f"{invalid} repl{'y' if invalid == 1 else 'ies'} held no usable tool call")
    if leak is not None:
        reject("guidance_leak", f"generation guidance survived in {leak}")
    return verdict


def best_candidate(verdicts: list[CandidateVerdict]) -> CandidateVerdict | None:
    passing = [v for v in verdicts if v.passed]
    if not passing:
        return None
    return max(passing, key=lambda v: (v.score or 0.0, -v.attempt))
