"""The hand-written corpus, measured and corrected: every task carries the label its measurement proposes
(``python -m corpus quality --write``), and the review's findings hold no longer."""

from __future__ import annotations

from corpus.format import TASKS_DIR, load_task, task_dirs
from corpus.quality.label_rule import LabelRule
from corpus.quality.summary import load_families


def measured_tasks():
    return [load_task(folder) for folder in task_dirs(TASKS_DIR)]


def test_every_task_keeps_its_authors_label_and_a_measured_one_from_the_current_rule():
    version = LabelRule.load().version
    unmeasured = [t.name for t in measured_tasks()
                  if not (t.meta.get("measured") or {}).get("rule", "").startswith(version)]

    assert unmeasured == []


def test_no_task_whose_failure_already_prints_the_wrong_value_is_recommended_by_measurement():
    shown = {t.name: t.meta["measured"]["preference"] for t in measured_tasks()
             if (t.meta["measured"].get("divergence") or {}).get("shown")}

    assert "async_audit_middleware" in shown  # the review's example: pytest prints ('bob', 'PUT', '/docs/a', 204)
    assert {name for name, label in shown.items() if label == "recommended"} == set()


def test_the_float_drift_family_is_capped():
    family = next(f for f in load_families()["families"] if f["mechanism"] == "float_drift")
    recommended = [t.name for t in measured_tasks() if t.meta["measured"]["mechanism"] == "float_drift"
                   and t.meta["measured"]["preference"] == "recommended"]

    assert len(recommended) <= family["max_recommended"], recommended


def test_the_float_drift_category_is_given_by_measurement():
    mismatched = [t.name for t in measured_tasks() if t.meta["measured"]["mechanism"] != "unmeasured"
                  and (t.category == "float_drift") != (t.meta["measured"]["mechanism"] == "float_drift")]

    assert mismatched == []
