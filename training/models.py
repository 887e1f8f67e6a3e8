"""Loading the model and tokenizer for training, the precision it trains in, and the DoRA adapter.

The fused-MoE rule: in models whose experts are stored as one 3-D parameter per projection (Qwen3-MoE,
Qwen2-MoE in transformers 5), the experts are not ``nn.Linear`` modules and peft cannot put DoRA on them;
such a model gets DoRA on its attention projections only, and the run log says so.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from training.config.schema import AdapterConfig, ModelSource
from training.errors import TrainingError

log = logging.getLogger(__name__)

ATTENTION_PROJECTIONS = ("q_proj", "k_proj", "v_proj", "o_proj")


class ModelError(TrainingError, RuntimeError):
    """The model cannot be trained as configured; the message says what to change."""


def training_dtype(precision: str):
    """``auto``: bf16 on a GPU that supports it, else float32 (CPUs train the tiny model in float32)."""
    import torch

    if precision == "fp32":
        return torch.float32
    bf16_ok = torch.cuda.is_available() and torch.cuda.is_bf16_supported()
    if precision == "bf16":
        if not bf16_ok:
            raise ModelError("precision: bf16 needs a GPU that supports it; this machine has none "
                             "(use precision: auto or fp32)")
        return torch.bfloat16
    return torch.bfloat16 if bf16_ok else torch.float32


def load_tokenizer(source: ModelSource):
    from transformers import AutoTokenizer

    try:
        tokenizer = AutoTokenizer.from_pretrained(source.name_or_path)
    except (OSError, ValueError) as exc:
        raise ModelError(f"cannot load the tokenizer of {source.name_or_path}: {exc}") from None
    if tokenizer.chat_template is None:
        raise ModelError(f"{source.name_or_path} has no chat template; use a chat/instruct model")
    if tokenizer.pad_token is None:
        tokenizer.pad_token = tokenizer.eos_token
    return tokenizer


def load_model(source: ModelSource, dtype, *, device_map=None):
    from transformers import AutoModelForCausalLM

    try:
        return AutoModelForCausalLM.from_pretrained(source.name_or_path, dtype=dtype, device_map=device_map)
    except (OSError, ValueError) as exc:
        raise ModelError(f"cannot load the model {source.name_or_path}: {exc}") from None


def context_limit(model) -> int | None:
    return getattr(model.config, "max_position_embeddings", None)


def fused_expert_modules(model) -> list[str]:
    """Names of modules that hold experts as fused 3-D parameters (one weight matrix per expert)."""
    names = []
    for name, module in model.named_modules():
        if any(p.dim() >= 3 for p in module.parameters(recurse=False)) and "expert" in type(module).__name__.lower():
            names.append(name)
    return names


@dataclass
class AdapterPlan:
    target_modules: list[str]
    notes: list[str] = field(default_factory=list)  # what the run log and run.json say about the choice


def plan_adapter(model, adapter: AdapterConfig) -> AdapterPlan:
    """Which modules get the adapter, applying the fused-MoE rule; refuses names the model lacks."""
    import torch

    linear_names = {name.rsplit(".", 1)[-1] for name, module in model.named_modules()
                    if isinstance(module, torch.nn.Linear)}
    wanted = list(adapter.target_modules)
    notes = []
    fused = fused_expert_modules(model)
    if fused:
        kept = [m for m in wanted if m in ATTENTION_PROJECTIONS]
        dropped = [m for m in wanted if m not in ATTENTION_PROJECTIONS]
        if not kept:
            raise ModelError(f"adapter.target_modules: the model's experts are fused MoE parameters "
                             f"({fused[0]}, ...), so DoRA can go on attention only, but none of "
                             f"{', '.join(ATTENTION_PROJECTIONS)} is listed")
        method = "DoRA" if adapter.use_dora else "LoRA"
        notes.append(f"fused MoE experts ({len(fused)} modules such as {fused[0]}): {method} on attention only "
                     f"({', '.join(kept)})" + (f"; not on {', '.join(dropped)}" if dropped else ""))
        wanted = kept
    missing = [m for m in wanted if m not in linear_names]
    if missing:
        raise ModelError(f"adapter.target_modules: the model has no linear layer named {', '.join(missing)}; "
                         f"its linear layers are: {', '.join(sorted(linear_names))}")
    for note in notes:
        log.warning(note)
    return AdapterPlan(target_modules=wanted, notes=notes)


def peft_config(adapter: AdapterConfig, plan: AdapterPlan):
    from peft import LoraConfig

    return LoraConfig(r=adapter.r, lora_alpha=adapter.alpha, lora_dropout=adapter.dropout,
                      use_dora=adapter.use_dora, target_modules=plan.target_modules, task_type="CAUSAL_LM")
