"""Stepwise episodes as an OpenEnv environment (openenv-core): ``reset(task=..., arm=...)`` starts a
``DrivenEpisode`` and returns its prompt and tool schemas; each ``step`` carries one tool call, which is
played as an OpenAI assistant message with that call; the last step carries the reward (1.0 when the
verifier passed, else 0.0) and the quality record of ``harness.scoring.episode_scorer``.

Each WebSocket session of the server owns one environment instance, so one ``DrivenEpisode``; when
the session ends (``close``, a disconnect, a new ``reset``) the episode is closed, which ends it as
``error`` and releases its sandbox before ``close`` returns. openenv-core (a core dependency) is imported
by the OpenEnv modules only, so the rest of the harness never loads it.
"""

from __future__ import annotations

import json
import threading
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from openenv.core.env_server.interfaces import Environment
from openenv.core.env_server.types import EnvironmentMetadata

from corpus.format import TASKS_DIR, Task, TaskFormatError, resolve_task
from harness.arms import ARMS
from harness.episode import split_of_task
from harness.interop.defaults import MAX_TURNS, trajectory_folder
from harness.interop.driven import SENT_BY_KEY, DrivenEpisode, EpisodeSpec, Turn
from harness.interop.openenv_guard import RequestGuard
from harness.interop.openenv_models import StepwiseAction, StepwiseObservation, StepwiseState
from harness.sandbox.backends import DEFAULT_BACKEND
from harness.scoring import episode_scorer


@dataclass
class ServerConfig:
    """What every session's environment shares (set by ``harness serve-env``)."""

    tasks: list[str] = field(default_factory=list)  # names or folders; reset may pick only these
    tasks_dir: Path = TASKS_DIR
    arm: str = "dbg"
    backend: str = DEFAULT_BACKEND
    max_turns: int = MAX_TURNS
    out_dir: Path = field(default_factory=trajectory_folder)
    reply_timeout: float = 600.0
    start_timeout: float = 300.0
    policy_config: str | None = None
    score: bool = True
    token: str = ""  # every request must carry it (harness.interop.openenv_guard)
    allowed_origins: tuple[str, ...] = ()  # web pages allowed to call the server (none by default)

    def resolve(self, task: str | None) -> Task:
        """The task a reset asks for: the first configured one by default; only configured ones when a
        list is given (a client must not make the server load arbitrary folders)."""
        if not self.tasks:
            if task is None:
                raise ValueError("no task was given and the server has no configured task list")
            return resolve_task(task, self.tasks_dir)
        if task is None:
            return resolve_task(self.tasks[0], self.tasks_dir)
        allowed = {}
        for entry in self.tasks:
            allowed[entry] = entry
            allowed[Path(entry).name] = entry
        if task not in allowed:
            shown = ", ".join(Path(t).name for t in self.tasks[:10])
            more = f" and {len(self.tasks) - 10} more" if len(self.tasks) > 10 else ""
            raise ValueError(f"task {task!r} is not served here; choose one of: {shown}{more}")
        return resolve_task(allowed[task], self.tasks_dir)


class StepwiseEnvironment(Environment[StepwiseAction, StepwiseObservation, StepwiseState]):
    SUPPORTS_CONCURRENT_SESSIONS = True

    def __init__(self, config: ServerConfig | None = None):
        super().__init__()
        self.config = config or ServerConfig()
        self._episode: DrivenEpisode | None = None
        self._task: Task | None = None
        self._arm: str | None = None
        self._out: Path | None = None
        self._turn: Turn | None = None
        self._state = StepwiseState(episode_id=None, step_count=0)
        self._lock = threading.Lock()

    # -- openenv API -----------------------------------------------------------------------------
    def reset(self, seed: int | None = None, episode_id: str | None = None, task: str | None = None,
              arm: str | None = None, model: str | None = None, **kwargs: Any) -> StepwiseObservation:
        """Start an episode of ``task`` in ``arm``; ``model`` is the name of the model the client plays
        (recorded as the trajectory's policy model). A client's ``episode_id`` is ignored."""
        with self._lock:
            self._close_episode("the client reset the environment")
            arm = arm or self.config.arm
            if arm not in ARMS:
                raise ValueError(f"unknown arm {arm!r}; choose one of: {', '.join(ARMS)}")
            try:
                chosen = self.config.resolve(task)
            except TaskFormatError as exc:
                raise ValueError(str(exc)) from None
            # The server names the episode (and so its file): a client's episode_id is never a path.
            eid = uuid.uuid4().hex
            out = confined_trajectory_path(Path(self.config.out_dir), f"{chosen.name}-{arm}-{eid}.json")
            scorer = episode_scorer(chosen, self.config.policy_config) if self.config.score else None
            spec = EpisodeSpec(task=chosen, arm=arm, out=out, backend=self.config.backend,
                               max_turns=self.config.max_turns, split=split_of_task(chosen.name), scorer=scorer,
                               episode_id=eid, header_extra={"driver": "openenv"})
            if model is not None and (not isinstance(model, str) or len(model) > 200):
                raise ValueError("model must be the model's name (a string of at most 200 characters)")
            episode = DrivenEpisode(spec, model=model, kind="openenv", reply_timeout=self.config.reply_timeout)
            self._episode, self._task, self._arm, self._out = episode, chosen, arm, out
            self._state = StepwiseState(episode_id=eid, step_count=0, task=chosen.name, arm=arm,
                                        trajectory=str(out))
            turn = episode.start(timeout=self.config.start_timeout)
            return self._observe(turn, prompt=True)

    def step(self, action: StepwiseAction, timeout_s: float | None = None, **kwargs: Any) -> StepwiseObservation:
        with self._lock:
            if self._episode is None or self._turn is None:
                raise RuntimeError("no episode is running: call reset first")
            if self._turn.finished:
                raise RuntimeError("the episode is over: call reset to start another")
            self._state.step_count += 1
            message: dict[str, Any] = {"role": "assistant", "content": action.content}
            if action.name:
                message["tool_calls"] = [{"id": f"call_{self._state.step_count}", "type": "function",
                                          "function": {"name": action.name, "arguments": json.dumps(action.arguments)}}]
            else:  # text alone: a reply without a tool call
                message["content"] = action.content or ""
            if action.sent_by == "harness":
                message[SENT_BY_KEY] = "harness"
            turn = self._episode.reply(message, timeout=self.config.reply_timeout)
            return self._observe(turn)

    @property
    def state(self) -> StepwiseState:
        if self._turn is not None:
            self._state.conversation = list(self._turn.messages)
            self._state.finished = self._turn.finished
        return self._state

    def close(self) -> None:
        with self._lock:
            self._close_episode("the client disconnected")

    def get_metadata(self) -> EnvironmentMetadata:
        return EnvironmentMetadata(name="stepwise", version="1.0.0",
                                   description="Stepwise debugging episodes: fix a failing test with tools "
                                               "(bash, file edits, and in the dbg arm a debugger)")

    # -- helpers ---------------------------------------------------------------------------------
    def _observe(self, turn: Turn, prompt: bool = False) -> StepwiseObservation:
        self._turn = turn
        state = self._state
        if prompt and not turn.finished:
            text = "\n\n".join(m.get("content") or "" for m in turn.messages
                               if m.get("role") in ("system", "user") and isinstance(m.get("content"), str))
        else:
            text = turn.observation
        obs = StepwiseObservation(text=text, tools=turn.tools, episode_id=state.episode_id or "",
                                  task=state.task or "", arm=state.arm or "", turn=state.step_count,
                                  trajectory=state.trajectory, done=turn.finished, reward=None)
        if turn.finished:
            trajectory = turn.trajectory
            result = trajectory.result if trajectory is not None else None
            obs.verified = bool(result and result.verified)
            obs.exit_reason = str(result.exit_reason) if result else None
            obs.quality = trajectory.quality if trajectory is not None else None
            obs.error = turn.error or (result.reason if result else None) if not obs.verified else None
            obs.reward = 1.0 if obs.verified else 0.0
        return obs

    def _close_episode(self, reason: str) -> None:
        episode, self._episode = self._episode, None
        if episode is not None:
            episode.close(reason)


TASKS_PATH = "/tasks"  # GET: the served task names


def make_app(config: ServerConfig, max_sessions: int):
    """The FastAPI app of ``harness serve-env``: one environment (so one episode) per WebSocket
    session, at most ``max_sessions`` at once; a session beyond that is refused with CAPACITY_REACHED.
    Every request needs ``config.token``; the stateless HTTP ``/reset`` and ``/step`` are refused
    (``harness.interop.openenv_guard``)."""
    from openenv.core.env_server.http_server import create_fastapi_app

    def factory() -> StepwiseEnvironment:
        return StepwiseEnvironment(config)

    factory.__name__ = "StepwiseEnvironment"
    app = create_fastapi_app(factory, StepwiseAction, StepwiseObservation, max_concurrent_envs=max_sessions)

    def served_tasks() -> dict:
        """The task names a reset may ask for (a trainer checks its dataset's against them first)."""
        return {"tasks": [Path(entry).name for entry in config.tasks]}

    app.add_api_route(TASKS_PATH, served_tasks, methods=["GET"])
    app.add_middleware(_WebSocketEdges)
    # Added last, so it runs first: nothing reaches openenv-core without the token.
    app.add_middleware(RequestGuard, token=config.token, allowed_origins=config.allowed_origins)
    return app


def confined_trajectory_path(out_dir: Path, name: str) -> Path:
    """``out_dir/name``, refused (ValueError) unless it is a plain file name inside ``out_dir``."""
    path = (out_dir / name).resolve()
    if Path(name).name != name or path.parent != out_dir.resolve():
        raise ValueError(f"refused: the trajectory file {name!r} would lie outside {out_dir}")
    return path


class _WebSocketEdges:
    """Two edges of openenv-core's WebSocket endpoint. A session refused for capacity is told so in a
    message sent right before the socket closes, which a client that has not read yet never sees: the
    close itself then carries the refusal (code 1013, try again later, with the reason). And it closes
    a session's socket after the client has closed it already, catching only RuntimeError: the
    WebSocketDisconnect that follows would be logged as a crash of every normal close."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        from starlette.websockets import WebSocketDisconnect

        if scope.get("type") != "websocket":
            await self.app(scope, receive, send)
            return
        refusal: list[str] = []

        async def edged_send(message):
            if message.get("type") == "websocket.send" and "CAPACITY_REACHED" in (message.get("text") or ""):
                try:
                    data = json.loads(message["text"]).get("data") or {}
                    refusal.append(f"refused: the server is full ({data.get('active_sessions')} of "
                                   f"{data.get('max_sessions')} sessions in use); try again later")
                except (ValueError, AttributeError):
                    refusal.append("refused: the server is full; try again later")
            elif message.get("type") == "websocket.close" and refusal:
                message = {**message, "code": 1013, "reason": refusal[0][:120]}
            await send(message)

        try:
            await self.app(scope, receive, edged_send)
        except WebSocketDisconnect:
            pass
