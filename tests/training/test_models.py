"""The adapter plan: DoRA where the config asks, except on fused MoE experts (attention only, said in the
log), and a clear refusal of module names the model lacks."""

from __future__ import annotations

import logging

import pytest

from training.config.schema import AdapterConfig
from training.models import ModelError, fused_expert_modules, peft_config, plan_adapter

ALL_LINEAR = ["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"]


def tiny_moe():
    """A random two-layer Qwen3-MoE: its experts are fused 3-D parameters in transformers 5."""
    from transformers import Qwen3MoeConfig, Qwen3MoeForCausalLM

    return Qwen3MoeForCausalLM(Qwen3MoeConfig(vocab_size=64, hidden_size=32, intermediate_size=64,
                                              moe_intermediate_size=16, num_hidden_layers=2, num_attention_heads=2,
                                              num_key_value_heads=1, head_dim=16, num_experts=4,
                                              num_experts_per_tok=2))


@pytest.mark.slow  # builds a model (torch)
def test_a_fused_moe_model_gets_dora_on_attention_only_and_the_log_says_so(caplog):
    from peft import get_peft_model

    model = tiny_moe()
    assert fused_expert_modules(model)
    adapter = AdapterConfig(r=4, alpha=8, target_modules=ALL_LINEAR)
    with caplog.at_level(logging.WARNING, logger="training.models"):
        plan = plan_adapter(model, adapter)
    assert plan.target_modules == ["q_proj", "k_proj", "v_proj", "o_proj"]
    assert plan.notes == [f"fused MoE experts (2 modules such as {fused_expert_modules(model)[0]}): DoRA on "
                          "attention only (q_proj, k_proj, v_proj, o_proj); not on gate_proj, up_proj, down_proj"]
    assert plan.notes[0] in caplog.text
    wrapped = get_peft_model(model, peft_config(adapter, plan))
    dora = [name for name, _ in wrapped.named_modules() if name.endswith("lora_magnitude_vector")]
    assert dora and all(".self_attn." in name for name in dora)


def test_a_dense_model_gets_dora_everywhere_it_is_asked(tiny_model):
    from transformers import AutoModelForCausalLM

    plan = plan_adapter(AutoModelForCausalLM.from_pretrained(tiny_model),
                        AdapterConfig(r=4, alpha=8, target_modules=ALL_LINEAR))
    assert plan.target_modules == ALL_LINEAR and plan.notes == []


def test_a_module_name_the_model_lacks_is_refused(tiny_model):
    from transformers import AutoModelForCausalLM

    with pytest.raises(ModelError, match="no linear layer named qkv_proj; its linear layers are: down_proj, "):
        plan_adapter(AutoModelForCausalLM.from_pretrained(tiny_model),
                     AdapterConfig(r=4, alpha=8, target_modules=["qkv_proj"]))
