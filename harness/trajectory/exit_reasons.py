"""Why an episode ended: one enumeration, the schema's ``result.exit_reason`` values.

The metrics read them this way: ``done``, ``max_turns`` and ``context_exhausted`` are the model's own
outcomes (counted); ``infra_error`` means the model endpoint could not answer, so the episode says
nothing about the model (left out of every metric, listed in the report, re-run on resume); ``error``
and ``crash`` are the harness's faults (reported). DESIGN.md also names ``limit`` (the model's program
hit a sandbox limit), added with the code that produces it.
"""

from __future__ import annotations

from enum import StrEnum


class ExitReason(StrEnum):
    DONE = "done"  # the policy called done
    MAX_TURNS = "max_turns"  # the turn budget was spent
    CONTEXT_EXHAUSTED = "context_exhausted"  # the conversation outgrew the model's context window
    INFRA_ERROR = "infra_error"  # the model endpoint could not complete a call (down, refused, overloaded)
    ERROR = "error"  # the policy or the sandbox set-up failed
    CRASH = "crash"  # the sandbox died mid-episode, or the process running the episode stopped


# Episodes that say nothing about the model: excluded from the metrics.
NOT_MODEL_OUTCOMES = frozenset({ExitReason.INFRA_ERROR})
# Episodes a resumed evaluation plays again.
RERUN_ON_RESUME = frozenset({ExitReason.CRASH, ExitReason.INFRA_ERROR})
