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


# httpie's SSL tests under pytest 3.2: pytest-httpbin's server thread printed into the -v lines, and three
# tests that passed (exit status 0) were read as not passed, failing the correct tree in validation.
THREAD_NOISE = """tests/test_ssl.py::test_ssl_version[tls1.2] PASSED
tests/test_ssl.py::TestClientCert::test_cert_file_invalid PASSEDpytest-httpbin server hit an exception serving request: [SSL: KRB5_S_TKT_NYV] unexpected eof while reading (_ssl.c:1091)
tests/test_ssl.py::TestClientCert::test_cert_ok_but_missing_key\x20
PASSED
tests/test_ssl.py::TestServerCert::test_verify_no_OK PASSED
tests/test_ssl.py::TestServerCert::test_verify_custom_ca_bundle_invalid_bundle FAILED
tests/test_ssl.py::TestServerCert::test_verify_custom_ca_bundle_invalid_path\x20
pytest-httpbin server hit an exception
FAILED
=========================== short test summary info ============================
FAIL tests/test_ssl.py::TestServerCert::test_verify_custom_ca_bundle_invalid_bundle
"""


def test_a_thread_writing_into_the_verbose_lines_does_not_hide_a_pass_nor_make_one():
    outcomes = parse_outcomes(THREAD_NOISE)

    assert outcomes == {
        "tests/test_ssl.py::test_ssl_version[tls1.2]": "PASSED",
        "tests/test_ssl.py::TestClientCert::test_cert_file_invalid": "PASSED",
        "tests/test_ssl.py::TestClientCert::test_cert_ok_but_missing_key": "PASSED",
        "tests/test_ssl.py::TestServerCert::test_verify_no_OK": "PASSED",
        "tests/test_ssl.py::TestServerCert::test_verify_custom_ca_bundle_invalid_bundle": "FAILED",
    }  # the last id's outcome is two lines down, behind the noise: not read, so not passed
    run = RunOutcomes(outcomes, 1, THREAD_NOISE, 0.1)
    assert not run.passed("tests/test_ssl.py::TestServerCert::test_verify_custom_ca_bundle_invalid_path")


def test_the_short_summary_of_pytest_before_3_10_overrides_a_pass_read_from_a_verbose_line():
    spoofed = ("tests/t.py::test_a PASSED\ntests/t.py::test_a FAILED\n"
               "=========== short test summary info ===========\nFAIL tests/t.py::test_a\n")

    assert parse_outcomes(spoofed) == {"tests/t.py::test_a": "FAILED"}
