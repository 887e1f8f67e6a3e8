"""Fix: the home table overflowed on a phone."""

import pytest

from tests.webapp.browser.conftest import PHONE, fits_width, log_in

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.slow
def test_the_task_list_fits_a_phone_screen(new_page, annotation_data):
    page = new_page(viewport=PHONE)
    log_in(page, "ann")

    page.goto("/")

    assert page.locator("text=running_average").first.is_visible()
    assert fits_width(page), page.evaluate("document.documentElement.scrollWidth")


@pytest.mark.slow
def test_the_eval_job_page_with_its_report_and_the_queue_of_a_long_task_name_fit_390_px(new_page, annotation_data,
                                                                                         corpus_root, make_user):
    from harness.eval.metrics import EpisodeOutcome
    from harness.eval.report import build_report
    from tests.helpers.tasks import RESET_COUNTER, write_task
    from tests.webapp.browser.conftest import SMALL_PHONE, screenshots
    from webapp.catalog.services import import_corpus
    from webapp.runs.models import EvalRun, Job

    long_name = "account_closure_signal_receivers_notify_every_subscriber"
    write_task(corpus_root, long_name, shape=RESET_COUNTER, preference="optional")
    import_corpus(root=corpus_root, splits_file=corpus_root.parent / "splits.json")
    researcher = make_user("res", role="researcher")
    job = Job.objects.create(kind="eval", created_by=researcher, state="succeeded", params={"name": "wide"})
    rows = [EpisodeOutcome(task=f"a_rather_long_task_name_{n}", arm=arm, run=1, verified=n % 2 == 0, turns=5,
                           debugger_started=arm == "dbg") for n in range(4) for arm in ("base", "dbg")]
    EvalRun.objects.create(name="wide", job=job, report=build_report(rows, model="some/model-name", runs=1,
                                                                     max_turns=10))
    page = new_page(viewport=SMALL_PHONE)
    log_in(page, "res")

    page.goto(f"/jobs/{job.pk}/")
    page.locator("#report table").first.wait_for()
    screenshots(page, "eval-job-report", phone=SMALL_PHONE)
    assert fits_width(page), page.evaluate("document.documentElement.scrollWidth")

    page.goto(f"/label/{long_name}/")
    screenshots(page, "queue-long-name", phone=SMALL_PHONE)
    assert fits_width(page), page.evaluate("document.documentElement.scrollWidth")
    panel = page.locator(".label-pane").bounding_box()
    assert panel["height"] <= 0.36 * SMALL_PHONE["height"], panel  # the task, not the panel, has the screen
