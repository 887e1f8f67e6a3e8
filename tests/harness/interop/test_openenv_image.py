"""The OpenEnv server from the image the project builds offline (docker/build-offline.sh, the same image
and build as the full-stack test): ``python server/app.py`` in a container, played by openenv-core's client
from this machine to a verified fix in the container's own bwrap sandbox."""

from __future__ import annotations

import json
import os
import subprocess
import urllib.request

import pytest

from tests.harness.interop.serve_env_server import DONE, FIX, START, TASK, TOKEN
from tests.helpers.app_image import build_app_image
from tests.helpers.ports import free_port
from tests.helpers.waiting import poll_until

pytestmark = pytest.mark.docker


def health(port: int) -> dict | None:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=5) as response:
            return json.loads(response.read())
    except (OSError, ValueError):
        return None


@pytest.fixture
def served():
    """The server in a container of the app image (host network, as docker-compose.machine.yml's services;
    root with the worker's privileges, which bubblewrap needs), serving the fixture task mounted read-only.
    Yields its port; the container is removed after."""
    image = build_app_image()
    port, name = free_port(), f"stepwise-openenv-test-{os.getpid()}"
    started = subprocess.run(
        ["docker", "run", "--detach", "--name", name, "--network", "host", "--user", "root",
         "--cap-add", "SYS_ADMIN", "--cap-add", "NET_ADMIN", "--security-opt", "seccomp=unconfined",
         "--security-opt", "apparmor=unconfined", "--env", f"STEPWISE_ENV_TOKEN={TOKEN}",
         "--volume", f"{TASK}:/tasks/{TASK.name}:ro", image,
         "python", "server/app.py", "--host", "127.0.0.1", "--port", str(port), "--task", f"/tasks/{TASK.name}"],
        capture_output=True, text=True, timeout=120)
    assert started.returncode == 0, started.stderr[-3000:]
    try:
        yield port, name
    finally:
        logs = subprocess.run(["docker", "logs", "--tail", "40", name], capture_output=True, text=True).stderr
        subprocess.run(["docker", "rm", "--force", name], capture_output=True, timeout=120)
        print(logs)
    left = subprocess.run(["docker", "ps", "--all", "--quiet", "--filter", f"name=^{name}$"], capture_output=True,
                          text=True).stdout.split()
    assert left == [], "the server's container was not removed"


@pytest.mark.slow
@pytest.mark.timeout(1800)  # the first build of the image, when no other test has made it yet
def test_the_image_serves_the_environment_and_verifies_a_fix(served):
    port, name = served
    # container start-up on a loaded machine, not an assertion
    status = poll_until(lambda: health(port), timeout_s=120, interval_s=0.5)
    assert status == {"status": "healthy"}, subprocess.run(["docker", "logs", name], capture_output=True,
                                                            text=True).stderr[-3000:]
    from harness.interop.openenv_client import StepwiseGenericClient  # OpenEnv: seconds to import

    with StepwiseGenericClient(f"http://127.0.0.1:{port}", token=TOKEN, message_timeout_s=120).sync() as env:
        first = env.reset(arm="dbg")
        assert first.observation["task"] == TASK.name and "start_debugger" in {
            tool["function"]["name"] for tool in first.observation["tools"]}
        assert not env.step(START).done and not env.step(FIX).done
        last = env.step(DONE)
    assert last.done and last.reward == 1.0
    assert last.observation["verified"] is True and last.observation["exit_reason"] == "done"
    # Written inside the container (its working folder /app), under serve-env's default output folder.
    assert last.observation["trajectory"].startswith("/app/outputs/stepwise-trajectories/")
