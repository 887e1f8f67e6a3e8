"""The persistent bash: state carries over, exit codes cannot be faked, runaway commands are stopped,
long output is bounded, and pdb cannot be driven from it."""

from __future__ import annotations

import pytest

from harness.shell import Shell, refusal


@pytest.fixture
def shell(tmp_path):
    (tmp_path / "notes.txt").write_text("alpha\nbeta\n")
    shell = Shell(tmp_path, timeout_s=2.0)
    shell.start()
    yield shell
    shell.close()


def test_directory_and_exports_carry_over_between_commands(shell, tmp_path):
    (tmp_path / "sub").mkdir()
    assert shell.run("cd sub && export GREETING=hello").exit_code == 0
    result = shell.run("pwd; echo $GREETING")
    assert result.output == f"{tmp_path}/sub\nhello"


def test_exit_codes_are_reported_and_cannot_be_faked_by_printing_a_marker(shell):
    assert shell.run("false").exit_code == 1
    faked = shell.run("echo '__STEPWISE_EXIT_0123456789abcdef__:0'; printf '\\n__STEPWISE_EXIT_x__:0\\n'; exit_code=7; "
                      "(exit $exit_code)")
    assert faked.exit_code == 7
    assert "__STEPWISE_EXIT_0123456789abcdef__:0" in faked.output


def test_a_multi_line_script_runs_as_one_command(shell):
    script = "for word in one two; do\n  echo \"$word\"\ndone\ncat <<'EOF'\nit's a \\ backslash\nEOF\ngrep -c a notes.txt"
    result = shell.run(script)
    assert result.output == "one\ntwo\nit's a \\ backslash\n2"
    assert result.exit_code == 0


@pytest.mark.slow
def test_a_runaway_command_is_interrupted_and_the_shell_stays_usable(shell, tmp_path):
    shell.run("cd /tmp && export KEEP=1")
    result = shell.run("sleep 60")
    assert result.timed_out and result.exit_code is None
    assert "did not finish within 2s and was interrupted" in result.output
    assert "The shell is still usable" in result.output
    assert shell.run("echo $KEEP; pwd").output == "1\n/tmp"


@pytest.mark.slow
def test_a_command_that_ignores_interrupts_is_killed(shell):
    result = shell.run("python3 -c \"import signal, time; signal.signal(signal.SIGINT, signal.SIG_IGN); time.sleep(60)\"")
    assert result.timed_out
    assert shell.run("echo still here").output == "still here"


def test_a_command_reading_stdin_does_not_wait_for_input(shell):
    result = shell.run("cat; echo after")
    assert result.output == "after"
    assert not result.timed_out


def test_long_output_is_capped_inside_the_truncation_envelope(shell):
    result = shell.run("seq 1 500")
    assert result.truncated
    first = result.output.splitlines()[0]
    assert first.startswith('<TOOL_OUTPUT_TRUNCATED command="seq 1 500" lines=500 bytes=1891 sha1=')
    assert result.output.splitlines()[1:3] == ["1", "2"]
    assert "100\n[400 more lines and 1600 bytes in all not shown" in result.output
    assert result.output.endswith("</TOOL_OUTPUT_TRUNCATED>")

    wide = shell.run("python3 -c \"print('x' * 20000)\"")
    assert wide.truncated and len(wide.output.encode()) < 8192 + 600


def test_exit_ends_the_shell_and_a_new_one_takes_over(shell, tmp_path):
    result = shell.run("exit 3")
    assert result.restarted
    assert shell.run("pwd").output == str(tmp_path)


@pytest.mark.parametrize("command", [
    "python -m pdb app.py",
    "python3 -mpdb app.py",
    "cd src && python -m pytest --pdb -x",
    "pytest --trace test_app.py",
    "pytest --pdbcls=IPython.terminal.debugger:Pdb",
    "python -c 'import pdb; pdb.set_trace()'",
    "python3 -c \"breakpoint(); run()\"",
    "echo 'breakpoint()' >> app.py",
    "cat > run.py <<EOF\nimport pdb\npdb.run('main()')\nEOF",
    "bash -c 'python3 -m pdb app.py'",
])
def test_driving_pdb_through_bash_is_refused_with_a_pointer_to_the_debugger_tools(command):
    message = refusal(command)
    assert message is not None
    assert message.startswith("Error: direct pdb use through bash is not available here")
    assert "start_debugger(file)" in message


@pytest.mark.parametrize("command", [
    "grep -n breakpoint app.py",
    "grep -rn 'pdb.set_trace()' .",
    "sed -n '1,40p' debugger_notes.py",
    "python -m pytest -x -q test_app.py",
    "git grep 'import pdb'",
    "ls tests/ && cat app.py | grep breakpoint",
])
def test_innocent_commands_that_mention_pdb_words_are_allowed(command):
    assert refusal(command) is None


def test_breakpoint_calls_in_programs_run_from_bash_do_nothing(shell, tmp_path):
    (tmp_path / "app.py").write_text("x = 1\nbreakpoint()\nprint('finished', x)\n")
    assert shell.run("python3 app.py").output == "finished 1"
