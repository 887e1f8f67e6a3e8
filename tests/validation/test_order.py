"""Test order: validation runs the tests in other orders (reversed, seeded shuffles) and the task
must behave the same, its evidence included."""

from __future__ import annotations

import pytest

from tests.helpers.tasks import BUGGY_COUNTER, CORRECT_COUNTER, write_task
from validation import cli as validate_cli
from validation import validate_task
from validation.order import FILE_ORDER, RunOrder, orders_for

TWO_TESTS = '''\
from counter import total


def test_three():
    assert total([1, 2, 3]) == 6


def test_two():
    assert total([5, 6]) == 11
'''
# The tests share a module global: test_c passes (once the bug is fixed) only after test_a and test_b ran.
ORDER_SPY = '''\
from counter import total

ran = []


def test_a():
    ran.append("a")


def test_b():
    ran.append("b")


def test_c():
    ran.append("c")
    assert total([1, 2]) == 3 and ran[:2] == ["a", "b"]
'''


def test_orders_start_with_the_one_asked_then_reversed_then_seeded_shuffles():
    assert orders_for(FILE_ORDER, 1) == [FILE_ORDER]
    assert orders_for(FILE_ORDER, 4) == [FILE_ORDER, RunOrder("reversed"), RunOrder("shuffled", "0#3"),
                                         RunOrder("shuffled", "0#4")]
    assert orders_for(RunOrder.parse("shuffle:7"), 3) == [RunOrder("shuffled", "7"), FILE_ORDER,
                                                          RunOrder("reversed")]
    assert RunOrder.parse("shuffle:7").for_task("t").seed == "7:t"
    with pytest.raises(ValueError, match="expected file, reversed, shuffle or shuffle:SEED"):
        RunOrder.parse("random")


@pytest.mark.slow
def test_repeats_run_the_tests_in_file_reversed_and_shuffled_order(tmp_path):
    verdict = validate_task(write_task(tmp_path, tests={"test_counter.py": ORDER_SPY}, evidence=[
        {"file": "test_counter.py", "line": 16, "expression": "total([1, 2])", "observed": "2", "why": "x"}]),
        repeat=3)

    runs = verdict.runs
    assert [runs[k]["order"] for k in ("buggy", "buggy#2", "buggy#3", "correct", "correct#2")] == [
        "file order", "reversed order", "shuffled order (seed 0#3:counter_skip)", "file order", "reversed order"]
    assert runs["correct"]["passed"] == 3 and runs["correct#2"]["failed"] == 1
    assert verdict.reasons == ["flaky: run 2 of 3 (reversed order): correct version fails (1 failed, 0 errors): "
                               + verdict.reasons[0].split("0 errors): ", 1)[1]]


@pytest.mark.slow
def test_evidence_that_holds_in_one_order_only_is_rejected_naming_the_order(tmp_path):
    # The first value the loop sees is 2 when test_three runs first, 6 when test_two does.
    folder = write_task(tmp_path, tests={"test_counter.py": TWO_TESTS})

    verdict = validate_task(folder, repeat=2)  # file order, then reversed

    assert [(e["order"], e["got"]) for e in verdict.evidence] == [("file order", "2"), ("reversed order", "6")]
    assert verdict.reasons == ["evidence[0] at counter.py:4: `value` gave 6, meta says 2 (tests in reversed "
                               "order; the evidence must hold whatever order the tests run in; if the value belongs "
                               'to one test, name it: "test": "test_counter.py::test_three")']


@pytest.mark.slow
def test_evidence_named_after_its_test_holds_in_every_order(tmp_path):
    pinned = [{"file": "counter.py", "line": 4, "expression": "value", "observed": "6", "why": "x",
               "test": "test_counter.py::test_two"}]
    folder = write_task(tmp_path, tests={"test_counter.py": TWO_TESTS}, evidence=pinned)

    verdict = validate_task(folder, repeat=3)

    assert verdict.ok, verdict.reasons
    assert [(e["order"], e["got"], e["seen_in"]) for e in verdict.evidence] == [
        ("file order", "6", "test_counter.py::test_two"), ("reversed order", "6", "test_counter.py::test_two"),
        ("shuffled order (seed 0#3:counter_skip)", "6", "test_counter.py::test_two")]


def test_evidence_naming_a_test_that_does_not_exist_is_refused_before_running(tmp_path):
    pinned = [{"file": "counter.py", "line": 4, "expression": "value", "observed": "2", "why": "x",
               "test": "test_counter.py::test_four"}]

    verdict = validate_task(write_task(tmp_path, evidence=pinned))

    assert verdict.reasons == ["evidence[0] at counter.py:4: test 'test_counter.py::test_four' is not a test "
                               "function of the task's test files; name it as 'test_file.py::test_name'"]


@pytest.mark.slow
def test_evidence_that_holds_in_any_order_passes_a_shuffled_run(tmp_path):
    tests = TWO_TESTS.replace("[5, 6]) == 11", "[1, 5]) == 6")  # the loop sees 2 or 5 first
    folder = write_task(tmp_path, tests={"test_counter.py": tests},
                        evidence=[{"file": "counter.py", "line": 4, "expression": "value > 1", "observed": "True",
                                   "why": "the loop starts past the first value"}])

    verdict = validate_task(folder, order=RunOrder.parse("shuffle:3"))

    assert verdict.ok, verdict.reasons
    assert verdict.runs["buggy"]["order"] == "shuffled order (seed 3:counter_skip)"
    assert set(verdict.runs) == {"buggy", "correct", "evidence"}
    assert verdict.evidence[0]["order"] == "shuffled order (seed 3:counter_skip)"


def test_cli_refuses_an_unknown_order(tmp_path, capsys):
    with pytest.raises(SystemExit) as caught:
        validate_cli.main(["--root", str(tmp_path), "--order", "sideways"])

    assert caught.value.code == 2
    assert "unknown test order 'sideways'" in capsys.readouterr().err


@pytest.mark.slow
def test_evidence_is_still_observed_after_an_earlier_test_hit_the_recursion_limit(tmp_path):
    # Python drops a trace function that fails, as it does at the recursion limit: the recorder re-arms.
    deep = "\n\ndef depth(n):\n    return 0 if n == 0 else 1 + depth(n - 1)\n"
    tests = TWO_TESTS + "\n\ndef test_zz_deep():\n    import pytest\n    from counter import depth\n\n" \
                        "    with pytest.raises(RecursionError):\n        depth(10 ** 6)\n"
    pinned = [{"file": "counter.py", "line": 4, "expression": "value", "observed": "2", "why": "x",
               "test": "test_counter.py::test_three"}]
    folder = write_task(tmp_path, buggy={"counter.py": BUGGY_COUNTER + deep},
                        correct={"counter.py": CORRECT_COUNTER + deep}, tests={"test_counter.py": tests},
                        evidence=pinned)

    verdict = validate_task(folder, order=RunOrder("reversed"))  # test_zz_deep runs first

    assert verdict.ok, verdict.reasons
    assert [(e["order"], e["got"]) for e in verdict.evidence] == [("reversed order", "2")]
