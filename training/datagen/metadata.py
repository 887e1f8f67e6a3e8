"""The metadata a kept example carries (its ``sft`` block): what the export writes into each row, and
what a person reading the folder needs to trust it."""

from __future__ import annotations

import dataclasses

from corpus.format import Task
from harness.records.groups import DEBUGGER_TOOLS
from harness.records.quality import PolicyVerdict
from harness.trajectory import Trajectory

CORE_FLOW = ("start_debugger", "add_breakpoint", "continue_execution")


def preferred_debugger_tools(task: Task) -> list[str]:
    """The debugger tools the task's label and shape call for: none on an avoid task; the core flow
    plus the inspection that reads the recorded evidence; the stack tools for a hang or deadlock;
    step_into where the failure lives in an installed library."""
    if task.preference == "avoid":
        return []
    tools: list[str] = list(CORE_FLOW)
    tools.append("run_expression" if any(e.expression for e in task.evidence) else "examine_locals")
    if task.meta.get("failure") == "hang" or "deadlock" in task.tags:
        tools += ["where_am_i", "select_frame"]
    if task.dependencies:
        tools.append("step_into")
    return tools


def debugger_tools_used(trajectory: Trajectory) -> list[str]:
    """The debugger tools the episode called without an error, each once, in first-call order."""
    used = [step.tool for step in trajectory.steps if step.tool in DEBUGGER_TOOLS and not step.error]
    return list(dict.fromkeys(used))


def policy_verdict(trajectory: Trajectory) -> PolicyVerdict | None:
    """The scoring seam's pdb_policy verdict stored in the trajectory's ``quality`` (None when unscored)."""
    quality = trajectory.scored
    return quality.policy if quality else None


def sft_block(trajectory: Trajectory, task: Task, *, source: str, teacher: str, attempt: int, candidates: int,
              skill: str | None = None, extra: dict | None = None) -> dict:
    policy = policy_verdict(trajectory)
    return {
        "source": source, "skill": skill, "teacher": teacher, "attempt": attempt, "candidates": candidates,
        "quality_score": policy.score if policy else None, "policy_version": policy.version if policy else None,
        "preference": task.preference, "preferred_debugger_tools": preferred_debugger_tools(task),
        "debugger_tools_used": debugger_tools_used(trajectory), **(extra or {}),
    }


def with_sft(trajectory: Trajectory, block: dict) -> Trajectory:
    """The kept example: ``trajectory`` with its ``sft`` block (a top-level field the schema leaves open)."""
    return dataclasses.replace(trajectory, extra={**trajectory.extra, "sft": block})
