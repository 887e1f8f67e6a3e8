"""Why an episode ended: one enumeration, the schema's ``result.exit_reason`` values.

The metrics read them this way: ``done``, ``max_turns``, ``limit`` (the model's program hit a sandbox
limit: memory, processes, CPU time, disk, the sandbox's wall clock) and ``context_exhausted`` are the
model's own outcomes (counted; a limit is a failure); ``infra_error`` means the model endpoint could not
answer, so the episode says nothing about the model (left out of every metric, listed in the report,
re-run on resume); ``error`` and ``crash`` are the harness's faults (counted as failures, listed in
the report, a crash re-run on resume).
"""

from __future__ import annotations

from enum import StrEnum


class ExitReason(StrEnum):
    DONE = "done"  # the policy called done
    MAX_TURNS = "max_turns"  # the turn budget was spent
    LIMIT = "limit"  # the model's program hit a sandbox limit (memory, processes, CPU, disk, wall clock)
    CONTEXT_EXHAUSTED = "context_exhausted"  # the conversation outgrew the model's context window
    INFRA_ERROR = "infra_error"  # the model endpoint could not complete a call (down, refused, overloaded)
    ERROR = "error"  # the policy or the sandbox set-up failed
    CRASH = "crash"  # the sandbox died mid-episode (not at a limit), or the process running the episode stopped


# Endings by the model's own doing (what GRPO rewards and a failure analysis reads as the model's).
MODEL_OUTCOMES = frozenset({ExitReason.DONE, ExitReason.MAX_TURNS, ExitReason.LIMIT, ExitReason.CONTEXT_EXHAUSTED})
# Endings that are the harness's fault: reported apart in the eval report.
HARNESS_FAULTS = frozenset({ExitReason.ERROR, ExitReason.CRASH})
# Episodes that say nothing about the model: excluded from the metrics.
NOT_MODEL_OUTCOMES = frozenset({ExitReason.INFRA_ERROR})
# Episodes a resumed evaluation plays again.
RERUN_ON_RESUME = frozenset({ExitReason.CRASH, ExitReason.INFRA_ERROR})
