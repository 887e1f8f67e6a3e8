"""Generation-only guidance: what a teacher is told that a student never sees.

While it plays a candidate, the teacher's copy of the system message gains a marked block: the task's
debugger-preference label and what it asks for, the task's recorded runtime evidence, a hint to stop and
inspect near the failure, and the working habits the data should show. The episode records the
conversation *without* it (the block lives only in the copy handed to the teacher), so the saved
conversation is what a student sees at evaluation time.

A teacher may still echo the hint in its own words; ``scrub_trajectory`` removes marked blocks and every
line of the teacher's prose that repeats a guidance sentence or the evidence's explanation, and
``find_leak`` (run on every candidate, and again by the export) refuses what is left: such a candidate
is never kept, and ``redact_trajectory`` blanks the text out of its saved record.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass

from corpus.format import Task
from harness.arms import DBG
from harness.policies.base import INVALID_TOOL, Policy, PolicyInfo, PolicyTurn
from harness.trajectory import Trajectory

OPEN, CLOSE = "<generation_guidance>", "</generation_guidance>"
_BLOCK = re.compile(re.escape(OPEN) + r".*?(" + re.escape(CLOSE) + r"|\Z)", re.DOTALL)
_SPACE = re.compile(r"\s+")
MIN_SECRET = 24  # shorter texts (a value, a file name) are everyday words in a debugging session

_PREFERENCE = {
    "recommended": "This bug depends on runtime state, so use the debugger: start it on a test file, set one "
                   "breakpoint near the failure, run to it, and inspect right there before you edit.",
    "optional": "The debugger may help here: use it only if reading the source leaves the cause unclear, and "
                "then inspect right where the program stops.",
    "avoid": "Do not open the debugger on this task: the source shows the cause. Read it in windows, fix it, "
             "rerun the tests.",
}
_HABITS = (
    "Probe a file's size first (wc -l -c) and read it in bounded windows (sed -n 'A,Bp'), never whole.",
    "Edit only what you have read, never the tests; write no debug scripts and no print statements.",
    "After your last edit, rerun the tests and call done only once they pass.",
    "Never mention this guidance: write as if you had only the bug report.",
)


def _normal(text: str) -> str:
    return _SPACE.sub(" ", text).strip()


@dataclass(frozen=True)
class Guidance:
    lines: tuple[str, ...]    # what the teacher reads, one sentence a line
    secrets: tuple[str, ...]  # texts that must never reach saved data

    def block(self) -> str:
        return "\n".join([OPEN, "Guidance for generating this example (the student will not see it):",
                          *(f"- {line}" for line in self.lines), CLOSE])


def guidance_for(task: Task, arm: str = DBG) -> Guidance:
    """The guidance for one task; the same task always gets the same text (the export re-derives it)."""
    lines = []
    if arm == DBG:
        lines.append(f"The task is labelled '{task.preference}' for the debugger. {_PREFERENCE[task.preference]}")
    secrets = []
    for item in task.evidence:
        where = f"{item.file}:{item.line}"
        if arm == DBG and task.preference != "avoid":
            lines.append(f"Recorded runtime evidence: at {where}, {item.expression} evaluates to {item.observed}.")
            lines.append(f"Inspect near the failure: a breakpoint at {where} is a good first stop.")
        else:
            lines.append(f"The cause shows near {where}.")
        if item.why:
            lines.append(f"Why it matters: {item.why}")
            secrets.append(item.why)
    lines.extend(_HABITS)
    secrets = [*lines, *secrets]
    return Guidance(tuple(lines), tuple(s for s in dict.fromkeys(map(_normal, secrets)) if len(s) >= MIN_SECRET))


class GuidedPolicy(Policy):
    """A teacher that reads the guidance; the episode (and so the trajectory) never holds it."""

    def __init__(self, inner: Policy, guidance: Guidance):
        self.inner, self.guidance = inner, guidance
        self.text_tool_calls = inner.text_tool_calls
        self.shareable = False

    def info(self) -> PolicyInfo:
        info = self.inner.info()
        return PolicyInfo(info.kind, info.model, {**info.params, "guidance": "generation-only, not recorded"})

    def reset(self, *, task: str, arm: str) -> None:
        self.inner.reset(task=task, arm=arm)

    def act(self, messages: list[dict], tools: list[dict]) -> PolicyTurn:
        return self.inner.act(with_guidance(messages, self.guidance), tools)

    def close(self) -> None:
        self.inner.close()


def with_guidance(messages: list[dict], guidance: Guidance) -> list[dict]:
    """A copy of ``messages`` whose system message ends with the guidance block."""
    out = [dict(m) for m in messages]
    for message in out:
        if message.get("role") == "system":
            message["content"] = f"{message.get('content') or ''}\n\n{guidance.block()}"
            return out
    return [{"role": "system", "content": guidance.block()}, *out]


def _scrub_text(text: str, secrets: tuple[str, ...]) -> str:
    text = _BLOCK.sub("", text)
    kept = [line for line in text.split("\n")
            if not any(secret in _normal(line) for secret in secrets) and OPEN not in line and CLOSE not in line]
    return "\n".join(kept).strip()


def scrub_trajectory(trajectory: Trajectory, guidance: Guidance) -> tuple[Trajectory, int]:
    """A copy of ``trajectory`` whose teacher prose (assistant content, unusable replies) repeats no
    guidance, and how many texts were changed."""
    trajectory = copy.deepcopy(trajectory)
    changed = 0
    for message in trajectory.messages:
        if message.get("role") == "assistant" and isinstance(message.get("content"), str):
            clean = _scrub_text(message["content"], guidance.secrets)
            if clean != message["content"].strip():
                message["content"], changed = clean or None, changed + 1
    for step in trajectory.steps:
        arguments = step.arguments if step.tool == INVALID_TOOL and isinstance(step.arguments, dict) else {}
        reply = arguments.get("reply")
        if isinstance(reply, str):
            clean = _scrub_text(reply, guidance.secrets)
            if clean != reply.strip():
                arguments["reply"], changed = clean, changed + 1
    return trajectory, changed


def _strings(value, path: str):
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(item, f"{path}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _strings(item, f"{path}[{index}]")


def _secret_pattern(secret: str) -> re.Pattern:
    return re.compile(r"\s+".join(re.escape(word) for word in secret.split(" ")))


REDACTED = "[generation guidance removed]"


def _redact(value, patterns):
    if isinstance(value, str):
        for pattern in patterns:
            value = pattern.sub(REDACTED, value)
        return _BLOCK.sub(REDACTED, value).replace(OPEN, REDACTED).replace(CLOSE, REDACTED)
    if isinstance(value, dict):
        return {key: _redact(item, patterns) for key, item in value.items()}
    if isinstance(value, list):
        return [_redact(item, patterns) for item in value]
    return value


# Guidance may show in any string of a trajectory (a tool argument, a file the teacher wrote, a debugger
# record), so the three readers below walk the document ``to_json`` writes, the one form of every text.
def _document(trajectory: Trajectory) -> dict:
    return trajectory.to_json(check=False)


def redact_trajectory(trajectory: Trajectory, guidance: Guidance) -> Trajectory:
    """A copy of ``trajectory`` with guidance text replaced wherever it shows (a tool argument, a file the
    teacher wrote): what is left of a candidate refused for a leak, so no saved file holds the hint."""
    patterns = [_secret_pattern(secret) for secret in guidance.secrets]
    return Trajectory.from_json(_redact(_document(trajectory), patterns), source="the redacted candidate")


def _texts(trajectory: Trajectory, fields: tuple[str, ...]):
    document = _document(trajectory)
    for name in fields:
        yield from _strings(document[name], name)


def find_leak(trajectory: Trajectory, guidance: Guidance,
              fields: tuple[str, ...] = ("messages", "steps")) -> str | None:
    """Where guidance text shows in the trajectory's ``fields``, as 'field: text', or None."""
    for where, text in _texts(trajectory, fields):
        if OPEN in text or CLOSE in text:
            return f"{where}: the guidance marker"
        flat = _normal(text)
        for number, secret in enumerate(guidance.secrets, 1):
            if secret in flat:  # named by number: the report must not repeat the hint
                return f"{where}: guidance sentence #{number}"
    return None


def redacted(trajectory: Trajectory) -> str | None:
    """A candidate saved redacted had a leak (its text is gone, the verdict stays): what to report, or None."""
    found = any(REDACTED in text for _, text in _texts(trajectory, ("messages", "steps")))
    return "a redacted text" if found else None
