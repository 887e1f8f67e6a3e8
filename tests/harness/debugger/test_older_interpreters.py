"""The in-process debugger on the oldest interpreters it serves (repository tasks run 3.6-3.8
environments): before 3.11 pdb runs a script through another private runner, and the run's end, the
post-mortem and the restart are still records; 3.6, which lacks ``from __future__ import annotations``,
starts it through ``stepwise_legacy.py``."""

from __future__ import annotations

import pytest

from corpus.real_bugs import real_bug
from corpus.repository.environment import build_environment
from corpus.repository.interpreters import InterpreterNotFound, find_python
from harness.session import DebugSession


@pytest.mark.slow
def test_a_script_ends_raises_and_restarts_by_records_under_python_3_7(tmp_path):
    try:
        python = str(find_python("3.7"))
    except InterpreterNotFound as exc:  # the set-up's machines have pyenv's 3.7: its absence is a failure
        pytest.fail(f"{exc}; repository tasks need Python 3.7 (pyenv install 3.7)")
    (tmp_path / "fin.py").write_text("x = 1\nprint('hello')\n")
    (tmp_path / "boom.py").write_text("x = 1\nraise ValueError('boom')\n")
    with DebugSession(tmp_path, python=python) as session:
        session.call("start_debugger", {"file": "fin.py"})
        ended = session.call("continue_execution")
        session.call("start_debugger", {"file": "boom.py"})
        session.call("step_over")  # 3.7 itself: a continue with no breakpoint from line 1 leaves line 1 in the traceback
        raised = session.call("continue_execution")
        after = session.call("continue_execution")

    assert "The program ran to its end without hitting any breakpoint" in ended.text
    assert "hello\nfin.py:1 in <module>()\n-> x = 1" in ended.text and ended.position == ("fin.py", 1)
    assert "will be restarted" not in ended.text  # pdb.main's notice: not printed, the end is a record
    assert 'File "boom.py", line 2, in <module>' in raised.text and "ValueError: boom" in raised.text
    assert "<string>" not in raised.text and "bdb.py" not in raised.text  # the debugger's own frames go
    assert raised.position == ("boom.py", 2)
    assert after.text.splitlines()[1] == "The post-mortem session ended; the debugger restarted the program."
    assert after.position == ("boom.py", 1)


@pytest.mark.slow
def test_a_breakpoint_hits_and_a_variable_prints_under_python_3_6(tmp_path):
    """3.6 cannot compile the debugger's postponed annotations: it starts through stepwise_legacy.py, which
    imports the same modules with their annotations removed (tqdm's and cookiecutter's real bugs, and the
    tasks generated from their trees, run 3.6)."""
    try:
        python = str(find_python("3.6"))
    except InterpreterNotFound as exc:  # the set-up's machines have pyenv's 3.6: its absence is a failure
        pytest.fail(f"{exc}; repository tasks need Python 3.6 (pyenv install 3.6)")
    (tmp_path / "count.py").write_text("def total(items):\n    s = 0\n    for item in items:\n        s += item\n"
                                       "    return s\n\n\nprint(total([1, 2, 3]))\n")
    with DebugSession(tmp_path, python=python) as session:
        started = session.call("start_debugger", {"file": "count.py"})
        session.call("add_breakpoint", {"file": "count.py", "line": 5})
        hit = session.call("continue_execution")
        value = session.call("print_variable", {"name": "s"})
        ended = session.call("continue_execution")

    assert started.position == ("count.py", 1), started.text
    assert hit.position == ("count.py", 5) and "in total()" in hit.text, hit.text
    assert "6" in value.text, value.text
    assert "The program ran to its end" in ended.text and "6" in ended.text, ended.text


@pytest.mark.slow
@pytest.mark.timeout(600)
@pytest.mark.parametrize("bug", ["thefuck-5", "httpie-1"])
def test_a_parametrized_test_pauses_at_each_case_and_at_a_breakpoint_under_an_old_pytest(tmp_path, bug):
    """thefuck's real bugs pin pytest 3.10, whose --trace debugs with the standard library's Pdb and fails a
    parametrized test's second case; httpie's pin 3.2, which has no --trace: before pytest 5 the debugger
    traces each test itself."""
    python = str(build_environment(real_bug(bug).spec.environment).python)  # the real bug's own pins
    (tmp_path / "calc.py").write_text("def double(x):\n    y = x * 2\n    return y\n")
    (tmp_path / "test_calc.py").write_text("import pytest\n\nfrom calc import double\n\n\n"
                                           "@pytest.mark.parametrize('x', [1, 2])\ndef test_double(x):\n"
                                           "    assert double(x) == 2 * x\n")
    with DebugSession(tmp_path, python=python) as session:
        started = session.call("start_debugger", {"file": "test_calc.py"})
        session.call("add_breakpoint", {"file": "calc.py", "line": 3})
        first = session.call("continue_execution")
        value = session.call("print_variable", {"name": "y"})
        second = session.call("continue_execution")
        again = session.call("continue_execution")

    assert started.position == ("test_calc.py", 8), started.text
    assert first.position == ("calc.py", 3) and "in double()" in first.text, first.text
    assert "2" in value.text, value.text
    assert second.position == ("calc.py", 3), second.text  # the second case, past its own start
    assert "2 passed" in again.text or "ran to its end" in again.text, again.text


ASYNC_PROGRAM = """import asyncio


def schedule(x):
    y = x + 1
    return y


async def handler():
    await asyncio.sleep(0)
    return schedule(1)


async def main():
    task = asyncio.ensure_future(handler())
    print(await task)


asyncio.get_event_loop().run_until_complete(main())
"""


@pytest.mark.slow
@pytest.mark.parametrize("version", ["3.6", "3.7"])
def test_a_breakpoint_in_an_asyncio_tasks_code_pauses_and_names_the_task_before_3_8(tmp_path, version):
    """Tasks have names from 3.8: on tornado's 3.7 a breakpoint in a task's code raised in the debugger (the
    test failed, paused post-mortem elsewhere); on 3.6 the program's own imports failed (pdb cleared
    stepwise_legacy.py's globals, which its import hook read)."""
    (tmp_path / "prog.py").write_text(ASYNC_PROGRAM)
    with DebugSession(tmp_path, python=str(find_python(version))) as session:
        session.call("start_debugger", {"file": "prog.py"})
        session.call("add_breakpoint", {"file": "prog.py", "line": 5})
        hit = session.call("continue_execution")
        listed = session.call("list_tasks")
        ended = session.call("continue_execution")

    assert hit.position == ("prog.py", 5) and "in schedule()" in hit.text, hit.text
    assert "asyncio task: handler (task 0x" in hit.text, hit.text
    assert "handler (task 0x" in listed.text and "main (task 0x" in listed.text, listed.text
    assert "The program ran to its end" in ended.text and "2" in ended.text, ended.text
