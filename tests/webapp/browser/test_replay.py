"""The replay in the browser: keys, permalinks, program output shown as text, side by side, search."""

import re

import pytest

from tests.webapp.browser.conftest import SMALL_PHONE, fits_width, log_in, screenshots

pytestmark = pytest.mark.django_db(transaction=True)


def panel_turn(page) -> str:
    return page.locator(".step-panel").get_attribute("data-turn")


@pytest.mark.slow
def test_stepping_through_a_trajectory_with_the_keys(new_page, annotation_data, dialogs):
    page = new_page()
    log_in(page, "ann")
    page.goto("/trajectories/")
    page.click("text=ra-dbg-1")
    # The click returns once the new page starts loading; a key pressed before its scripts have run
    # reaches no handler (what failed on CI), so wait for the page to load as a person would.
    page.wait_for_url(re.compile(r"/trajectories/ra-dbg-1/$"))
    assert panel_turn(page) == "1"

    for expected in ("2", "3", "4"):
        page.keyboard.press("j")
        page.wait_for_function("t => document.querySelector('.step-panel').dataset.turn === t", arg=expected)
    page.keyboard.press("k")
    page.wait_for_function("() => document.querySelector('.step-panel').dataset.turn === '3'")
    assert page.url.endswith("/trajectories/ra-dbg-1/turn/3/")
    page.keyboard.press("End")
    page.wait_for_function("() => document.querySelector('.step-panel').dataset.turn === '15'")
    page.keyboard.press("Home")
    page.wait_for_function("() => document.querySelector('.step-panel').dataset.turn === '1'")

    page.goto("/trajectories/ra-dbg-1/turn/8/")  # a permalink: the second examine_locals
    assert panel_turn(page) == "8"
    changed = page.locator(".locals-table tr.change-changed")
    assert "value" in changed.last.inner_text() and "2" in changed.last.inner_text()
    assert page.locator(".srcline.cursor .ln").get_attribute("data-line") == "10"
    assert page.locator(".srcline.bp .ln").get_attribute("data-line") == "10"
    screenshots(page, "replay")
    assert fits_width(page)

    page.goto("/trajectories/ra-dbg-1/turn/13/")
    assert "self.values.pop(0)" in page.locator(".workspace-diff").inner_text()

    page.goto("/trajectories/ra-dbg-1/turn/14/")
    observation = page.locator(".step-panel pre.observation")
    assert "<script>alert(1)</script>" in observation.inner_text()
    assert observation.locator("script").count() == 0
    page.keyboard.press("k")  # through htmx too
    page.keyboard.press("j")
    page.wait_for_function("() => document.querySelector('.step-panel').dataset.turn === '14'")
    page.wait_for_timeout(300)
    assert dialogs == []


@pytest.mark.slow
def test_searching_inside_a_trajectory_marks_the_steps(new_page, annotation_data):
    page = new_page()
    log_in(page, "ann")
    page.goto("/trajectories/ra-dbg-1/")

    page.keyboard.press("/")
    page.keyboard.type("self.values = [1, 2]")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"\?q="))

    assert [li.get_attribute("data-turn") for li in page.locator("#step-list li.match").all()] == ["9", "12"]
    assert panel_turn(page) == "9"


@pytest.mark.slow
def test_the_side_by_side_view_aligns_the_two_arms_by_turn(new_page, annotation_data):
    page = new_page()
    log_in(page, "ann")
    page.goto("/trajectories/ra-base-1/")

    page.keyboard.press("s")
    page.wait_for_url(re.compile(r"/side-by-side/$"))

    heads = page.locator(".sbs-summary").all_inner_texts()
    assert "dbg" in heads[0] and "15 turns" in heads[0] and "verified" in heads[0]
    assert "base" in heads[1] and "5 turns" in heads[1]
    row3 = page.locator("#turn-3 .sbs-cell").all_inner_texts()
    assert "add_breakpoint" in row3[0] and "edit stats_window.py" in row3[1]
    assert page.locator("#turn-6 .sbs-cell.empty").count() == 1
    screenshots(page, "side-by-side")
    assert fits_width(page)


@pytest.mark.slow
def test_the_replay_module_takes_steps_one_at_a_time(new_page, annotation_data, dialogs):
    """What the live viewer will do: append a step as it arrives (text stays text) and go to it."""
    page = new_page()
    log_in(page, "ann")
    page.goto("/trajectories/ra-dbg-1/turn/2/")

    page.evaluate("""() => StepwiseReplay.attach(document.getElementById('replay'))
                     .appendStep({turn: 16, summary: '<img src=x onerror=alert(2)>', kind: 'debugger'})""")

    added = page.locator("#step-list li").last
    assert added.get_attribute("data-turn") == "16"
    assert added.locator(".summary").inner_text() == "<img src=x onerror=alert(2)>"
    assert page.locator("#step-list img").count() == 0
    assert panel_turn(page) == "2"  # not following: the reader stays where they are
    page.evaluate("() => StepwiseReplay.attach(document.getElementById('replay')).go(15)")
    page.wait_for_function("() => document.querySelector('.step-panel').dataset.turn === '15'")
    assert dialogs == []


@pytest.mark.slow
def test_the_execution_position_is_scrolled_into_view_and_long_lines_wrap_at_phone_width(new_page, annotation_data):
    page = new_page()
    log_in(page, "ann")
    page.goto("/trajectories/ra-dbg-1/turn/8/")  # paused at stats_window.py:10
    # A short source box, so that line 10 starts out of view and has to be scrolled to.
    page.evaluate("document.querySelector('.srcline.cursor').closest('.scrollbox').style.maxHeight = '5rem'")
    page.evaluate("StepwiseReplay.attach(document.getElementById('replay')).scrollToCursor()")
    inside = page.evaluate("""() => {
        const line = document.querySelector('.srcline.cursor').getBoundingClientRect();
        const box = document.querySelector('.srcline.cursor').closest('.scrollbox').getBoundingClientRect();
        return line.top >= box.top && line.bottom <= box.bottom;
    }""")
    assert inside

    page.set_viewport_size({"width": 390, "height": 900})
    page.goto("/trajectories/ra-dbg-1/turn/8/")
    # The cursor line is read whole: it wraps inside the panel instead of running past its edge.
    fits = page.evaluate("""() => {
        const line = document.querySelector('.srcline.cursor');
        const box = line.closest('pre');
        return line.scrollWidth <= box.clientWidth && line.getBoundingClientRect().right <= box.getBoundingClientRect().right;
    }""")
    assert fits and fits_width(page)
    page.goto("/trajectories/ra-dbg-1/turn/13/")  # an edit: its diff comes before the source and locals
    order = page.evaluate("() => [...document.querySelectorAll('.step-panel .workspace-diff, .step-panel .source-view')]"
                          ".map(e => e.className)")
    assert order[0].startswith("workspace-diff") and len(order) == 2
    screenshots(page, "replay-edit-step", phone=SMALL_PHONE)
    page.goto("/trajectories/ra-dbg-1/turn/8/")
    screenshots(page, "replay-paused", phone=SMALL_PHONE)
