"""One episode: one task, in one fresh sandbox, driven by one policy for at most ``max_turns`` turns.

materialize the task -> start the sandbox (its debug service) -> turn loop, one tool call per turn ->
independent verification -> the trajectory document (DESIGN.md, "Trajectory").

Every event (header, each message, each step, the result) is appended to ``<out>.events.jsonl`` as it
happens and handed to ``on_event``, so the web app can stream turns and a killed process loses nothing
already done; a stream without a result folds into ``exit_reason: crash``.

Turns are numbered from 1. A reply with no usable tool call still costs its turn: it is recorded as
a step with tool ``<invalid>`` and the policy gets an ``Error: …`` message saying the expected format.

Exit reasons: ``done`` (the policy called done), ``max_turns`` (budget spent), ``error`` (the policy
or the sandbox set-up failed: endpoint down, sandbox would not start), ``crash`` (the sandbox died
mid-episode, or the process running the episode stopped).

When verification runs: always on ``done``; at the end of the budget (and after a policy ``error``)
only if the episode changed the workspace -- a successful edit_file/write_file, or a bash command
after which a workspace file's content differs (checked by hashing the workspace after each bash
call). An episode that never changed anything cannot have fixed the bug, so it is not verified.
"""

from __future__ import annotations

import hashlib
import logging
import shutil
import tempfile
import uuid
from collections.abc import Callable
from pathlib import Path

from corpus.format import Task, resolve_task
from corpus.materialize import materialize
from corpus.splits import split_of
from harness.observation import Observation, ToolCall
from harness.policies.base import INVALID_TOOL, Policy, PolicyError
from harness.prompts import ARMS, system_prompt, task_prompt
from harness.sandbox.backends import get_backend
from harness.sandbox.backends.base import Limits, Sandbox, SandboxSource, SandboxSpec
from harness.tools import toolset
from harness.trajectory import (
    EventStream,
    events_path_for,
    from_events,
    now_iso,
    read_events,
    write_document,
)
from harness.verify import verify

log = logging.getLogger(__name__)

EDIT_TOOLS = ("edit_file", "write_file")
_IGNORED_PARTS = ("__pycache__", ".pytest_cache")


class _Recorder:
    """Writes each event to the stream first (durable), then tells the listener (best effort)."""

    def __init__(self, stream: EventStream, on_event: Callable[[dict], None] | None):
        self.stream, self.on_event = stream, on_event

    def emit(self, kind: str, payload: dict) -> None:
        self.stream.emit(kind, payload)
        if self.on_event is not None:
            try:
                self.on_event({"event": kind, "at": now_iso(), **payload})
            except Exception:  # a broken listener must not end the episode
                log.exception("on_event listener failed on a %s event", kind)


def workspace_fingerprint(root: Path) -> dict[str, str]:
    """sha1 of every file in the workspace except caches and hidden files (to see bash edits)."""
    out = {}
    if not root.is_dir():
        return out
    for path in root.rglob("*"):
        rel = path.relative_to(root)
        if any(part in _IGNORED_PARTS or part.startswith(".") for part in rel.parts) or not path.is_file():
            continue
        try:
            out[rel.as_posix()] = hashlib.sha1(path.read_bytes()).hexdigest()
        except OSError:
            continue
    return out


def _sandbox_source(backend: str | SandboxSource) -> tuple[SandboxSource, bool]:
    """The source to acquire from, and whether this episode made it (and must close it)."""
    if isinstance(backend, str):
        return get_backend(backend, allow_local=(backend == "local")), True
    return backend, False


def _start_sandbox(source: SandboxSource, task: Task, workspace, arm: str, limits) -> Sandbox:
    spec = SandboxSpec(workspace=workspace.path, arm=arm, protected_files=tuple(workspace.protected_files),
                       dependencies=tuple(task.dependencies), limits=limits or Limits())
    return source.acquire(spec)


def _verification_result(sandbox, workspace, task: Task) -> dict:
    try:
        v = verify(sandbox, workspace, task)
    except Exception as exc:  # verification must not lose the episode
        log.exception("verification of %s failed", task.name)
        return {"verified": False, "tests": {"passed": 0, "failed": 0}, "patch": None,
                "reason": f"verification could not run: {type(exc).__name__}: {exc}"}
    return {"verified": bool(v.verified), "tests": {"passed": int(v.passed), "failed": int(v.failed)},
            "patch": v.patch, "reason": v.reason}


def _step(turn: int, call: ToolCall | None, arguments, observation: Observation, usage) -> dict:
    step = {"turn": turn, "tool": call.name if call else INVALID_TOOL, "arguments": arguments,
            "observation": observation.text,
            "position": list(observation.position) if observation.position else None,
            "duration_ms": round(observation.duration_ms, 3), "error": bool(observation.error)}
    if call is not None:
        step["call_id"] = call.id
    if usage:
        step["usage"] = usage
    return step


def _add_usage(total: dict, usage: dict | None) -> None:
    for key, value in (usage or {}).items():
        if isinstance(value, int | float):
            total[key] = total.get(key, 0) + value


def _play(task: Task, policy: Policy, sandbox, workspace, arm: str, max_turns: int,
          rec: _Recorder) -> dict:
    """The turn loop and verification; returns the result object."""
    tools = toolset(arm)
    messages = [
        {"role": "system", "content": system_prompt(arm, text_tool_calls=policy.text_tool_calls)},
        {"role": "user", "content": task_prompt(task.description,
                                                [*workspace.buggy_files, *task.shared_files],
                                                workspace.test_files)},
    ]
    for message in messages:
        rec.emit("message", {"message": message})
    policy.reset(task=task.name, arm=arm)
    usage_total: dict = {}
    changed = False
    root = Path(sandbox.workspace)  # where the sandbox's files are seen from the host
    fingerprint = workspace_fingerprint(root)
    exit_reason, reason, turns = "max_turns", None, 0
    for turn in range(1, max_turns + 1):
        try:
            move = policy.act(messages, tools)
        except PolicyError as exc:
            exit_reason, reason = "error", str(exc)
            break
        turns = turn
        _add_usage(usage_total, move.usage)
        messages.append(move.message)
        rec.emit("message", {"message": move.message})
        if move.tool_call is None:
            observation = Observation.failure(move.error or "the reply held no tool call")
            reply = {"role": "user", "content": observation.text}
            messages.append(reply)
            rec.emit("message", {"message": reply})
            raw = move.message.get("content") or ""
            rec.emit("step", {"step": _step(turn, None, {"reply": raw[:4000]}, observation, move.usage)})
            continue
        call = move.tool_call
        observation = sandbox.call(call)
        if move.extra_tool_calls:
            observation.text += (f"\n(Note: {move.extra_tool_calls} more tool call(s) in that reply were "
                                 "ignored: one tool call per turn.)")
        reply = {"role": "tool", "tool_call_id": call.id, "content": observation.text}
        messages.append(reply)
        rec.emit("message", {"message": reply})
        rec.emit("step", {"step": _step(turn, call, call.arguments, observation, move.usage)})
        if call.name in EDIT_TOOLS and not observation.error:
            changed = True
        elif call.name == "bash":
            now = workspace_fingerprint(root)
            changed = changed or now != fingerprint
            fingerprint = now
        if observation.done:
            exit_reason = "done"
            break
        if sandbox.crashed:
            exit_reason = "crash"
            reason = sandbox.crash_reason or "the sandbox stopped answering"
            break
    result = {"verified": False, "exit_reason": exit_reason, "tests": {"passed": 0, "failed": 0},
              "patch": None, "reason": reason}
    if exit_reason == "done" or (changed and exit_reason in ("max_turns", "error")):
        verification = _verification_result(sandbox, workspace, task)
        verify_reason = verification.pop("reason", None)
        result.update(verification)
        result["reason"] = "; ".join(r for r in (reason, verify_reason) if r) or None
    elif exit_reason == "max_turns":
        result["reason"] = "the turn budget ran out and the workspace was never changed: not verified"
    result["turns"] = turns
    result["usage"] = usage_total or None
    return result


def _score(scorer: Callable[[dict], dict | None], events_path: Path, rec: _Recorder) -> None:
    try:
        quality = scorer(from_events(read_events(events_path)))
    except Exception:  # a failing scorer must not lose the episode; the document stays unscored
        log.exception("the quality scorer failed on %s", events_path)
        return
    if quality is not None:
        rec.emit("quality", {"quality": quality})


def split_of_task(name: str) -> str | None:
    """The task's split from corpus/splits.json, or None when it has none (or splits are absent)."""
    try:
        return split_of(name)
    except (KeyError, ValueError, OSError):
        return None


def run_episode(task: Task | str | Path, policy: Policy, *, arm: str, backend: str | SandboxSource = "bwrap", max_turns: int = 50,
                out: str | Path, split: str | None = None,
                on_event: Callable[[dict], None] | None = None, limits=None,
                episode_id: str | None = None, header_extra: dict | None = None,
                scorer: Callable[[dict], dict | None] | None = None) -> dict:
    """Play one episode and return its trajectory document, also written to ``out``.

    ``backend`` is where the sandbox comes from: a ``SandboxSource`` -- a ``SandboxPool`` (warm starts,
    what evaluations and rollouts pass) or a Backend -- or a backend name ("bwrap", "docker", "local")
    for a one-off cold start. ``on_event(event)`` receives every event as it is recorded
    (header, message, step, result, quality).
    ``header_extra`` adds fields to the document's top level (the evaluation records ``run`` there).
    ``scorer(document)`` may return a quality record (e.g. ``{"edit_relevant": True, ...}``); it is
    appended as a ``quality`` event and lands in the document's ``quality`` field.
    """
    if not isinstance(task, Task):
        task = resolve_task(task)
    if arm not in ARMS:
        raise ValueError(f"arm must be one of {', '.join(ARMS)}, got {arm!r}")
    if max_turns < 1:
        raise ValueError("max_turns must be at least 1")
    out = Path(out)
    events_path = events_path_for(out)
    if events_path.exists():
        events_path.unlink()  # an earlier attempt that never finished; this one replaces it
    stream = EventStream(events_path)
    rec = _Recorder(stream, on_event)
    rec.emit("header", {"header": {
        "episode_id": episode_id or uuid.uuid4().hex, "task": task.name, "split": split, "arm": arm,
        "policy": policy.info().to_dict(), "sandbox": backend if isinstance(backend, str) else backend.name,
        "max_turns": max_turns, "started_at": now_iso(), "preference": task.preference,
        **(header_extra or {}),
    }})
    tmp = Path(tempfile.mkdtemp(prefix=f"stepwise-episode-{task.name}-"))
    sandbox = source = None
    owned = False
    try:
        workspace = materialize(task, tmp / "workspace")
        try:
            source, owned = _sandbox_source(backend)
            sandbox = _start_sandbox(source, task, workspace, arm, limits)
        except Exception as exc:
            result = {"verified": False, "exit_reason": "error", "tests": {"passed": 0, "failed": 0},
                      "patch": None, "reason": f"the sandbox did not start: {exc}", "turns": 0, "usage": None}
        else:
            result = _play(task, policy, sandbox, workspace, arm, max_turns, rec)
        rec.emit("result", {"result": result})
        if scorer is not None:
            _score(scorer, events_path, rec)
    except Exception as exc:
        log.exception("episode %s/%s stopped", task.name, arm)
        rec.emit("result", {"result": {"verified": False, "exit_reason": "crash",
                                       "tests": {"passed": 0, "failed": 0}, "patch": None,
                                       "reason": f"the episode stopped: {type(exc).__name__}: {exc}"}})
    finally:
        # KeyboardInterrupt lands here without a result event: the folded document says crash.
        if sandbox is not None:
            try:
                source.release(sandbox)
            except Exception:
                log.exception("closing the sandbox of %s failed", task.name)
        if owned:
            source.close()
        stream.close()
        shutil.rmtree(tmp, ignore_errors=True)
        doc = from_events(read_events(events_path))
        write_document(doc, out)
    return doc
