"""The batcher that lets parallel episodes share one generator, and the token record's template rules."""

from __future__ import annotations

import threading

import pytest

from training.grpo.generation import Batcher, GenerationError, Sample
from training.grpo.tokens import EpisodeTokens, TemplateError


class EchoGenerator:
    """Answers each context with its last id + 1; records the batches it was given."""

    name = "echo"

    def __init__(self, fail: bool = False):
        self.batches: list[list[list[int]]] = []
        self.fail = fail

    def generate(self, contexts, max_new_tokens):
        self.batches.append(contexts)
        if self.fail:
            raise RuntimeError("CUDA out of memory")
        return [Sample([c[-1] + 1], [-0.5]) for c in contexts]


def serve_episodes(batcher: Batcher, contexts: list[list[int]], busy: int = 0):
    """Threads that each submit one context; ``busy`` more live episodes never ask (they are in a sandbox)."""
    results: dict[int, object] = {}
    live = [len(contexts)]
    lock = threading.Lock()

    def episode(index: int) -> None:
        try:
            results[index] = batcher.submit(contexts[index], 8)
        except GenerationError as exc:
            results[index] = exc
        finally:
            with lock:
                live[0] -= 1

    threads = [threading.Thread(target=episode, args=(i,)) for i in range(len(contexts))]
    for thread in threads:
        thread.start()

    def remaining() -> int:  # the busy ones finish with the others
        with lock:
            return live[0] + (busy if live[0] else 0)

    batcher.serve(remaining)
    for thread in threads:
        thread.join()
    return results


def test_turns_of_waiting_episodes_are_generated_as_one_batch():
    generator = EchoGenerator()
    batcher = Batcher(generator, window_s=5.0)  # a long window: the batch goes when all three wait
    results = serve_episodes(batcher, [[1], [10], [20]])
    assert [results[i].ids for i in range(3)] == [[2], [11], [21]]
    assert batcher.batches == [3] and len(generator.batches) == 1


def test_a_batch_does_not_wait_longer_than_the_window_for_a_busy_episode():
    batcher = Batcher(EchoGenerator(), window_s=0.05)
    results = serve_episodes(batcher, [[1]], busy=1)
    assert results[0].ids == [2] and batcher.batches == [1]


def test_a_failing_generator_reaches_every_waiting_episode_and_the_step():
    batcher = Batcher(EchoGenerator(fail=True), window_s=5.0)
    results = serve_episodes(batcher, [[1], [2]])
    assert all(isinstance(r, GenerationError) and "CUDA out of memory" in str(r) for r in results.values())
    assert isinstance(batcher.error, RuntimeError)
    with pytest.raises(GenerationError, match="generation failed earlier in this step"):
        batcher.submit([3], 8)


def test_observation_ids_follow_the_end_of_turn_and_a_cut_turn_is_closed(tiny_model):
    from transformers import AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(tiny_model)
    record = EpisodeTokens(tokenizer)
    messages = [{"role": "system", "content": "S"}, {"role": "user", "content": "U"}]
    record.start(record.pending_observation(messages, []))
    assert tokenizer.decode(record.prompt_ids).endswith("<|im_start|>assistant\n")
    record.add("model", tokenizer("Thinking", add_special_tokens=False)["input_ids"])  # cut: no end token
    messages += [{"role": "assistant", "content": "Thinking"}, {"role": "user", "content": "Error: no tool call"}]
    observation = record.pending_observation(messages, [])
    assert observation[0] == tokenizer.eos_token_id
    assert tokenizer.decode(observation) == "<|im_end|>\n<|im_start|>user\nError: no tool call<|im_end|>\n" \
                                           "<|im_start|>assistant\n"


def test_a_template_that_rewrites_earlier_turns_is_refused(tiny_model):
    from transformers import AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(tiny_model)
    # Like templates that drop earlier reasoning: only the last assistant turn keeps its text.
    tokenizer.chat_template = ("{% for m in messages %}<|im_start|>{{ m.role }}\n"
                               "{% if m.role == 'assistant' and not loop.last %}...{% else %}{{ m.content }}{% endif %}"
                               "<|im_end|>\n{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}")
    record = EpisodeTokens(tokenizer)
    messages = [{"role": "user", "content": "U"}]
    record.start(record.pending_observation(messages, []))
    record.add("model", tokenizer("A", add_special_tokens=False)["input_ids"] + [tokenizer.eos_token_id])
    messages += [{"role": "assistant", "content": "A"}, {"role": "user", "content": "next"}]
    with pytest.raises(TemplateError, match="prefix-preserving"):
        record.pending_observation(messages, [])


def test_a_generator_failure_ends_the_episode_as_an_infrastructure_error_not_the_models(tiny_model):
    from transformers import AutoTokenizer

    from harness.episode.loop import policy_failure
    from harness.policies.base import EndpointError, PolicyInfo
    from harness.trajectory import ExitReason
    from training.grpo.policy import RolloutPolicy

    tokenizer = AutoTokenizer.from_pretrained(tiny_model)
    batcher = Batcher(EchoGenerator(fail=True))
    batcher.error = RuntimeError("CUDA out of memory")  # an earlier batch of this step failed
    policy = RolloutPolicy(tokenizer, batcher, max_new_tokens=8, max_completion_tokens=64,
                           info=PolicyInfo("hf", "tiny"))
    with pytest.raises(EndpointError) as caught:
        policy.act([{"role": "system", "content": "S"}, {"role": "user", "content": "U"}], [])
    assert policy_failure(caught.value) is ExitReason.INFRA_ERROR and "CUDA out of memory" in str(caught.value)
