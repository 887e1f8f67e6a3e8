"""``human``: a person chooses every turn (the web app's live sessions, or any driver of calls).

The policy does not know where calls come from: it is given ``next_move()``, which blocks until the
person's next call is there and returns it (a ``HumanMove``), or raises ``SessionAbandoned`` when the
person has gone (the episode then ends as ``error`` with that reason, and what was played is kept).
A person uses exactly the model's tools: the call goes through the same session, and the words the
person writes with it become the assistant message's content, as a model's reasoning would.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from harness.policies.base import Policy, PolicyError, PolicyInfo, PolicyTurn, assistant_message
from harness.records.observation import ToolCall

MAX_VIEWED = 50  # files recorded as viewed on one step


class SessionAbandoned(PolicyError):
    """Nobody made a call for too long: the session is closed (exit reason ``error``)."""


@dataclass
class HumanMove:
    name: str
    arguments: dict = field(default_factory=dict)
    note: str = ""  # the person's words with the call
    viewed: list[str] = field(default_factory=list)  # the files the viewer showed since the last call


class HumanPolicy(Policy):
    def __init__(self, next_move: Callable[[], HumanMove], *, person: str = "",
                 on_close: Callable[[], None] | None = None):
        self.next_move = next_move
        self.person = person
        self.on_close = on_close

    def info(self) -> PolicyInfo:
        return PolicyInfo("human", None, {"person": self.person} if self.person else {})

    def act(self, messages: list[dict], tools: list[dict]) -> PolicyTurn:
        move = self.next_move()
        call = ToolCall(name=move.name, arguments=dict(move.arguments or {}))
        viewed = [path for path in (move.viewed or []) if isinstance(path, str) and path][:MAX_VIEWED]
        return PolicyTurn(message=assistant_message(move.note.strip() or None, call), tool_call=call, viewed=viewed)

    def close(self) -> None:
        if self.on_close is not None:
            self.on_close()
