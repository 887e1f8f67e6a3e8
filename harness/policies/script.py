"""``script:FILE`` — the scripted policy of DESIGN.md: issue the file's tool calls in order, then done.

    {"tool_calls": [{"name": "start_debugger", "arguments": {"file": "test_x.py"}}, ...]}

Two extensions, both optional. An entry may be ``{"content": "raw model text"}`` instead of a call:
it is parsed like a model's reply (``<tool_call>`` format), which is how tests send malformed calls.
A file may also hold ``"tasks": {"TASK": {"tool_calls": [...]}, ...}`` so one script drives a
whole evaluation; a task not listed there uses the top-level ``tool_calls``. A task entry may give
per-arm lists as ``{"base": [...], "dbg": [...]}`` instead of ``tool_calls``.
"""

from __future__ import annotations

import json
from pathlib import Path

from harness.arms import ARMS
from harness.policies.base import Policy, PolicyError, PolicyInfo, PolicyTurn, scripted_turn
from harness.policies.parsing import turn_from_reply


def _check_calls(calls, where: str) -> list[dict]:
    if not isinstance(calls, list):
        raise PolicyError(f"{where}: expected a list of {{\"name\", \"arguments\"}} objects")
    for i, entry in enumerate(calls):
        if not isinstance(entry, dict):
            raise PolicyError(f"{where}[{i}]: expected an object with \"name\" and \"arguments\"")
        if "content" in entry:
            if not isinstance(entry["content"], str):
                raise PolicyError(f"{where}[{i}].content: expected a string (raw model text)")
            continue
        if not isinstance(entry.get("name"), str) or not entry["name"]:
            raise PolicyError(f"{where}[{i}].name: missing; every call needs a tool name")
        if "arguments" in entry and not isinstance(entry["arguments"], dict):
            raise PolicyError(f"{where}[{i}].arguments: expected a JSON object")
    return calls


def load_script(path: str | Path) -> dict:
    """Read and check a script file; raises PolicyError naming the file and the field at fault."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise PolicyError(f"script: {path}: no such file") from None
    except IsADirectoryError:
        raise PolicyError(f"script: {path}: is a folder; give the script file ({{\"tool_calls\": [...]}})") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise PolicyError(f"script: {path}: not valid JSON ({exc})") from None
    except RecursionError:
        raise PolicyError(f"script: {path}: nested too deeply to be a script") from None
    except OSError as exc:
        raise PolicyError(f"script: {path}: cannot be read ({exc.strerror or exc})") from None
    if not isinstance(data, dict) or ("tool_calls" not in data and "tasks" not in data):
        raise PolicyError(f'script: {path}: expected {{"tool_calls": [...]}} (and/or "tasks": {{...}})')
    _check_calls(data.get("tool_calls", []), f"script: {path}: tool_calls")
    tasks = data.get("tasks", {})
    if not isinstance(tasks, dict):
        raise PolicyError(f"script: {path}: tasks: expected an object mapping task names to scripts")
    for name, entry in tasks.items():
        if not isinstance(entry, dict):
            raise PolicyError(f"script: {path}: tasks.{name}: expected an object")
        for key in ("tool_calls", *ARMS):
            if key in entry:
                _check_calls(entry[key], f"script: {path}: tasks.{name}.{key}")
    return data


class ScriptPolicy(Policy):
    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.script = load_script(self.path)
        self._calls: list[dict] = list(self.script.get("tool_calls", []))
        self._next = 0

    def info(self) -> PolicyInfo:
        return PolicyInfo("script", None, {"file": str(self.path)})

    def reset(self, *, task: str, arm: str) -> None:
        entry = self.script.get("tasks", {}).get(task, {})
        self._calls = list(entry.get(arm, entry.get("tool_calls", self.script.get("tool_calls", []))))
        self._next = 0

    def act(self, messages: list[dict], tools: list[dict]) -> PolicyTurn:
        if self._next >= len(self._calls):
            return scripted_turn("done", {})
        entry = self._calls[self._next]
        self._next += 1
        if "content" in entry:
            return turn_from_reply(entry["content"])
        return scripted_turn(entry["name"], dict(entry.get("arguments") or {}))
