"""Every debugger tool against a real pdb (under pytest --trace or python -m pdb) on small programs."""

from __future__ import annotations

import sysconfig

import pytest


def test_a_bug_visible_only_in_a_local_four_frames_deep(open_session):
    session = open_session("deep_local")
    started = session.call("start_debugger", {"file": "test_pricing.py"})
    assert started.position == ("test_pricing.py", 5)
    assert 'under pytest --trace' in started.text

    session.call("add_breakpoint", {"file": "pricing.py", "line": 2})
    first = session.call("continue_execution")
    assert first.position == ("pricing.py", 2)
    assert first.text.startswith('<execution_position file="pricing.py" line=2>')
    assert "rate = 0" in session.call("examine_locals").text

    second = session.call("continue_execution")
    assert second.position == ("pricing.py", 2)
    assert session.call("print_variable", {"name": "rate"}).text.splitlines()[1] == "rate = 15"

    stepped = session.call("step_over")
    assert stepped.position == ("pricing.py", 3)
    assert "discounted = -70.0" in session.call("examine_locals").text

    stack = session.call("where_am_i").text
    for frame in ("pricing.py:3 in apply_discount", "pricing.py:8 in line_total", "pricing.py:13 in order_total",
                  "pricing.py:18 in checkout", "test_pricing.py:6 in test_checkout"):
        assert frame in stack
    assert "> [0] pricing.py:3 in apply_discount" in stack

    caller = session.call("select_frame", {"index": 1})
    assert caller.position == ("pricing.py", 8)
    assert "'discount': 15" in session.call("print_variable", {"name": "item"}).text
    assert session.call("run_expression", {"expression": "item['discount'] / 100"}).text.splitlines()[1] == "0.15"

    returned = session.call("step_out")
    assert "--Return--" in returned.text
    assert "returning -70.0" in returned.text

    listing = session.call("list_code", {"line": 2}).text
    assert "discounted = price * (1 - rate)" in listing
    assert "/" not in listing.split("\n", 1)[1].split("discounted")[0]  # no absolute paths leak


def test_a_recursive_function_shows_one_frame_per_level(open_session):
    session = open_session("recursive")
    session.call("start_debugger", {"file": "test_tree.py"})
    assert session.call("step_over").position == ("test_tree.py", 6)
    entered = session.call("step_into")
    assert entered.position == ("tree.py", 1)
    assert "--Call--" in entered.text and "tree.py:1 in depth()" in entered.text
    session.call("add_breakpoint", {"file": "tree.py", "line": 6})
    hit = session.call("continue_execution")
    assert hit.position == ("tree.py", 6)
    stack = session.call("where_am_i").text
    assert stack.count("in depth:") == 3  # root -> a -> b, paused in the deepest
    assert "'name': 'b'" in session.call("print_variable", {"name": "node"}).text

    session.call("select_frame", {"index": 1})
    assert session.call("print_variable", {"name": "node"}).text.splitlines()[1].startswith("node = {'name': 'a'")
    session.call("select_frame", {"index": 2})
    assert session.call("print_variable", {"name": "node"}).text.splitlines()[1].startswith("node = {'name': 'root'")
    assert session.call("select_frame", {"index": 99}).text.splitlines()[1].startswith("Error: no frame 99")


@pytest.mark.slow
def test_a_deadlock_is_interrupted_and_every_thread_is_shown(open_session):
    session = open_session("deadlock", tool_timeout_s=3.0)
    session.call("start_debugger", {"file": "test_bank.py"})
    answer = session.call("continue_execution")
    assert "did not pause within 2.1s" in answer.text  # the wait before the interrupt, not the whole limit
    assert "(main)" in answer.text
    assert answer.text.count("bank.py:13 in transfer: with target.lock:") == 2  # both workers wait here
    assert "bank.py:25 in settle: first.join()" in answer.text
    assert answer.position == ("bank.py", 25)  # paused in the main thread's innermost workspace frame

    # still usable: the stuck frame can be inspected
    assert "first = <Thread(Thread-" in session.call("examine_locals").text


@pytest.mark.slow
def test_a_program_that_ignores_the_interrupt_is_dumped_by_faulthandler_and_restarted(open_session):
    session = open_session("stuck_in_native_code", tool_timeout_s=2.0)
    session.call("start_debugger", {"file": "stuck.py"})
    answer = session.call("continue_execution")
    assert "did not answer the interrupt (it ignores SIGINT, or a thread is stuck in native code)" in answer.text
    assert 'File "stuck.py", line 7 in wait_forever' in answer.text
    assert 'File "stuck.py", line 10 in <module>' in answer.text
    assert "The debugger restarted on stuck.py. Paused at stuck.py:1." in answer.text
    assert answer.position == ("stuck.py", 1)


@pytest.mark.slow
def test_an_exception_raised_in_a_library_pauses_post_mortem_at_the_raising_frame(open_session):
    session = open_session("library_exception")
    session.call("start_debugger", {"file": "test_config_parser.py"})
    answer = session.call("continue_execution")
    assert answer.position == ("config_parser.py", 4)
    assert "uncaught exception" in answer.text
    assert "ValueError: not enough values to unpack" in answer.text
    assert session.call("print_variable", {"name": "line"}).text.splitlines()[1] == "line = ''"
    assert "'a': '1'" in session.call("print_variable", {"name": "result"}).text
    assert session.call("run_expression", {"expression": "result['z'] = 26"}).text.splitlines()[1] == \
        "(statement executed)"
    assert "'z': 26" in session.call("print_variable", {"name": "result"}).text
    failed = session.call("run_expression", {"expression": "result['missing']"})
    assert failed.error
    assert failed.text.splitlines()[1] == "Error: KeyError: 'missing'"


@pytest.mark.slow
def test_an_endless_expression_is_interrupted_and_the_debugger_keeps_answering(open_session):
    session = open_session("huge_repr", tool_timeout_s=2.0)
    session.call("start_debugger", {"file": "blob.py"})
    answer = session.call("run_expression", {"expression": "while True: pass"})
    assert answer.error
    assert "did not finish within 1.4s and was interrupted" in answer.text
    assert answer.position == ("blob.py", 1)
    assert session.call("step_over").position == ("blob.py", 9)  # past the class statement


def test_a_huge_repr_is_capped_in_listings_and_truncated_in_answers(open_session):
    session = open_session("huge_repr")
    start = session.call("start_debugger", {"file": "blob.py"})
    assert start.position == ("blob.py", 1)
    assert "under python -m pdb" in start.text
    session.call("add_breakpoint", {"file": "blob.py", "line": 12})
    session.call("continue_execution")

    listing = session.call("examine_globals").text
    blob_line = next(line for line in listing.splitlines() if line.startswith("  blob = "))
    assert blob_line.startswith("  blob = Blob([0, 1, 2,")
    assert blob_line.endswith("chars>")
    assert len(blob_line) < 260
    assert "__builtins__ = <filtered>" in listing
    assert "__name__" not in listing and "__file__" not in listing

    printed = session.call("print_variable", {"name": "blob"}).text
    assert "<OUTPUT_TRUNCATED remaining_bytes=" in printed
    assert len(printed.encode()) < 4096 + 200

    names = session.call("print_variable", {"name": "names"}).text
    assert "'name_39': 39" in names  # small enough: shown whole

    many = session.call("run_expression", {"expression": "{f'v{i}': i for i in range(50)}"}).text
    assert "'v49': 49" in many


def test_locals_listing_stops_at_thirty_entries(open_session):
    session = open_session("huge_repr")
    session.call("start_debugger", {"file": "blob.py"})
    session.call("run_expression", {"expression": "exec('\\n'.join(f'x{i} = {i}' for i in range(40)))"})
    listing = session.call("examine_locals").text
    assert sum(line.startswith("  x") for line in listing.splitlines()) == 30
    assert "more entries not shown" in listing


def test_no_breakpoint_hit_restarts_with_the_hint_to_start_from_the_test_file(open_session):
    session = open_session("never_called")
    session.call("start_debugger", {"file": "inventory.py"})
    session.call("add_breakpoint", {"file": "inventory.py", "line": 2})
    answer = session.call("continue_execution")
    assert "ran to its end without hitting any breakpoint" in answer.text
    assert "inventory.py ran as a script" in answer.text
    assert "Breakpoints: inventory.py:2; none of these lines ran" in answer.text
    assert "start the debugger on a file with the tests that call it: test_inventory.py" in answer.text
    assert answer.position == ("inventory.py", 1)  # restarted, paused at the first line again

    session.call("start_debugger", {"file": "test_inventory.py"})
    hit = session.call("continue_execution")
    assert hit.position == ("inventory.py", 2)
    assert "amount = 2" in session.call("examine_locals").text


@pytest.mark.slow
def test_a_test_file_run_to_its_end_restarts_the_debugger_and_says_so(open_session):
    session = open_session("never_called")
    session.call("start_debugger", {"file": "test_inventory.py"})
    post_mortem = session.call("continue_execution")  # the test fails: post-mortem first
    assert "uncaught exception" in post_mortem.text
    ended = session.call("continue_execution")
    assert "ran to its end (1 failed" in ended.text
    assert "The debugger restarted on test_inventory.py" in ended.text
    assert ended.position == ("test_inventory.py", 7)
    assert session.debugger.started


def test_a_test_file_that_cannot_be_collected_is_an_error_not_a_session(tmp_path):
    from harness.session import DebugSession

    (tmp_path / "test_broken.py").write_text("import not_installed_anywhere\n\n\ndef test_x():\n    pass\n")
    with DebugSession(tmp_path) as session:
        answer = session.call("start_debugger", {"file": "test_broken.py"})
        assert answer.error
        assert answer.text.startswith("Error: pytest could not collect test_broken.py; nothing was started.")
        assert "No module named 'not_installed_anywhere'" in answer.text
        installed = {sysconfig.get_paths()[key] for key in ("stdlib", "purelib")}
        assert not any(folder in answer.text for folder in installed), answer.text  # was: a regex over the text
        assert "importtestmodule" not in answer.text  # the pause inside pytest is not shown
        assert not session.debugger.started


def test_a_script_that_raises_or_exits_is_reported_and_restarted_by_python_m_pdb(tmp_path):
    from harness.session import DebugSession

    (tmp_path / "boom.py").write_text("x = 1\nraise ValueError('boom')\n")
    (tmp_path / "leave.py").write_text("import sys\nsys.exit(3)\n")
    with DebugSession(tmp_path) as session:
        session.call("start_debugger", {"file": "boom.py"})
        raised = session.call("continue_execution")
        assert raised.position == ("boom.py", 2)
        assert 'File "boom.py", line 2, in <module>' in raised.text
        assert "pdb.py" not in raised.text and "bdb.py" not in raised.text  # the debugger's own frames go
        assert "ValueError: boom" in raised.text
        after = session.call("continue_execution")
        assert after.text.splitlines()[1] == "The post-mortem session ended; the debugger restarted the program."
        assert after.position == ("boom.py", 1)

        session.call("start_debugger", {"file": "leave.py"})
        left = session.call("continue_execution")
        assert "The program ran to its end (sys.exit(3)) without hitting any breakpoint." in left.text
        assert left.position == ("leave.py", 1)
