"""The token record of one rollout: what GRPO trains on.

    prompt_ids      the chat template over the episode's opening messages (system, task), with tools
    completion_ids  turn 1's generated ids, the observation that followed, turn 2's generated ids, ...
    env_mask        1 on generated ids (trained), 0 on observation ids (masked from the loss)
    logprobs        the sampler's log-probability of each generated id (0.0 on observations), when known

Generated ids are kept exactly as sampled: earlier turns are never re-tokenized, so the trainer's
recomputed log-probabilities match the sampler's. An observation's ids are the template's text between
the end of the last model turn (its end-of-turn token) and the next generation prompt: the tool message
or error, wrapped the way the template wraps it. The record always ends on a model turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from harness.policies.hf import template_messages
from training.errors import TrainingError


class ChatTokenizer(Protocol):
    """What the rollouts use of a Hugging Face tokenizer (a chat model's: it has an end-of-turn token)."""

    @property
    def eos_token_id(self) -> int: ...

    @property
    def eos_token(self) -> str: ...

    def __call__(self, text: str, /, **kwargs: Any) -> Mapping[str, Any]: ...

    # A string with tokenize=False, ids (or a mapping holding them) with tokenize=True.
    def apply_chat_template(self, conversation: list[dict], /, **kwargs: Any) -> Any: ...

    def decode(self, token_ids: list[int], /, **kwargs: Any) -> str: ...


class TemplateError(TrainingError):
    """The chat template cannot be used for multi-turn token accounting."""


@dataclass
class Segment:
    kind: str  # "model" | "observation"
    start: int  # offsets into completion_ids
    end: int


@dataclass
class EpisodeTokens:
    tokenizer: ChatTokenizer
    prompt_ids: list[int] = field(default_factory=list)
    completion_ids: list[int] = field(default_factory=list)
    env_mask: list[int] = field(default_factory=list)
    logprobs: list[float] | None = field(default_factory=list)  # None once a sample came without them
    segments: list[Segment] = field(default_factory=list)

    @property
    def eos_id(self) -> int:
        return self.tokenizer.eos_token_id

    def render(self, messages: list[dict], tools: list[dict], *, generation_prompt: bool) -> str:
        return self.tokenizer.apply_chat_template(template_messages(messages), tools=tools or None,
                                                  add_generation_prompt=generation_prompt, tokenize=False)

    def encode(self, text: str) -> list[int]:
        return list(self.tokenizer(text, add_special_tokens=False)["input_ids"])

    def pending_observation(self, messages: list[dict], tools: list[dict]) -> list[int]:
        """Ids of what the conversation added since the last model turn, up to the generation prompt
        (the whole prompt on the first turn, while ``prompt_ids`` is still empty)."""
        full = self.render(messages, tools, generation_prompt=True)
        if not self.prompt_ids:
            return self.encode(full)
        last = max(i for i, m in enumerate(messages) if m.get("role") == "assistant")
        before = self.render(messages[:last + 1], tools, generation_prompt=False)
        if not full.startswith(before):
            raise TemplateError("the chat template renders earlier turns differently once a turn is added, so "
                                "multi-turn rollouts cannot keep generated tokens as they are; use a "
                                "prefix-preserving template (Qwen 2.5's is)")
        end_text = self.tokenizer.eos_token
        cut = before.rfind(end_text)
        if cut < 0:
            raise TemplateError(f"the chat template does not end an assistant turn with {end_text!r}")
        ids = self.encode(full[cut + len(end_text):])
        if not self.completion_ids or self.completion_ids[-1] != self.eos_id:
            ids = [self.eos_id, *ids]  # the turn was cut at max_new_tokens: close it, as the template would
        return ids

    def start(self, prompt_ids: list[int]) -> None:
        self.prompt_ids = list(prompt_ids)

    def add(self, kind: str, ids: list[int], logprobs: list[float] | None = None) -> None:
        start = len(self.completion_ids)
        self.completion_ids += ids
        self.env_mask += [1 if kind == "model" else 0] * len(ids)
        if self.logprobs is not None:
            if kind != "model":
                self.logprobs += [0.0] * len(ids)
            elif logprobs is None:
                self.logprobs = None
            else:
                self.logprobs += list(logprobs)
        self.segments.append(Segment(kind, start, len(self.completion_ids)))

    @property
    def generated(self) -> int:
        return sum(self.env_mask)

    def finish(self) -> None:
        """Drop a trailing observation, so the completion ends on a model turn."""
        while self.segments and self.segments[-1].kind == "observation":
            cut = self.segments.pop().start
            del self.completion_ids[cut:], self.env_mask[cut:]
            if self.logprobs is not None:
                del self.logprobs[cut:]
