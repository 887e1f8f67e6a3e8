"""Edit-relevance review and the exports, in the browser."""

import json
import zipfile

import pytest

from tests.webapp.browser.conftest import doc_screenshots, fits_width, log_in
from webapp.trajectories.models import EditRelevanceReview, Trajectory

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.slow
def test_a_reviewer_confirms_and_rejects_links_and_gives_a_verdict(new_page, annotation_data):
    page = new_page()
    log_in(page, "ann")
    page.goto("/reviews/")
    page.click("a[href='/trajectories/ra-dbg-1/review/']")

    confirm = page.locator("#link-13-9")
    assert "incorrect_value" in confirm.inner_text() and "proposed by the scorer" in confirm.inner_text()
    confirm.locator("button.confirm").click()
    page.wait_for_selector("#link-13-9.decided-relevant")
    page.locator("#link-13-11 button.reject").click()
    page.wait_for_selector("#link-13-11.decided-not_relevant")
    add = page.locator("#edit-13 form.add-link")
    add.locator("select[name=observation_turn]").select_option("5")
    add.locator("select[name=criterion]").select_option("2")
    add.locator("button").click()
    page.wait_for_selector("#link-13-5")
    doc_screenshots(page, "review", "Reviewing an edit: the scorer's proposed links confirmed, rejected or added")
    assert fits_width(page)
    page.fill("section.verdict textarea[name=note]", "the locals showed the list kept the old values")
    page.click("section.verdict button[value=relevant]")
    page.wait_for_selector("text=verdict recorded")

    decisions = list(EditRelevanceReview.objects.order_by("id").values_list(
        "observation_step__turn", "edit_step__turn", "verdict", "proposed", "criterion", "reviewer__username"))
    assert decisions == [(9, 13, "relevant", True, 2, "ann"), (11, 13, "not_relevant", True, 4, "ann"),
                         (5, 13, "relevant", False, 2, "ann")]
    assert Trajectory.objects.get(episode_id="ra-dbg-1").reviewed_edit_relevant is True
    page.goto("/reviews/")
    assert "1 / 1" in page.locator(".stats").inner_text()


@pytest.mark.slow
def test_labels_and_reviews_are_exported_from_the_ui(new_page, annotation_data, tmp_path):
    from webapp.catalog.models import Task
    from webapp.catalog.services import add_preference_label
    from webapp.trajectories.services import add_trajectory_verdict

    add_preference_label(task=Task.objects.get(name="counter_reset"), annotator=annotation_data["ann"],
                         preference="avoid", note="too small")
    add_trajectory_verdict(trajectory=annotation_data["dbg"], verdict="relevant", reviewer=annotation_data["ann"])
    page = new_page(accept_downloads=True)
    log_in(page, "ann")
    page.goto("/export/")

    with page.expect_download() as labels:
        page.click("text=labels.jsonl")
    with page.expect_download() as reviewed:
        page.click("text=reviewed_trajectories.jsonl")
    with page.expect_download() as dataset:
        page.click("text=stepwise_dataset.zip")

    rows = [json.loads(line) for line in open(labels.value.path(), encoding="utf-8")]
    assert [(r["kind"], r["task"], r["annotator"], r["preference"], r["note"]) for r in rows] == [
        ("label", "counter_reset", "ann", "avoid", "too small")]
    reviews = [json.loads(line) for line in open(reviewed.value.path(), encoding="utf-8")]
    assert [(r["episode_id"], r["verdicts"][0]["verdict"], r["document"]["episode_id"]) for r in reviews] == [
        ("ra-dbg-1", "relevant", "ra-dbg-1")]
    with zipfile.ZipFile(dataset.value.path()) as archive:
        archive.extractall(tmp_path)
    from datasets import load_from_disk

    loaded = load_from_disk(str(tmp_path / "stepwise_dataset"))
    assert set(loaded) == {"labels", "preferences", "reviewed_trajectories"}
    assert loaded["labels"][0]["preference"] == "avoid"
    assert json.loads(loaded["reviewed_trajectories"][0]["document"])["episode_id"] == "ra-dbg-1"
