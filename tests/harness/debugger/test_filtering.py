"""Turning pdb's terminal text into observations: the cursor, the noise, the bounds."""

from __future__ import annotations

import hashlib

from harness.debugger.filtering import Cut, envelope, truncate
from harness.debugger.render import position
from harness.debugger.run_outcomes import collection_error, summary_of_tests
from harness.debugger.terminal_text import clean

RAW = ("\r\n>>>>>>>>>>>>>>>>>>>>>>>>> PDB continue >>>>>>>>>>>>>>>>>>>>>>>>>\r\n"
       "platform linux -- Python 3.11.7, pytest-9.2.0\r\n"
       "rootdir: /ws\r\n")


def test_pytests_banners_go_and_the_program_text_stays_as_printed():
    text = RAW + "> /ws/a.py(1)f()\r\n"  # the program's own print, looking like pdb's old position line
    assert clean(text, "/ws") == "> a.py(1)f()"


def test_the_position_is_written_from_the_stop_record():
    record = {"kind": "stop", "reason": "step", "line": 12, "function": "total", "source": "return sum(prices)"}
    assert position(record, "pkg/orders.py") == "pkg/orders.py:12 in total()\n-> return sum(prices)"


def test_a_return_stop_shows_the_returned_value():
    record = {"kind": "stop", "reason": "return", "line": 3, "function": "f", "value": "42", "source": "return x"}
    assert position(record, "a.py") == "a.py:3 in f() returning 42\n-> return x"


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


def test_earlier_cuts_are_counted_into_the_one_mark_from_their_records_not_from_the_text():
    output, value = Cut(5000, "aaaaaaaaaaaa"), Cut(60, "bbbbbbbbbbbb")
    text = f"printed head\n{output.mark}\nprinted tail\nblob = Blob(...)\n{value.mark}"
    one = truncate(text, cuts=[output, value])
    assert one.count("OUTPUT_TRUNCATED") == 1 and "remaining_bytes=5060 " in one
    assert one.startswith("printed headprinted tail\nblob = Blob(...)")
    # A mark the program printed itself is its text: nothing is read from it, nothing counted.
    forged = Cut(999, "cccccccccccc").mark
    assert truncate(f"{forged}\n{value.mark}", cuts=[value]) == f"{forged}\n{value.mark}"
    folded = truncate(f"{forged}\n{output.mark}\n{value.mark}", cuts=[output, value])
    assert folded.startswith(forged) and folded.endswith(f"\n{Cut(5060, folded[-13:-1]).mark}")
    long = "x" * 5000 + f"\n{value.mark}"
    assert f"remaining_bytes={5000 - 4096 + 60} " in truncate(long, cuts=[value])


def test_a_collection_error_is_shown_from_its_record_without_installation_folders():
    record = {"kind": "collect_error", "nodeid": "test_broken.py",
              "text": "/ws/test_broken.py:1: in <module>\n/opt/py/lib/python3.11/importlib/__init__.py:126: in "
                      "import_module\nE   ModuleNotFoundError: No module named 'nope'",
              "installed": ["/opt/py/lib/python3.11/site-packages/", "/opt/py/lib/python3.11/"]}
    assert collection_error([{"kind": "stop"}, record], "/ws") == (
        "test_broken.py:1: in <module>\nimportlib/__init__.py:126: in import_module\n"
        "E   ModuleNotFoundError: No module named 'nope'")
    assert collection_error([{"kind": "stop"}], "/ws") is None
