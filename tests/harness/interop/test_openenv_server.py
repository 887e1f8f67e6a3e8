"""``harness serve-env`` driven by openenv-core's own client: a real server on a free loopback port,
real episodes in bwrap sandboxes (the fixture task running_average)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from harness.process_tree import command_line_of, descendants
from harness.trajectory import Trajectory
from tests.harness.interop.serve_env_server import DONE, FIX, START, TASK, TOKEN, serving
from tests.helpers.waiting import poll_until


@pytest.fixture
def server(tmp_path):
    """A server in this process (uvicorn in a thread); yields its URL and trajectory folder."""
    out_dir = tmp_path / "trajectories"
    with serving(out_dir) as url:
        yield url, out_dir


def client(url):
    from harness.interop.openenv_client import StepwiseGenericClient  # OpenEnv: seconds to import

    return StepwiseGenericClient(url, token=TOKEN, message_timeout_s=120).sync()


def bwrap_processes() -> dict[int, str]:
    """The bwrap processes started from this process (the in-process server's sandboxes), not from any
    other test worker."""
    return {pid: cmd for pid in descendants(os.getpid())
            if (cmd := command_line_of(pid)).startswith("bwrap") or "/bwrap " in cmd}


def trajectory_result(path: Path) -> dict | None:
    try:
        return json.loads(path.read_text(encoding="utf-8")).get("result")
    except (OSError, ValueError):
        return None


@pytest.mark.slow
def test_a_fixed_episode_is_rewarded_and_verified(server):
    url, _ = server
    with client(url) as env:
        first = env.reset(task="running_average", arm="dbg")
        assert not first.done and first.reward is None
        obs = first.observation
        assert "start_debugger" in {t["function"]["name"] for t in obs["tools"]}
        assert obs["text"] and obs["task"] == "running_average" and obs["arm"] == "dbg"
        assert not env.step(START).done
        assert not env.step(FIX).done
        last = env.step(DONE)
        assert last.done and last.reward == 1.0
        assert last.observation["verified"] is True and last.observation["exit_reason"] == "done"
        assert isinstance(last.observation["quality"], dict)
        state = env.state()
        assert state["step_count"] == 3 and state["task"] == "running_average" and state["arm"] == "dbg"
        assert state["episode_id"] == obs["episode_id"] and state["finished"] is True
        # The conversation, as the docs name it: the opening, then each call and its answer.
        assert [m["role"] for m in state["conversation"]][:3] == ["system", "user", "assistant"]
        assert "messages" not in state
        with pytest.raises(RuntimeError, match="episode is over"):
            env.step(DONE)
    doc = Trajectory.load(obs["trajectory"])
    assert doc.result.verified is True
    assert [s.tool for s in doc.steps] == ["start_debugger", "edit_file", "done"]


@pytest.mark.slow
def test_two_clients_do_not_share_state(server):
    url, _ = server
    with client(url) as a, client(url) as b:
        obs_a = a.reset(arm="base").observation
        obs_b = b.reset(arm="dbg").observation
        assert obs_a["episode_id"] != obs_b["episode_id"]
        assert "start_debugger" not in {t["function"]["name"] for t in obs_a["tools"]}
        a.step(FIX)
        a.step({"name": "bash", "arguments": {"command": "true"}})
        assert a.state()["step_count"] == 2 and b.state()["step_count"] == 0
        assert b.state()["arm"] == "dbg" and a.state()["arm"] == "base"
        done_b = b.step(DONE)  # b never fixed anything: not verified, though a did fix its own copy
        assert done_b.done and done_b.reward == 0.0 and done_b.observation["verified"] is False
        done_a = a.step(DONE)
        assert done_a.done and done_a.reward == 1.0


@pytest.mark.slow
def test_sessions_beyond_the_limit_are_refused(server):
    url, _ = server
    with client(url) as a, client(url) as b:
        a.reset()
        b.reset()
        c = client(url)
        try:
            with pytest.raises(Exception, match="(?i)server is full|CAPACITY_REACHED"):
                c.reset()
        finally:
            c.close()


@pytest.mark.slow
def test_a_client_that_disconnects_leaves_no_sandbox(server):
    url, _ = server
    before = set(bwrap_processes())
    env = client(url)
    obs = env.reset(task=str(TASK), arm="dbg").observation
    env.step(START)  # a debugger running inside the sandbox
    during = set(bwrap_processes()) - before
    assert during, "the episode's sandbox was not seen running"
    env.async_client._ws and env._run(env.async_client._ws.close())  # drop the socket, no close message
    trajectory = Path(obs["trajectory"])
    result = poll_until(lambda: trajectory_result(trajectory))
    assert result is not None and result["exit_reason"] == "error"
    gone = poll_until(lambda: not (set(bwrap_processes()) & during), 30)
    assert gone, "a sandbox process outlived the session"
    assert not [cmd for cmd in bwrap_processes().values() if obs["episode_id"] in cmd]
    env.close()


@pytest.mark.slow  # five `harness serve-env` processes, each importing the server stack (~5 s apiece)
def test_bad_arguments_exit_2(tmp_path):
    for argv in (["--max-sessions", "0"], ["--task", "no_such_task_anywhere"], ["--port", "70000"],
                 ["--arm", "nope"], ["--sandbox", "local"]):  # a network client never gets the host
        proc = subprocess.run([sys.executable, "-m", "harness", "serve-env", *argv], capture_output=True,
                              text=True, timeout=240, cwd=Path(__file__).resolve().parents[3],
                              env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[3])})
        assert proc.returncode == 2, (argv, proc.stderr)
        assert "error" in proc.stderr


@pytest.mark.slow  # builds the server: imports OpenEnv
def test_for_training_refuses_a_heldout_task_and_leaves_heldout_out_of_the_corpus(tmp_path, capsys):
    from corpus.splits import tasks_in_split
    from harness.cli.serve_env import build, build_parser

    heldout, train = tasks_in_split("heldout")[0], tasks_in_split("train")[0]
    with pytest.raises(ValueError, match=f"--for-training: task\\(s\\) {heldout} are heldout"):
        build(build_parser().parse_args(["--for-training", "--task", train, "--task", heldout]))

    config, _ = build(build_parser().parse_args(["--for-training", "--out-dir", str(tmp_path)]))
    assert heldout not in config.tasks and train in config.tasks
    assert "leaves out" in capsys.readouterr().err
    config, _ = build(build_parser().parse_args(["--out-dir", str(tmp_path)]))  # without the flag: all of them
    assert heldout in config.tasks
