"""Bug reports describe the symptom only: no list of what works, no quoted expected values."""

from __future__ import annotations

import pytest

from corpus.format import TASKS_DIR, load_task, task_dirs
from corpus.quality.report_check import report_flags, symptom_only

TESTS = {"test_q.py": "def test_x():\n    assert quote('KETTLE') == 5.9\n    assert 45.0 == freight()\n"}


def test_a_sentence_vouching_for_working_parts_is_flagged_and_dropped_by_the_rewrite():
    report = ("Orders that rely on catalog weights are quoted as freight. "
              "Orders that state every item's weight are quoted correctly.")

    flags = report_flags(report, TESTS)

    assert [f.kind for f in flags] == ["names_working_parts"]
    assert symptom_only(report) == "Orders that rely on catalog weights are quoted as freight."


def test_an_expected_value_the_report_presents_as_the_right_answer_is_flagged():
    flags = report_flags("A kettle is quoted at 45.00 instead of 5.90.", TESTS)

    assert [(f.kind, f.detail) for f in flags] == [
        ("quotes_expected_value", "quotes the value the tests expect (5.90)")]


def test_a_sentence_stating_the_symptom_keeps_its_place_in_the_rewrite():
    report = "Quotes are wrong. A mug alone is right but a kettle never ships."

    assert symptom_only(report) == report


@pytest.mark.parametrize("name", ["bank_import_budget_alerts", "parcel_quote_weights", "shipping_zones_yaml_codes", "tenant_price_cachedmethod",
                                  "subscription_billing_proration", "shop_filters_multidict"])
def test_the_over_specified_reports_named_in_the_review_describe_only_the_symptom(name):
    task = load_task(TASKS_DIR / name)

    assert [f.describe() for f in report_flags(task.description, task.test_files)] == []


def test_no_report_in_the_corpus_names_working_parts_or_quotes_expected_values():
    flagged = {}
    for folder in task_dirs(TASKS_DIR):
        task = load_task(folder)
        flags = report_flags(task.description, task.test_files)
        if flags:
            flagged[task.name] = [f.describe() for f in flags]

    assert flagged == {}
