"""Turning a model's reply into one tool call: native OpenAI ``tool_calls`` or the text format

    <tool_call>
    {"name": "bash", "arguments": {"command": "python -m pytest -q"}}
    </tool_call>

that models trained on it (and many chat templates) write into the content. Both the ``openai`` and
the ``hf`` policy use it, so a reply means the same thing whichever way the model is served.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from harness import untrusted_json
from harness.policies.base import PolicyTurn, assistant_message
from harness.prompts import format_error_hint
from harness.records.observation import ToolCall

_BLOCK = re.compile(r"<tool_call>(.*?)(?:</tool_call>|\Z)", re.DOTALL)


@dataclass
class ParsedCall:
    call: ToolCall | None
    error: str | None = None  # why no call could be read
    extra: int = 0  # further calls in the same reply (dropped: one call per turn)


def _arguments(raw, where: str) -> tuple[dict, None] | tuple[None, str]:
    if raw is None or raw == "":
        return {}, None
    if isinstance(raw, str):
        try:
            raw = untrusted_json.loads(raw)
        except json.JSONDecodeError as exc:
            return None, f"the arguments of {where} are not valid JSON ({exc.msg} at char {exc.pos})"
        except untrusted_json.TooDeep as exc:
            return None, f"the arguments of {where} cannot be used: {exc}"
    if not isinstance(raw, dict):
        return None, f"the arguments of {where} must be a JSON object, got {type(raw).__name__}"
    if untrusted_json.depth(raw) > untrusted_json.MAX_DEPTH:
        return None, (f"the arguments of {where} cannot be used: they nest more than {untrusted_json.MAX_DEPTH} "
                      "levels deep; a tool call's arguments are a flat object of strings and numbers")
    return raw, None


def parse_text_tool_call(text: str | None) -> ParsedCall:
    """The first <tool_call> block of ``text`` (an unclosed last block is read to the end)."""
    blocks = _BLOCK.findall(text or "")
    if not blocks:
        return ParsedCall(None, "no tool call was found in the reply")
    body = blocks[0].strip()
    try:
        data = untrusted_json.loads(body)
    except json.JSONDecodeError as exc:
        return ParsedCall(None, f"the <tool_call> block is not valid JSON ({exc.msg} at char {exc.pos})")
    except untrusted_json.TooDeep as exc:
        return ParsedCall(None, f"the <tool_call> block cannot be used: {exc}")
    if not isinstance(data, dict) or not isinstance(data.get("name"), str) or not data["name"].strip():
        return ParsedCall(None, 'the <tool_call> block must be a JSON object with a string "name"')
    arguments, error = _arguments(data.get("arguments", data.get("parameters")), "the <tool_call> block")
    if arguments is None:
        return ParsedCall(None, error)
    return ParsedCall(ToolCall(name=data["name"].strip(), arguments=arguments), extra=len(blocks) - 1)


def parse_native_tool_calls(tool_calls: list | None) -> ParsedCall:
    """The first of an OpenAI message's ``tool_calls`` (the id is kept so the chat stays consistent)."""
    if not tool_calls:
        return ParsedCall(None, "no tool call was found in the reply")
    first = tool_calls[0]
    function = first.get("function") if isinstance(first, dict) else None
    if not isinstance(function, dict) or not isinstance(function.get("name"), str):
        return ParsedCall(None, "the tool call has no function name")
    arguments, error = _arguments(function.get("arguments"), f"tool call {function['name']!r}")
    if arguments is None:
        return ParsedCall(None, error)
    call = ToolCall(name=function["name"], arguments=arguments)
    if isinstance(first.get("id"), str) and first["id"]:
        call.id = first["id"]
    return ParsedCall(call, extra=len(tool_calls) - 1)


def turn_from_reply(content: str | None, native_tool_calls: list | None = None,
                    usage: dict | None = None) -> PolicyTurn:
    """A PolicyTurn from a reply: native calls win; otherwise the text format; otherwise an error."""
    parsed = parse_native_tool_calls(native_tool_calls) if native_tool_calls else parse_text_tool_call(content)
    if parsed.call is None:
        return PolicyTurn(message={"role": "assistant", "content": content or ""},
                          error=f"{format_error_hint()} ({parsed.error})", usage=usage)
    return PolicyTurn(message=assistant_message(content or None, parsed.call), tool_call=parsed.call,
                      usage=usage, extra_tool_calls=parsed.extra)
