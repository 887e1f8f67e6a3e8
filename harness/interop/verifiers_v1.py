"""Stepwise as a native ``verifiers.v1`` environment (verifiers 0.4.0): a taskset, a harness and an
env that ``vf-eval``, ``vf.load_environment`` and prime-rl load by the taskset id
``stepwise-debug-repair`` (the top-level package ``stepwise_debug_repair`` re-exports this module,
because v1 resolves an id to an importable module name).

How Stepwise maps onto v1:

- ``DebugRepairTaskset`` yields one ``DebugRepairTask`` per Stepwise task (``--env.taskset.split``,
  or ``--env.taskset.tasks``); its prompt is the episode's opening messages (the arm's system prompt
  and the bug report). ``--env.taskset.for-training`` refuses heldout tasks when the taskset loads.
- ``DebugRepairHarness`` is the agent program. v1's harness contract allows a loop that runs
  in-process instead of a program in the runtime, "as long as every model call goes through
  ``endpoint`` + ``secret``" (``Harness.launch``). Its ``launch`` plays one
  ``harness.interop.driven.DrivenEpisode`` (the ``run_episode`` loop, tools, sandbox, verifier and
  scorer of ``harness run``): each turn's conversation and tool schemas go to the rollout's
  interception endpoint (so v1 records every model call, its tokens and the message graph on the
  trace, and the run's client, eval or train, answers), and the reply goes back to the episode.
  The model's tool calls run in Stepwise's own sandbox (``--env.taskset.backend``), not in the v1
  runtime, which stays an idle ``subprocess`` box. A rollout that stops early (an error, a model
  call refused, a timeout, a cancel) closes its episode, which then records ``error``.
- ``DebugRepairTask`` scores the finished trace with the Stepwise rubric
  (``harness.scoring.rubric``, weights from ``--env.taskset.task.weights`` or a rubric config):
  each weighed component is a v1 reward with its weight, so ``trace.reward`` is the rubric's total;
  ``verified`` and ``total`` are always recorded as metrics.
- A rollout asked for by a training client (``TrainClientConfig``, prime-rl) refuses a heldout task
  before any model call, whatever the taskset's flags.

Why not v1's other shapes: an ``Env.run`` that plays the user (as the OpenEnv taskset does) only
sees the agent's text replies, and Stepwise's turns are native tool calls; MCP tool servers would
run Stepwise's tools outside ``run_episode`` (a second loop, with its own verifier). The in-process
harness keeps one loop and still gives v1 every model call.
"""

from __future__ import annotations

import asyncio
import json
import logging
import uuid
import weakref
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

import openai
import verifiers.v1 as vf  # pyright: ignore[reportMissingImports]  (in .venv-verifiers, not the checker's .venv)
from pydantic import Field, model_validator
from verifiers.v1.configs.client import TrainClientConfig  # pyright: ignore[reportMissingImports]

from corpus.format import Task as CorpusTask
from corpus.format import resolve_task
from harness.episode.run import split_of_task
from harness.interop.defaults import MAX_EPISODES, MAX_TURNS, SPLIT, trajectory_folder
from harness.interop.driven import DrivenEpisode, EpisodeSpec
from harness.interop.verifiers_common import (
    StepwiseRubric,
    check_selection,
    close_episode,
    load_rubric,
    opening_messages,
    select_tasks,
    start_episode,
    task_split,
)
from harness.records.groups import toolset
from harness.sandbox.backends import DEFAULT_BACKEND
from harness.scoring.rubric import episode_scorer

log = logging.getLogger(__name__)

TASKSET_ID = "stepwise-debug-repair"


# -- the task ----------------------------------------------------------------------------------
class DebugRepairData(vf.TaskData):
    """One Stepwise task as v1 task data (recorded on every trace)."""

    task_path: str
    """The task folder."""
    arm: str = "dbg"
    split: str | None = None
    max_turns: int = MAX_TURNS
    backend: str = DEFAULT_BACKEND
    policy_config: str | dict | None = None
    """The pdb policy config the episode's quality record uses (None: pdb_policy_v1)."""
    out_dir: str = str(trajectory_folder())
    """The folder the episode's trajectory file goes to."""
    max_episodes: int = MAX_EPISODES
    """Episodes played at once in this process (the taskset's ``max_episodes``)."""


class DebugRepairState(vf.State):
    trajectory: dict | None = None
    """The episode's trajectory document, once it is over."""


class DebugRepairTaskConfig(vf.TaskConfig):
    """How a finished episode is scored (``--env.taskset.task.*``)."""

    weights: dict[str, float] | None = None
    """Component weights, e.g. ``{"verified": 0.7, "policy": 0.3}`` (default ``{"verified": 1.0}``)."""
    rubric: dict[str, Any] | str | None = None
    """A rubric config (``{"weights": ..., "policy_config": ..., "missing_value": ...}``) or its JSON
    file; exclusive with ``weights``."""

    @model_validator(mode="after")
    def _check_rubric(self) -> DebugRepairTaskConfig:
        if self.weights is not None and self.rubric is not None:
            raise ValueError("set task.weights or task.rubric, not both")
        load_rubric(self.rubric_source)  # an unknown component or a bad file fails here
        return self

    @property
    def rubric_source(self):
        return self.rubric if self.rubric is not None else self.weights


def _reward(name: str, weight: float, rubric: StepwiseRubric):
    async def reward(trace: vf.Trace) -> float:
        return _values(trace, rubric)[name]

    reward.__name__ = name
    reward.reward = True  # type: ignore[attr-defined]  # what @vf.reward marks
    reward.reward_priority = 0  # type: ignore[attr-defined]
    reward._vf_weight = weight  # type: ignore[attr-defined]
    return reward


def _metric(name: str, rubric: StepwiseRubric):
    async def metric(trace: vf.Trace) -> float:
        return _values(trace, rubric)[name]

    metric.__name__ = name
    metric.metric = True  # type: ignore[attr-defined]  # what @vf.metric marks
    metric.metric_priority = 0  # type: ignore[attr-defined]
    return metric


def _document(trace: vf.Trace) -> dict | None:
    """The trajectory document: the live one, else the file the trace's info names (a replayed trace)."""
    document = getattr(trace.state, "trajectory", None)
    if isinstance(document, dict):
        return document
    path = (trace.info.get("stepwise") or {}).get("trajectory")
    if path and Path(path).is_file():
        try:
            return json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            log.exception("the trajectory file %s could not be read", path)
    return None


def _values(trace: vf.Trace, rubric: StepwiseRubric) -> dict[str, float]:
    """The rubric's values for the trace, computed once (kept in ``trace.info["stepwise"]["rubric"]``)."""
    info = trace.info.setdefault("stepwise", {})
    if "rubric" not in info:
        data = trace.task.data
        score = rubric.score(_document(trace), _corpus_task(data), getattr(data, "name", "") or "")
        info["rubric"] = rubric.values(score)
    return info["rubric"]


def _corpus_task(data) -> CorpusTask | None:
    path = getattr(data, "task_path", None)
    try:
        return resolve_task(path) if path else None
    except (ValueError, OSError):  # the folder moved (a replayed trace): the rubric reads the document alone
        return None


class DebugRepairTask(vf.Task[DebugRepairData, DebugRepairState, DebugRepairTaskConfig]):
    """A Stepwise task; its scoring is the Stepwise rubric (see the module docstring)."""

    @property
    def key(self) -> str:
        return f"{self.data.name}:{self.data.arm}"

    @property
    def rubric(self) -> StepwiseRubric:
        if getattr(self, "_rubric", None) is None:
            config = self.config
            source = config.rubric_source if isinstance(config, DebugRepairTaskConfig) else None
            self._rubric = StepwiseRubric(load_rubric(source))
        return self._rubric

    def hooks(self, attr: str):
        """v1's rewards and metrics plus the rubric's: a v1 reward per weighed component (its
        weight), ``verified`` and ``total`` as metrics. A function the config plugs under the same
        name wins."""
        fns = super().hooks(attr)
        taken = {fn.__name__ for fn in fns}
        rubric = self.rubric
        if attr == "reward":
            fns += [_reward(name, weight, rubric) for name, weight in rubric.weighed.items() if name not in taken]
        elif attr == "metric":
            fns += [_metric(name, rubric) for name in ("verified", "total") if name not in taken]
        else:
            return fns
        fns.sort(key=lambda fn: (-getattr(fn, f"{attr}_priority", 0), fn.__name__))
        return fns


# -- the taskset -------------------------------------------------------------------------------
class DebugRepairTasksetConfig(vf.TasksetConfig):
    """Which Stepwise tasks, and how each episode plays (``--env.taskset.*``)."""

    id: str = TASKSET_ID
    task: DebugRepairTaskConfig = DebugRepairTaskConfig()
    arm: str = "dbg"
    """The tool surface: ``base`` or ``dbg``."""
    split: str = SPLIT
    """Every task of this split in corpus/splits.json, unless ``tasks`` names them."""
    tasks: list[str] | None = None
    """Task names or task folders."""
    max_turns: int = Field(default=MAX_TURNS, ge=1)
    backend: str = DEFAULT_BACKEND
    """Where Stepwise's sandbox comes from: ``bwrap`` or ``docker``."""
    for_training: bool = False
    """Refuse heldout tasks: the split ``heldout``, or any task its registry (any origin) puts there."""
    policy_config: str | dict | None = None
    """The episode's quality record's pdb policy config (default: the rubric's, else pdb_policy_v1)."""
    out_dir: str = str(trajectory_folder())
    """Where trajectory files go: ``stepwise-trajectories`` in ``outputs``, where vf-eval writes its runs."""
    max_episodes: int = Field(default=MAX_EPISODES, ge=1)
    """Episodes (each a sandbox) played at once in this process, whatever ``--max-concurrent`` asks."""

    @model_validator(mode="after")
    def _check_training(self) -> DebugRepairTasksetConfig:
        # Refused while the command line is read, so vf-eval says it in one message, not a traceback.
        check_selection(self.split, self.tasks, for_training=self.for_training)
        return self


def _rubric_policy_config(source) -> str | dict | None:
    """The ``policy_config`` a rubric config (or its JSON file) names, as data."""
    if isinstance(source, str):
        try:
            source = json.loads(Path(source).read_text(encoding="utf-8"))
        except (OSError, ValueError):  # load_rubric has refused it already
            return None
    if isinstance(source, Mapping) and "weights" in source:
        return source.get("policy_config")
    return None


# v1 declares Task's state parameter invariant under Taskset's bound; a task with its own State is v1's design.
class DebugRepairTaskset(vf.Taskset[DebugRepairTask, DebugRepairTasksetConfig]):  # pyright: ignore[reportInvalidTypeArguments]
    def __init__(self, config: DebugRepairTasksetConfig) -> None:
        super().__init__(config)
        # Refused here, when the env is built: before any rollout, with the error naming the tasks.
        self.tasks = select_tasks(config.split, config.tasks, for_training=config.for_training)

    def load(self) -> Iterator[DebugRepairTask]:
        config = self.config
        policy_config = config.policy_config
        if policy_config is None:  # the rubric config's, as the classic env does
            policy_config = _rubric_policy_config(config.task.rubric_source)
        for task in self.tasks:
            yield DebugRepairTask(DebugRepairData(
                id=task.name, name=task.name, description=task.description,
                prompt=opening_messages(task, config.arm),  # type: ignore[arg-type]  # pydantic validates
                task_path=str(task.path), arm=config.arm, split=task_split(task, config.split),
                max_turns=config.max_turns, backend=config.backend, policy_config=policy_config,
                out_dir=config.out_dir, max_episodes=config.max_episodes),
                config.task)


# -- the harness -------------------------------------------------------------------------------
class DebugRepairHarnessConfig(vf.HarnessConfig):
    id: str = TASKSET_ID
    reply_timeout: float | None = 600.0
    """Seconds the episode waits for the model's reply before it ends as ``error``."""


def _assistant_message(message: Any) -> dict:
    if hasattr(message, "model_dump"):
        message = message.model_dump(exclude_none=True)
    message = dict(message) if isinstance(message, Mapping) else {"content": str(message)}
    message["role"] = "assistant"
    return message


_GATES: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = weakref.WeakKeyDictionary()


def _episode_gate(limit: int) -> asyncio.Semaphore:
    """The run's bound on episodes at once: one per event loop (v1 makes a harness per rollout), its
    limit the first taskset's ``max_episodes``."""
    loop = asyncio.get_running_loop()
    gate = _GATES.get(loop)
    if gate is None:
        gate = _GATES[loop] = asyncio.Semaphore(limit)
    return gate


class DebugRepairHarness(vf.Harness[DebugRepairHarnessConfig]):
    """Plays one Stepwise episode in-process; every model call goes through the interception."""

    APPENDS_SYSTEM_PROMPT = True
    EXECUTES_CODE = False  # the model's calls run in Stepwise's sandbox, never in the v1 runtime
    NEEDS_CONTAINER = False


    async def launch(self, ctx: vf.ModelContext, trace: vf.Trace, runtime: vf.Runtime, endpoint: str,
                     secret: str, mcp_urls: dict[str, str], data: vf.TaskData) -> vf.ProgramResult:
        if not isinstance(data, DebugRepairData):
            raise vf.TaskError(f"{TASKSET_ID} plays Stepwise tasks, not {type(data).__name__}")
        if isinstance(ctx.client, TrainClientConfig) and "heldout" in (data.split, split_of_task(str(data.name))):
            raise vf.TaskError(f"task {data.name} is heldout in the corpus splits and cannot be played for "
                               "training (a TrainClientConfig run)")
        async with _episode_gate(data.max_episodes):  # at most max_episodes sandboxes, whatever vf-eval's concurrency
            return await self._play(ctx, trace, endpoint, secret, data)

    async def _play(self, ctx: vf.ModelContext, trace: vf.Trace, endpoint: str, secret: str,
                    data: DebugRepairData) -> vf.ProgramResult:
        task = resolve_task(data.task_path)
        episode_id = uuid.uuid4().hex
        Path(data.out_dir).mkdir(parents=True, exist_ok=True)
        out = Path(data.out_dir) / f"{task.name}-{episode_id}.json"
        spec = EpisodeSpec(task=task, arm=data.arm, out=out, backend=data.backend, max_turns=data.max_turns,
                           split=data.split, scorer=episode_scorer(task, data.policy_config),
                           episode_id=episode_id, header_extra={"verifiers_trace": trace.id})
        episode = DrivenEpisode(spec, model=ctx.model, kind="verifiers-v1", reply_timeout=self.config.reply_timeout)
        info: dict[str, Any] = {"episode_id": episode_id, "trajectory": str(out)}
        trace.info["stepwise"] = info
        client = openai.AsyncOpenAI(base_url=endpoint, api_key=secret)
        tools = toolset(data.arm)
        try:
            turn = await start_episode(episode)
            while not turn.finished:
                response = await client.chat.completions.create(
                    model=ctx.model, messages=turn.messages, tools=turn.tools or tools)  # type: ignore[arg-type]
                turn = await asyncio.to_thread(episode.reply, _assistant_message(response.choices[0].message))
        finally:
            await close_episode(episode, "the rollout stopped before the episode ended")
            await client.close()
            trajectory = episode.trajectory
            if isinstance(trace.state, DebugRepairState):  # what DebugRepairTask's traces carry
                trace.state.trajectory = trajectory.to_json(check=False) if trajectory is not None else None
            if trajectory is not None:
                info.update(exit_reason=str(trajectory.result.exit_reason), verified=trajectory.result.verified)
            else:
                info.update(exit_reason=None, verified=None)
        if turn.error:  # refused before the loop (a bad task or arm)
            raise vf.TaskError(f"the episode of {task.name} did not start: {turn.error}")
        return vf.ProgramResult(exit_code=0, stdout="", stderr="")


# -- the env -----------------------------------------------------------------------------------
class DebugRepairEnvConfig(vf.EnvConfig):
    """The one ``agent`` seat; its runtime is the local subprocess box, left idle (the episode
    brings its own sandbox), so nothing is provisioned remotely."""

    taskset: DebugRepairTasksetConfig = DebugRepairTasksetConfig()
    agent: vf.AgentConfig = vf.AgentConfig.model_validate({"runtime": {"type": "subprocess"}})


class DebugRepairEnv(vf.Env[DebugRepairEnvConfig]):
    """One Stepwise episode per v1 episode, played by the ``agent`` seat."""

    async def run(self, task: vf.Task, agents: vf.Agents) -> None:
        await agents.agent.run(task)


# -- loading and evaluating ----------------------------------------------------------------------
def env_config(arm: str = "dbg", split: str = SPLIT, max_turns: int = MAX_TURNS,
               tasks: Iterable[CorpusTask | str | Path] | None = None, backend: str = DEFAULT_BACKEND, weights=None, *,
               for_training: bool = False, out_dir: str | Path | None = None, policy_config=None,
               reply_timeout: float | None = 600.0, max_episodes: int = MAX_EPISODES) -> DebugRepairEnvConfig:
    """The v1 env config of ``load_environment``'s arguments (what ``vf-eval`` flags also build)."""
    task_config: dict[str, Any] = {}
    if weights is not None:
        if isinstance(weights, Mapping) and "weights" not in weights:
            task_config["weights"] = dict(weights)
        elif isinstance(weights, Mapping | str | Path):
            task_config["rubric"] = dict(weights) if isinstance(weights, Mapping) else str(weights)
        else:
            raise TypeError("weights: give component weights, a rubric config or its JSON file "
                            f"(a v1 config is data), not {type(weights).__name__}")
    names = None if tasks is None else [str(t.path) if isinstance(t, CorpusTask) else str(t) for t in tasks]
    harness: dict[str, Any] = {"id": TASKSET_ID, "reply_timeout": reply_timeout}
    taskset: dict[str, Any] = {"id": TASKSET_ID, "arm": arm, "split": split, "max_turns": max_turns, "tasks": names,
                               "backend": backend, "for_training": for_training, "policy_config": policy_config,
                               "task": task_config, "max_episodes": max_episodes}
    if out_dir is not None:
        taskset["out_dir"] = str(out_dir)
    raw = {"taskset": taskset,
           "agent": {"harness": harness, "runtime": {"type": "subprocess"}}}
    config = vf.resolve_env_config(raw)
    assert isinstance(config, DebugRepairEnvConfig), type(config)
    return config


def load_environment(arm: str = "dbg", split: str = SPLIT, max_turns: int = MAX_TURNS,
                     tasks: Iterable[CorpusTask | str | Path] | None = None, backend: str = DEFAULT_BACKEND,
                     weights=None, *, for_training: bool = False, out_dir: str | Path | None = None,
                     policy_config=None, reply_timeout: float | None = 600.0,
                     max_episodes: int = MAX_EPISODES) -> DebugRepairEnv:
    """The native v1 environment (``vf.load_environment`` of ``env_config(...)``); the arguments
    are those of ``harness.interop.verifiers_env.load_environment``."""
    config = env_config(arm, split, max_turns, tasks, backend, weights, for_training=for_training,
                        out_dir=out_dir, policy_config=policy_config, reply_timeout=reply_timeout,
                        max_episodes=max_episodes)
    env = vf.load_environment(config)
    assert isinstance(env, DebugRepairEnv), type(env)
    return env


async def evaluate(env: vf.Env, client: vf.BaseClientConfig, model: str, *, num_examples: int = -1,
                   rollouts_per_example: int = 1, max_concurrent: int = 4,
                   sampling: vf.Sampling | None = None) -> list[vf.Episode]:
    """Play ``rollouts_per_example`` episodes of each task (the first ``num_examples``; all when
    negative) against ``client`` (any OpenAI-compatible endpoint, e.g.
    ``vf.EvalClientConfig(base_url=..., api_key_var=...)``), at most ``max_concurrent`` at once,
    through the env's own serving, slots and scoring (what ``vf-eval`` does, without its run folder)."""
    tasks = list(env.taskset if num_examples < 0 else env.taskset.take(num_examples))
    ctx = vf.ModelContext(model=model, client=client, sampling=sampling or vf.Sampling())  # type: ignore[arg-type]
    gate = asyncio.Semaphore(max(1, max_concurrent))
    async with env.serving():
        return list(await asyncio.gather(*(env.run_slot(slot, ctx, gate) for task in tasks
                                           for slot in env.slots(task, rollouts_per_example))))


__all__ = ["TASKSET_ID", "DebugRepairData", "DebugRepairEnv", "DebugRepairEnvConfig", "DebugRepairHarness",
           "DebugRepairHarnessConfig", "DebugRepairState", "DebugRepairTask", "DebugRepairTaskConfig",
           "DebugRepairTaskset", "DebugRepairTasksetConfig", "env_config", "evaluate", "load_environment"]
