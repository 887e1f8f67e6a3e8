"""A tiny, randomly initialised Qwen2-style chat model built offline: for the CPU tests, for smoke runs of
the pipeline (``python -m training tiny-model --out DIR``) and for the GPU check script, where nothing
can be downloaded. It will not debug anything; it exercises templates, masking, DoRA, merging and the
GRPO rollout path end to end.

The tokenizer is a byte-level BPE trained here in under a second on text shaped like Stepwise's
conversations. Its chat template is trl's own Qwen 2.5 template, byte for byte: trl recognises templates
by their exact text, and only then swaps in the training variant with ``{% generation %}`` markers that
assistant-only loss needs.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from importlib import resources
from pathlib import Path

TINY_CONFIG = "tiny-cpu"  # the shipped config that trains the tiny model
SPECIAL_TOKENS = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]

_SAMPLE_TEXT = [
    "<|im_start|>system\nYou are a careful Python engineer fixing a bug.<|im_end|>\n",
    "<|im_start|>user\nBug report: the running average is wrong after the window fills.<|im_end|>\n",
    '<|im_start|>assistant\n<tool_call>\n{"name": "bash", "arguments": {"command": "python -m pytest -q"}}\n'
    "</tool_call><|im_end|>\n",
    '<tool_call>\n{"name": "start_debugger", "arguments": {"file": "test_stats_window.py"}}\n</tool_call>',
    '<tool_call>\n{"name": "add_breakpoint", "arguments": {"file": "stats_window.py", "line": 11}}\n</tool_call>',
    '<tool_call>\n{"name": "edit_file", "arguments": {"file_path": "a.py", "old_string": "pop()", '
    '"new_string": "pop(0)"}}\n</tool_call>',
    "<|im_start|>user\n<tool_response>\n<execution_position file=\"stats_window.py\" line=11>\n"
    "self.values = [1, 2, 6]\n</execution_position>\n</tool_response><|im_end|>\n",
    "def add(self, value):\n    self.values.append(value)\n    return sum(self.values) / len(self.values)\n",
    "FAILED test_stats_window.py::test_window - assert 3.0 == 4.0\n1 failed, 1 passed in 0.02s\n",
    "Error: your reply held no valid tool call, so nothing was run (this turn is used up).",
]


def qwen2_5_chat_template() -> str:
    """trl's Qwen 2.5 chat template, read from the installed trl package."""
    return resources.files("trl").joinpath("chat_templates/qwen2_5.jinja").read_text(encoding="utf-8")


def _tokenizer_training_text() -> list[str]:
    """Text shaped like what the model will read: the template's fixed text, the harness's prompts and
    tool schemas, tool calls, observations and code; so conversations take few tokens."""
    import json

    from harness.prompts import system_prompt
    from harness.records.groups import toolset

    template = qwen2_5_chat_template()
    schemas = [json.dumps(tool) for tool in toolset("dbg")]
    prompts = [system_prompt(arm, text_tool_calls=True) for arm in ("base", "dbg")]
    return (_SAMPLE_TEXT + schemas + prompts + [template]) * 20


def build_tokenizer(vocab_size: int = 2048):
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast

    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tokenizer.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=vocab_size, special_tokens=SPECIAL_TOKENS,
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), show_progress=False)
    tokenizer.train_from_iterator(_tokenizer_training_text(), trainer)
    fast = PreTrainedTokenizerFast(tokenizer_object=tokenizer, eos_token="<|im_end|>", pad_token="<|endoftext|>",
                                   model_max_length=32768)
    fast.chat_template = qwen2_5_chat_template()
    return fast


def build_tiny_model(out: str | Path, *, hidden_size: int = 32, layers: int = 2, seed: int = 0) -> Path:
    """Write a random Qwen2-style causal LM and its tokenizer to ``out``; returns the folder."""
    import torch
    from transformers import Qwen2Config, Qwen2ForCausalLM

    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    tokenizer = build_tokenizer()
    tokenizer.save_pretrained(out)
    eos, pad = tokenizer.eos_token_id, tokenizer.pad_token_id
    if not isinstance(eos, int) or not isinstance(pad, int):  # build_tokenizer names both as single tokens
        raise ValueError(f"the tiny tokenizer's end and pad tokens are not single ids ({eos!r}, {pad!r})")
    config = Qwen2Config(vocab_size=len(tokenizer), hidden_size=hidden_size, intermediate_size=2 * hidden_size,
                         num_hidden_layers=layers, num_attention_heads=2, num_key_value_heads=1,
                         max_position_embeddings=32768, tie_word_embeddings=True,
                         eos_token_id=eos, pad_token_id=pad,
                         bos_token_id=None)
    torch.manual_seed(seed)
    model = Qwen2ForCausalLM(config)
    model.generation_config.eos_token_id = tokenizer.eos_token_id
    model.generation_config.pad_token_id = tokenizer.pad_token_id
    model.save_pretrained(out)
    return out


def tiny_model_path() -> Path:
    """Where the ``tiny-cpu`` config looks for the tiny model: its ``model.path`` as written (a relative
    path is read from the working directory, as every training command reads it)."""
    from training.config.load import load_config

    path = load_config(TINY_CONFIG).config.model.path
    if path is None:  # the shipped file names a folder; a hub model would need no building
        raise ValueError(f"the {TINY_CONFIG} config names no model.path")
    return Path(path)


def install_tiny_model(out: str | Path, *, replace: bool = False, **options) -> Path:
    """``build_tiny_model`` into a new folder beside ``out``, then renamed into place: ``out`` is never
    half-written, so a build killed mid-way leaves nothing that looks like a model. An existing ``out``
    is refused (FileExistsError) unless ``replace``; then the old folder is swapped out and removed."""
    out = Path(out).absolute()
    if out.exists() and not replace:
        raise FileExistsError(f"{out} already exists; nothing was written (replace it to build it again)")
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.building-", dir=out.parent))
    try:
        build_tiny_model(staging, **options)
        if out.exists() and replace:
            old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-", dir=out.parent))
            os.replace(out, old / out.name)
            os.replace(staging, out)
            shutil.rmtree(old, ignore_errors=True)
        else:
            try:
                os.rename(staging, out)
            except OSError:  # another build got there first
                if not out.exists():
                    raise
                raise FileExistsError(f"{out} was written by another build meanwhile; nothing was written") \
                    from None
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
    return out
