"""A browser walk of every page and form, as a new user meets them at 390 px: the app started as the
README starts it (``scripts/run`` on the embedded default, SQLite), and the same walk on PostgreSQL with
data in every list. No answer is a 500, every refusal says why, no page is wider than the phone."""

from __future__ import annotations

import os
import signal
import subprocess
import time
import urllib.request

import pytest

from tests.helpers.environment import clean_env
from tests.webapp.browser.conftest import ARTIFACTS, SMALL_PHONE, free_port, log_in
from tests.webapp.browser.site_walk import walk_site
from tests.webapp.conftest import REPO_ROOT

ADMIN_PASSWORD = "walk-Admin-pw-1"


def sign_in(page, base: str, username: str, password: str) -> None:
    page.goto(base + "/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("button[type=submit]")
    page.wait_for_url(lambda url: "/accounts/login/" not in url)


@pytest.fixture
def quick_start(tmp_path):
    """``scripts/run`` with nothing set but a data folder, a port and the admin's password: migrate, the
    corpus, the admin, the docs when missing, daphne and the two workers."""
    built = REPO_ROOT / "build" / "site"
    env = clean_env(STEPWISE_VAR_DIR=str(tmp_path / "var"), PORT=str(free_port()), HOST="127.0.0.1",
                    STEPWISE_ADMIN_PASSWORD=ADMIN_PASSWORD,
                    STEPWISE_DOCS_DIR=str(built if (built / "index.html").is_file() else tmp_path / "site"))
    log = tmp_path / "run.log"
    with open(log, "w") as out:
        proc = subprocess.Popen([str(REPO_ROOT / "scripts" / "run")], cwd=REPO_ROOT, env=env, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{env['PORT']}"
    deadline = time.monotonic() + 600  # migrations, 200 tasks and maybe the docs on a loaded machine
    while True:
        try:
            urllib.request.urlopen(base + "/accounts/login/", timeout=5).close()
            break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                os.killpg(proc.pid, signal.SIGKILL)
                pytest.fail(f"scripts/run did not come up; its output:\n{log.read_text()[-4000:]}")
            time.sleep(1)
    yield base, env
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def assert_walked(report, *, pages: int) -> None:
    assert not report.problems(), "\n".join(report.problems())
    assert len(report.pages) >= pages, report.pages


@pytest.mark.slow
@pytest.mark.timeout(1500)  # scripts/run migrates and imports the whole corpus first (minutes on a loaded machine)
def test_the_quick_start_on_sqlite_has_no_500_no_silent_refusal_and_fits_390_px(browser, quick_start):
    base, env = quick_start
    subprocess.run([str(REPO_ROOT / ".venv" / "bin" / "python"), "manage.py", "adduser", "ann", "--role",
                    "annotator", "--password-stdin"], cwd=REPO_ROOT, env={**env, "DJANGO_SETTINGS_MODULE":
                   "webapp.config.settings.local"}, input="walk-Ann-pw-1\n", text=True, check=True, capture_output=True)
    context = browser.new_context(viewport=SMALL_PHONE)
    page = context.new_page()
    page.set_default_timeout(30_000)

    sign_in(page, base, "admin", ADMIN_PASSWORD)
    assert page.request.get(base + "/docs/index.html").status == 200  # the docs from the first start
    admin = walk_site(page, base, shots=ARTIFACTS / "walk-sqlite")
    page.goto(base + "/accounts/logout/")
    context.clear_cookies()
    sign_in(page, base, "ann", "walk-Ann-pw-1")
    annotator = walk_site(page, base, forms=False, per_route=1)  # what an annotator may not open says why
    context.close()

    assert_walked(admin, pages=20)
    assert admin.forms, "the walk submitted no form"
    assert_walked(annotator, pages=10)


@pytest.mark.slow
@pytest.mark.timeout(900)
@pytest.mark.django_db(transaction=True)
def test_the_same_walk_on_postgresql_with_something_in_every_list(new_page, live_server, annotation_data,
                                                                  make_user, settings, tmp_path):
    from harness.eval.metrics import EpisodeOutcome
    from harness.eval.report import build_report
    from webapp.runs.models import EvalRun, Job, JobEvent

    settings.VAR_DIR = tmp_path / "var"
    boss = make_user("boss", role="admin")
    job = Job.objects.create(kind="eval", created_by=boss, state="succeeded", params={"name": "smoke"})
    rows = [EpisodeOutcome(task=t, arm=a, run=1, verified=t == "counter_reset", turns=4, debugger_started=a == "dbg")
            for t in ("counter_reset", "running_average") for a in ("base", "dbg")]
    EvalRun.objects.create(name="smoke", job=job, report=build_report(rows, model="m", runs=1, max_turns=10))
    sft = Job.objects.create(kind="sft", created_by=boss, state="succeeded", params={"name": "tiny"})
    for seq in range(1, 4):
        JobEvent.objects.create(job=sft, seq=seq, kind="metric", data={"series": "train", "x": seq,
                                                                      "values": {"loss": 1 / seq}})
    page = new_page(viewport=SMALL_PHONE)
    log_in(page, "boss")

    report = walk_site(page, live_server.url, shots=ARTIFACTS / "walk-postgresql")
    page.goto(f"/jobs/compare/?job={sft.pk}")

    assert_walked(report, pages=25)
    assert page.locator("h1").count() and "tiny" in page.content()
