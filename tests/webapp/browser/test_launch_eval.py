"""Launching an eval in Chromium: the form answers bad input, the job page follows the eval live over
its websocket (progress bar, solve-rate chart, log) as a real Celery worker plays the episodes, and
the report opens in the page when the last episode ends. The app is served by daphne (HTTP and
websockets), as scripts/run serves it, on the test database."""

from __future__ import annotations

import json

import pytest

from tests.helpers.tasks import RESET_COUNTER_FIX, RESET_COUNTER_TESTS
from tests.webapp.browser.conftest import (
    ARTIFACTS,
    DESKTOP,
    fits_width,
    screenshots,
)

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def ann(make_user):
    return make_user("ann")


# The database rows come first, then the browser (see the chromium fixture).
@pytest.mark.slow
def test_an_eval_launched_from_the_form_is_followed_live_and_opens_its_report(catalog_task, ann, celery_worker,
                                                                               asgi_server, chromium):
    context = chromium.new_context(viewport=DESKTOP, base_url=asgi_server)
    page = context.new_page()
    page.set_default_timeout(30_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto("/accounts/login/")
    page.fill("#id_username", "ann")
    page.fill("#id_password", "pw-ann")
    page.click("button[type=submit]")
    page.wait_for_url(lambda url: "/accounts/login/" not in url)

    page.goto("/jobs/new/")
    page.click("text=Paired eval")
    # The split is left at its default: the typed task names are what is played.
    page.fill("#id_tasks", "counter_rest")
    page.fill("#id_runs", "2")
    page.click("form.launchform button[type=submit]")
    assert "counter_rest (did you mean counter_reset?)" in " ".join(page.locator(".fielderrors").all_inner_texts())
    assert "give a policy spec" in page.inner_text("form.launchform")
    screenshots(page, "launch-eval-errors")

    page.fill("#id_name", "scripted fix")
    page.fill("#id_script", json.dumps({"tool_calls": [RESET_COUNTER_FIX, RESET_COUNTER_TESTS]}))
    page.fill("#id_tasks", "counter_reset")
    page.fill("#id_max_turns", "6")
    page.fill("#id_workers", "1")  # one episode at a time: the bar and the chart move four times
    page.click("form.launchform button[type=submit]")
    page.wait_for_url("**/jobs/*/")
    page.evaluate("window.stillTheSamePage = true")

    page.wait_for_function("() => Number((document.getElementById('charts') || {dataset: {}}).dataset.points) >= 1",
                           timeout=240_000)
    page.wait_for_function("() => document.querySelectorAll('#children tbody tr').length === 4")
    page.wait_for_function("() => document.querySelector('#job > .pagehead [data-field=state]').textContent === 'succeeded'",
                           timeout=240_000)
    page.wait_for_selector("#report table", timeout=60_000)

    assert page.evaluate("window.stillTheSamePage") is True  # followed live, never reloaded
    assert page.locator(".messages").count() == 0  # the launch's "is queued" notice went with the queued state
    assert page.locator("#report-card").is_visible()
    assert page.locator("#job [data-bar] .track").first.get_attribute("aria-valuenow") == "100"  # set live (JS numbers)
    assert page.evaluate("document.getElementById('charts').dataset.points") == "4"
    assert page.locator("#charts .uplot").count() == 1
    assert "counter_reset dbg run 2: verified" in page.inner_text("#log")
    assert page.locator("#children [data-field=state]").all_inner_texts() == ["succeeded"] * 4
    assert page.locator("form[action$='/cancel/']").is_hidden()
    assert "pass@1 (mean over runs)" in page.inner_text("#report")
    page.wait_for_function("() => [...document.querySelectorAll('#report img')].every(i => i.complete && i.naturalWidth)")
    # Zoom into the chart by dragging across it, as a person would; a new point keeps that zoom.
    page.locator("#charts .u-over").scroll_into_view_if_needed()
    over = page.locator("#charts .u-over").bounding_box()
    page.mouse.move(over["x"] + over["width"] * 0.1, over["y"] + over["height"] / 2)
    page.mouse.down()
    page.mouse.move(over["x"] + over["width"] * 0.5, over["y"] + over["height"] / 2, steps=5)
    page.mouse.up()
    zoomed = page.evaluate("() => { const c = Object.values(document.getElementById('charts').stepwiseCharts.charts)[0];"
                           " return [c.plot.scales.x.min, c.plot.scales.x.max]; }")
    assert zoomed[1] < 4
    page.evaluate("() => document.getElementById('charts').stepwiseCharts.add("
                  "{series: 'solve_rate', x: 5, values: {base: 0.5, dbg: 1.0}})")
    page.wait_for_function("() => document.getElementById('charts').dataset.points === '5'")
    after = page.evaluate("() => { const c = Object.values(document.getElementById('charts').stepwiseCharts.charts)[0];"
                          " return [c.plot.scales.x.min, c.plot.scales.x.max, c.plot.data[0].length]; }")
    assert after == [*zoomed, 5]
    # Axis labels carry the decimals the tick step needs: close ticks never read the same.
    assert page.evaluate("StepwiseCharts.tickLabels([7.1705, 7.171, 7.1715], false)") == ["7.1705", "7.171", "7.1715"]
    assert page.evaluate("StepwiseCharts.tickLabels([0, 0.25, 0.5], true)") == ["0%", "25%", "50%"]
    assert page.evaluate("StepwiseCharts.tickLabels([1000, 2000], false)") == ["1000", "2000"]
    page.evaluate("window.scrollTo(0, 0)")
    screenshots(page, "eval-job-finished")
    page.screenshot(path=str(ARTIFACTS / "eval-job-finished-full.png"), full_page=True)
    assert fits_width(page)

    page.goto("/jobs/")
    assert "scripted fix" in page.inner_text("#jobs")
    screenshots(page, "jobs-list")
    page.click("text=Evals")
    page.click("text=scripted fix")
    page.wait_for_selector(".report table")
    screenshots(page, "eval-report")
    assert errors == []
    assert ARTIFACTS.is_dir()
    context.close()
