"""``hf:PATH_OR_NAME`` — a local transformers model driven through its own chat template.

The tool schemas are passed to the template (``tools=``), the generation is decoded and read with the
same ``<tool_call>`` parser as the ``openai`` policy. Good for small models on one machine and, in the
tests, for a tiny randomly initialised model saved to a folder. Weights are loaded once per policy
object; ``reset`` only forgets the episode.
"""

from __future__ import annotations

import json
import re
import threading

from harness.policies.base import ContextExhausted, Policy, PolicyError, PolicyInfo, PolicyTurn
from harness.policies.parsing import turn_from_reply

_TEXT_CALL = re.compile(r"<tool_call>.*?(?:</tool_call>|\Z)", re.DOTALL)


def template_messages(messages: list[dict]) -> list[dict]:
    """Messages as chat templates expect them: tool-call arguments as objects (OpenAI and the trajectory
    record them as JSON strings, which a template would encode twice), ``None`` content as "", and no
    ``<tool_call>`` text in the content of a message that carries the parsed call (the template renders
    the call itself; keeping both would show the model every call twice).
    Shared with training (SFT data and GRPO rollouts), so a conversation renders the same everywhere."""
    out = []
    for message in messages:
        message = dict(message)
        if message.get("tool_calls"):
            calls = []
            for call in message["tool_calls"]:
                function = dict(call.get("function", {}))
                if isinstance(function.get("arguments"), str):
                    try:
                        function["arguments"] = json.loads(function["arguments"])
                    except (json.JSONDecodeError, RecursionError):
                        pass
                calls.append({**call, "function": function})
            message["tool_calls"] = calls
            if isinstance(message.get("content"), str) and "<tool_call>" in message["content"]:
                message["content"] = _TEXT_CALL.sub("", message["content"]).strip()
        if message.get("content") is None:
            message["content"] = ""
        out.append(message)
    return out


class HFPolicy(Policy):
    text_tool_calls = True
    shareable = True  # stateless between calls; generation is serialised by a lock
    _load_lock = threading.Lock()

    def __init__(self, name_or_path: str, *, max_new_tokens: int = 512, temperature: float = 0.0,
                 device: str | None = None):
        if not name_or_path:
            raise PolicyError("hf: give a model folder or a Hub name, e.g. hf:./models/tiny")
        try:
            import torch
            from transformers import AutoModelForCausalLM, AutoTokenizer
        except ImportError as exc:
            raise PolicyError(f"hf: transformers and torch are needed ({exc}); "
                              "install the project's [training] extra") from None
        self.name = name_or_path
        self.max_new_tokens, self.temperature = int(max_new_tokens), float(temperature)
        self.device = device or ("cuda" if torch.cuda.is_available() else "cpu")
        try:
            with self._load_lock:
                self.tokenizer = AutoTokenizer.from_pretrained(name_or_path)
                model = AutoModelForCausalLM.from_pretrained(name_or_path)
                # Module.to moves the model in place and returns it.
                model.to(self.device)  # pyright: ignore[reportArgumentType]  # transformers wraps `to` with functools.wraps(Module.to), so the checker sees an unbound function
                self.model = model
        except (OSError, ValueError) as exc:
            raise PolicyError(f"hf: cannot load {name_or_path!r}: {exc}") from None
        self.model.eval()
        if self.tokenizer.chat_template is None:
            raise PolicyError(f"hf: {name_or_path!r} has no chat template; use a chat/instruct model")
        self._torch = torch
        self._generate_lock = threading.Lock()

    def info(self) -> PolicyInfo:
        return PolicyInfo("hf", self.name, {"max_new_tokens": self.max_new_tokens,
                                            "temperature": self.temperature, "device": self.device})

    def act(self, messages: list[dict], tools: list[dict]) -> PolicyTurn:
        model = self.model
        if model is None:
            raise PolicyError(f"hf: {self.name!r} was closed; make a new policy to play again")
        prompt = self.tokenizer.apply_chat_template(template_messages(messages), tools=tools or None,
                                                    add_generation_prompt=True, tokenize=False)
        inputs = self.tokenizer(prompt, return_tensors="pt", add_special_tokens=False).to(self.device)
        prompt_tokens = int(inputs["input_ids"].shape[1])
        limit = getattr(model.config, "max_position_embeddings", None)
        if limit and prompt_tokens + self.max_new_tokens > limit:
            raise ContextExhausted(f"hf: the conversation ({prompt_tokens} tokens) no longer fits the model's "
                              f"context of {limit}; lower --max-turns or use a longer-context model")
        sampling = {"do_sample": True, "temperature": self.temperature} if self.temperature > 0 else \
            {"do_sample": False}
        pad = self.tokenizer.pad_token_id if self.tokenizer.pad_token_id is not None else \
            self.tokenizer.eos_token_id
        with self._generate_lock, self._torch.no_grad():
            output = model.generate(  # pyright: ignore[reportAttributeAccessIssue]  # transformers' GenerativePreTrainedModel protocol names attributes PreTrainedModel does not declare
                **inputs, max_new_tokens=self.max_new_tokens, pad_token_id=pad, **sampling)
        new_tokens = output[0, prompt_tokens:]
        text = self.tokenizer.decode(new_tokens, skip_special_tokens=True)
        usage = {"prompt_tokens": prompt_tokens, "completion_tokens": int(new_tokens.shape[0]),
                 "total_tokens": prompt_tokens + int(new_tokens.shape[0])}
        return turn_from_reply(text, None, usage)

    def close(self) -> None:
        self.model = None
