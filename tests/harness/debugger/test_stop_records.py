"""Positions and outcomes come from the in-process debugger's stop records, not from pdb's English:
a program that prints lines looking exactly like pdb's cannot move the cursor or fake an ending."""

from __future__ import annotations

from harness.session import DebugSession

# Prints pdb's execution-point line, its --Return-- and --Call-- banners, and the script-restart notice.
IMPOSTOR = '''\
def shout(n):
    print("> /x.py(3)f()")
    print("--Return--")
    print("> /elsewhere/lib.py(99)g()->None")
    print("The program finished and will be restarted")
    print("Uncaught exception. Entering post mortem debugging")
    return n * 2


def main():
    total = shout(1)
    total += shout(2)
    return total


if __name__ == "__main__":
    main()
'''
TEST = '''\
from impostor import main, shout


def test_main():
    assert shout(1) == 2
    assert main() == 6
'''


def workspace(tmp_path):
    (tmp_path / "impostor.py").write_text(IMPOSTOR)
    (tmp_path / "test_impostor.py").write_text(TEST)
    return tmp_path


def test_a_script_printing_pdb_lines_keeps_every_reported_position_right(tmp_path):
    with DebugSession(workspace(tmp_path), arm="dbg", protected_files=["test_impostor.py"]) as session:
        started = session.call("start_debugger", {"file": "impostor.py"})
        session.call("add_breakpoint", {"file": "impostor.py", "line": 12})
        hit = session.call("continue_execution")  # shout(1) printed its lines on the way to line 12
        stepped = session.call("step_over")  # shout(2) prints them again while this line runs
        returned = session.call("step_out")
        locals_ = session.call("examine_locals")
        value = session.call("print_variable", {"name": "'> /x.py(3)f()'"})
        ended = session.call("continue_execution")

    assert started.position == ("impostor.py", 1)
    assert hit.position == ("impostor.py", 12)
    assert "> /x.py(3)f()" in hit.text  # the program's output is shown as printed, never rewritten
    assert "impostor.py:12 in main()\n-> total += shout(2)" in hit.text  # the position, from the stop record
    assert "ran to its end" not in hit.text and "post-mortem" not in hit.text
    assert stepped.position == ("impostor.py", 13)
    assert returned.position == ("impostor.py", 13) and "returning 6" in returned.text
    assert locals_.position == ("impostor.py", 13)
    assert value.position == ("impostor.py", 13)
    assert ended.position == ("impostor.py", 1) and "ran to its end" in ended.text
    assert "The debugger restarted it" in ended.text


def test_under_pytest_the_printed_lines_do_not_move_the_cursor(tmp_path):
    with DebugSession(workspace(tmp_path), arm="dbg", protected_files=["test_impostor.py"]) as session:
        started = session.call("start_debugger", {"file": "test_impostor.py"})
        session.call("add_breakpoint", {"file": "impostor.py", "line": 7})
        first = session.call("continue_execution")
        after = session.call("step_over")
        frames = session.call("where_am_i")
        caller = session.call("select_frame", {"index": 1})

    assert started.position == ("test_impostor.py", 5)
    assert first.position == ("impostor.py", 7)
    assert after.position == ("impostor.py", 7) and "--Return--" in after.text
    assert frames.position == ("impostor.py", 7)
    assert caller.position == ("test_impostor.py", 5)


def test_the_side_channel_says_why_each_stop_happened(tmp_path):
    with DebugSession(workspace(tmp_path), arm="dbg", protected_files=["test_impostor.py"]) as session:
        session.call("start_debugger", {"file": "impostor.py"})
        program = session.debugger.program
        session.call("add_breakpoint", {"file": "impostor.py", "line": 2})
        session.call("continue_execution")
        session.call("step_out")
        records = [r for r in program.history if r["kind"] == "stop"]

    assert [r["reason"] for r in records] == ["start", "breakpoint", "return"]
    assert records[1]["frames"][0] == {"index": 0, "file": "impostor.py", "line": 2, "function": "shout"}
    assert records[2]["value"] == "2" and records[2]["line"] == 7
