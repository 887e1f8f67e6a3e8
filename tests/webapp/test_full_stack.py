"""The full stack from the app image: the image built offline (docker/build-offline.sh on the sandbox
image; reused while its inputs are unchanged), web and worker containers from docker-compose.machine.yml
on the machine's PostgreSQL and Redis (this run's test database and Redis key prefix), /healthz 200 with
every part, and an episode job played in the worker container to a stored, verified trajectory."""

from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
import time
import urllib.error
import urllib.request

import pytest
from django.conf import settings

from tests.helpers.app_image import IMAGE, build_app_image
from tests.helpers.jobs import launch, script, wait_for_job
from tests.helpers.ports import free_port
from tests.helpers.tasks import RESET_COUNTER_FIX, RESET_COUNTER_TESTS
from tests.webapp.conftest import REPO_ROOT, _database_url_of_test_db
from webapp.runs.models import Episode, JobState

pytestmark = pytest.mark.docker


def compose_command() -> list[str]:
    if subprocess.run(["docker", "compose", "version"], capture_output=True).returncode == 0:
        return ["docker", "compose"]
    if shutil.which("docker-compose"):
        return ["docker-compose"]
    pytest.fail("neither `docker compose` nor `docker-compose` is installed; run scripts/setup")


def healthz(port: int) -> tuple[int, dict]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"{}")
    except (OSError, ValueError):
        return 0, {}


class Stack:
    """web and worker of docker-compose.machine.yml as one compose project; ``down`` removes them."""

    def __init__(self, port: int):
        self.compose = [*compose_command(), "--project-name", f"stepwise-test-{os.getpid()}",
                        "--file", str(REPO_ROOT / "docker-compose.machine.yml")]
        self.env = {**os.environ, "STEPWISE_IMAGE": IMAGE, "PORT": str(port),
                    "DJANGO_SECRET_KEY": secrets.token_urlsafe(50), "DATABASE_URL": _database_url_of_test_db(),
                    "REDIS_URL": settings.REDIS_URL,
                    "STEPWISE_REDIS_PREFIX": settings.CELERY_BROKER_TRANSPORT_OPTIONS["global_keyprefix"],
                    "WORKER_CONCURRENCY": "1"}

    def run(self, *args: str, timeout_s: float = 300) -> subprocess.CompletedProcess:
        return subprocess.run([*self.compose, *args], env=self.env, cwd=REPO_ROOT, capture_output=True, text=True,
                              timeout=timeout_s)

    def component_states(self) -> dict:
        """/healthz's per-component detail, which only staff see over HTTP, read inside the web container."""
        shown = self.run("exec", "-T", "web", "python", "-c",
                         "import json, django; django.setup(); from webapp.core.health import health_report; "
                         "print(json.dumps(health_report().to_dict()))")
        assert shown.returncode == 0, shown.stderr[-3000:]
        return json.loads(shown.stdout.strip().splitlines()[-1])["components"]

    def logs(self) -> str:
        return self.run("logs", "--no-color", "--tail", "60").stdout[-6000:]

    def down(self) -> None:
        self.run("down", "--volumes", "--remove-orphans", "--timeout", "10")


@pytest.fixture
def app_image():
    """The app image, built offline; the build script reuses it when nothing it reads has changed."""
    return build_app_image()


@pytest.fixture
def stack(app_image, transactional_db):
    port = free_port()
    stack = Stack(port)
    try:
        started = stack.run("up", "--detach", "web", "worker")
        assert started.returncode == 0, started.stderr[-3000:]
        deadline = time.monotonic() + 300  # container start-up on a loaded machine, not an assertion
        status, body = healthz(port)
        while status != 200 and time.monotonic() < deadline:
            time.sleep(1)
            status, body = healthz(port)
        stack.health = (status, body)
        yield stack
    finally:
        logs = stack.logs()
        stack.down()
        print(logs)
    left = subprocess.run(["docker", "ps", "--all", "--quiet", "--filter",
                           f"label=com.docker.compose.project={stack.compose[stack.compose.index('--project-name') + 1]}"],
                          capture_output=True, text=True).stdout.split()
    assert left == [], "the stack's containers were not removed"


@pytest.mark.slow
@pytest.mark.timeout(1800)
def test_web_and_worker_containers_answer_healthz_and_play_an_episode_job(stack, catalog_task, make_user):
    status, body = stack.health
    assert status == 200, f"/healthz answered {status}: {body}\n{stack.logs()}"
    assert body == {"status": "ok"}  # anonymous: up or down, no host or worker names
    parts = stack.component_states()
    assert {name for name, part in parts.items() if part["ok"] and part["configured"]} == {
        "database", "redis", "channel_layer", "celery_worker"}
    assert "delivered from worker" in parts["channel_layer"]["detail"]  # worker container -> web container

    job = launch("episode", make_user("ann"), task=catalog_task, arm="dbg", policy="", max_turns=10,
                 sandbox="bwrap", script=script({"name": "start_debugger", "arguments": {"file": "test_counter.py"}},
                                                RESET_COUNTER_FIX, RESET_COUNTER_TESTS))
    job = wait_for_job(job, timeout_s=600)

    assert job.state == JobState.SUCCEEDED, f"{job.error}\n{stack.logs()}"
    episode = Episode.objects.select_related("trajectory").get(job=job)
    assert (episode.turns, episode.exit_reason, episode.verified) == (4, "done", True)
    document = episode.trajectory.record
    assert [s.tool for s in document.steps] == ["start_debugger", "edit_file", "bash", "done"]
    assert document.result.verified and document.sandbox == "bwrap"
    assert job.result["trajectory"] == episode.trajectory.pk
    # Played in the worker container: its document was written under the image's var folder.
    assert episode.trajectory.source_path.startswith("/var/lib/stepwise/data/episodes/")  # jobs write under var/data


@pytest.mark.slow
@pytest.mark.timeout(1800)
def test_the_images_state_folder_is_empty_so_two_containers_can_mount_a_new_volume_at_once(app_image):
    # Docker copies what the image holds at a volume's mount point into a new volume at first mount; web
    # and worker mounting stepwise-var together both copied the build step's celery folders and one
    # failed ("mkdir .../celery/processed: file exists"). An empty folder leaves nothing to race on.
    listed = subprocess.run(["docker", "run", "--rm", "--entrypoint", "ls", app_image, "-A", "/var/lib/stepwise"],
                            capture_output=True, text=True, timeout=120)
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout.split() == []
    owner = subprocess.run(["docker", "run", "--rm", "--entrypoint", "stat", app_image, "-c", "%U",
                            "/var/lib/stepwise"], capture_output=True, text=True, timeout=120)
    assert owner.stdout.strip() == "stepwise"  # the web process (not root) still writes its state there
