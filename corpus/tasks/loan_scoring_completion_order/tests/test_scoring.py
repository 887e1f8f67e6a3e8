import threading

import pytest

from daily_report import letters, manual_review, summary
from decisions import decide, decisions, letter
from dispatch import ScoringRun
from scoring import Application, BureauError, affordability, score

APPS = [Application("A-100", 48000, 6000, 30000), Application("A-101", 90000, 1200, 10000),
        Application("A-102", 30000, 9000, 25000)]
RECORDS = {"A-100": {"base": 650}, "A-101": {"base": 720}, "A-102": {"base": 640, "defaults": 1}}


class Bureau:
    """Answers in a set order: an application's lookup returns once `wait_for` results were recorded."""

    def __init__(self, records, wait_for=None):
        self._records = records
        self._wait_for = wait_for or {}
        self._recorded = 0
        self._cond = threading.Condition()

    def progress(self, done):
        with self._cond:
            self._recorded = done
            self._cond.notify_all()

    def lookup(self, app_id):
        with self._cond:
            self._cond.wait_for(lambda: self._recorded >= self._wait_for.get(app_id, 0))
        return self._records[app_id]


def test_affordability_and_score_bands():
    assert affordability(APPS[1]) == pytest.approx(0.0356, abs=1e-4)
    assert score(APPS[0], RECORDS["A-100"]) == 650
    assert score(APPS[1], RECORDS["A-101"]) == 745
    assert score(APPS[2], RECORDS["A-102"]) == 500


def test_frozen_bureau_file():
    with pytest.raises(BureauError, match="A-100 is frozen"):
        score(APPS[0], {"base": 700, "frozen": True})


def test_decisions_and_letters():
    assert [decide(p) for p in (680, 679, 600, 599)] == ["approve", "refer", "refer", "decline"]
    assert letter(APPS[1], 745) == "Dear applicant A-101, your loan of 10000 is approved."
    assert letter(APPS[2], 500).endswith("a loan of 25000 at this time.")


def test_run_in_submission_order():
    bureau = Bureau(RECORDS, {"A-101": 1, "A-102": 2})
    run = ScoringRun(bureau, on_progress=bureau.progress)
    scored, failed = run.run(APPS)
    assert scored == {"A-100": 650, "A-101": 745, "A-102": 500} and failed == {}
    assert run.audit[0] == ("A-100", "scored", 650)
    assert [entry[1] for entry in run.audit] == ["scored"] * 3


def test_run_when_bureau_answers_out_of_order():
    bureau = Bureau(RECORDS, {"A-100": 2, "A-101": 1})
    run = ScoringRun(bureau, on_progress=bureau.progress)
    scored, failed = run.run(APPS)
    assert decisions(scored) == {"A-100": (650, "refer"), "A-101": (745, "approve"),
                                 "A-102": (500, "decline")}
    assert [entry[0] for entry in run.audit] == ["A-100", "A-101", "A-102"]


def test_failed_lookup_is_reported_for_its_application():
    records = dict(RECORDS, **{"A-101": {"base": 720, "frozen": True}})
    bureau = Bureau(records, {"A-100": 2, "A-102": 1})
    scored, failed = ScoringRun(bureau, on_progress=bureau.progress).run(APPS)
    assert failed == {"A-101": "bureau file of A-101 is frozen"}
    assert scored == {"A-100": 650, "A-102": 500}
    assert summary(APPS, scored, failed)["counts"]["failed"] == 1


def test_daily_summary_of_an_out_of_order_run():
    bureau = Bureau(RECORDS, {"A-100": 1, "A-101": 2})
    scored, failed = ScoringRun(bureau, on_progress=bureau.progress).run(APPS)
    assert summary(APPS, scored, failed) == {
        "counts": {"approve": 1, "refer": 1, "decline": 1, "failed": 0},
        "approved_amount": 10000}
    assert manual_review(APPS, scored, failed) == ["A-100"]


def test_letters_follow_the_applications():
    scored = {"A-100": 650, "A-102": 500}
    assert letters(APPS, scored) == [
        "Dear applicant A-100, an underwriter will review your application.",
        "Dear applicant A-102, we cannot offer you a loan of 25000 at this time."]
    assert manual_review(APPS, scored, {"A-101": "bureau file of A-101 is frozen"}) == ["A-100", "A-101"]
