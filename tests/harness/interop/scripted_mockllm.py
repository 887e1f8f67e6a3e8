"""Runs Inspect's own command line (``inspect eval ...``, the same click entry point) with mockllm's
outputs scripted, since a command line cannot pass mockllm its ``custom_outputs``.

    python tests/harness/interop/scripted_mockllm.py eval stepwise/debug_repair --model mockllm/model ...

The script: on the running_average task, fix the bug then call ``done``; on any other task, call
``done`` at once. Token usage is given so that mockllm does not count tokens with tiktoken (which
would download its encoding).
"""

from __future__ import annotations

import sys

from inspect_ai._cli.main import main
from inspect_ai.model import ModelOutput, ModelUsage
from inspect_ai.model._providers import mockllm

FIX = ("edit_file", {"file_path": "stats_window.py", "old_string": "self.values.pop()",
                     "new_string": "self.values.pop(0)"})
DONE = ("done", {})


def reply(messages, tools, tool_choice, config) -> ModelOutput:
    conversation = " ".join(m.text for m in messages)
    edited = any(c.function == "edit_file" for m in messages if m.role == "assistant" for c in m.tool_calls or [])
    name, arguments = FIX if "stats_window" in conversation and not edited else DONE
    output = ModelOutput.for_tool_call("mockllm/model", name, arguments)
    output.usage = ModelUsage(input_tokens=100, output_tokens=10, total_tokens=110)
    return output


_init = mockllm.MockLLM.__init__


def scripted_init(self, *args, **kwargs):
    kwargs.setdefault("custom_outputs", reply)
    _init(self, *args, **kwargs)


mockllm.MockLLM.__init__ = scripted_init  # pyright: ignore[reportAttributeAccessIssue]

if __name__ == "__main__":
    sys.argv[0] = "inspect"
    sys.exit(main())
