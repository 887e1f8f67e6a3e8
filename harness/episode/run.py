"""One episode: one task, in one fresh sandbox, driven by one policy for at most ``max_turns`` turns.

materialize the task -> acquire a sandbox (its debug service) -> the turn loop (``loop``), watched by
the workspace-change tracker (``changes``) -> independent verification, unless the workspace is as
materialized (then the task's known failure), and the result (``result``)
-> the ``stepwise.trajectory/1`` document, returned as a ``Trajectory``. Scoring is the next step
(``harness.episode.scoring.score_episode``), not part of playing.

Every event (header, each message, each step, the result) is appended to ``<out>.events.jsonl`` as it
happens and handed to ``on_event``, so the web app can stream turns and a killed process loses nothing
already done; a stream without a result folds into ``exit_reason: crash``.

Turns are numbered from 1. A reply with no usable tool call still costs its turn: it is recorded as
a step with tool ``<invalid>`` and the policy gets an ``Error: …`` message saying the expected format.

Exit reasons (``ExitReason``): ``done`` (the policy called done), ``max_turns`` (budget spent),
``limit`` (the model's program hit a sandbox limit), ``context_exhausted`` (the conversation outgrew
the model's context), ``infra_error`` (the model endpoint could not complete a call after its
retries), ``error`` (the policy or the sandbox set-up failed), ``crash`` (the sandbox died mid-episode
for another reason, or the process running the episode stopped).
"""

from __future__ import annotations

import logging
import shutil
import tempfile
import uuid
from collections.abc import Callable
from pathlib import Path

from corpus.format import Task, resolve_task
from corpus.materialize import Workspace, materialize
from corpus.repository.task import RepositoryTask
from corpus.repository.workspace import RepositoryWorkspace
from corpus.task_splits import task_splits
from harness.arms import check_arm
from harness.episode.changes import WorkspaceChanges
from harness.episode.loop import play_turns
from harness.episode.recorder import Recorder
from harness.episode.result import (
    crashed_result,
    episode_result,
    known_failure,
    may_verify,
    run_verification,
    should_verify,
)
from harness.policies.base import Policy
from harness.prompts import system_prompt, task_prompt
from harness.pytest_files import CONFIG_NAME, pytest_targets, write_pytest_config
from harness.records.groups import toolset
from harness.repository_task import RepositorySession, verify_repository_safely
from harness.repository_task import prepare as prepare_repository
from harness.repository_task import prompt as repository_prompt
from harness.sandbox.backends import DEFAULT_BACKEND, UNCONFINED_BACKEND, get_backend
from harness.sandbox.backends.base import Limits, Sandbox, SandboxSource, SandboxSpec
from harness.trajectory import (
    EpisodeResult,
    EventStream,
    ExitReason,
    Trajectory,
    events_path_for,
    fold_events,
    now_iso,
    read_events,
    write_document,
)
from harness.workspace_task import WorkspaceTask

log = logging.getLogger(__name__)


def _sandbox_source(backend: str | SandboxSource) -> tuple[SandboxSource, bool]:
    """The source to acquire from, and whether this episode made it (and must close it)."""
    if isinstance(backend, str):
        return get_backend(backend, allow_local=(backend == UNCONFINED_BACKEND)), True
    return backend, False


def _opening_messages(task: Task, workspace: Workspace | RepositoryWorkspace, arm: str, policy: Policy,
                      prompt: str | None) -> list[dict]:
    if prompt is None:
        prompt = task_prompt(task.description, [*workspace.buggy_files, *task.shared_files], workspace.test_files)
    return [
        {"role": "system", "content": system_prompt(arm, text_tool_calls=policy.text_tool_calls)},
        {"role": "user", "content": prompt},
    ]


def _play(task: Task, policy: Policy, sandbox: Sandbox, workspace: Workspace | RepositoryWorkspace, arm: str, max_turns: int,
          recorder: Recorder, prompt: str | None, repository: RepositorySession | None = None) -> EpisodeResult:
    if prompt is None and repository is not None:
        prompt = repository_prompt(task)  # type: ignore[arg-type]  # a RepositoryTask
    messages = _opening_messages(task, workspace, arm, policy, prompt)
    for message in messages:
        recorder.emit("message", {"message": message})
    policy.reset(task=task.name, arm=arm)
    # Seen from the host, where the sandbox's files are; taken before the first turn. A repository's files
    # are compared with that first look alone (the task lists none of them).
    materialized = None if not isinstance(workspace, Workspace) else {
        **task.shared_files, **workspace.buggy_files, **workspace.test_files, **workspace.support_files}
    changes = WorkspaceChanges(sandbox.workspace, materialized)
    outcome = play_turns(policy, sandbox, messages, toolset(arm), max_turns, recorder, changes)
    if not may_verify(outcome.exit_reason):
        return episode_result(outcome)  # a sandbox limit, a crash, an endpoint failure
    known = known_failure(task)
    if should_verify(outcome.exit_reason, not changes.as_materialized(), failure_known=known is not None):
        if repository is not None and isinstance(task, RepositoryTask):
            return episode_result(outcome, verification=verify_repository_safely(sandbox, repository, task))
        if isinstance(workspace, Workspace):
            return episode_result(outcome, verification=run_verification(sandbox, workspace, task))
    return episode_result(outcome, unchanged_failure=known)


def add_pytest_config(workspace: Workspace, task: Task) -> None:
    """Write the workspace's ``pytest.ini`` naming the task's test files (so ``python -m pytest -q``
    collects test.py, tests/ and TestCase files too) and protect it like the tests; nothing when the
    task ships its own configuration."""
    listed = task.meta.get("test_files")
    tests = list(listed) if isinstance(listed, list) else pytest_targets(workspace.test_files)
    text = write_pytest_config(workspace.path, [t for t in tests if t.endswith(".py")])
    if text is not None:
        workspace.support_files[CONFIG_NAME] = text
        workspace.protected_files = sorted({*workspace.protected_files, CONFIG_NAME})


def split_of_task(name: str) -> str | None:
    """The task's split whatever its origin (``corpus.task_splits``: corpus/splits.json, the real corpus's
    splits file, a generated task's meta.json), or None when it has none (or a registry is unreadable)."""
    try:
        return task_splits().split_of(name)
    except (KeyError, ValueError, OSError):
        return None


def run_episode(task: Task | str | Path, policy: Policy, *, arm: str, backend: str | SandboxSource = DEFAULT_BACKEND,
                max_turns: int = 50, out: str | Path, split: str | None = None,
                on_event: Callable[[dict], None] | None = None, limits: Limits | None = None,
                episode_id: str | None = None, header_extra: dict | None = None,
                prompt: str | None = None) -> Trajectory:
    """Play one episode and return its trajectory, also written to ``out`` as its document.

    ``backend`` is where the sandbox comes from: a ``SandboxSource`` -- a ``SandboxPool`` (warm starts,
    what evaluations and rollouts pass) or a Backend -- or a backend name (one of the registry's ``harness.sandbox.backends.BACKEND_NAMES``)
    for a one-off cold start. ``on_event(event)`` receives every event as it is recorded
    (header, message, step, result); ``score_episode`` adds the quality event after.
    ``header_extra`` adds fields to the document's top level (the evaluation records ``run`` there).
    ``prompt`` replaces the first user message (default: the task's bug report and its files); the
    microskill exercises of ``training`` pass their instruction here.
    """
    if not isinstance(task, Task):
        task = resolve_task(task)
    check_arm(arm)
    if max_turns < 1:
        raise ValueError("max_turns must be at least 1")
    out = Path(out)
    if out.is_dir():  # checked before playing: the document could not be written at the end
        raise ValueError(f"out={out} is a folder; give the trajectory file to write, e.g. {out / 'episode.json'}")
    events_path = events_path_for(out)
    if events_path.exists():
        events_path.unlink()  # an earlier attempt that never finished; this one replaces it
    stream = EventStream(events_path)
    recorder = Recorder(stream, on_event)
    recorder.emit("header", {"header": {
        "episode_id": episode_id or uuid.uuid4().hex, "task": task.name, "split": split, "arm": arm,
        "policy": policy.info().to_dict(), "sandbox": backend if isinstance(backend, str) else backend.name,
        "max_turns": max_turns, "started_at": now_iso(), "preference": task.preference,
        **({"task_source": task.source_record()} if isinstance(task, WorkspaceTask) else {}),
        **(header_extra or {}),
    }})
    tmp = Path(tempfile.mkdtemp(prefix=f"stepwise-episode-{task.name}-"))
    sandbox = source = None
    owned = False
    try:
        repository = None
        if isinstance(task, RepositoryTask):
            repository = prepare_repository(task, tmp / "workspace")
            workspace: Workspace | RepositoryWorkspace = repository.workspace
        else:
            workspace = materialize(task, tmp / "workspace")
            add_pytest_config(workspace, task)
        try:
            source, owned = _sandbox_source(backend)
            sandbox = source.acquire(SandboxSpec(
                workspace=workspace.path, arm=arm, protected_files=tuple(workspace.protected_files),
                dependencies=tuple(task.dependencies), limits=limits or Limits(),
                python=str(repository.environment.python) if repository else None,
                env=repository.env if repository else {}))
        except Exception as exc:
            result = episode_result(None, exit_reason=ExitReason.ERROR, reason=f"the sandbox did not start: {exc}")
        else:
            result = _play(task, policy, sandbox, workspace, arm, max_turns, recorder, prompt, repository)
        recorder.emit("result", {"result": result.to_json()})
    except Exception as exc:
        log.exception("episode %s/%s stopped", task.name, arm)
        recorder.emit("result", {"result": crashed_result(exc).to_json()})
    finally:
        # KeyboardInterrupt lands here without a result event: the folded document says crash.
        if sandbox is not None and source is not None:
            try:
                source.release(sandbox)
            except Exception:
                log.exception("closing the sandbox of %s failed", task.name)
        if owned and source is not None:
            source.close()
        stream.close()
        shutil.rmtree(tmp, ignore_errors=True)
        trajectory = fold_events(read_events(events_path))
        write_document(trajectory.to_json(check=False), out)
    return trajectory
