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
