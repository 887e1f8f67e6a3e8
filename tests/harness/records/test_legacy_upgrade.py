"""Upgrading a step recorded before steps carried a record: why the debugger stopped is read from the
harness's own first line, never the program's output; breakpoint lines give the changes."""

from __future__ import annotations

from harness.records.debugger import BreakpointChange, Frame
from harness.records.legacy import legacy_record

ENDED_AFTER_A_POST_MORTEM = """<execution_position file="test_upload.py" line=10>
The program ran to its end (1 failed, 5 passed in 0.04s) without hitting any breakpoint. Failed (each paused \
post-mortem, then the run went on): test_upload.py::test_planned_upload_fits_the_quota. The debugger restarted it.
test_upload.py:10 in test_planned_upload_fits_the_quota()
-> api = BulkApi(request_quota=3)
</execution_position>"""

POST_MORTEM = """<execution_position file="uploader.py" line=34>
A test failed with an uncaught exception: paused post-mortem at the raising frame (inspect it; continue_execution \
goes on with the next test).
E   api.ApiError: 7 batches would exceed the request quota of 3
uploader.py:34 in planned()
-> raise ApiError("7 batches")
</execution_position>"""

HIT_PRINTING_LOOKALIKES = """<execution_position file="app.py" line=5>
app.py:5 in main()
-> total = step(total)
the program printed: paused post-mortem, uncaught exception, ran to its end
</execution_position>"""


def test_a_run_that_ended_is_a_restart_even_when_it_names_the_tests_that_paused_post_mortem():
    record = legacy_record("continue_execution", {}, ENDED_AFTER_A_POST_MORTEM, ("test_upload.py", 10), False)
    assert record.stop is not None and record.stop.kind == "restart" and record.breakpoints is None


def test_a_post_mortem_pause_is_an_exception_stop_with_its_exception():
    record = legacy_record("continue_execution", {}, POST_MORTEM, ("uploader.py", 34), False)
    assert record.stop is not None and record.stop.kind == "exception"
    assert record.frame == Frame("uploader.py", 34, "planned")
    assert (record.stop.exception or "").startswith("api.ApiError: 7 batches")


def test_the_programs_output_cannot_pass_for_the_debuggers_reason():
    record = legacy_record("continue_execution", {}, HIT_PRINTING_LOOKALIKES, ("app.py", 5), False)
    assert record.stop is not None and record.stop.kind == "hit"


def test_breakpoint_lines_and_an_edits_dropped_breakpoints_become_changes():
    text = "m.py:3: breakpoint set (the def line stands for its body)\nm.py:7: breakpoint already set\n"
    assert legacy_record("add_breakpoint", {}, text, ("m.py", 1), False).changes == [BreakpointChange("m.py", 3, True)]
    edit = "Breakpoint m.py:2 moved to line 3; breakpoint m.py:9 removed: its line is gone."
    assert legacy_record("edit_file", {}, edit, None, False).changes == [BreakpointChange("m.py", 9, False)]


def test_an_error_answer_has_no_stop_and_no_values():
    record = legacy_record("print_variable", {"name": "x"}, "Error: NameError: x", ("m.py", 1), True)
    assert record.stop is None and record.values == []
