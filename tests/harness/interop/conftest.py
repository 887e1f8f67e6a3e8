"""The loopback OpenAI-compatible server the verifiers adapters' tests play against: it answers each
conversation with a script of tool calls chosen by a word in the task's bug report (FIXABLE: fix
then done; GIVEUP: done), sleeps for SLOW, and 404s outside /v1/chat/completions. 127.0.0.1 only."""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.harness.interop.environments import IN_VERIFIERS_ENVIRONMENT, VERIFIERS_MODULES
from tests.helpers.tasks import write_task

# verifiers has its own environment (.venv-verifiers): its tests run there (test_environments.py starts them).
collect_ignore = [] if IN_VERIFIERS_ENVIRONMENT else list(VERIFIERS_MODULES)

FIX = ("edit_file", {"file_path": "counter.py", "old_string": "values[1:]", "new_string": "values"})
DONE = ("done", {})
# Which script a conversation gets: a word only that task's bug report holds.
SCRIPTS = {"FIXABLE": [FIX, DONE], "GIVEUP": [DONE]}


def completion(turn: int, call: tuple[str, dict]) -> dict:
    name, arguments = call
    message = {"role": "assistant", "content": None,
               "tool_calls": [{"id": f"call_{turn}", "type": "function",
                               "function": {"name": name, "arguments": json.dumps(arguments)}}]}
    return {"id": f"chatcmpl-{turn}", "object": "chat.completion", "created": 0, "model": "scripted",
            "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls"}],
            "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}}


class ScriptedModel(BaseHTTPRequestHandler):
    requests: list[dict] = []

    def log_message(self, *args):  # quiet
        pass

    def _send(self, status: int, body: dict) -> None:
        data = json.dumps(body).encode()
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):  # the client gave up (the cancelled rollout)
            pass

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
        if not self.path.startswith("/v1/chat/completions"):  # /v1/nowhere/...: a broken endpoint
            return self._send(404, {"error": {"message": "not found"}})
        type(self).requests.append(body)
        messages = body.get("messages") or []
        first_user = next((m.get("content") or "" for m in messages if m.get("role") == "user"), "")
        script = next((calls for word, calls in SCRIPTS.items() if word in first_user), [DONE])
        if "SLOW" in first_user:
            time.sleep(2)  # longer than the cancelling test waits
        turn = sum(1 for m in messages if m.get("role") == "assistant")
        self._send(200, completion(turn, script[turn] if turn < len(script) else DONE))


@pytest.fixture
def model_server():
    ScriptedModel.requests = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), ScriptedModel)
    thread = threading.Thread(target=server.serve_forever, daemon=True,
                              kwargs={"poll_interval": 0.05})  # shutdown() waits out one poll: 0.5 s by default
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1", ScriptedModel.requests
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def two_tasks(tmp_path):
    root = tmp_path / "tasks"
    return [write_task(root, "counter_fixable", description="FIXABLE: a sum that skips its first value"),
            write_task(root, "counter_giveup", description="GIVEUP: a sum that skips its first value")]
