"""The one fake chat model server of the tests: a real OpenAI-compatible HTTP server on 127.0.0.1.

Only the model is fake, and it says so. What answers is configurable: ``CannedModel`` answers each chat
request from a per-task, per-arm list of tool calls (turn N of an episode gets the N-th call, then
``done``), found from the file names in the conversation's first user message and the tools offered;
``ScriptByWord`` picks the list by a word in the first user message (and waits on a slow word);
``queue()`` puts fixed replies (any status, headers) ahead of the model. With no model and nothing
queued every turn answers ``done``, so an episode always ends. Everything around it is real: HTTP on a
loopback port, ``GET /v1/models``, bearer keys, status codes, ``Retry-After``, a server that dies
mid-request (its listening socket closed, the open connection dropped unanswered) and comes back on
the same port.
"""

from __future__ import annotations

import json
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from tests.helpers.ports import closed_port  # noqa: F401 - the old import name

CONTEXT_ERROR = {"object": "error", "type": "BadRequestError", "code": 400,
                 "message": "This model's maximum context length is 4096 tokens. However, you requested 5120 "
                            "tokens (3072 in the messages, 2048 in the completion). Please reduce the length "
                            "of the messages or completion."}

# Which fixture task a conversation is about: a file name only that task's prompt mentions.
TASK_FILES = {"stats_window.py": "running_average", "tagging.py": "tag_defaults", "pricing.py": "price_rounding"}


def completion(calls: list[tuple[str, dict]] | None = None, *, content: str | None = None,
               usage: tuple[int, int] = (100, 10), tool_calls: list[tuple[str, dict]] | None = None,
               first_id: int = 0) -> dict:
    """A chat.completion body with one choice: ``calls`` (or ``tool_calls=``, the same) as native tool
    calls ``call_<first_id>``, ``call_<first_id + 1>``..., and/or ``content``."""
    calls = calls or tool_calls
    message: dict = {"role": "assistant", "content": content}
    if calls:
        message["tool_calls"] = [{"id": f"call_{first_id + i}", "type": "function",
                                  "function": {"name": name, "arguments": json.dumps(arguments)}}
                                 for i, (name, arguments) in enumerate(calls)]
    return {"id": "chatcmpl-canned", "object": "chat.completion", "model": "canned",
            "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls" if calls else "stop"}],
            "usage": {"prompt_tokens": usage[0], "completion_tokens": usage[1], "total_tokens": sum(usage)}}


@dataclass
class CannedModel:
    """The fake model: ``scripts[task][arm]`` (or ``scripts[task]["any"]``) lists the calls of an episode."""

    scripts: dict = field(default_factory=dict)
    usage: tuple[int, int] = (100, 10)

    @staticmethod
    def task_of(messages: list[dict]) -> str | None:
        first_user = next((m.get("content") or "" for m in messages if m.get("role") == "user"), "")
        return next((task for name, task in TASK_FILES.items() if name in first_user), None)

    def __call__(self, body: dict) -> dict:
        messages = body.get("messages") or []
        arm = "dbg" if any(t.get("function", {}).get("name") == "start_debugger" for t in body.get("tools") or []) \
            else "base"
        script = self.scripts.get(self.task_of(messages), {})
        calls = script.get(arm, script.get("any", []))
        turn = sum(1 for m in messages if m.get("role") == "assistant")
        name, arguments = calls[turn] if turn < len(calls) else ("done", {})
        return completion([(name, arguments)], usage=self.usage)


@dataclass
class Reply:
    status: int
    body: dict
    headers: dict = field(default_factory=dict)


class ModelServer:
    """Serves /v1/models and /v1/chat/completions on 127.0.0.1 until ``kill()``; ``restart()`` serves
    again on the same port. ``queue(Reply(...))`` makes the next chat requests answer that instead of
    the model; ``die_after(n)`` kills the server when the (n+1)-th chat request arrives, leaving that
    request unanswered, as a crashed server would."""

    def __init__(self, model: Callable[[dict], dict] | None = None, *, served: list[str] | None = ("canned",),
                 api_key: str | None = None, handle_delay_s: float = 0.0):
        self.model = model or CannedModel()
        self.served = list(served) if served is not None else None
        self.api_key = api_key
        self.handle_delay_s = handle_delay_s
        self.replies: deque[Reply] = deque()
        self.requests: list[dict] = []  # every request: method, path, body, authorization
        self.answered = 0  # chat requests answered 200
        self.in_flight = self.max_in_flight = 0
        self._die_after: int | None = None
        self._lock = threading.Lock()
        self.port = 0
        self._serve()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def chat_requests(self) -> list[dict]:
        return [r for r in self.requests if r["path"].endswith("/chat/completions")]

    def queue(self, *replies: Reply | tuple[int, dict] | dict) -> None:
        """Answer the next chat requests with these: a ``Reply``, a ``(status, body)`` pair or a 200 body."""
        for reply in replies:
            if isinstance(reply, tuple):
                reply = Reply(*reply)
            self.replies.append(reply if isinstance(reply, Reply) else Reply(200, reply))

    def die_after(self, answered: int) -> None:
        self._die_after = answered

    def _serve(self) -> None:
        server = self

        class Handler(BaseHTTPRequestHandler):  # HTTP/1.0: a connection per request, none outlives a kill
            def _answer(self, reply: Reply) -> None:
                data = json.dumps(reply.body).encode()
                try:
                    self.send_response(reply.status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    for key, value in reply.headers.items():
                        self.send_header(key, value)
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):  # the client gave up (a cancelled rollout)
                    pass

            def _authorized(self) -> bool:
                if server.api_key and self.headers.get("Authorization") != f"Bearer {server.api_key}":
                    self._answer(Reply(401, {"error": {"message": "Incorrect API key provided",
                                                       "type": "invalid_request_error", "code": "invalid_api_key"}}))
                    return False
                return True

            def do_GET(self):  # noqa: N802 - http.server's hook name
                server.requests.append({"method": "GET", "path": self.path, "body": None,
                                        "authorization": self.headers.get("Authorization")})
                if not self._authorized():
                    return
                if self.path.rstrip("/") == "/v1/models" and server.served is not None:
                    self._answer(Reply(200, {"object": "list", "data": [
                        {"id": name, "object": "model", "owned_by": "canned"} for name in server.served]}))
                else:
                    self._answer(Reply(404, {"error": {"message": f"no route {self.path}"}}))

            def do_POST(self):  # noqa: N802 - http.server's hook name
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
                server.requests.append({"method": "POST", "path": self.path, "body": body,
                                        "authorization": self.headers.get("Authorization")})
                if not self._authorized():
                    return
                if self.path != "/v1/chat/completions":
                    self._answer(Reply(404, {"error": {"message": f"no route {self.path}"}}))
                    return
                with server._lock:
                    dying = server._die_after is not None and server.answered >= server._die_after
                    if dying:
                        server._die_after = None
                    else:
                        server.in_flight += 1
                if dying:
                    server.kill()  # nothing listens any more ...
                    self.close_connection = True  # ... and this request is dropped unanswered
                    self.connection.close()
                    return
                with server._lock:
                    server.max_in_flight = max(server.max_in_flight, server.in_flight)
                try:
                    if server.handle_delay_s:
                        threading.Event().wait(server.handle_delay_s)
                    reply = server.replies.popleft() if server.replies else Reply(200, server.model(body))
                    if reply.status == 200:
                        with server._lock:
                            server.answered += 1
                finally:
                    # Out of flight before the answer goes: a client that got it may send its next request
                    # before this thread would otherwise count down (seen as two in flight under load).
                    with server._lock:
                        server.in_flight -= 1
                self._answer(reply)

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True,
                                       kwargs={"poll_interval": 0.05})  # shutdown() waits out one poll: 0.5 s by default
        self.thread.start()

    def kill(self) -> None:
        """Stop listening: from now on a connection is refused."""
        if self.httpd is not None:
            self.httpd.shutdown()
            self.httpd.server_close()
            self.httpd = None

    def restart(self) -> None:
        self.kill()
        self._serve()

    def close(self) -> None:
        self.kill()
