"""``template_messages``: what the hf policy, SFT and GRPO hand to a chat template."""

from __future__ import annotations

from harness.policies.hf import template_messages


def test_arguments_become_objects_and_a_call_written_as_text_is_not_rendered_twice():
    recorded = {"role": "assistant",
                "content": 'I will run the tests.\n<tool_call>\n{"name": "bash", "arguments": {"command": "ls"}}\n'
                           "</tool_call>",
                "tool_calls": [{"id": "c1", "type": "function",
                                "function": {"name": "bash", "arguments": '{"command": "ls"}'}}]}
    [message] = template_messages([recorded])
    assert message["content"] == "I will run the tests."
    assert message["tool_calls"][0]["function"]["arguments"] == {"command": "ls"}
    assert recorded["tool_calls"][0]["function"]["arguments"] == '{"command": "ls"}'  # the input is untouched


def test_a_reply_without_a_parsed_call_keeps_its_text_and_none_becomes_empty():
    broken = {"role": "assistant", "content": "<tool_call>{not json</tool_call>"}
    assert template_messages([broken, {"role": "assistant", "content": None}]) == [
        broken, {"role": "assistant", "content": ""}]
