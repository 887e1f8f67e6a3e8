"""Stepwise as an Inspect AI task: ``inspect eval stepwise/debug_repair --model openai/MODEL``
(or ``inspect eval harness/interop/inspect_task.py@debug_repair``).

One Sample per Stepwise task. The solver plays a ``DrivenEpisode`` (the same loop, tools, sandbox and
verifier as ``harness run``): each turn's conversation goes to Inspect's model as ChatMessages with the
turn's tool schemas, and the model's reply goes back as an OpenAI assistant message. Inspect never
runs the tools itself; the episode does. The Stepwise trajectory document lands in
``state.metadata["stepwise_trajectory"]`` and the ``stepwise_verifier`` scorer reads it.

Task parameters (``-T name=value``): ``arm`` (dbg | base), ``split`` (of corpus/splits.json, default
``defaults.SPLIT``; only when ``tasks`` is empty), ``tasks`` (comma-separated task names or task folders),
``max_turns`` (0: ``defaults.MAX_TURNS``), ``backend`` (sandbox backend), ``corpus`` (the tasks folder;
default corpus/tasks), ``out`` (where trajectory files go; default ``stepwise-trajectories`` in the
folder of the eval's own log).
"""

from __future__ import annotations

import os
from pathlib import Path

import anyio.to_thread
from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.log import transcript
from inspect_ai.model import get_model
from inspect_ai.scorer import Score, Target, accuracy, scorer, stderr
from inspect_ai.solver import Generate, Solver, TaskState, solver

from corpus.format import TASKS_DIR, load_task, load_tasks
from corpus.format import Task as StepwiseTask
from harness.arms import ARMS
from harness.interop.defaults import SPLIT, trajectory_folder
from harness.interop.driven import DrivenEpisode, EpisodeSpec, Turn
from harness.interop.inspect_log import TRAJECTORY_KEY, verdict_score
from harness.interop.inspect_messages import (
    to_chat_messages,
    to_openai_message,
    to_tool_events,
    to_tool_infos,
)
from harness.interop.verifiers_common import opening_messages
from harness.sandbox.backends import DEFAULT_BACKEND
from harness.scoring import episode_scorer
from harness.trajectory import Trajectory

_REPO = Path(__file__).resolve().parents[2]


# -- which tasks -----------------------------------------------------------------------------------

def task_names(tasks: str | list | tuple) -> list[str]:
    """``-T tasks=a,b`` arrives from Inspect's command line as a list (its values are YAML), from
    Python as a comma-separated string; either way, the names."""
    items = tasks if isinstance(tasks, list | tuple) else str(tasks or "").split(",")
    return [str(n).strip() for n in items if str(n).strip()]


def select_tasks(split: str, tasks: str | list | tuple = "", corpus: str = "") -> list[StepwiseTask]:
    """``tasks`` (names in ``corpus``, or task folders), else the members of ``split``
    (corpus/splits.json), as ``harness eval --tasks/--split`` picks them."""
    root = Path(corpus) if corpus else TASKS_DIR
    names = task_names(tasks)
    if names:
        out: list[StepwiseTask] = []
        for name in names:
            # A folder: as given, else from the repository root (``inspect eval FILE`` runs the task
            # from the file's folder, so a relative path may not be found from the working directory).
            folders = [f for f in (Path(name), _REPO / name) if "/" in name and f.is_dir()]
            if folders:
                out.append(load_task(folders[0].resolve()))
            else:
                out.extend(load_tasks(root, [name]))
        return out
    from corpus.splits import tasks_in_split

    members = tasks_in_split(split)
    if not members:
        raise ValueError(f"no task is in split {split!r} (see corpus/splits.json)")
    return load_tasks(root, members)


# -- solver and scorer ------------------------------------------------------------------------------

def default_out_dir() -> Path:
    """``stepwise-trajectories`` beside the running eval's log (Inspect's log folder)."""
    from inspect_ai.log._samples import sample_active

    active = sample_active()
    location = active.log_location if active is not None else ""
    location = location.removeprefix("file://")
    if location and "://" not in location:
        return trajectory_folder(Path(location).parent)
    # A remote log folder (s3://...): the local one Inspect would use.
    return trajectory_folder(os.environ.get("INSPECT_LOG_DIR") or "logs")


@solver
def stepwise_episode(arm: str = "dbg", max_turns: int = 0, backend: str = DEFAULT_BACKEND, split: str | None = None,
                     out: str = "") -> Solver:
    """Plays the sample's Stepwise task as a driven episode with Inspect's model taking the turns."""
    async def solve(state: TaskState, generate: Generate) -> TaskState:
        stepwise_task = load_task(Path(str(state.metadata["task_path"])))
        out_dir = Path(out) if out else default_out_dir()
        out_dir.mkdir(parents=True, exist_ok=True)
        spec = EpisodeSpec(task=stepwise_task, arm=arm, backend=backend, split=split,
                           out=out_dir / f"{stepwise_task.name}.{arm}.e{state.epoch}.json",
                           scorer=episode_scorer(stepwise_task),
                           header_extra={"inspect": {"sample_id": state.sample_id, "epoch": state.epoch}})
        if max_turns > 0:
            spec.max_turns = max_turns
        model = get_model()
        episode = DrivenEpisode(spec, model=str(model), kind="inspect")
        turn: Turn = await anyio.to_thread.run_sync(episode.start)
        try:
            while not turn.finished:
                output = await model.generate(to_chat_messages(turn.messages), tools=to_tool_infos(turn.tools))
                state.output = output
                reply = to_openai_message(output)
                turn = await anyio.to_thread.run_sync(episode.reply, reply)
                for event in to_tool_events(reply, turn.new_messages):  # what `inspect view` shows per call
                    transcript()._event(event)
        finally:
            if not episode.finished:  # the model's call failed, or the sample was cancelled: closed as error
                await anyio.to_thread.run_sync(episode.close, "the sample stopped before the episode ended")
            # Kept on the state even when the sample errors: Inspect logs an errored sample's state as it is.
            trajectory = turn.trajectory or episode.trajectory
            if trajectory is not None:
                state.messages = to_chat_messages(list(trajectory.messages))
                state.metadata[TRAJECTORY_KEY] = trajectory.to_json(check=False)  # the log carries the document
        if trajectory is None:
            raise RuntimeError(f"the episode wrote no trajectory: {turn.error or 'unknown error'}")
        return state

    return solve


@scorer(metrics=[accuracy(), stderr()])
def stepwise_verifier():
    """CORRECT when the Stepwise verifier passed the final workspace (``result.verified``)."""

    async def score(state: TaskState, target: Target) -> Score:
        document = state.metadata.get(TRAJECTORY_KEY)
        return verdict_score(Trajectory.from_json(document) if isinstance(document, dict) else None)

    return score


@task
def debug_repair(arm: str = "dbg", split: str = "", tasks: str | list[str] = "", max_turns: int = 0,
                 backend: str = DEFAULT_BACKEND, corpus: str = "", out: str = "") -> Task:
    """Repair a failing Stepwise task's code in a sandbox, with (``dbg``) or without (``base``) a debugger.
    ``split`` (default ``defaults.SPLIT``) applies only when no ``tasks`` are named; the log's metadata says which
    tasks ran and under which split (None for named tasks)."""
    if arm not in ARMS:
        raise ValueError(f"-T arm={arm!r}: the arm is one of {', '.join(ARMS)}")
    if split and task_names(tasks):
        raise ValueError(f"-T split={split!r} and -T tasks=... pick the tasks two ways; give one of them")
    effective_split = None if task_names(tasks) else (split or SPLIT)
    chosen = select_tasks(effective_split or SPLIT, tasks, corpus)
    # The sample's input is the episode's own opening (system prompt and task prompt), as Inspect shows it.
    samples = [Sample(id=t.name, input=to_chat_messages(opening_messages(t, arm)),
                      metadata={"task_path": str(t.path), "arm": arm}) for t in chosen]
    return Task(dataset=MemoryDataset(samples, name=f"stepwise-{effective_split or 'tasks'}"),
                solver=stepwise_episode(arm=arm, max_turns=max_turns, backend=backend, split=effective_split,
                                        out=out),
                scorer=stepwise_verifier(),
                metadata={"split": effective_split, "tasks": [t.name for t in chosen], "arm": arm})
