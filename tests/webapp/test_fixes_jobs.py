"""Fixes found when the jobs and live pages were tried as a new user would."""

import json
import subprocess
import sys
import uuid
from io import StringIO

import pytest
from django.core.management import call_command

from harness.eval.metrics import outcome_from_trajectory
from harness.eval.report import build_report, write_report
from tests.helpers.environment import clean_env
from tests.helpers.ports import free_port
from tests.helpers.waiting import wait_until
from tests.webapp.conftest import REPO_ROOT, load_fixture_document
from webapp.runs.models import EvalRun
from webapp.trajectories.models import Trajectory


def harness_eval_folder(root):
    """What ``python -m harness eval --out DIR`` leaves: eval.json, report.json and .md, and the
    trajectories (with their event streams) under trajectories/<task>/<arm>-run<r>.json."""
    documents = {arm: load_fixture_document(f"running_average_{arm}.json") for arm in ("base", "dbg")}
    for arm, document in documents.items():
        path = root / "trajectories" / "running_average" / f"{arm}-run1.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(document), encoding="utf-8")
        path.with_name(f"{arm}-run1.events.jsonl").write_text('{"event": "header"}\n', encoding="utf-8")
    (root / "eval.json").write_text(json.dumps({"policy": "openai:qwen", "max_turns": 50, "sandbox": "bwrap",
                                                "arms": ["base", "dbg"], "runs": 1, "split": "heldout",
                                                "tasks": ["running_average"]}), encoding="utf-8")
    outcomes = [outcome_from_trajectory(d, run=1, preference="recommended") for d in documents.values()]
    write_report(build_report(outcomes, model="qwen", runs=1, max_turns=50, sandbox="bwrap"), root)
    return documents


@pytest.mark.django_db
def test_an_eval_output_folder_imports_as_one_eval_run_with_its_trajectories_and_report(tmp_path):
    documents = harness_eval_folder(tmp_path / "qwen-heldout")
    out, err = StringIO(), StringIO()

    call_command("import_trajectories", str(tmp_path / "qwen-heldout"), stdout=out, stderr=err)

    assert "eval.json" not in err.getvalue() and "report.json" not in err.getvalue()
    assert "2 created, 0 updated, 0 unchanged, 0 failed" in out.getvalue()
    assert "1 eval run created (qwen-heldout)" in out.getvalue()
    run = EvalRun.objects.get()
    assert run.name == "qwen-heldout" and run.config["policy"] == "openai:qwen"
    assert run.report["model"] == "qwen" and run.report["overall"]["arms"]["dbg"]["pass_at_1"] == 1.0
    assert sorted(run.trajectories.values_list("episode_id", flat=True)) == sorted(
        d["episode_id"] for d in documents.values())

    call_command("import_trajectories", str(tmp_path), stdout=StringIO(), stderr=StringIO())  # idempotent

    assert EvalRun.objects.count() == 1 and Trajectory.objects.count() == 2


@pytest.mark.slow
def test_with_the_database_missing_the_hint_says_to_create_it_not_to_start_the_server():
    name = f"stepwise_missing_{uuid.uuid4().hex[:8]}"
    env = clean_env(DJANGO_SETTINGS_MODULE="webapp.config.settings.local",
                    DATABASE_URL=f"postgres://postgres@127.0.0.1:5432/{name}")

    shown = subprocess.run([sys.executable, "manage.py", "showmigrations", "runs"], cwd=REPO_ROOT, env=env,
                           capture_output=True, text=True, timeout=120)

    assert shown.returncode == 1
    assert f'database "{name}" does not exist' in shown.stderr
    assert f"create it: createdb -h 127.0.0.1 -p 5432 -U postgres {name}" in shown.stderr
    assert "start it" not in shown.stderr and "Traceback" not in shown.stderr


@pytest.mark.slow
def test_with_the_database_server_down_the_hint_still_says_to_start_it():
    env = clean_env(DJANGO_SETTINGS_MODULE="webapp.config.settings.local",
                    DATABASE_URL="postgres://postgres@127.0.0.1:1/stepwise")

    shown = subprocess.run([sys.executable, "manage.py", "showmigrations", "runs"], cwd=REPO_ROOT, env=env,
                           capture_output=True, text=True, timeout=120)

    assert shown.returncode == 1 and "start it (scripts/services)" in shown.stderr


def healthz(port: int) -> int:
    import urllib.error
    import urllib.request

    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as exc:
        return exc.code
    except OSError:
        return 0


@pytest.mark.slow
def test_serve_restarts_a_worker_that_dies_and_stops_everything_when_it_keeps_dying(transactional_db, tmp_path):
    """What scripts/run runs after its set-up: the web server keeps a working worker behind it."""
    import os
    import re
    import signal

    from django.conf import settings

    from tests.webapp.conftest import _database_url_of_test_db

    port = free_port()
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "webapp.config.settings.test", "REDIS_URL": settings.REDIS_URL,
           "DATABASE_URL": _database_url_of_test_db(), "STEPWISE_VAR_DIR": str(tmp_path)}
    out = tmp_path / "serve.out"
    with open(out, "w") as handle:
        serve = subprocess.Popen([sys.executable, "manage.py", "serve", "--port", str(port), "--max-restarts", "1",
                                  "--concurrency", "1"], cwd=REPO_ROOT, env=env, stdout=handle,
                                 stderr=subprocess.STDOUT)

    def said() -> str:
        return out.read_text(errors="replace")

    def wait_for(condition, what, timeout_s=120):
        wait_until(condition, what, timeout_s, interval_s=0.5, give_up_when=lambda: serve.poll() is not None,
                   failure=lambda: f"timed out waiting for {what}; serve said:\n{said()[-3000:]}")

    try:
        wait_for(lambda: healthz(port) == 200, "/healthz to answer 200 with the workers up")
        first = int(re.search(r"started the episodes worker \(pid (\d+)\)", said())[1])

        os.kill(first, signal.SIGKILL)
        wait_for(lambda: "the episodes worker stopped (killed by SIGKILL); restarted it" in said(), "the restart")
        second = int(re.search(r"restarted it \(pid (\d+)\)", said())[1])
        wait_for(lambda: healthz(port) == 200, "/healthz to answer 200 again")
        assert second != first

        os.kill(second, signal.SIGKILL)  # dying again within ten minutes: more than --max-restarts 1
        assert serve.wait(timeout=60) == 1
        assert re.search(r"the episodes worker stopped \(killed by SIGKILL\), 2 times in 10 minutes "
                         r"\(log: .*worker\.log\); stopping Stepwise", said())
        assert healthz(port) == 0  # the web server is gone too
    finally:
        if serve.poll() is None:
            serve.terminate()
            serve.wait(timeout=60)
