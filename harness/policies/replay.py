"""``replay:TRAJECTORY`` — re-issue a recorded trajectory's tool calls in order, then done.

Useful to re-run an episode against a changed harness or sandbox and compare the observations.
Turns that held no usable call are skipped (nothing ran then), so the replay is the recorded actions.
"""

from __future__ import annotations

from pathlib import Path

from harness.policies.base import INVALID_TOOL, Policy, PolicyError, PolicyInfo, PolicyTurn, scripted_turn
from harness.trajectory import Trajectory, TrajectoryError


class ReplayPolicy(Policy):
    def __init__(self, path: str | Path):
        self.path = Path(path)
        try:
            self.source = Trajectory.load(self.path)
        except TrajectoryError as exc:
            raise PolicyError(f"replay: {exc}") from None
        self._calls = [(s.tool, dict(s.arguments or {})) for s in self.source.steps
                       if s.tool != INVALID_TOOL and isinstance(s.arguments, dict | None)]
        self._next = 0

    def info(self) -> PolicyInfo:
        return PolicyInfo("replay", self.source.policy.get("model"),
                          {"trajectory": str(self.path), "episode_id": self.source.episode_id})

    def reset(self, *, task: str, arm: str) -> None:
        self._next = 0

    def act(self, messages: list[dict], tools: list[dict]) -> PolicyTurn:
        if self._next >= len(self._calls):
            return scripted_turn("done", {})
        name, arguments = self._calls[self._next]
        self._next += 1
        return scripted_turn(name, arguments)
