"""Which recorded pin resolution drops when pip cannot satisfy the set (pip's own words, old and new)."""

from corpus.repository.resolve import _culprit

CONSTRAINTS = ["httpx==0.9.3", "requests-async==0.5.0", "six==1.14.0"]


def test_a_pin_the_index_lacks_is_named():
    output = "ERROR: Could not find a version that satisfies the requirement six==1.14.0\n"
    assert _culprit(output, CONSTRAINTS) == "six==1.14.0"


def test_a_conflict_names_the_constraint_the_user_requested():
    output = ("ERROR: Cannot install sanic because these package versions have conflicting dependencies.\n"
              "The conflict is caused by:\n    sanic 19.12.2 depends on httpx==0.11.1\n"
              "    The user requested (constraint) httpx==0.9.3\n\nTo fix this you could try to:\n")
    assert _culprit(output, CONSTRAINTS) == "httpx==0.9.3"


def test_a_conflict_between_pinned_packages_drops_one_of_them():
    output = ("ERROR: ResolutionImpossible\nThe conflict is caused by:\n"
              "    sanic 19.12.2 depends on websockets<9.0\n    requests-async 0.5.0 depends on httpx<0.10\n"
              "To fix this you could try to: 1. loosen the range\n")
    assert _culprit(output, CONSTRAINTS) == "requests-async==0.5.0"


def test_nothing_named_is_nothing_dropped():
    assert _culprit("ERROR: something else went wrong\n", CONSTRAINTS) is None


def test_a_bounded_test_requirement_in_a_conflict_is_loosened():
    from corpus.repository.resolve import _loosen

    output = "The conflict is caused by:\n    The user requested chardet<=2.3.0\n    httpcore 0.3.0 depends on chardet==3.*\n"
    assert _loosen(output, ["pytest", "chardet<=2.3.0"]) == (1, "chardet")
    assert _loosen(output, ["pytest", "chardet"]) is None  # already bare: nothing to loosen


def test_a_failure_no_pin_explains_is_told_in_pips_error_lines_not_its_progress():
    from corpus.repository.resolve import _failure

    # pip's stderr (its errors) comes first, then its stdout (progress): a missing test requirement's version
    # (requests-async 0.5.0, gone from the index) must be named, not the last package pip collected.
    output = ("ERROR: Could not find a version that satisfies the requirement requests-async==0.5.0 "
              "(from versions: 0.1.0, 0.2.4)\nERROR: No matching distribution found for requests-async==0.5.0\n"
              "Collecting pytest==5.2.1\n  Using cached pytest-5.2.1-py3-none-any.whl\nCollecting httpcore==0.3.0\n")
    told = _failure(output)
    assert "No matching distribution found for requests-async==0.5.0" in told
    assert "httpcore" not in told
    conflict = "ERROR: ResolutionImpossible\nThe conflict is caused by:\n    a 1 depends on b<2\nTo fix this\n"
    assert _failure(conflict) == "a 1 depends on b<2"
