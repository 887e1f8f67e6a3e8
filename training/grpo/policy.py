"""The policy a GRPO rollout plays an episode with: the model being trained, as one harness ``Policy``.

The episode loop is the harness's own (``run_episode``): same prompts, tools, observation filtering,
sandbox and verifier as an evaluation, one tool call per turn, invalid replies costing a turn. This
policy only adds what training needs: each turn is generated from the token record (prompt, earlier
turns as generated, the new observation as the template wraps it) through the step's ``Batcher``, and
the record grows by the observation's ids (masked) and the generated ids (trained). Replies are read
with the harness's ``<tool_call>`` parser, as the ``hf`` policy reads them in an evaluation.
"""

from __future__ import annotations

from harness.policies.base import ContextExhausted, EndpointError, Policy, PolicyInfo, PolicyTurn
from harness.policies.parsing import turn_from_reply
from training.grpo.generation import Batcher, GenerationError
from training.grpo.tokens import ChatTokenizer, EpisodeTokens

# A turn needs room for at least a short tool call; below this the episode's token budget is spent.
MIN_TURN_TOKENS = 16


class TokenBudgetSpent(ContextExhausted):
    """The episode's completion reached ``max_completion_tokens``: the episode ends as
    ``context_exhausted``, the model's own outcome (scored and rewarded like any other)."""


class RolloutPolicy(Policy):
    text_tool_calls = True  # as the hf policy: the model writes <tool_call> blocks in its reply

    def __init__(self, tokenizer: ChatTokenizer, batcher: Batcher, *, max_new_tokens: int, max_completion_tokens: int,
                 info: PolicyInfo):
        self.tokenizer, self.batcher = tokenizer, batcher
        self.max_new_tokens, self.max_completion_tokens = max_new_tokens, max_completion_tokens
        self._info = info
        self.tokens = EpisodeTokens(tokenizer)
        self.budget_spent = False

    def info(self) -> PolicyInfo:
        return self._info

    def reset(self, *, task: str, arm: str) -> None:
        self.tokens = EpisodeTokens(self.tokenizer)
        self.budget_spent = False

    def act(self, messages: list[dict], tools: list[dict]) -> PolicyTurn:
        record = self.tokens
        observation = record.pending_observation(messages, tools)
        first = not record.prompt_ids
        used = 0 if first else len(record.completion_ids) + len(observation)
        room = self.max_completion_tokens - used
        if room < MIN_TURN_TOKENS:
            self.budget_spent = True
            raise TokenBudgetSpent(f"the episode's token budget ({self.max_completion_tokens} tokens of turns and "
                                   "observations) is spent")
        limit = min(self.max_new_tokens, room)
        context = observation if first else [*record.prompt_ids, *record.completion_ids, *observation]
        try:
            sample = self.batcher.submit(context, limit)
        except GenerationError as exc:  # not the model's doing: the episode ends as infra_error
            raise EndpointError(str(exc), kind="unavailable") from exc
        if first:
            record.start(observation)
        else:
            record.add("observation", observation)
        record.add("model", sample.ids, sample.logprobs)
        text = self.tokenizer.decode(sample.ids, skip_special_tokens=True)
        usage = {"prompt_tokens": len(context), "completion_tokens": len(sample.ids),
                 "total_tokens": len(context) + len(sample.ids)}
        return turn_from_reply(text, None, usage)
