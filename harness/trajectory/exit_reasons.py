"""Why an episode ended: one enumeration, the schema's ``result.exit_reason`` values.

DESIGN.md also names ``limit`` (the model's program hit a sandbox limit), ``context_exhausted`` and
``infra_error`` (the model endpoint failed: excluded from metrics, re-run on resume); they are added
here, with the code that produces them, by the work that handles those cases.
"""

from __future__ import annotations

from enum import StrEnum


class ExitReason(StrEnum):
    DONE = "done"  # the policy called done
    MAX_TURNS = "max_turns"  # the turn budget was spent
    ERROR = "error"  # the policy or the sandbox set-up failed
    CRASH = "crash"  # the sandbox died mid-episode, or the process running the episode stopped

