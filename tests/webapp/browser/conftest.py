"""Browser tests: Playwright's Python package drives Debian's chromium (installed by scripts/setup)
against the app that pytest-django's live_server serves from this test run, on the test PostgreSQL.

Playwright never downloads a browser of its own here. Its sync API runs an event loop in the test's
thread while it is started, so Django would refuse the tests' own (synchronous) ORM calls as
"async-unsafe": DJANGO_ALLOW_ASYNC_UNSAFE lifts that check while a browser module runs, and Playwright
is stopped at the end of each module so the loop never outlives the browser tests.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from docs.gen.screenshots import SOURCE as DOC_SCREENSHOTS
from docs.gen.screenshots import record as record_screenshot
from tests.helpers.ports import free_port
from tests.webapp.conftest import REPO_ROOT, _database_url_of_test_db

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parents[3] / "var" / "test-artifacts"
DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 420, "height": 900}
SMALL_PHONE = {"width": 390, "height": 844}  # the narrowest phone the labeling pages are made for


@contextmanager
def chromium_browser():
    """Debian's chromium under Playwright, while the block runs."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run scripts/setup (it installs Debian's chromium)")
    saved = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
            yield browser
            browser.close()
    finally:
        if saved is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = saved


@pytest.fixture(scope="module")
def browser():
    with chromium_browser() as started:
        yield started


@pytest.fixture
def chromium():
    """A browser started inside the test, after its database fixtures: rows made after Playwright starts
    are written on a connection of its event loop's context that Django never closes (the test database
    could then not be dropped)."""
    with chromium_browser() as started:
        yield started


@pytest.fixture
def dialogs():
    """Every JavaScript dialog (alert, confirm) any page of the test opened."""
    return []


@pytest.fixture
def new_page(browser, live_server, dialogs):
    """A page factory; at the end, no page may have had anything refused by the site's CSP."""
    contexts, refused = [], []

    def make(viewport=DESKTOP, accept_downloads=False):
        context = browser.new_context(viewport=viewport, base_url=live_server.url, accept_downloads=accept_downloads)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
        page.on("console", lambda message: refused.append(f"{page.url}: {message.text}")
                if "Content Security Policy" in message.text else None)
        return page

    yield make
    for context in contexts:
        context.close()
    assert not refused, "the CSP refused part of a page:\n" + "\n".join(refused)


def log_in(page, username: str) -> None:
    page.goto("/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", "pw-" + username)
    page.click("button[type=submit]")
    page.wait_for_url(lambda url: "/accounts/login/" not in url)


def screenshots(page, name: str, folder: Path = ARTIFACTS, phone: dict = PHONE, settle=None) -> list[Path]:
    """The page at desktop and phone width, saved as test artifacts; the viewport is restored.
    ``settle(page)`` runs after each resize (to scroll the page where the shot should show it)."""
    folder.mkdir(parents=True, exist_ok=True)
    before, paths = page.viewport_size, []
    for label, size in ((str(DESKTOP["width"]), DESKTOP), (str(phone["width"]), phone)):
        page.set_viewport_size(size)
        page.wait_for_timeout(150)  # let the layout settle after the resize
        if settle is not None:
            settle(page)
        path = folder / f"{name}-{label}.png"
        page.screenshot(path=str(path))
        paths.append(path)
    page.set_viewport_size(before)
    return paths


def doc_screenshots(page, name: str, caption: str, phone: dict = PHONE, settle=None) -> list[Path]:
    """Screenshots for the docs' screenshots page: saved into build/screenshots/ with their caption, which
    scripts/docs copies into the site (docs/gen/screenshots.py)."""
    desktop, narrow = screenshots(page, name, folder=DOC_SCREENSHOTS, phone=phone, settle=settle)
    record_screenshot(name, caption, {f"{DESKTOP['width']} px wide": desktop, f"{phone['width']} px wide": narrow},
                      folder=DOC_SCREENSHOTS)
    return [desktop, narrow]


def fits_width(page) -> bool:
    """No horizontal scrolling of the page itself."""
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.fixture
def asgi_cwd() -> Path | None:
    """daphne's working directory (what relative paths mean to the web side, e.g. the tiny model's
    models/tiny-qwen2); a test module overrides this fixture to give the worker's. None: this checkout."""
    return None


@pytest.fixture
def asgi_server(transactional_db, tmp_path, asgi_cwd):
    """daphne serving webapp.config.asgi on a free port, on the test database and Redis."""
    from django.conf import settings

    port = free_port()
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "webapp.config.settings.test",
           "DATABASE_URL": _database_url_of_test_db(), "REDIS_URL": settings.REDIS_URL}
    if asgi_cwd is not None:  # another working directory: still this checkout's code
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO_ROOT), env.get("PYTHONPATH")) if p)
    log_path = tmp_path / "daphne.log"
    with open(log_path, "w") as log:
        proc = subprocess.Popen([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
                                 "webapp.config.asgi:application"], cwd=asgi_cwd or REPO_ROOT, env=env, stdout=log,
                                stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90  # start-up on a loaded machine, not an assertion
    while True:
        try:
            urllib.request.urlopen(url + "/accounts/login/", timeout=5).close()
            break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                pytest.fail(f"daphne did not come up; its log:\n{log_path.read_text()[-3000:]}")
            time.sleep(0.3)
    yield url
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
