"""Answers that must be true, from the model's seat through the real sandbox path (bubblewrap and Docker):
a step over a ``yield`` says what it handed out, a breakpoint line reached by stepping is counted, a
breakpoint on a comprehension line stops once (not for every item), a call stepped into that raises
says where, a breakpoint whose line an edit deletes is dropped (not moved onto another statement), a
test file that cannot be imported shows no path of the harness, and the small words are right ("an
integer", no pytest progress letters before a position; "1 frame" is pinned in
tests/harness/debugger/test_render.py). Each reproduces what the model's seat showed (issue 41)."""

from __future__ import annotations

import pytest

from harness.records.observation import ToolCall
from tests.helpers.sandboxes import backend_fixture

pytestmark = pytest.mark.slow  # each starts programs in a real sandbox

backend = backend_fixture()

NUMBERS = '''def numbers(n):
    for i in range(n):
        doubled = i * 2
        yield doubled
    return "done"


total = 0
for value in numbers(3):
    total += value
print(total)
'''
HARNESS_PATHS = ("/opt/stepwise", "harness/debugger", "stepwise_pdb", "warm_interpreter", "site-packages/_pytest")


def call(sandbox, tool: str, **arguments):
    return sandbox.call(ToolCall(tool, arguments))


def test_a_step_over_a_yield_says_the_value_handed_to_the_caller_and_stepped_lines_are_counted(sandbox):
    call(sandbox, "write_file", file_path="numbers.py", content=NUMBERS)
    call(sandbox, "start_debugger", file="numbers.py")
    call(sandbox, "add_breakpoint", file="numbers.py", line=4)
    call(sandbox, "continue_execution")
    over = call(sandbox, "step_over")  # was: a silent jump back to the for line, the value nowhere
    steps = [call(sandbox, "step_over") for _ in range(2)]  # to the yield again, by stepping (i == 1)
    onto = call(sandbox, "step_into")
    ended = [call(sandbox, "continue_execution") for _ in range(2)]

    assert over.position == ("numbers.py", 2), over.text
    assert "The generator numbers yielded 0 to its caller at numbers.py:4." in over.text, over.text
    assert "paused where numbers resumes" in over.text
    assert steps[1].position == ("numbers.py", 4) and "yielded" not in steps[1].text, steps[1].text
    assert "The generator numbers yields 2 to its caller here (numbers.py:4); it is suspended" in onto.text, onto.text
    # three times in all: once stopped at by continue, once reached by stepping, once by the last continue
    # (was: "ran 2 times", a line reached by a step was not counted)
    assert "numbers.py:4 ran 3 times" in ended[1].text, ended


def test_an_edit_deleting_a_breakpoints_line_drops_it_with_a_notice(sandbox):
    source = "def price(cost):\n    rate = 0.2\n    print('pricing', cost)\n    return cost * (1 + rate)\n\n\nprint(price(10))\n"
    call(sandbox, "write_file", file_path="pricing.py", content=source)
    call(sandbox, "start_debugger", file="pricing.py")
    call(sandbox, "add_breakpoint", file="pricing.py", line=3)
    edited = call(sandbox, "edit_file", file_path="pricing.py", old_string="    print('pricing', cost)\n",
                  new_string="")
    listed = call(sandbox, "list_breakpoints")
    ended = call(sandbox, "continue_execution")

    # was: the breakpoint moved onto an unrelated statement (the return below)
    assert "breakpoint pricing.py:3 removed: its line is gone" in edited.text.lower(), edited.text
    assert "No breakpoints" in listed.text, listed.text
    assert "ran to its end" in ended.text and "12.0" in ended.text, ended.text


def test_a_test_file_that_cannot_be_imported_shows_the_error_and_no_harness_path(sandbox):
    call(sandbox, "write_file", file_path="test_broken.py",
         content="import not_installed_anywhere\n\n\ndef test_x():\n    assert True\n")
    answer = call(sandbox, "start_debugger", file="test_broken.py")
    after = call(sandbox, "where_am_i")

    assert answer.error and "pytest could not collect test_broken.py" in answer.text, answer.text
    assert "No module named 'not_installed_anywhere'" in answer.text
    assert not any(path in answer.text for path in HARNESS_PATHS), answer.text  # was: paused inside pytest
    assert after.error and "start_debugger" in after.text, after.text


def test_the_small_words_are_right(sandbox):
    call(sandbox, "write_file", file_path="one.py", content="x = 1\ny = x + 1\n")
    call(sandbox, "start_debugger", file="one.py")
    refused = call(sandbox, "list_code", line="twelve")
    call(sandbox, "start_debugger", file="test_counter.py")
    call(sandbox, "add_breakpoint", file="test_counter.py", line=9)
    failed = call(sandbox, "continue_execution")  # the first test fails (the task's bug): its post-mortem
    second_test = call(sandbox, "continue_execution")  # pytest wrote its "F" on the way

    assert "'line' must be an integer, not str" in refused.text, refused.text  # was: "must be a integer"
    assert failed.position == ("test_counter.py", 5), failed.text
    assert second_test.position == ("test_counter.py", 9), second_test.text
    position_line = second_test.text.splitlines()[1]
    assert position_line.startswith("test_counter.py:9 in test_empty"), second_test.text  # no "." or "F" before it


def test_a_breakpoint_on_a_comprehension_line_stops_once_unless_its_condition_needs_an_item(sandbox):
    call(sandbox, "write_file", file_path="squares.py",
         content="values = [1, 2, 3, 4]\nsquares = [v * v for v in values]\ntotal = sum(squares)\nprint(total)\n")
    call(sandbox, "start_debugger", file="squares.py")
    call(sandbox, "add_breakpoint", file="squares.py", line=2)
    once = call(sandbox, "continue_execution")
    ended = call(sandbox, "continue_execution")  # was: one stop in <listcomp> for every item
    call(sandbox, "remove_breakpoint", file="squares.py", line=2)
    call(sandbox, "add_breakpoint", file="squares.py", line=2, condition="v == 3")
    item = call(sandbox, "continue_execution")
    value = call(sandbox, "print_variable", name="v")

    assert once.position == ("squares.py", 2) and "in <module>" in once.text, once.text
    assert "ran to its end" in ended.text and "squares.py:2 ran 1 time" in ended.text, ended.text
    assert item.position == ("squares.py", 2) and value.text.splitlines()[1] == "v = 3", (item.text, value.text)


def test_a_call_stepped_into_that_raises_says_what_and_where(sandbox):
    call(sandbox, "write_file", file_path="boom.py",
         content="def boom(n):\n    half = n / 2\n    raise ValueError(f'bad {half}')\n\n\nx = 1\nprint(x)\n")
    call(sandbox, "start_debugger", file="boom.py")
    call(sandbox, "step_over")
    inside = call(sandbox, "debug_call", expression="boom(3)")
    back = call(sandbox, "continue_execution")  # was: an exception with no line

    assert inside.position == ("boom.py", 1) and "nested debugger" in inside.text, inside.text
    assert back.position == ("boom.py", 6), back.text
    assert "the call raised ValueError: bad 1.5 (raised at boom.py:3 in boom)" in back.text, back.text
