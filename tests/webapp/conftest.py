"""Fixtures for the web app tests: small task folders and trajectory documents built by hand, users,
and a real Celery worker subprocess on the machine's Redis.

The tests never depend on the tasks in corpus/tasks (others add tasks all the time): every corpus
is built in tmp_path.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command
from django.db import connection

from tests.helpers.tasks import RESET_COUNTER, RUNNING_AVERAGE, write_task

REPO_ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _require_postgresql(request):
    """These tests pin behaviour on the real PostgreSQL; SQLite would hide differences."""
    if "django_db_setup" in request.fixturenames or request.node.get_closest_marker("django_db"):
        engine = settings.DATABASES["default"]["ENGINE"]
        if "postgresql" not in engine:
            pytest.fail(f"the web app tests need PostgreSQL, got {engine}; run scripts/test or set "
                        "DATABASE_URL=postgres://postgres@127.0.0.1:5432/stepwise")


@pytest.fixture
def corpus_root(tmp_path) -> Path:
    root = tmp_path / "corpus" / "tasks"
    root.mkdir(parents=True)
    return root


def trajectory_document(episode_id: str = "ep-1", *, task: str = "counter_reset", arm: str = "dbg",
                        verified: bool = True, exit_reason: str = "done", steps: list[dict] | None = None) -> dict:
    """A valid stepwise.trajectory/1 document, written by hand after harness/trajectory.py's schema."""
    if steps is None:
        steps = [
            {"turn": 0, "tool": "start_debugger", "arguments": {"file": "test_counter.py"},
             "observation": '<execution_position file="test_counter.py" line=1> ... </execution_position>',
             "position": ["test_counter.py", 1], "duration_ms": 120.5, "error": False},
            {"turn": 1, "tool": "print_variable", "arguments": {"name": "state"},
             "observation": "{'n': 1}", "position": ["counter.py", 3], "duration_ms": 8.0, "error": False},
            {"turn": 2, "tool": "edit_file",
             "arguments": {"file_path": "counter.py", "old_string": "= 1", "new_string": "= 0"},
             "observation": "Edited counter.py", "position": None, "duration_ms": 2.0, "error": False},
        ]
    return {
        "schema": "stepwise.trajectory/1", "episode_id": episode_id, "task": task, "split": "train",
        "arm": arm, "policy": {"kind": "scripted", "model": None, "params": {}}, "sandbox": "bwrap",
        "max_turns": 20, "started_at": "2026-11-29T10:00:00.000Z", "finished_at": "2026-11-29T10:00:05.000Z",
        "messages": [{"role": "system", "content": "Fix the bug."}, {"role": "user", "content": "go"}],
        "steps": steps,
        "result": {"verified": verified, "exit_reason": exit_reason, "tests": {"passed": 1, "failed": 0},
                   "patch": "--- a/counter.py\n+++ b/counter.py\n", "reason": None},
        "quality": None,
    }


# Real corpus tasks (corpus/splits.json): two of train, one of validation, so an export has both splits.
DEMONSTRATION_TASKS = (("bulk_upload_batches", "train"), ("sensor_summary_reuse", "train"),
                       ("activity_feed_page_cache", "validation"))


def session_document(episode_id: str, *, task: str, split: str, person: str = "res", verified: bool = True,
                     policy_passed: bool = True) -> dict:
    """A live session a person played by hand (``policy.kind`` human) on a real corpus task, with the
    conversation an SFT row is made of and the scoring seam's pdb_policy verdict (passed, or failed on a
    hard rule): what ``export_sft`` takes from the live sessions stored here."""
    from tests.training.conftest import example

    document = trajectory_document(episode_id, task=task, arm="base", verified=verified)
    document["split"] = split
    document["policy"] = {"kind": "human", "model": None, "params": {"person": person}}
    document["messages"] = example(task, split, 0)["messages"]
    hard = [] if policy_passed else [{"rule": "edit_before_inspect", "message": "edited before looking at any state"}]
    document["quality"] = {"verified": verified, "policy": {
        "version": "pdb_policy_v1", "score": 0.9 if policy_passed else 0.0, "passed": policy_passed,
        "hard_reasons": hard, "soft_reasons": [], "features": {"invalid_replies": 0}}}
    return document


def import_files(*paths) -> tuple[str, str]:
    """``manage.py import_trajectories PATHS``: (stdout, stderr), whether or not some file failed."""
    out, err = StringIO(), StringIO()
    try:
        call_command("import_trajectories", *map(str, paths), stdout=out, stderr=err)
    except CommandError:
        pass
    return out.getvalue(), err.getvalue()


def write_json(path: Path, doc) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


@pytest.fixture
def make_user(django_user_model):
    """A user with a role: ``role=`` names it; by default staff become admins and others researchers
    (who may launch jobs, as most tests do). ``role=None`` leaves the user with no group (an annotator)."""
    from webapp.core.services import grant_role

    def make(username: str, role: str | None = "", **extra):
        user = django_user_model.objects.create_user(username=username, password="pw-" + username, **extra)
        if role == "":
            role = "admin" if extra.get("is_staff") or extra.get("is_superuser") else "researcher"
        if role is not None:
            grant_role(username=username, role=role)
            user.refresh_from_db()
        return user

    return make


class WorkerProcess:
    """A real ``celery worker`` subprocess on the test database; ``env`` chooses Redis or the embedded
    default. Ready when its log says so; killed, stopped or restarted by the test."""

    def __init__(self, log_path: Path, env: dict | None = None, *, name: str | None = None, pool: str = "solo",
                 queues: str = "celery,episodes,training", cwd: Path | None = None):
        self.log_path, self.pool, self.queues, self.cwd = log_path, pool, queues, cwd or REPO_ROOT
        self.name = name or f"test-{os.getpid()}"
        self.env = {**os.environ, "DJANGO_SETTINGS_MODULE": "webapp.config.settings.test",
                    "DATABASE_URL": _database_url_of_test_db(), "REDIS_URL": settings.REDIS_URL, **(env or {})}
        if cwd is not None:  # another working directory (what relative paths mean): still this checkout's code
            self.env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO_ROOT), self.env.get("PYTHONPATH")) if p)
        self.proc: subprocess.Popen | None = None

    def start(self) -> WorkerProcess:
        offset = self.log_path.stat().st_size if self.log_path.exists() else 0
        with open(self.log_path, "a") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "celery", "-A", "webapp.config.celery_app", "worker", "--pool", self.pool,
                 "--loglevel", "info", "--hostname", f"{self.name}@%h", "--without-gossip", "--without-mingle",
                 "--without-heartbeat", "--queues", self.queues],
                cwd=self.cwd, env=self.env, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 90  # a wait for start-up on a loaded machine, not an assertion
        while " ready." not in self.log_path.read_text(errors="replace")[offset:]:
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                pytest.fail(f"the Celery worker did not come up; its log:\n{self.log()[-3000:]}")
            time.sleep(0.2)
        return self

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def kill(self) -> None:
        """SIGKILL: no clean-up of any kind, as when the machine runs out of memory."""
        self.proc.kill()
        self.proc.wait()

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


@pytest.fixture
def start_worker(transactional_db, tmp_path):
    """Start real workers (``start_worker(env=..., name=...)``); every one is stopped at the end."""
    started: list[WorkerProcess] = []

    def start(env: dict | None = None, **kwargs) -> WorkerProcess:
        worker = WorkerProcess(tmp_path / f"worker-{len(started)}.log", env, **kwargs)
        started.append(worker)
        return worker.start()

    yield start
    for worker in started:
        worker.stop()


@pytest.fixture
def celery_worker(start_worker):
    """A real `celery worker` process on the test Redis (same key prefix) and the test database.

    Function-scoped and torn down at the end of the test, so no other test sees a worker answer.
    """
    return start_worker().proc


def _database_url_of_test_db() -> str:
    params = connection.settings_dict
    user = params.get("USER") or "postgres"
    password = f":{params['PASSWORD']}" if params.get("PASSWORD") else ""
    host, port = params.get("HOST") or "127.0.0.1", params.get("PORT") or 5432
    return f"postgres://{user}{password}@{host}:{port}/{params['NAME']}"


FIXTURES = Path(__file__).resolve().parent / "fixtures"


def load_fixture_document(name: str) -> dict:
    return json.loads((FIXTURES / name).read_text(encoding="utf-8"))


@pytest.fixture
def annotation_data(corpus_root, make_user):
    """What an annotator finds: four tasks (one with two real recorded episodes, dbg and base, of one
    eval run, scored by hand in the quality shape), and the users ann (annotator) and sam (staff)."""
    from webapp.catalog.services import import_corpus
    from webapp.runs.models import EvalRun
    from webapp.trajectories.services import save_trajectory

    shutil.copytree(RUNNING_AVERAGE, corpus_root / "running_average")
    write_task(corpus_root, "counter_reset", shape=RESET_COUNTER, preference="optional")
    write_task(corpus_root, "cache_stale", shape=RESET_COUNTER, category="caching", preference="avoid")
    write_task(corpus_root, "lock_owner", shape=RESET_COUNTER, category="locks", preference="recommended")
    import_corpus(root=corpus_root, splits_file=corpus_root.parent / "splits.json")
    dbg, _ = save_trajectory(document=load_fixture_document("running_average_dbg.json"))
    base, _ = save_trajectory(document=load_fixture_document("running_average_base.json"))
    run = EvalRun.objects.create(name="qwen smoke")
    run.trajectories.add(dbg, base)
    return {"dbg": dbg, "base": base, "ann": make_user("ann"), "bob": make_user("bob"),
            "sam": make_user("sam", is_staff=True)}


class LiveLayer:
    """The channel layer of a live test: this process's settings and a second process's environment."""

    def __init__(self, name: str, settings_layers: dict | None, env: dict):
        self.name, self.settings_layers, self.env = name, settings_layers, env

    def run_job(self, job_id: int, timeout_s: float = 180) -> subprocess.CompletedProcess:
        """Run a job in a second process (``tests.webapp.play_job``) on this layer."""
        result = subprocess.run([sys.executable, "-m", "tests.webapp.play_job", str(job_id)], env=self.env,
                                cwd=REPO_ROOT, capture_output=True, text=True, timeout=timeout_s)
        assert result.returncode == 0, result.stderr[-3000:]
        return result

    def start_job(self, job_id: int) -> subprocess.Popen:
        return subprocess.Popen([sys.executable, "-m", "tests.webapp.play_job", str(job_id)], env=self.env,
                                cwd=REPO_ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


@pytest.fixture(params=["redis", "embedded"])
def live_layer(request, tmp_path, transactional_db):
    """Each live test twice: on Redis (channels_redis) and on the embedded default (Unix datagrams
    between processes, no server); the second process sees the same test database."""
    from django.test import override_settings

    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "webapp.config.settings.test",
           "DATABASE_URL": _database_url_of_test_db(), "STEPWISE_VAR_DIR": str(tmp_path / "var")}
    if request.param == "redis":
        yield LiveLayer("redis", None, {**env, "REDIS_URL": settings.REDIS_URL})
        return
    folder = tmp_path / "channels"
    layers = {"default": {"BACKEND": "webapp.live.layers.LocalSocketChannelLayer", "CONFIG": {"folder": str(folder)}}}
    with override_settings(CHANNEL_LAYERS=layers):
        yield LiveLayer("embedded", layers, {**env, "REDIS_URL": "", "STEPWISE_CHANNELS_DIR": str(folder)})


SCRIPTED_CALLS = [{"name": "bash", "arguments": {"command": f"echo turn {n}"}} for n in range(1, 5)]


@pytest.fixture
def catalog_task(corpus_root):
    """The counter_reset task in the catalog (what episode jobs play)."""
    from webapp.catalog.services import import_corpus

    write_task(corpus_root, "counter_reset", shape=RESET_COUNTER)
    import_corpus(root=corpus_root, splits_file=corpus_root.parent / "splits.json")
    return "counter_reset"


@pytest.fixture
def world(make_user, catalog_task):
    """The route table's sample objects (tests/webapp/route_table.py): a user per role, a trajectory, and
    the researcher's episode job and its episode, keyed by the names the table's URL arguments use."""
    from tests.webapp.route_table import EP, EPISODE, JOB, TASK
    from webapp.runs.services import create_job
    from webapp.trajectories.services import save_trajectory

    users = {"anonymous": None, "annotator": make_user("ann", role="annotator"),
             "researcher": make_user("res", role="researcher"), "admin": make_user("boss", role="admin")}
    save_trajectory(document=trajectory_document(EP))
    job = create_job(kind="episode", created_by=users["researcher"], checked=True, params={
        "task": TASK, "arm": "dbg", "policy": "script:/nowhere.json", "script": "", "max_turns": 5,
        "sandbox": "bwrap"})
    return {"users": users, JOB: job.pk, EPISODE: job.episode.pk}
