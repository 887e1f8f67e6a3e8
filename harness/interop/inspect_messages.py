"""The episode's OpenAI-format messages and tool schemas as Inspect AI's types, and Inspect's reply
back as an OpenAI assistant message: what the Inspect task and the Inspect log exporter both speak."""

from __future__ import annotations

import json
from typing import Any

from inspect_ai.event import ToolEvent
from inspect_ai.model import (
    ChatMessage,
    ChatMessageAssistant,
    ChatMessageSystem,
    ChatMessageTool,
    ChatMessageUser,
    ModelOutput,
)
from inspect_ai.tool import ToolCall, ToolCallError, ToolInfo, ToolParams


def _arguments(raw: Any) -> dict[str, Any]:
    if isinstance(raw, dict):
        return raw
    try:
        value = json.loads(raw) if isinstance(raw, str) else {}
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def to_chat_messages(messages: list[dict]) -> list[ChatMessage]:
    """The episode's OpenAI-format conversation as Inspect ChatMessages."""
    out: list[ChatMessage] = []
    names: dict[str, str] = {}  # tool call id -> function name, for the tool messages
    for m in messages:
        role, content = m.get("role"), m.get("content")
        text = content if isinstance(content, str) else ""
        if role == "system":
            out.append(ChatMessageSystem(content=text))
        elif role == "user":
            out.append(ChatMessageUser(content=text))
        elif role == "assistant":
            calls = []
            for c in m.get("tool_calls") or []:
                fn = c.get("function") or {}
                call_id, name = str(c.get("id") or ""), str(fn.get("name") or "")
                names[call_id] = name
                calls.append(ToolCall(id=call_id, function=name, arguments=_arguments(fn.get("arguments"))))
            out.append(ChatMessageAssistant(content=text, tool_calls=calls or None))
        elif role == "tool":
            call_id = str(m.get("tool_call_id") or "")
            out.append(ChatMessageTool(content=text, tool_call_id=call_id,
                                       function=names.get(call_id) or m.get("name")))
    return out


def to_tool_infos(tools: list[dict]) -> list[ToolInfo]:
    """OpenAI function schemas (``{"type": "function", "function": {...}}``) as Inspect ToolInfos."""
    out = []
    for t in tools:
        fn = t.get("function", t)
        params = dict(fn.get("parameters") or {"type": "object", "properties": {}})
        out.append(ToolInfo(name=fn["name"], description=fn.get("description") or fn["name"],
                            parameters=ToolParams.model_validate(params)))
    return out


def to_openai_message(output: ModelOutput) -> dict:
    """Inspect's reply as an OpenAI assistant message (native ``tool_calls``; ``usage`` when known)."""
    message = output.message
    reply: dict[str, Any] = {"role": "assistant", "content": message.text or None}
    if message.tool_calls:
        reply["tool_calls"] = [{"id": c.id, "type": "function",
                                "function": {"name": c.function, "arguments": json.dumps(c.arguments)}}
                               for c in message.tool_calls]
    if output.usage is not None:
        reply["usage"] = {"prompt_tokens": output.usage.input_tokens,
                          "completion_tokens": output.usage.output_tokens,
                          "total_tokens": output.usage.total_tokens}
    return reply


def to_tool_events(reply: dict, answers: list[dict]) -> list[ToolEvent]:
    """Inspect tool events for a reply's tool calls, each with the episode's answer to it (the tool
    message with its id, else the next one in order): the events ``inspect view`` shows per call,
    though the episode, not Inspect, ran the tools."""
    tool_messages = [m for m in answers if m.get("role") == "tool"]
    by_id = {str(m.get("tool_call_id")): m for m in tool_messages}
    events = []
    for index, call in enumerate(reply.get("tool_calls") or []):
        function = call.get("function") or {}
        answer = by_id.get(str(call.get("id"))) or (tool_messages[index] if index < len(tool_messages) else None)
        content = answer.get("content") if answer is not None else None
        events.append(ToolEvent(id=str(call.get("id") or f"call_{index}"), function=str(function.get("name") or ""),
                                arguments=_arguments(function.get("arguments")),
                                result=content if isinstance(content, str) else "",
                                error=None if answer is not None else ToolCallError("unknown", "no answer was recorded")))
    return events
