"""GRPO through the harness: ``run_grpo(config)`` is the whole run, for the CLI and the web app's jobs
(a plain function with a progress callback; no Django).

1. the run folder; the training tasks (checked: none heldout) as a prompt dataset, one row per task,
   the task's name on its user message;
2. the policy model (an SFT run's ``merged/`` or the base model) with a fresh DoRA adapter;
3. trl's GRPOTrainer with ``rollout_func`` = whole harness episodes (``training.grpo.rollout``) on a warm
   sandbox pool, generation by transformers or vLLM (colocate on one GPU, a ``vllm serve`` endpoint on
   several), and one reward function per component of the scoring seam, weighted by the config;
4. every batch checked before it trains: the trainer's tool mask is exactly the rollouts' ``env_mask``
   (observation tokens carry no loss);
5. the adapter saved and merged into ``merged/`` as after SFT.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

from corpus.format import TASKS_DIR, load_task
from corpus.task_splits import task_splits
from harness.policies.base import PolicyInfo
from harness.prompts import system_prompt, task_prompt
from harness.records.groups import toolset
from harness.sandbox.backends import UNCONFINED_BACKEND
from training.config.load import LoadedConfig
from training.config.schema import GRPOSection
from training.errors import TrainingError
from training.progress import (
    ProgressCallback,
    TrainingProgress,
    failure_recorded,
    last_metrics,
    notify,
)
from training.runs import RunFolder, open_run, process_rank

log = logging.getLogger(__name__)


class MaskError(TrainingError, AssertionError):
    """The trainer would train tokens the rollouts marked as observations."""


@dataclass
class GRPOResult:
    run: Path
    merged: Path | None
    summary: dict = field(default_factory=dict)


def prompt_dataset(tasks: list, arm: str):
    """One row per task: the opening messages the episode will show, the task named on the user message."""
    from datasets import Dataset, Features, Json, List

    rows = []
    for task in tasks:
        user = task_prompt(task.description, [*task.buggy_files, *task.shared_files], task.test_files)
        rows.append({"prompt": [{"role": "system", "content": system_prompt(arm, text_tool_calls=True)},
                                {"role": "user", "content": user, "task": task.name}]})
    return Dataset.from_list(rows, features=Features({"prompt": List(Json())}))


def check_tool_mask(batch: dict, masks: list[list[int]]) -> int:
    """The trainer's ``tool_mask`` row by row equals the rollouts' ``env_mask``; returns masked tokens."""
    tool_mask = batch.get("tool_mask")
    if tool_mask is None:
        raise MaskError("the trainer built the batch without a tool mask: observation tokens would be trained")
    completion_mask = batch["completion_mask"]  # 0 on padding (and on truncated rows when trl masks those)
    if len(masks) != tool_mask.shape[0]:
        raise MaskError(f"the batch has {tool_mask.shape[0]} rows, the rollouts {len(masks)}")
    masked = 0
    for row, expected in enumerate(masks):
        if tool_mask[row, :len(expected)].tolist() != list(expected):
            raise MaskError(f"row {row}: the trainer's tool mask differs from the rollout's env_mask")
        if int((tool_mask[row] * completion_mask[row])[len(expected):].sum()) != 0:
            raise MaskError(f"row {row}: the trainer trains positions past the rollout's completion")
        masked += len(expected) - sum(expected)
    return masked


def run_grpo(loaded: LoadedConfig, *, out: str | Path | None = None, on_progress: ProgressCallback | None = None,
             progress_bar: bool = True, make_generator=None) -> GRPOResult:
    """``make_generator(trainer, tokenizer, section)`` replaces the configured generation backend (tests
    use it to script the model's replies)."""
    config, section = loaded.config, loaded.config.grpo
    if section is None:
        raise TrainingError(f"{loaded.source}: no 'grpo:' section")
    if not loaded.task_names:
        raise TrainingError(f"{loaded.source}: load the config with command='grpo' so its tasks are checked")
    source = section.model or config.model
    run, main = open_run(out, runs_dir=config.runs_dir, kind="grpo", name=config.name, config=loaded.raw,
                         base_model=source.name_or_path)
    with failure_recorded(run, "grpo", main, on_progress):
        return _train(loaded, section, run, main, on_progress, progress_bar, make_generator)


def default_generator(trainer, tokenizer, section):
    from training.grpo.generation import (
        SamplingSettings,
        TransformersGenerator,
        VLLMColocateGenerator,
        VLLMServerGenerator,
    )

    generation = section.generation
    sampling = SamplingSettings(temperature=generation.temperature, top_p=generation.top_p)
    if generation.backend == "transformers":
        return TransformersGenerator(trainer, tokenizer, sampling)
    if generation.vllm_mode == "colocate":
        return VLLMColocateGenerator(trainer, sampling)
    return VLLMServerGenerator(trainer, generation.vllm_server_url, sampling)


def _trainer_class():
    import os

    # rollout_func is what multi-turn episodes need; trl marks it experimental and warns at every run.
    os.environ.setdefault("TRL_EXPERIMENTAL_SILENCE", "1")
    from trl.trainer.grpo_trainer import GRPOTrainer

    from training.grpo.rollout import EpisodeRollouts

    class EpisodeGRPOTrainer(GRPOTrainer):
        """GRPOTrainer that checks each generated batch's tool mask against the rollouts' env_mask."""

        masked_tokens = 0

        def _generate_and_score_completions(self, inputs):
            batch = super()._generate_and_score_completions(inputs)
            rollouts = self.rollout_func
            if not isinstance(rollouts, EpisodeRollouts):
                raise MaskError(f"the trainer's rollout_func is {type(rollouts).__name__}, not EpisodeRollouts: "
                                "there are no env_masks to check the tool mask against")
            self.masked_tokens += check_tool_mask(batch, rollouts.last_masks)
            return batch

    return EpisodeGRPOTrainer


def _train(loaded: LoadedConfig, section: GRPOSection, run: RunFolder, main: bool, on_progress, progress_bar,
           make_generator):
    import torch
    from transformers import set_seed
    from trl.trainer.grpo_config import GRPOConfig

    from harness.sandbox.backends import get_backend
    from harness.sandbox.pool import SandboxPool
    from training.grpo.rewards import reward_functions, reward_rubric, reward_weights
    from training.grpo.rollout import EpisodeRollouts, RolloutSettings
    from training.merge import merge_adapter
    from training.models import load_model, load_tokenizer, peft_config, plan_adapter, training_dtype
    from training.recorder import RunRecorder

    config = loaded.config
    source = section.model or config.model
    set_seed(config.seed)
    dtype = training_dtype(config.precision)
    tokenizer = load_tokenizer(source)
    model = load_model(source, dtype)
    adapter = plan_adapter(model, config.adapter)
    for note in adapter.notes:
        log.warning(note)
        if main:
            run.note(note)
    tasks = {name: load_task(task_splits().folder_of(name) or TASKS_DIR / name) for name in loaded.task_names}
    dataset = prompt_dataset(list(tasks.values()), section.arm)
    tools = toolset(section.arm)  # what the episodes render with: the tool schemas are a large part of a prompt
    longest_prompt = max(len(tokenizer.apply_chat_template(prompt, tools=tools, tokenize=True,
                                                           add_generation_prompt=True)["input_ids"])
                         for prompt in dataset["prompt"])
    generation = section.generation
    cuda = torch.cuda.is_available()
    vllm = generation.backend == "vllm"
    functions, weights = reward_functions(), reward_weights(section.rewards)
    args = GRPOConfig(
        output_dir=str(run.checkpoints), seed=config.seed, report_to=[], disable_tqdm=not progress_bar,
        use_cpu=not cuda, bf16=dtype == torch.bfloat16, gradient_checkpointing=config.gradient_checkpointing,
        max_steps=section.max_steps, learning_rate=section.learning_rate, beta=section.beta,
        # One generation round per optimizer step: episodes_per_step episodes are played together, then
        # trained on micro_batch_size at a time (their gradients accumulated).
        per_device_train_batch_size=section.micro_batch_size, num_generations=section.num_generations,
        gradient_accumulation_steps=section.episodes_per_step // section.micro_batch_size,
        logging_steps=section.logging_steps,
        save_strategy="steps", save_steps=section.save_steps, save_total_limit=3,
        # trl uses these for its own generation (vLLM's max tokens per call) and to rescale logits when it
        # recomputes log-probabilities: they must be the sampling settings of the rollouts.
        max_completion_length=generation.max_new_tokens, temperature=generation.temperature, top_p=generation.top_p,
        use_vllm=vllm, vllm_mode=generation.vllm_mode, vllm_server_base_url=generation.vllm_server_url,
        vllm_gpu_memory_utilization=generation.vllm_gpu_memory_utilization,
        vllm_max_model_length=longest_prompt + section.max_completion_tokens if vllm else None,
        vllm_enable_sleep_mode=False,  # sleep would drop the weights after every turn of a multi-turn episode
        log_completions=False, reward_weights=weights,
    )
    pool = SandboxPool(get_backend(section.sandbox.backend, allow_local=section.sandbox.backend == UNCONFINED_BACKEND),
                       size=section.sandbox.pool_size)
    try:
        rollouts = EpisodeRollouts(
            settings=RolloutSettings(arm=section.arm, max_turns=section.max_turns,
                                     max_new_tokens=generation.max_new_tokens,
                                     max_completion_tokens=section.max_completion_tokens,
                                     out_dir=run.path / "rollouts", rank=process_rank()[0],
                                     window_s=generation.batch_window_ms / 1000,
                                     policy_info=PolicyInfo("hf", source.name_or_path, {
                                         "rollout": "grpo", "generation": generation.backend,
                                         "temperature": generation.temperature,
                                         "max_new_tokens": generation.max_new_tokens})),
            tasks=tasks, tokenizer=tokenizer, sandboxes=pool, rubric=reward_rubric(section.rewards),
            make_generator=lambda trainer: (make_generator or default_generator)(trainer, tokenizer, section))
        recorder = RunRecorder(run, "grpo", on_progress) if main else None
        trainer = _trainer_class()(model=model, reward_funcs=functions, args=args, train_dataset=dataset,
                                   processing_class=tokenizer, peft_config=peft_config(config.adapter, adapter),
                                   rollout_func=rollouts, callbacks=[recorder] if recorder else None)
        if main:
            run.update(tasks=sorted(tasks), rewards={name: w for name, w in zip(
                [f.__name__ for f in functions], weights, strict=True)},
                       adapter={"method": "dora" if config.adapter.use_dora else "lora", "r": config.adapter.r,
                                "alpha": config.adapter.alpha, "target_modules": adapter.target_modules},
                       generation={"backend": generation.backend, "vllm_mode": generation.vllm_mode if vllm else None})
        resume = run.latest_checkpoint()
        trainer.train(resume_from_checkpoint=str(resume) if resume else None)
        final = run.checkpoints / "final"
        trainer.save_model(str(final))
        steps = trainer.state.global_step
        summary = {**_summary(trainer), "masked_observation_tokens": trainer.masked_tokens}
    finally:
        pool.close()
    merged = None
    if main:
        tokenizer.save_pretrained(str(final))
        if section.merge:
            notify(on_progress, TrainingProgress("grpo", "merge", steps, steps,
                                                 message="merging the adapter into the weights"))
            probe = tokenizer.apply_chat_template(dataset[0]["prompt"], tools=tools, tokenize=True,
                                                  add_generation_prompt=True)["input_ids"][:256]
            del trainer, model
            check = merge_adapter(source.name_or_path, final, run.merged, dtype=dtype, probe_ids=probe)
            summary["merge_check"] = check.to_dict()
            merged = run.merged
        run.finish(summary=summary, merged=merged is not None)
        notify(on_progress, TrainingProgress("grpo", "finished", steps, steps,
                                             metrics=summary, message="finished"))
    return GRPOResult(run=run.path, merged=merged, summary=summary)


def _summary(trainer) -> dict:
    last = last_metrics(trainer)
    keep = [k for k in last if k in ("reward", "reward_std", "kl", "loss", "train_runtime")
            or k.startswith(("rewards/", "episodes/"))]
    return {**{k: last[k] for k in keep}, "steps": trainer.state.global_step}
