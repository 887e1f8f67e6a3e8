"""The task loader: how the buggy version misbehaves (``failure``) and the label's reason."""

from __future__ import annotations

import pytest

from corpus.format import TaskFormatError, load_task
from tests.helpers.tasks import write_task


def test_a_task_fails_unless_it_says_it_hangs(tmp_path):
    plain = load_task(write_task(tmp_path, "plain"))
    hanging = load_task(write_task(tmp_path, "hanging", failure="hang",
                                   preference_reason="pausing the loop shows the index never moves"))

    assert (plain.failure, plain.hangs, plain.preference_reason) == ("fails", False, "")
    assert (hanging.failure, hanging.hangs) == ("hang", True)
    assert hanging.preference_reason == "pausing the loop shows the index never moves"


@pytest.mark.parametrize(("value", "message"), [
    ("hangs", "task 'odd': failure: 'hangs' is not one of fails, hang"),
    (True, "task 'odd': failure: expected str, got bool"),
])
def test_an_unknown_failure_kind_is_refused_naming_the_choices(tmp_path, value, message):
    with pytest.raises(TaskFormatError) as caught:
        load_task(write_task(tmp_path, "odd", failure=value))

    assert str(caught.value).startswith(message)


def test_a_preference_reason_must_be_text(tmp_path):
    with pytest.raises(TaskFormatError, match="preference_reason: expected str, got list"):
        load_task(write_task(tmp_path, "odd", preference_reason=["debugger"]))


def test_evidence_may_name_the_test_its_value_belongs_to(tmp_path):
    item = {"file": "counter.py", "line": 4, "expression": "value", "observed": "2", "why": "x",
            "test": "test_counter.py::test_total"}
    task = load_task(write_task(tmp_path, "pinned", evidence=[item]))

    assert task.evidence[0].test == "test_counter.py::test_total"
    assert task.evidence[0].to_dict() == item
    with pytest.raises(TaskFormatError, match=r"evidence\[0\].test: expected 'test_file.py::test_name'"):
        load_task(write_task(tmp_path, "loose", evidence=[{**item, "test": "test_total"}]))
