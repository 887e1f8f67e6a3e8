"""Fixtures shared by the harness tests: the fixture tasks (tests/fixtures), a chat-completions server on
loopback, a tiny random transformers model, a helper to write scripts, and a session on one of the small
programs (tests/helpers/programs.py) that is always closed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from corpus.format import load_task
from harness.session import DebugSession
from tests.helpers.built_once import built_once
from tests.helpers.model_server import ModelServer
from tests.helpers.model_server import completion as completion  # the old import name
from tests.helpers.programs import PROGRAMS, write_program
from tests.helpers.tasks import FIXTURE_TASKS, RUNNING_AVERAGE


@pytest.fixture(scope="session")
def fixture_tasks_dir() -> Path:
    return FIXTURE_TASKS


@pytest.fixture
def running_average():
    return load_task(RUNNING_AVERAGE)


@pytest.fixture
def write_script(tmp_path):
    def write(calls, name="script.json", **extra) -> Path:
        path = tmp_path / name
        path.write_text(json.dumps({"tool_calls": calls, **extra}), encoding="utf-8")
        return path
    return write


# ---- an OpenAI-compatible chat-completions server on loopback -----------------------------------
@pytest.fixture
def chat_server():
    """The shared fake model server (tests/helpers/model_server.py): ``queue()`` replies, then ``done``."""
    server = ModelServer()
    yield server
    server.close()


# ---- a tiny randomly initialised chat model, built offline -------------------------------------

CHAT_TEMPLATE = (
    "{%- if tools %}<|im_start|>system\nTools:\n{% for t in tools %}{{ t | tojson }}\n{% endfor %}"
    "<|im_end|>\n{%- endif %}"
    "{%- for m in messages %}<|im_start|>{{ m.role }}\n{{ m.content }}"
    "{%- for c in m.tool_calls or [] %}<tool_call>{{ c.function | tojson }}</tool_call>{%- endfor %}"
    "<|im_end|>\n{%- endfor %}"
    "{%- if add_generation_prompt %}<|im_start|>assistant\n{%- endif %}"
)


@pytest.fixture(scope="session")
def tiny_model_dir(tmp_path_factory) -> Path:
    """A 2-layer, hidden-32 Llama with random weights and a byte-level BPE tokenizer trained here on
    a few sentences: a stand-in for a real model, which cannot be downloaded in tests. It will not
    solve anything; it exercises the chat template, generation and parsing end to end."""
    return built_once(tmp_path_factory, "tiny-llama", build_tiny_llama)


def build_tiny_llama(path: Path) -> None:
    import torch
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast

    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tokenizer.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=600, special_tokens=["<|endoftext|>", "<|im_start|>", "<|im_end|>"],
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    corpus = ['<tool_call>{"name": "bash", "arguments": {"command": "python -m pytest -q"}}</tool_call>',
              "def add(self, value):\n    self.values.append(value)\n", "Error: the tool call was invalid"] * 20
    tokenizer.train_from_iterator(corpus, trainer)
    fast = PreTrainedTokenizerFast(tokenizer_object=tokenizer, eos_token="<|im_end|>", pad_token="<|endoftext|>")
    fast.chat_template = CHAT_TEMPLATE
    fast.save_pretrained(path)
    config = LlamaConfig(vocab_size=len(fast), hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                         num_attention_heads=2, num_key_value_heads=2, max_position_embeddings=32768,
                         eos_token_id=fast.eos_token_id, pad_token_id=fast.pad_token_id,
                         bos_token_id=None)
    torch.manual_seed(0)
    LlamaForCausalLM(config).save_pretrained(path)


# ---- a session on a fresh copy of one of the small programs ------------------------------------

@pytest.fixture
def open_session(tmp_path):
    """open_session("deep_local", arm="dbg", **options) -> a DebugSession on a fresh copy of the program."""
    sessions = []

    def make(program: str, **options) -> DebugSession:
        workspace = write_program(program, tmp_path / program)
        protected = [name for name in PROGRAMS[program] if name.startswith("test_")]
        session = DebugSession(workspace, protected_files=protected, **options)
        sessions.append(session)
        return session

    yield make
    for session in sessions:
        session.close()
