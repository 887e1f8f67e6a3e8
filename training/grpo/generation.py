"""Where rollout turns are generated, and how the turns of parallel episodes are batched.

A ``Generator`` turns a batch of token-id contexts into sampled continuations (ids up to and including
the end-of-sequence token, and their log-probabilities when the backend reports them):

- ``TransformersGenerator``: the model being trained, through ``generate`` (CPU tests, small GPU runs);
- ``VLLMColocateGenerator``: the vLLM engine trl keeps on the training GPU (weights synced each step);
- ``VLLMServerGenerator``: a ``vllm serve`` endpoint on other GPUs, over HTTP, one client per process.

vLLM is imported only by the two vLLM generators, when a config asks for them.

The ``Batcher`` lets episodes run in their own threads while generation stays in the trainer's thread:
an episode that needs a turn submits its context and waits; the trainer's thread collects the waiting
contexts and generates them as one batch, as soon as every live episode is waiting or ``window_s`` after
the first request, so a batch never waits long for an episode busy in its sandbox.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Protocol, cast

from training.errors import TrainingError


class GenerationError(TrainingError):
    """The generation backend failed; the run stops with this message."""


@dataclass
class Sample:
    ids: list[int]  # the sampled continuation, ending with end-of-sequence unless cut at max_new_tokens
    logprobs: list[float] | None = None


@dataclass(frozen=True)
class SamplingSettings:
    temperature: float = 1.0
    top_p: float = 1.0


class Generator(Protocol):
    name: str

    def generate(self, contexts: list[list[int]], max_new_tokens: list[int]) -> list[Sample]: ...


def cut_at_eos(ids: list[int], eos_ids: set[int], limit: int) -> list[int]:
    out = []
    for token in ids[:limit]:
        out.append(int(token))
        if token in eos_ids:
            break
    return out


class TransformersGenerator:
    """Samples with the trained model's ``generate`` (left-padded batches, the sampling settings of GRPO)."""

    name = "transformers"

    def __init__(self, trainer, tokenizer, sampling: SamplingSettings):
        self.trainer, self.tokenizer, self.sampling = trainer, tokenizer, sampling

    def generate(self, contexts: list[list[int]], max_new_tokens: list[int]) -> list[Sample]:
        import torch
        from trl.models.utils import unwrap_model_for_generation

        pad = self.tokenizer.pad_token_id
        width = max(len(c) for c in contexts)
        input_ids = torch.tensor([[pad] * (width - len(c)) + c for c in contexts])
        attention = torch.tensor([[0] * (width - len(c)) + [1] * len(c) for c in contexts])
        device = self.trainer.accelerator.device
        with unwrap_model_for_generation(self.trainer.model_wrapped, self.trainer.accelerator) as model, \
                torch.no_grad():
            output = model.generate(input_ids=input_ids.to(device), attention_mask=attention.to(device),
                                    max_new_tokens=max(max_new_tokens), do_sample=True,
                                    temperature=self.sampling.temperature, top_p=self.sampling.top_p, top_k=0,
                                    pad_token_id=pad, eos_token_id=self.tokenizer.eos_token_id)
        eos = {self.tokenizer.eos_token_id}
        return [Sample(cut_at_eos(row[width:].tolist(), eos, limit)) for row, limit in zip(output, max_new_tokens,
                                                                                         strict=True)]


class VLLMColocateGenerator:
    """The vLLM engine trl built on this GPU (``use_vllm=True, vllm_mode="colocate"``)."""

    name = "vllm-colocate"

    def __init__(self, trainer, sampling: SamplingSettings):
        if getattr(trainer, "vllm_generation", None) is None:
            raise GenerationError("generation.backend is vllm but the trainer has no vLLM engine")
        self.llm = trainer.vllm_generation.llm
        self.sampling = sampling

    def generate(self, contexts: list[list[int]], max_new_tokens: list[int]) -> list[Sample]:
        from vllm import SamplingParams  # pyright: ignore[reportMissingImports]  # the GPU extra: absent where the checker runs

        params = [SamplingParams(n=1, temperature=self.sampling.temperature, top_p=self.sampling.top_p,
                                 max_tokens=limit, logprobs=0) for limit in max_new_tokens]
        outputs = self.llm.generate([{"prompt_token_ids": c} for c in contexts], sampling_params=params,
                                    use_tqdm=False)
        samples = []
        for output in outputs:
            choice = output.outputs[0]
            ids = [int(t) for t in choice.token_ids]
            logprobs = None
            if choice.logprobs is not None and len(choice.logprobs) == len(ids):
                logprobs = [entry[token].logprob for token, entry in zip(ids, choice.logprobs, strict=True)]
            samples.append(Sample(ids, logprobs))
        return samples


class VLLMServerGenerator:
    """A ``vllm serve`` endpoint (``vllm_mode="server"``): plain HTTP completions from token ids, so every
    training process asks for its own episodes' turns without waiting for the others."""

    name = "vllm-server"

    def __init__(self, trainer, base_url: str, sampling: SamplingSettings):
        from trl.generation.vllm_client import VLLMClient

        existing = getattr(getattr(trainer, "vllm_generation", None), "vllm_client", None)
        self.client = existing or VLLMClient(base_url=base_url, connection_timeout=240)
        self.sampling = sampling

    def generate(self, contexts: list[list[int]], max_new_tokens: list[int]) -> list[Sample]:
        samples: dict[int, Sample] = {}
        for limit in sorted(set(max_new_tokens)):
            indices = [i for i, m in enumerate(max_new_tokens) if m == limit]
            answer = self.client.generate([contexts[i] for i in indices], n=1, temperature=self.sampling.temperature,
                                          top_p=self.sampling.top_p, max_tokens=limit, logprobs=0)
            # trl annotates the whole answer as dict[str, list[list[int]]]; its "logprobs" (documented there)
            # are floats per sequence, token and top-k entry.
            top_logprobs = cast("list[list[list[float | None]]] | None", answer["logprobs"])
            for index, ids, logprobs in zip(indices, answer["completion_ids"], top_logprobs or
                                            [None] * len(indices), strict=True):
                flat = [entry[0] if entry and entry[0] is not None else 0.0 for entry in logprobs] if logprobs else None
                samples[index] = Sample([int(t) for t in ids], flat)
        return [samples[index] for index in range(len(contexts))]


@dataclass
class _Request:
    context: list[int]
    max_new_tokens: int
    future: Future


class Batcher:
    """Collects turn requests from episode threads; ``serve`` generates them in batches (see module doc)."""

    def __init__(self, generator: Generator, *, window_s: float = 0.02):
        self.generator, self.window_s = generator, window_s
        self._requests: queue.Queue[_Request] = queue.Queue()
        self.error: BaseException | None = None
        self.batches: list[int] = []  # the size of each batch generated (for logs and tests)
        self.generation_s = 0.0
        self._lock = threading.Lock()

    def submit(self, context: list[int], max_new_tokens: int) -> Sample:
        """From an episode thread: wait for this context's continuation."""
        if self.error is not None:
            raise GenerationError(f"generation failed earlier in this step: {self.error}")
        future: Future = Future()
        self._requests.put(_Request(list(context), int(max_new_tokens), future))
        return future.result()

    def serve(self, live: Callable[[], int]) -> None:
        """In the trainer's thread: generate batches until ``live()`` (episodes still running) is 0."""
        while True:
            try:
                first = self._requests.get(timeout=0.05)
            except queue.Empty:
                if live() == 0:
                    return
                continue
            batch = [first]
            deadline = time.monotonic() + self.window_s
            while len(batch) < live():
                try:
                    batch.append(self._requests.get(timeout=max(0.0, deadline - time.monotonic())))
                except queue.Empty:
                    break
            while True:
                try:
                    batch.append(self._requests.get_nowait())
                except queue.Empty:
                    break
            self._run(batch)

    def _run(self, batch: list[_Request]) -> None:
        started = time.monotonic()
        try:
            samples = self.generator.generate([r.context for r in batch], [r.max_new_tokens for r in batch])
        except BaseException as exc:  # noqa: BLE001 - every waiting episode must hear of it
            self.error = exc
            for request in batch:
                request.future.set_exception(GenerationError(f"{self.generator.name} generation failed: "
                                                             f"{type(exc).__name__}: {exc}"))
            return
        finally:
            self.generation_s += time.monotonic() - started
        self.batches.append(len(batch))
        for request, sample in zip(batch, samples, strict=True):
            request.future.set_result(sample)
