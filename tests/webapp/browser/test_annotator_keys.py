"""The annotator's keys and panels in the browser: the label panel stays in view while the code scrolls (1366 and 390 px wide),
the note's key, the suggested label hidden until one labels, and the review page's keys (the same
keys.js as the label page)."""

import json
import re

import pytest

from tests.helpers.tasks import RESET_COUNTER, write_task
from tests.webapp.browser.conftest import SMALL_PHONE, doc_screenshots, fits_width, log_in
from webapp.catalog.models import PreferenceLabel
from webapp.catalog.services import import_corpus
from webapp.trajectories.models import EditRelevanceReview, TrajectoryReview

pytestmark = pytest.mark.django_db(transaction=True)

LONG = "".join(f"def step_{i}(state):\n    state['n'] += {i}\n    return state\n\n\n" for i in range(60)) + \
    "def reset(state):\n    state['n'] = 1\n    return state\n"


@pytest.fixture
def long_task(annotation_data, corpus_root, tmp_path):
    """A task whose code is much longer than the screen, with its failing test recorded."""
    write_task(corpus_root, "long_counter", shape=RESET_COUNTER, buggy={"counter.py": LONG},
               correct={"counter.py": LONG.replace("state['n'] = 1", "state['n'] = 0")})
    record = tmp_path / "failing_tests.json"
    record.write_text(json.dumps({"long_counter": ["test_counter.py::test_reset"]}))
    import_corpus(root=corpus_root, splits_file=corpus_root.parent / "splits.json", failing_tests_file=record)
    return annotation_data


def pane_in_view(page) -> bool:
    return page.evaluate("""() => { const r = document.querySelector('.label-pane').getBoundingClientRect();
        const choices = document.querySelector('.label-pane .choices').getBoundingClientRect();
        return r.height > 0 && choices.top >= 0 && choices.bottom <= window.innerHeight; }""")


def scroll_into_code(page) -> None:
    page.evaluate("window.scrollTo(0, document.querySelector('.task-pane').scrollHeight * 0.6)")
    page.wait_for_timeout(100)


@pytest.mark.slow
def test_the_label_panel_stays_in_view_and_c_writes_the_note(new_page, long_task):
    for viewport in ({"width": 1366, "height": 900}, SMALL_PHONE):
        page = new_page(viewport=viewport)
        log_in(page, "ann")
        page.goto("/label/long_counter/")
        assert "test_counter.py::test_reset" in page.locator(".failing-tests").inner_text()
        assert "hidden until you label" in page.locator(".facts").inner_text()
        scroll_into_code(page)
        assert page.evaluate("window.scrollY") > 1000, "the code should be long enough to scroll"
        assert pane_in_view(page), f"the label buttons scrolled away at {viewport['width']} px"
        assert fits_width(page)

    page.keyboard.press("c")  # focuses the note; the key itself is not typed into it
    assert page.evaluate("document.activeElement.id") == "id_note"
    page.keyboard.type("stack shows it; 1 2 n")  # keys typed into the note do not label or move
    hint = page.locator("#typing-hint")
    assert hint.is_visible() and "Esc" in hint.inner_text()  # the page says how to leave the box
    page.keyboard.press("Escape")
    assert page.evaluate("document.activeElement.id") != "id_note"
    assert not hint.is_visible()
    assert not PreferenceLabel.objects.exists() and page.url.endswith("/label/long_counter/")
    page.keyboard.press("?")
    assert "write a note" in page.locator("#cheatsheet").inner_text()
    page.keyboard.press("Escape")
    page.keyboard.press("2")
    page.wait_for_url(lambda url: "long_counter" not in url)
    assert list(PreferenceLabel.objects.values_list("preference", "note")) == [("optional", "stack shows it; 1 2 n")]

    page.goto("/label/long_counter/")  # labelled now: what is in force is no anchor any more
    assert "optional" in page.locator(".facts").inner_text()
    page.keyboard.press("c")
    doc_screenshots(page, "queue-scrolled", "The labeling page scrolled into the code: the label panel stays in "
                    "view (beside the code, or pinned to the bottom on a phone); c writes the note",
                    phone=SMALL_PHONE, settle=scroll_into_code)


@pytest.mark.slow
def test_the_review_page_works_from_the_keyboard(new_page, annotation_data):
    page = new_page()
    log_in(page, "ann")
    page.goto("/trajectories/ra-dbg-1/review/")
    links = page.locator("li.link")
    assert links.count() >= 1
    first_id = links.nth(0).get_attribute("id")
    assert "key-current" in (links.nth(0).get_attribute("class") or "")

    page.keyboard.press("?")
    sheet = page.locator("#cheatsheet").inner_text()
    for help_text in ("next link", "confirm the outlined link", "reject (overturn) the outlined link",
                      "verdict: the observation caused the edit", "write the verdict's note", "next trajectory"):
        assert help_text in sheet
    doc_screenshots(page, "review-keys", "The keys of the review page, listed by the ? key", phone=SMALL_PHONE)
    page.keyboard.press("Escape")

    page.keyboard.press("x")  # overturn the scorer's first proposed link (htmx swaps the item in)
    page.wait_for_selector(f"#{first_id}.decided-not_relevant")
    decided = list(EditRelevanceReview.objects.values_list("verdict", "proposed"))
    assert decided == [("not_relevant", True)]
    if links.count() > 1:  # on to the next link
        assert "key-current" in (links.nth(1).get_attribute("class") or "")
        page.keyboard.press("k")
    assert "key-current" in (page.locator(f"#{first_id}").get_attribute("class") or "")
    page.keyboard.press("y")  # change my mind: confirm it
    page.wait_for_selector(f"#{first_id}.decided-relevant")

    page.keyboard.press("c")
    page.keyboard.type("the value at turn 9 is the one it fixed")
    page.keyboard.press("Escape")
    page.keyboard.press("1")
    page.wait_for_selector("text=verdict recorded: relevant")
    assert list(TrajectoryReview.objects.values_list("verdict", "note")) == [
        ("relevant", "the value at turn 9 is the one it fixed")]
    doc_screenshots(page, "review-keyboard", "The review page: the outlined link takes y / x / u, j / k move, "
                    "1 2 3 give the verdict, n / p the next or previous trajectory", phone=SMALL_PHONE)
    assert fits_width(page)
    page.keyboard.press("n")
    page.wait_for_url(re.compile(r"/trajectories/ra-base-1/review/$"))
    page.keyboard.press("n")  # nothing left to review but the one I did: the overview's link, no n
    assert page.url.endswith("/trajectories/ra-base-1/review/")
