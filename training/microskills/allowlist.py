"""The teacher under a skill's tool allow-list: it is offered only the allowed tools' schemas, and a call
to any other tool is not run: the turn is spent and the teacher told which tools it has (the evaluator
then rejects the trajectory)."""

from __future__ import annotations

from harness.policies.base import Policy, PolicyInfo, PolicyTurn


class AllowListPolicy(Policy):
    def __init__(self, inner: Policy, allowed: frozenset[str]):
        self.inner, self.allowed = inner, allowed
        self.text_tool_calls = inner.text_tool_calls
        self.shareable = False

    def info(self) -> PolicyInfo:
        info = self.inner.info()
        return PolicyInfo(info.kind, info.model, {**info.params, "allowed_tools": sorted(self.allowed)})

    def reset(self, *, task: str, arm: str) -> None:
        self.inner.reset(task=task, arm=arm)

    def act(self, messages: list[dict], tools: list[dict]) -> PolicyTurn:
        offered = [t for t in tools if t.get("function", {}).get("name") in self.allowed]
        turn = self.inner.act(messages, offered)
        if turn.tool_call is None or turn.tool_call.name in self.allowed:
            return turn
        message = {"role": "assistant", "content": turn.message.get("content") or ""}
        return PolicyTurn(message=message, tool_call=None, usage=turn.usage,
                          error=f"Error: {turn.tool_call.name} is not available in this exercise; use one of "
                                f"{', '.join(sorted(self.allowed))}.")

    def close(self) -> None:
        self.inner.close()
