"""A real ``harness serve-env`` server for the interop tests: uvicorn in a thread of the test process,
on a free loopback port, guarded by ``TOKEN``, serving the episode tests' fixture task in bwrap sandboxes."""

from __future__ import annotations

import contextlib
import threading
import time
from pathlib import Path

from tests.helpers.ports import free_port
from tests.helpers.tasks import RUNNING_AVERAGE as TASK

TOKEN = "test-token-" + "0123456789abcdef" * 2  # what every request to the test server carries
# The fixture task's fix as a client plays it: the debugger, the one-line edit, done.
START = {"name": "start_debugger", "arguments": {"file": "test_stats_window.py"}}
FIX = {"name": "edit_file", "arguments": {"file_path": "stats_window.py", "old_string": "self.values.pop()",
                                          "new_string": "self.values.pop(0)"}}
DONE = {"name": "done", "arguments": {}}


@contextlib.contextmanager
def serving(out_dir: Path, *, tasks: tuple[str, ...] = (str(TASK),), max_sessions: int = 2, reply_timeout: float = 60):
    """Yields the server's URL (``http://127.0.0.1:PORT``) while it runs, serving ``tasks`` (names under
    corpus/tasks or folders); episodes are written to ``out_dir``."""
    import uvicorn

    from harness.cli import serve_env

    port = free_port()
    args = serve_env.build_parser().parse_args(
        ["--port", str(port), *[arg for task in tasks for arg in ("--task", task)], "--max-sessions", str(max_sessions), "--out-dir", str(out_dir),
         "--reply-timeout", str(reply_timeout), "--token", TOKEN])
    _, app = serve_env.build(args)
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.should_exit = True
        thread.join(30)
