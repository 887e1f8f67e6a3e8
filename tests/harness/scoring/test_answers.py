"""Reading why the debugger stopped: the harness's own first line decides, never the program's output."""

from __future__ import annotations

from harness.scoring.answers import stop_of

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
    stop = stop_of("continue_execution", ENDED_AFTER_A_POST_MORTEM, ("test_upload.py", 10), False)
    assert stop.kind == "restart"


def test_a_post_mortem_pause_is_an_exception_stop_with_its_exception():
    stop = stop_of("continue_execution", POST_MORTEM, ("uploader.py", 34), False)
    assert (stop.kind, stop.frame.file, stop.frame.line) == ("exception", "uploader.py", 34)
    assert stop.exception.startswith("api.ApiError: 7 batches")


def test_the_programs_output_cannot_pass_for_the_debuggers_reason():
    stop = stop_of("continue_execution", HIT_PRINTING_LOOKALIKES, ("app.py", 5), False)
    assert stop.kind == "hit"
