"""The loopback OpenAI-compatible server the verifiers adapters' tests play against: it answers each
conversation with a script of tool calls chosen by a word in the task's bug report (FIXABLE: fix
then done; GIVEUP: done), sleeps for SLOW, and 404s outside /v1/chat/completions. 127.0.0.1 only."""

from __future__ import annotations

import pytest

from tests.harness.interop.environments import IN_VERIFIERS_ENVIRONMENT, VERIFIERS_MODULES
from tests.helpers.model_server import ModelServer, ScriptByWord
from tests.helpers.tasks import write_task

# verifiers has its own environment (.venv-verifiers): its tests run there (test_environments.py starts them).
collect_ignore = [] if IN_VERIFIERS_ENVIRONMENT else list(VERIFIERS_MODULES)

FIX = ("edit_file", {"file_path": "counter.py", "old_string": "values[1:]", "new_string": "values"})
DONE = ("done", {})
# Which script a conversation gets: a word only that task's bug report holds.
SCRIPTS = {"FIXABLE": [FIX, DONE], "GIVEUP": [DONE]}


@pytest.fixture
def model_server():
    """(base URL, the chat request bodies answered) of the shared fake model server, scripted by word."""
    model = ScriptByWord(SCRIPTS)  # SLOW: answered after 2 s, longer than the cancelling test waits
    server = ModelServer(model)
    try:
        yield server.url, model.requests
    finally:
        server.close()


@pytest.fixture
def two_tasks(tmp_path):
    root = tmp_path / "tasks"
    return [write_task(root, "counter_fixable", description="FIXABLE: a sum that skips its first value"),
            write_task(root, "counter_giveup", description="GIVEUP: a sum that skips its first value")]
