"""Turning pdb's terminal text into observations: the cursor, the noise, the bounds."""

from __future__ import annotations

import hashlib

from harness.debugger.filtering import envelope, truncate
from harness.debugger.run_outcomes import summary_of_tests
from harness.debugger.terminal_text import clean

RAW = ("\r\n>>>>>>>>>>>>>>>>>>>>>>>>> PDB continue >>>>>>>>>>>>>>>>>>>>>>>>>\r\n"
       "platform linux -- Python 3.11.7, pytest-9.2.0\r\n"
       "rootdir: /ws\r\n"
       "> /ws/pkg/orders.py(12)total()\r\n"
       "-> return sum(prices)\r\n")


def test_the_execution_point_is_shown_relative_to_the_workspace():
    assert clean(RAW, "/ws") == "pkg/orders.py:12 in total()\n-> return sum(prices)"


def test_a_return_event_keeps_the_returned_value():
    assert clean("> /ws/a.py(3)f()->42\n-> return x\n", "/ws") == "a.py:3 in f() returning 42\n-> return x"


def test_the_last_execution_point_wins_and_library_paths_stay_absolute():
    text = "> /ws/a.py(1)<module>()\nsome output\n> /usr/lib/python3.11/json/decoder.py(337)decode()\n"
    assert "/usr/lib/python3.11/json/decoder.py:337 in decode()" in clean(text, "/ws")


def test_the_tests_summary_comes_from_the_test_records_as_pytest_orders_it():
    ran = [("t.py::a", "passed"), ("t.py::b", "failed"), ("t.py::c", "error"), ("t.py::d", "error")]
    assert summary_of_tests(ran) == "1 failed, 1 passed, 2 errors"
    assert summary_of_tests([]) is None


def test_truncation_keeps_4_kb_head_and_tail_and_says_how_much_is_missing_and_its_hash():
    text = "h" * 2000 + "x" * 2000 + "t" * 1000  # the tail is where pdb's answer is
    cut = truncate(text)
    digest = hashlib.sha1(text.encode()).hexdigest()[:12]
    assert cut == ("h" * 1024 + f"\n<OUTPUT_TRUNCATED remaining_bytes=904 sha1={digest}>\n"
                   + "h" * 72 + "x" * 2000 + "t" * 1000)
    assert truncate("short") == "short"


def test_the_envelope_carries_the_cursor():
    assert envelope("x = 1", ("a.py", 6)) == '<execution_position file="a.py" line=6>\nx = 1\n</execution_position>'
    assert envelope("no program", None) == "no program"


def test_a_position_line_after_pytests_progress_letters_is_normalized():
    raw = ".F> /ws/test.py(50)test_multiple_instances()\r\n-> assert a is not b\r\n"

    # the progress letters are noise in a position answer (was: ".F" on a line of its own)
    assert clean(raw, "/ws") == "test.py:50 in test_multiple_instances()\n-> assert a is not b"
