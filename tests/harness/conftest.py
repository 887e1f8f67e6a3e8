"""Fixtures shared by the harness tests: the fixture tasks (tests/fixtures), a chat-completions server on
loopback, a tiny random transformers model, a helper to write scripts, and a session on one of the small
programs (tests/helpers/programs.py) that is always closed."""

from __future__ import annotations

import json
import threading
from collections import deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from corpus.format import load_task
from harness.session import DebugSession
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

def completion(*, content=None, tool_calls=None, usage=(11, 7)) -> dict:
    """A chat.completion body with one choice."""
    message = {"role": "assistant", "content": content}
    if tool_calls:
        message["tool_calls"] = [
            {"id": f"call_{i}", "type": "function",
             "function": {"name": name, "arguments": json.dumps(arguments)}}
            for i, (name, arguments) in enumerate(tool_calls)]
    return {"id": "chatcmpl-test", "object": "chat.completion", "model": "fixture-model",
            "choices": [{"index": 0, "message": message,
                         "finish_reason": "tool_calls" if tool_calls else "stop"}],
            "usage": {"prompt_tokens": usage[0], "completion_tokens": usage[1],
                      "total_tokens": usage[0] + usage[1]}}


class ChatServer:
    """Answers POST /v1/chat/completions from a queue of (status, body); records each request.

    When the queue is empty it answers with a native ``done`` call, so an episode always ends."""

    def __init__(self):
        self.replies: deque = deque()
        self.requests: list[dict] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 - the http.server hook name
                length = int(self.headers.get("Content-Length", 0))
                body = json.loads(self.rfile.read(length) or b"{}")
                server.requests.append({"path": self.path, "body": body,
                                        "authorization": self.headers.get("Authorization")})
                status, payload = server.replies.popleft() if server.replies else \
                    (200, completion(tool_calls=[("done", {})]))
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True,
                                       kwargs={"poll_interval": 0.05})  # shutdown() waits out one poll: 0.5 s by default
        self.thread.start()

    def queue(self, *replies) -> None:
        for reply in replies:
            self.replies.append(reply if isinstance(reply, tuple) else (200, reply))

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def chat_server():
    server = ChatServer()
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
    import torch
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast

    path = tmp_path_factory.mktemp("tiny-model")
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
    return path


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
