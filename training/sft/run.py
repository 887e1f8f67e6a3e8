"""SFT with DoRA on the exported dataset: ``run_sft(config)`` is the whole run, for the CLI and for the
web app's jobs alike (a plain function with a progress callback; no Django).

1. the run folder (resumed if an unfinished one is given);
2. the model, the tokenizer, the dataset; token lengths planned so nothing is cut silently;
3. trl's SFTTrainer with assistant-only loss and a peft DoRA adapter (the fused-MoE rule applied);
4. before the first step: the trainer's rows have the planned lengths, and a real batch trains only
   assistant tokens;
5. training with evaluation on the validation split and checkpoints;
6. the adapter saved, merged into the weights (``merged/``), reloaded and compared with the adapter.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

from training.config.load import LoadedConfig
from training.config.schema import SFTSection
from training.errors import TrainingError
from training.progress import (
    ProgressCallback,
    TrainingProgress,
    failure_recorded,
    last_metrics,
    notify,
)
from training.runs import RunFolder, open_run

log = logging.getLogger(__name__)


@dataclass
class SFTResult:
    run: Path
    merged: Path | None
    summary: dict = field(default_factory=dict)


def run_sft(loaded: LoadedConfig, *, out: str | Path | None = None, on_progress: ProgressCallback | None = None,
            progress_bar: bool = True) -> SFTResult:
    config, section = loaded.config, loaded.config.sft
    if section is None:
        raise TrainingError(f"{loaded.source}: no 'sft:' section")
    run, main = open_run(out, runs_dir=config.runs_dir, kind="sft", name=config.name, config=loaded.raw,
                         base_model=config.model.name_or_path)
    with failure_recorded(run, "sft", main, on_progress):
        return _train(loaded, section, run, main, on_progress, progress_bar)


def _train(loaded: LoadedConfig, section: SFTSection, run: RunFolder, main: bool, on_progress,
           progress_bar) -> SFTResult:
    import torch
    from transformers import set_seed
    from trl.trainer.sft_config import SFTConfig
    from trl.trainer.sft_trainer import SFTTrainer

    from training.merge import merge_adapter
    from training.models import (
        context_limit,
        load_model,
        load_tokenizer,
        peft_config,
        plan_adapter,
        training_dtype,
    )
    from training.recorder import RunRecorder
    from training.sft.lengths import check_no_truncation, plan_lengths
    from training.sft.masking import check_assistant_only
    from training.sft_dataset import load_sft_dataset, to_training_rows

    config = loaded.config
    set_seed(config.seed)
    dtype = training_dtype(config.precision)
    tokenizer = load_tokenizer(config.model)
    model = load_model(config.model, dtype)
    data = load_sft_dataset(section.dataset)
    rows = {split: list(dataset) for split, dataset in data.items()}
    plan = plan_lengths(rows, tokenizer, max_length=section.max_length, overlong=section.overlong,
                        context=context_limit(model))
    adapter = plan_adapter(model, config.adapter)
    notes = list(adapter.notes)
    if plan.dropped:
        notes.append(f"{len(plan.dropped)} example(s) longer than max_length {plan.max_length} were dropped "
                     "(overlong: drop): " + "; ".join(f"{d['split']} row {d['row']} ({d['tokens']} tokens)"
                                                       for d in plan.dropped))
    for note in notes:
        log.warning(note)
        if main:
            run.note(note)
    train = to_training_rows(data["train"].select(plan.keep["train"]))
    evaluation = to_training_rows(data["validation"].select(plan.keep["validation"]))
    cuda = torch.cuda.is_available()
    args = SFTConfig(
        output_dir=str(run.checkpoints), seed=config.seed, report_to=[], disable_tqdm=not progress_bar,
        use_cpu=not cuda, bf16=dtype == torch.bfloat16, gradient_checkpointing=config.gradient_checkpointing,  # trl's default is on
        num_train_epochs=section.epochs, max_steps=section.max_steps or -1,
        per_device_train_batch_size=section.batch_size, per_device_eval_batch_size=section.batch_size,
        gradient_accumulation_steps=section.gradient_accumulation, learning_rate=section.learning_rate,
        warmup_steps=section.warmup_ratio, logging_steps=section.logging_steps,  # a float < 1 is a ratio
        save_strategy="steps", save_steps=section.save_steps, save_total_limit=3,
        eval_strategy="steps" if section.eval_steps else "epoch", eval_steps=section.eval_steps,
        max_length=plan.max_length, assistant_only_loss=True, packing=False,
    )
    recorder = RunRecorder(run, "sft", on_progress) if main else None
    trainer = SFTTrainer(model=model, args=args, train_dataset=train, eval_dataset=evaluation,
                         processing_class=tokenizer, peft_config=peft_config(config.adapter, adapter),
                         callbacks=[recorder] if recorder else None)
    check_no_truncation(trainer.train_dataset, plan.lengths["train"], plan.max_length, "train")
    check_no_truncation(trainer.eval_dataset, plan.lengths["validation"], plan.max_length, "validation")
    masking = check_assistant_only(next(iter(trainer.get_train_dataloader())), tokenizer)
    if main:
        run.update(lengths=plan.to_dict(), assistant_only=masking.to_dict(),
                   adapter={"method": "dora" if config.adapter.use_dora else "lora", "r": config.adapter.r,
                            "alpha": config.adapter.alpha, "target_modules": adapter.target_modules},
                   examples={"train": len(train), "validation": len(evaluation)})
    resume = run.latest_checkpoint()
    trainer.train(resume_from_checkpoint=str(resume) if resume else None)
    final = run.checkpoints / "final"
    trainer.save_model(str(final))
    merged = None
    summary = _summary(trainer)
    if main:
        tokenizer.save_pretrained(str(final))
        if section.merge:
            notify(on_progress, TrainingProgress("sft", "merge", trainer.state.global_step, trainer.state.max_steps,
                                                 message="merging the adapter into the weights"))
            probe = tokenizer.apply_chat_template(evaluation[0]["messages"], tools=evaluation[0]["tools"] or None,
                                                  tokenize=True)
            probe = (probe["input_ids"] if hasattr(probe, "keys") else probe)[:256]
            del trainer, model
            check = merge_adapter(config.model.name_or_path, final, run.merged, dtype=dtype, probe_ids=probe)
            summary["merge_check"] = check.to_dict()
            merged = run.merged
        run.finish(summary=summary, merged=merged is not None)
        notify(on_progress, TrainingProgress("sft", "finished", summary.get("steps", 0), summary.get("steps", 0),
                                             metrics=summary, message="finished"))
    return SFTResult(run=run.path, merged=merged, summary=summary)


def _summary(trainer) -> dict:
    last = last_metrics(trainer)
    keys = ("loss", "eval_loss", "train_loss", "train_runtime", "mean_token_accuracy", "eval_mean_token_accuracy",
            "num_tokens")
    summary = {**{k: last[k] for k in keys if k in last}, "steps": trainer.state.global_step}
    if "num_tokens" in last and last.get("train_runtime"):
        summary["tokens_per_second"] = round(last["num_tokens"] / last["train_runtime"], 2)
    return summary
