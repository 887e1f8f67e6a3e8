"""Reading each test's outcome from pytest's output, old and new formats, parametrized ids with spaces."""

from corpus.repository.testrun import RunOutcomes, parse_outcomes

OLD = """tests/rules/test_pip.py::test_get_new_command[pip instatl-instatl-install-pip install] PASSED [ 33%]
tests/rules/test_pip.py::test_match[pip un +-] FAILED [ 66%]
tests/test_x.py::TestY::test_z PASSED
=========================== 1 failed, 2 passed in 0.48 seconds ===========================
"""
NEW_SUMMARY = "FAILED tests/rules/test_pip.py::test_match[pip un +-] - AssertionError: assert 1 == 2\n"


def test_parametrized_ids_with_spaces_are_read_whole():
    outcomes = parse_outcomes(OLD + NEW_SUMMARY)
    assert outcomes == {
        "tests/rules/test_pip.py::test_get_new_command[pip instatl-instatl-install-pip install]": "PASSED",
        "tests/rules/test_pip.py::test_match[pip un +-]": "FAILED",
        "tests/test_x.py::TestY::test_z": "PASSED",
    }
    run = RunOutcomes(outcomes, 1, OLD, 0.1)
    assert run.passed("tests/rules/test_pip.py::test_get_new_command")
    assert run.failed("tests/rules/test_pip.py::test_match") and not run.passed("tests/rules/test_pip.py::test_match")
    assert run.passed("tests/test_x.py::TestY")
