"""Where state first goes wrong, read from two traces (pure: the traces are written by hand here)."""

from __future__ import annotations

import json

from corpus.quality.divergence import (
    Divergence,
    differing_tokens,
    first_divergence,
    nearest,
    noisy_keys,
    parse_trace,
    shown_in_output,
)
from corpus.quality.label_rule import LabelRule

TEST = "test_shop.py::test_total"


def trace(*rows) -> list[str]:
    return [json.dumps(["test", TEST]), *(json.dumps(list(row)) for row in rows)]


def run(*rows):
    return parse_trace(trace(*rows))[TEST]


# A test calls checkout (cart.py), which calls price (prices.py), which returns a wrong value; it then
# crosses tax.py and report.py before the test's assertion fails.
BUGGY = run(
    ("step", "test_shop.py", "test_total", 4, 1),
    ("call", "cart.py", "checkout", 1, 2, "aaa"),
    ("call", "prices.py", "price", 1, 3, "fix-buggy"),
    ("assign", "prices.py", "price", 2, 3, "rate", "0.1"),
    ("return", "prices.py", "price", 3, 3, "99"),
    ("call", "tax.py", "add_tax", 1, 3, "ccc"),
    ("return", "tax.py", "add_tax", 2, 3, "119"),
    ("call", "report.py", "line", 1, 3, "ddd"),
    ("return", "report.py", "line", 2, 3, "'total 119'"),
    ("call", "report.py", "pad", 1, 3, "eee"),
    ("return", "report.py", "pad", 2, 3, "'total 119'"),
    ("return", "cart.py", "checkout", 9, 2, "'total 119'"),
    ("step", "test_shop.py", "test_total", 5, 1),
    ("raise", "test_shop.py", "test_total", 5, 1, "AssertionError"),
)
CORRECT = run(
    ("step", "test_shop.py", "test_total", 4, 1),
    ("call", "cart.py", "checkout", 1, 2, "aaa"),
    ("call", "prices.py", "price", 1, 3, "fix-correct"),
    ("assign", "prices.py", "price", 2, 3, "share", "Decimal('0.1')"),
    ("return", "prices.py", "price", 4, 3, "100"),
    ("call", "tax.py", "add_tax", 1, 3, "ccc"),
    ("return", "tax.py", "add_tax", 2, 3, "120"),
)


def test_the_divergence_is_the_first_value_that_differs_not_a_renamed_local_of_the_fixed_function():
    found = first_divergence(BUGGY, CORRECT, test_files=["test_shop.py"])

    assert found.found and found.where == "prices.py:3 in price: returns 99"
    assert (found.value, found.expected) == ("99", "100")


def test_its_distance_counts_calls_frames_files_and_test_steps_up_to_the_failure():
    found = first_divergence(BUGGY, CORRECT, test_files=["test_shop.py"])

    assert (found.calls, found.frames, found.files, found.test_steps) == (3, 2, 4, 1)


def test_a_value_the_failure_report_prints_counts_as_shown():
    output = "=== FAILURES ===\nE   AssertionError: assert 'total 119' == 'total 120'\n=== short test summary info ===\n"

    assert not first_divergence(BUGGY, CORRECT, test_files=["test_shop.py"], failing_output=output).shown
    assert shown_in_output("Charge(cents=1899)", "=== FAILURES ===\nE  assert 1899 == 1900\n",
                           expected="Charge(cents=1900)")
    assert differing_tokens("Charge(cents=1899)", "Charge(cents=1900)") == ["1899"]


REPORT = """=================================== FAILURES ===================================
_____________________ test_url_for_with_forwarded_request ______________________

    def test_url_for_with_forwarded_request(app):
        request = app.get("/", headers={"X-Forwarded-Proto": "https", "X-Forwarded-Port": "6789"})
>       assert request.url == "https://my-server:6789/"
E       AssertionError: assert 'http://my-server:6789/' == 'https://my-server:6789/'

tests/test_requests.py:12: AssertionError
----------------------------- Captured stdout call -----------------------------
proxy headers: {'for': '127.0.0.4', 'secret': 'mySecret'}
=========================== short test summary info ============================
"""


def test_only_the_reports_value_lines_count_as_printing_a_value_not_the_source_it_quotes():
    # The dict that lost 'proto' is not printed: its differing tokens appear only in the test's source.
    assert not shown_in_output("{'for': '127.1.2.3', 'port': '6789'}", REPORT, expected="{'for': '127.1.2.3', 'proto': 'https'}")
    assert not shown_in_output("'X-Forwarded-Proto'", REPORT)
    # What the assertion's explanation and the captured output print are shown.
    assert shown_in_output("'http://my-server:6789/'", REPORT)
    assert shown_in_output("{'for': '127.0.0.4', 'secret': 'mySecret'}", REPORT)


ARGUMENTS_REPORT = """=================================== FAILURES ===================================
__________________________________ test_export __________________________________

columns = ['id', 'sku', 'qty', ''], timeout = 1

    def write_header(columns, timeout):
>       raise RuleError("empty column name")
E       netrules.RuleError: empty column name

netrules.py:24: RuleError
=========================== short test summary info ============================
"""


def test_a_frames_argument_line_shows_a_whole_value_and_an_exception_its_qualified_type():
    # pytest prints a frame's arguments as `name = repr`: the whole wrong list is printed there ...
    assert shown_in_output("['id', 'sku', 'qty', '']", ARGUMENTS_REPORT, expected="['id', 'sku', 'qty']")
    # ... but a token of it is not (`timeout = 1` prints some 1, not the wrong one).
    assert not shown_in_output("1", ARGUMENTS_REPORT.replace("E       netrules.RuleError: empty column name", "E   x"))
    # An exception's type is printed with its module on the E line.
    assert shown_in_output("RuleError", ARGUMENTS_REPORT, raised=True)
    assert not shown_in_output("RuleError", ARGUMENTS_REPORT.replace("E       netrules.RuleError: empty column name", "E   x"),
                               raised=True)


def test_a_value_that_differs_between_two_correct_runs_is_noise_not_the_divergence():
    clock = ("call", "cart.py", "checkout", 1, 2, "aaa"), ("assign", "cart.py", "checkout", 2, 2, "now", "{}")
    first = run(clock[0], (*clock[1][:6], "1.5"), ("return", "cart.py", "checkout", 3, 2, "1"))
    second = run(clock[0], (*clock[1][:6], "2.5"), ("return", "cart.py", "checkout", 3, 2, "1"))
    buggy = run(clock[0], (*clock[1][:6], "3.5"), ("return", "cart.py", "checkout", 3, 2, "2"))

    found = first_divergence(buggy, first, noise=noisy_keys(first, second))

    assert found.where == "cart.py:3 in checkout: returns 2"


def test_identical_runs_have_no_divergence_and_the_rule_proposes_avoid():
    found = first_divergence(CORRECT, CORRECT)

    assert not found.found
    assert LabelRule.load().propose(nearest([found])).preference == "avoid"


def test_the_rule_proposes_recommended_only_for_a_far_divergence_the_failure_does_not_print():
    rule = LabelRule.load()
    far = Divergence(TEST, True, calls=5, files=3, frames=2)

    assert rule.propose(far).preference == "recommended"
    assert rule.propose(Divergence(TEST, True, calls=5, files=3, shown=True)).preference == "optional"
    assert rule.propose(Divergence(TEST, True, calls=0, files=1, shown=True)).preference == "avoid"
    assert rule.propose(far).rule == "divergence_label/2"


def test_a_float_carrying_representation_error_on_the_way_marks_the_float_drift_mechanism():
    buggy = run(("call", "bill.py", "prorate", 1, 2, "x"), ("return", "bill.py", "prorate", 5, 2, "1899.9999999999995"),
                ("raise", "test_shop.py", "test_total", 5, 1, "AssertionError"))
    correct = run(("call", "bill.py", "prorate", 1, 2, "y"), ("return", "bill.py", "prorate", 5, 2, "1900"))

    assert first_divergence(buggy, correct).float_drift
    assert not first_divergence(BUGGY, CORRECT).float_drift
