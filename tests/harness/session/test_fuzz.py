"""Random tool names and argument shapes: every answer is an observation, the session keeps answering
normal calls, and closing it leaves no pdb or bash process behind."""

from __future__ import annotations

import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from harness.records.observation import Observation
from harness.tools import BASE_TOOLS, DEBUGGER_TOOLS
from tests.helpers.processes import processes_in_sessions
from tests.helpers.programs import PROGRAMS

KEYS = ["file", "line", "lines", "breakpoints", "name", "expression", "index", "command", "file_path",
        "old_string", "new_string", "content", "extra"]
# Shell text without job control or redirection characters, so a random command cannot start
# background work or write outside the scratch workspace.
SHELL_TEXT = st.text(alphabet=string.ascii_letters + string.digits + " -_.'\"$=", max_size=24)
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-5, 400), st.floats(allow_nan=True), SHELL_TEXT,
                    st.sampled_from(["pricing.py", "test_pricing.py", "../x.py", "/etc/passwd", "", "2", "rate",
                                     "1/0", "while True: pass", "__import__('os').getpid()"]))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                       st.dictionaries(st.sampled_from(KEYS), inner, max_size=3)),
                      max_leaves=6)
NAMES = st.one_of(st.sampled_from(sorted(DEBUGGER_TOOLS | BASE_TOOLS - {"done"})),
                  st.text(max_size=12))
ARGUMENTS = st.one_of(st.dictionaries(st.sampled_from(KEYS), VALUES, max_size=4), VALUES)


@pytest.mark.slow
def test_random_calls_never_break_the_session(open_session):
    session = open_session("deep_local", tool_timeout_s=2.0, command_timeout_s=2.0)
    session.call("start_debugger", {"file": "pricing.py"})
    leaders = set()

    @settings(max_examples=60, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(name=NAMES, arguments=ARGUMENTS)
    def send(name, arguments):
        answer = session.call(name, arguments)
        assert isinstance(answer, Observation)
        assert isinstance(answer.text, str) and answer.text
        if session.shell.child is not None:
            leaders.add(session.shell.child.pid)
        if session.debugger.program is not None:
            leaders.add(session.debugger.program.child.pid)

    send()

    assert session.call("bash", {"command": "echo alive"}).text == "alive"
    # The random calls may have rewritten pricing.py; put it back and debug the real test again.
    session.call("write_file", {"file_path": "pricing.py", "content": PROGRAMS["deep_local"]["pricing.py"]})
    restarted = session.call("start_debugger", {"file": "test_pricing.py"})
    assert restarted.position == ("test_pricing.py", 5)
    assert "locals:\n  (none)" in session.call("examine_locals").text  # paused before the first line ran
    leaders |= {session.shell.child.pid, session.debugger.program.child.pid}
    session.close()
    assert processes_in_sessions(leaders) == []
