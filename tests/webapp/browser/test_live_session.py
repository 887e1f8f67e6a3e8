"""A person drives a live session in Chromium: the page is served by daphne (websockets) in its own
process, the session's sandbox is held by a real Celery worker, both on the test database and Redis."""

import re

import pytest

from tests.webapp.browser.conftest import DESKTOP, fits_width, log_in, screenshots
from webapp.runs.models import Episode

pytestmark = pytest.mark.django_db(transaction=True)


def step_shown(page, turn: int) -> None:
    """Wait for the step to arrive over the socket and its panel to load."""
    page.wait_for_function("t => document.querySelector('.step-panel') && "
                           "document.querySelector('.step-panel').dataset.turn === String(t)", arg=turn, timeout=90_000)


@pytest.mark.slow
def test_a_person_fixes_a_bug_in_a_live_session_and_the_trajectory_is_verified(
        browser, dialogs, asgi_server, start_worker, make_user, catalog_task):
    start_worker()
    make_user("ann")
    context = browser.new_context(viewport=DESKTOP, base_url=asgi_server)
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    log_in(page, "ann")

    page.goto("/live/")
    page.fill("input[name=task]", "counter_reset")
    page.click("text=Open a live session")
    page.wait_for_url(re.compile(r"/episodes/\d+/$"))
    page.wait_for_function("() => document.getElementById('live-state').textContent === 'running'", timeout=90_000)
    assert page.locator(".source-view").get_attribute("data-file") == "test_counter.py"  # before any step

    page.click("form[data-tool=start_debugger] button")  # the test file is chosen already
    step_shown(page, 1)
    page.select_option("#view-file", "counter.py")
    page.wait_for_selector(".source-view[data-file='counter.py']")
    page.click(".source-view .srcline:nth-child(2) .ln")  # state['n'] = 1
    step_shown(page, 2)
    assert page.locator(".srcline.bp .ln").get_attribute("data-line") == "2"
    page.click(".source-view .srcline:nth-child(2) .ln")  # a ● line: the click removes it
    step_shown(page, 3)
    assert page.locator(".srcline.bp").count() == 0
    page.click(".source-view .srcline:nth-child(2) .ln")  # and sets it again
    step_shown(page, 4)
    assert page.locator(".srcline.bp .ln").get_attribute("data-line") == "2"

    page.evaluate("() => document.getElementById('replay').stepwiseLive.socket.close()")  # the socket drops
    page.keyboard.press("c")  # continue_execution; the viewer reconnects by itself
    step_shown(page, 5)
    assert page.locator(".source-view").get_attribute("data-file") == "counter.py"
    assert page.locator(".srcline.cursor .ln").get_attribute("data-line") == "2"
    page.keyboard.press("l")  # examine_locals
    step_shown(page, 6)
    assert "state" in page.locator(".locals-table").inner_text()
    screenshots(page, "live-session")

    page.fill("#session-note", "reset sets n to 1; it must go back to 0")
    edit = page.locator("form[data-tool=edit_file]")
    edit.locator("[name=file_path]").fill("counter.py")
    edit.locator("[name=old_string]").fill("state['n'] = 1")
    edit.locator("[name=new_string]").fill("state['n'] = 0")
    edit.locator("button").click()
    step_shown(page, 7)
    assert "state['n'] = 0" in page.locator(".workspace-diff").inner_text()
    bash = page.locator("form[data-tool=bash]")
    bash.locator("[name=command]").fill("python -m pytest -q test_counter.py; echo '<script>alert(1)</script>'")
    bash.locator("button").click()
    step_shown(page, 8)
    observation = page.locator(".step-panel pre.observation")
    assert "1 passed" in observation.inner_text() and "<script>alert(1)</script>" in observation.inner_text()
    assert observation.locator("script").count() == 0
    page.click("form[data-tool=done] button")
    step_shown(page, 9)
    page.wait_for_selector("#live-trajectory:not([hidden])", timeout=90_000)
    page.wait_for_function("() => document.getElementById('live-state').textContent === 'succeeded'",
                           timeout=90_000)  # the job ends just after its trajectory is stored
    screenshots(page, "live-session-done")
    assert fits_width(page)

    episode = Episode.objects.select_related("trajectory").get()
    document = episode.trajectory.record
    assert document.policy["kind"] == "human" and document.result.verified is True
    assert [s.tool for s in document.steps] == ["start_debugger", "add_breakpoint", "remove_breakpoint",
                                                "add_breakpoint", "continue_execution", "examine_locals",
                                                "edit_file", "bash", "done"]
    assert "verified" in page.locator("#live-result").inner_text()
    assert page.locator("#session button:not([disabled])").count() == 0  # the session is over
    page.goto("/live/")
    assert "by hand" in page.locator("table.rows").inner_text()
    screenshots(page, "live-list")
    assert dialogs == []
    context.close()
