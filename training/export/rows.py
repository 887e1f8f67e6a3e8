"""One kept trajectory -> one SFT row: the conversation in OpenAI chat format (tool-call arguments as
JSON objects), the arm's tool schemas, and the metadata columns."""

from __future__ import annotations

from harness.policies.hf import template_messages
from harness.records.groups import FINISH_TOOLS, toolset
from harness.trajectory import Trajectory

COLUMNS = ("messages", "tools", "task", "split", "arm", "source", "skill", "preference", "policy_version",
           "quality_score", "episode_id", "teacher")


def features():
    """``messages`` and ``tools`` as ``Json()`` so each row keeps its own structure (Dataset.from_list would
    otherwise merge the arguments of different tools into one struct full of nulls); typed metadata."""
    from datasets import Features, Json, List, Value

    text = Value("string")
    return Features({"messages": List(Json()), "tools": List(Json()), "task": text, "split": text, "arm": text,
                     "source": text, "skill": text, "preference": text, "policy_version": text,
                     "quality_score": Value("float64"), "episode_id": text, "teacher": text})


def conversation(trajectory: Trajectory) -> list[dict]:
    """The recorded messages ready for a chat template, ending on the model's last turn: the tool
    answer to the final ``done`` ("Episode finished.") teaches nothing and is left out."""
    messages = template_messages(trajectory.messages)
    if messages and messages[-1].get("role") == "tool" and len(messages) >= 2:
        calls = messages[-2].get("tool_calls") or []
        if any(call.get("function", {}).get("name") in FINISH_TOOLS for call in calls):
            messages = messages[:-1]
    return messages


def sft_row(trajectory: Trajectory, split: str) -> dict:
    """The row of a kept example (a trajectory with its ``sft`` block, ``extra["sft"]``)."""
    sft = trajectory.extra["sft"]
    return {
        "messages": conversation(trajectory), "tools": toolset(trajectory.arm), "task": trajectory.task,
        "split": split, "arm": trajectory.arm, "source": sft["source"], "skill": sft.get("skill"),
        "preference": sft.get("preference"), "policy_version": sft.get("policy_version"),
        "quality_score": sft.get("quality_score"), "episode_id": trajectory.episode_id, "teacher": sft.get("teacher"),
    }
