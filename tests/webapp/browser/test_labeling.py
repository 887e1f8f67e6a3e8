"""Labeling in the browser: the keyboard-first queue, agreement across annotators, adjudication."""

import re

import pytest

from tests.webapp.browser.conftest import doc_screenshots, fits_width, log_in
from webapp.catalog.models import PreferenceLabel, Task
from webapp.catalog.services import add_preference_label

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.slow
def test_an_annotator_labels_three_tasks_using_only_the_keyboard(new_page, annotation_data):
    page = new_page()
    log_in(page, "ann")
    page.goto("/label/")
    first = page.locator("h1").inner_text()
    doc_screenshots(page, "queue", "The labeling queue: a task to label with 1, 2 or 3, and N of M done")
    assert fits_width(page)

    for key in ("1", "2", "3"):
        shown = page.locator("h1").inner_text()
        page.keyboard.press(key)
        page.wait_for_function("name => document.querySelector('h1').innerText !== name", arg=shown)

    labels = list(PreferenceLabel.objects.order_by("id").values_list("annotator__username", "task__name", "preference"))
    assert [label[0] for label in labels] == ["ann"] * 3
    assert labels[0][1] == first
    assert [label[2] for label in labels] == ["recommended", "optional", "avoid"]
    assert "3 of 4" in page.locator(".progress").inner_text()


@pytest.mark.slow
def test_the_cheat_sheet_and_next_previous_keys(new_page, annotation_data):
    page = new_page()
    log_in(page, "ann")
    page.goto("/label/cache_stale/")

    help_link = page.locator("header a.help")  # the header's "?" is a link to the docs, not the "?" key
    assert help_link.get_attribute("href") == "/docs/annotators.html#the-labeling-queue-and-its-keys"
    page.keyboard.press("?")
    sheet = page.locator("#cheatsheet")
    assert sheet.is_visible() and "label recommended" in sheet.inner_text()
    doc_screenshots(page, "queue-keys", "The keys of the labeling page, listed by the ? key")
    page.keyboard.press("Escape")
    assert not sheet.is_visible() and page.url.endswith("/label/cache_stale/")
    page.keyboard.press("n")
    page.wait_for_url(re.compile(r"/label/counter_reset/$"))
    page.keyboard.press("p")
    page.wait_for_url(re.compile(r"/label/cache_stale/$"))
    page.fill("#id_note", "needs the stack")  # typing a note: 1/2/3 go into the field, not to the buttons
    page.keyboard.type(" 1")
    assert not PreferenceLabel.objects.exists()
    page.click("button[value=avoid]")
    page.wait_for_url(re.compile(r"/label/counter_reset/$"))
    assert list(PreferenceLabel.objects.values_list("preference", "note")) == [("avoid", "needs the stack 1")]


def kappa_text(page) -> str:
    page.goto("/")
    return page.locator(".summary").inner_text()


@pytest.mark.slow
def test_agreement_changes_when_a_second_user_labels_and_staff_adjudicate(new_page, annotation_data):
    for name, preference in (("counter_reset", "optional"), ("cache_stale", "avoid"), ("lock_owner", "recommended")):
        add_preference_label(task=Task.objects.get(name=name), annotator=annotation_data["ann"], preference=preference)
    page = new_page()
    log_in(page, "bob")
    before = kappa_text(page)

    page.goto("/label/cache_stale/")
    page.keyboard.press("3")  # agrees with ann
    page.wait_for_url(re.compile(r"/label/counter_reset/$"))
    page.keyboard.press("1")  # ann said optional
    page.wait_for_url(re.compile(r"/label/lock_owner/$"))
    after = kappa_text(page)

    assert "Agreement" not in before  # nothing to compare while one person labelled
    assert "Agreement over 2 tasks and 2 annotators" in after and "κ" in after
    assert Task.objects.get(name="counter_reset").label_status == "disputed"

    staff = new_page()
    log_in(staff, "sam")
    staff.goto("/labels/disagreements/")
    card = staff.locator("#task-counter_reset")
    assert "ann" in card.inner_text() and "bob" in card.inner_text()
    card.locator("input[name=note]").fill("the stack is what shows it")
    card.locator("button[value=recommended]").click()
    staff.wait_for_selector("text=counter_reset: adjudicated recommended")

    task = Task.objects.get(name="counter_reset")
    assert (task.preference_in_force, task.label_status) == ("recommended", "adjudicated")
    page.goto("/labels/disagreements/")
    assert "Only an admin can adjudicate" in page.inner_text("main")
