"""The shell's protocol holds against what a model's command can redefine or break, through
the real debug service in bwrap and Docker sandboxes: each hostile command is answered, and the same
shell (its directory and variables kept) answers the next call."""

from __future__ import annotations

import pytest

from corpus.format import load_task
from corpus.materialize import materialize
from harness.records.observation import ToolCall
from harness.sandbox.backends import get_backend
from harness.sandbox.backends.base import SandboxSpec
from tests.harness.sandbox.conftest import SMALL
from tests.helpers.tasks import SUM_SKIPS_FIRST, write_task

BACKENDS = [pytest.param("bwrap"), pytest.param("docker", marks=pytest.mark.docker)]


@pytest.fixture(scope="module", params=BACKENDS)
def sandbox(request, tmp_path_factory):
    """One sandbox per backend for the whole module: every case must leave it usable anyway."""
    root = tmp_path_factory.mktemp(f"hostile-shell-{request.param}")
    task = load_task(write_task(root / "tasks", shape=SUM_SKIPS_FIRST))
    workspace = materialize(task, root / "ws")
    backend = get_backend(request.param)
    box = backend.start(SandboxSpec(workspace=workspace.path, arm="dbg", protected_files=workspace.protected_files,
                                    limits=SMALL))
    yield box
    box.close()
    backend.close()


def bash(sandbox, command: str):
    return sandbox.call(ToolCall("bash", {"command": command}))


@pytest.fixture
def marked_shell(sandbox):
    """The shell in a known state: a folder and a variable that a restarted shell would not have."""
    # What an earlier case defined stays (as in any shell): an alias "builtin" would turn the next
    # case's "builtin() { :; }" into a definition of a function "echo".
    answer = bash(sandbox, "\\unalias -a\n\\builtin unset -f printf unset eval exec echo\n"
                           "mkdir -p /tmp/keep && cd /tmp/keep && export KEEP=still-here")
    assert not answer.error, answer.text
    return sandbox


def shell_state(sandbox) -> str:
    return bash(sandbox, "echo $KEEP $(pwd)").text


def test_a_command_longer_than_the_terminal_line_limit_reaches_the_shell_whole(marked_shell):
    payload = "x" * 5000 + "é" * 2000 + "\"\\$\t"  # 9 KB: twice the terminal's line limit
    answer = bash(marked_shell, f"value='{payload}'\nprintf '%s' \"$value\" | wc -c")

    assert not answer.error, answer.text[-300:]
    assert answer.text.strip() == str(len(payload.encode()))
    assert shell_state(marked_shell) == "still-here /tmp/keep"


def test_a_long_multi_line_script_runs_as_written(marked_shell):
    script = "\n".join(f"echo line{i}" for i in range(800)) + "\necho last"  # ~9 KB
    answer = bash(marked_shell, "{\n" + script + "\n} | tail -1")

    assert answer.text.strip().splitlines()[-1] == "last"
    assert "did not finish" not in answer.text


@pytest.mark.parametrize("hostile", [
    "alias printf=echo; alias eval=echo; alias builtin=echo; alias '{=echo'; alias exec=echo",
    "PS1='$ '; PS2='> '",
    "export PROMPT_COMMAND='echo hi'",
    "PROMPT_COMMAND=('echo a' 'echo b'); PS0='zero'",
    "exec 1>&-",
    "exec 2>&-; exec 1>/dev/null",
    "builtin() { :; }; printf() { :; }; unset() { :; }; eval() { :; }; exec() { :; }",
    "trap 'echo trapped' DEBUG; set -x -v -e",
    "stty echo intr undef </dev/tty",
])
def test_the_shell_protocol_survives_what_a_command_can_redefine(marked_shell, hostile):
    answer = bash(marked_shell, hostile)

    assert "did not finish" not in answer.text and "new shell" not in answer.text, answer.text
    assert shell_state(marked_shell) == "still-here /tmp/keep"
    assert bash(marked_shell, "echo ok; (exit 3)").text == "ok\n[exit code 3]"


@pytest.mark.slow
@pytest.mark.parametrize("hostile", ["kill -STOP $$", "builtin() { :; }; readonly -f builtin"])
def test_a_shell_that_cannot_answer_is_replaced_with_an_error_not_a_timeout(sandbox, hostile):
    answer = bash(sandbox, hostile)

    assert answer.error
    assert "a new shell was started in the workspace" in answer.text
    assert "did not finish within" not in answer.text
    assert bash(sandbox, "echo fresh; pwd").text == "fresh\n/workspace"


def test_a_background_jobs_notice_between_commands_does_not_break_the_protocol(marked_shell):
    started = bash(marked_shell, "sleep 0.2 &")
    answer = bash(marked_shell, "sleep 1; echo next")

    assert started.text.startswith("[1] ")
    assert answer.text.endswith("next") and "Done" in answer.text and not answer.error
    assert shell_state(marked_shell) == "still-here /tmp/keep"
