"""The metadata a kept example carries (its ``sft`` block): what the export writes into each row, and
what a person reading the folder needs to trust it."""

from __future__ import annotations

from corpus.format import Task
from harness.tools import DEBUGGER_TOOLS

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


def debugger_tools_used(doc: dict) -> list[str]:
    used = [s["tool"] for s in doc.get("steps", []) if s.get("tool") in DEBUGGER_TOOLS and not s.get("error")]
    return list(dict.fromkeys(used))


def sft_block(doc: dict, task: Task, *, source: str, teacher: str, attempt: int, candidates: int,
              skill: str | None = None, extra: dict | None = None) -> dict:
    policy = (doc.get("quality") or {}).get("policy") or {}
    return {
        "source": source, "skill": skill, "teacher": teacher, "attempt": attempt, "candidates": candidates,
        "quality_score": policy.get("score"), "policy_version": policy.get("version"),
        "preference": task.preference, "preferred_debugger_tools": preferred_debugger_tools(task),
        "debugger_tools_used": debugger_tools_used(doc), **(extra or {}),
    }
