"""Turning pdb's terminal text into observations: the cursor, the noise, the bounds."""

from __future__ import annotations

import hashlib

from harness.debugger.filtering import envelope, truncate
from harness.debugger.parsing import clean, last_position, pytest_summary

RAW = ("\r\n>>>>>>>>>>>>>>>>>>>>>>>>> PDB continue >>>>>>>>>>>>>>>>>>>>>>>>>\r\n"
       "platform linux -- Python 3.11.7, pytest-9.2.0\r\n"
       "rootdir: /ws\r\n"
       "> /ws/pkg/orders.py(12)total()\r\n"
       "-> return sum(prices)\r\n")


def test_the_execution_point_is_parsed_and_shown_relative_to_the_workspace():
    position = last_position(RAW)
    assert (position.path, position.line, position.function) == ("/ws/pkg/orders.py", 12, "total")
    assert clean(RAW, "/ws") == "pkg/orders.py:12 in total()\n-> return sum(prices)"


def test_a_return_event_keeps_the_returned_value():
    assert clean("> /ws/a.py(3)f()->42\n-> return x\n", "/ws") == "a.py:3 in f() returning 42\n-> return x"


def test_the_last_execution_point_wins_and_library_paths_stay_absolute():
    text = "> /ws/a.py(1)<module>()\nsome output\n> /usr/lib/python3.11/json/decoder.py(337)decode()\n"
    assert last_position(text).line == 337
    assert "/usr/lib/python3.11/json/decoder.py:337 in decode()" in clean(text, "/ws")


def test_the_pytest_summary_is_found_in_the_final_output():
    assert pytest_summary("F.\n===== 1 failed, 1 passed in 0.12s =====\n") == "1 failed, 1 passed in 0.12s"


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
    assert last_position(raw).line == 50
