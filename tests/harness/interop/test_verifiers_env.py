"""The verifiers-style environment plays whole Stepwise episodes against a loopback
OpenAI-compatible server (conftest.py: scripted tool calls), through an ``openai.AsyncOpenAI`` client; the
rewards are the verifier's verdict. No network: the server listens on 127.0.0.1."""

from __future__ import annotations

import asyncio

import pytest

from harness.interop.verifiers_env import StepwiseEnv, load_environment
from harness.trajectory import Trajectory
from tests.helpers.tasks import write_task

# The loopback model (model_server) and the two tasks (two_tasks) are fixtures of conftest.py. The heldout
# refusals, shared with the v1 environment, are tested for both in test_verifiers_v1.py.


def test_unknown_weights_and_splits_are_refused(two_tasks):
    with pytest.raises(ValueError, match="unknown scoring component"):
        load_environment(tasks=two_tasks, weights={"luck": 1.0})
    with pytest.raises(ValueError, match="unknown split"):
        load_environment(split="test", tasks=two_tasks)


def test_the_rubric_weighs_the_scoring_components(two_tasks, tmp_path):
    env = load_environment(tasks=two_tasks, out_dir=tmp_path / "out",
                           weights={"weights": {"verified": 0.7, "policy": 0.3}})
    assert [(f.__name__, w) for f, w in zip(env.rubric.funcs, env.rubric.weights, strict=True)] == [
        ("verified", 0.7), ("policy", 0.3), ("total", 0.0)]


def test_the_dataset_has_one_row_per_task_with_the_opening_messages(two_tasks, tmp_path):
    env = load_environment(tasks=two_tasks, out_dir=tmp_path / "out")
    assert isinstance(env, StepwiseEnv)
    assert [row["task"] for row in env.dataset] == ["counter_fixable", "counter_giveup"]
    for row in env.dataset:
        assert [m["role"] for m in row["prompt"]] == ["system", "user"]
        assert "counter.py" in row["prompt"][1]["content"]
    assert [f.__name__ for f in env.rubric.funcs] == ["verified", "total"]


@pytest.mark.slow
def test_evaluate_plays_whole_episodes_and_rewards_the_verified_fix(model_server, two_tasks, tmp_path):
    import openai  # a second to import: in the tests that use it, not at collection

    base_url, requests = model_server
    env = load_environment(arm="dbg", tasks=two_tasks, max_turns=6, out_dir=tmp_path / "out",
                           weights={"verified": 1.0})
    client = openai.AsyncOpenAI(base_url=base_url, api_key="x", max_retries=0)

    results = asyncio.run(env.evaluate(client=client, model="scripted"))

    by_task = dict(zip(results["task"], results["state"], strict=True))
    fixed, gave_up = by_task["counter_fixable"], by_task["counter_giveup"]
    assert Trajectory.from_json(fixed["trajectory"]).result.verified is True
    assert Trajectory.from_json(gave_up["trajectory"]).result.verified is False
    assert dict(zip(results["task"], results["reward"], strict=True)) == {"counter_fixable": 1.0,
                                                                          "counter_giveup": 0.0}
    assert fixed["metrics"] == {"verified": 1.0, "total": 1.0}
    assert gave_up["metrics"] == {"verified": 0.0, "total": 0.0}
    # The fix's episode: the edit, its tool result, done, its tool result; every reply went to the model.
    completion = dict(zip(results["task"], results["completion"], strict=True))["counter_fixable"]
    assert [m["role"] for m in completion] == ["assistant", "tool", "assistant", "tool"]
    assert [s.tool for s in Trajectory.from_json(fixed["trajectory"]).steps] == ["edit_file", "done"]
    assert len(requests) == 3 and all(r["model"] == "scripted" and r["tools"] for r in requests)
    assert all(state["episode"].finished for state in results["state"])


@pytest.mark.slow
def test_an_abandoned_rollout_closes_its_episode(model_server, two_tasks, tmp_path):
    import openai  # a second to import: in the tests that use it, not at collection

    base_url, _ = model_server
    env = load_environment(tasks=two_tasks[:1], out_dir=tmp_path / "out")
    client = openai.AsyncOpenAI(base_url=base_url + "/nowhere", api_key="x", max_retries=0)  # 404s

    async def play():
        return await env.rollout(client, "scripted", env.dataset[0])

    seen = spy_on_setup(env)
    with pytest.raises(openai.NotFoundError):
        asyncio.run(play())
    episode = seen["state"]["episode"]
    assert episode.finished
    assert episode.trajectory is not None and episode.trajectory.result.exit_reason == "error"


def spy_on_setup(env) -> dict:
    """Keep the rollout's state (and so its episode) where the test can see it after a failure."""
    seen: dict = {}
    original = env.setup_state

    async def spy(state, model=None):
        # Kept before the episode starts (setup_state fills the state in place): a timeout may cancel the
        # rollout during a start that a loaded machine makes slow, and that episode must be closed too.
        seen["state"] = state
        return await original(state, model)

    env.setup_state = spy
    return seen


@pytest.mark.slow
def test_a_cancelled_rollout_closes_its_episode(model_server, tmp_path):
    import openai  # a second to import: in the tests that use it, not at collection

    base_url, _ = model_server
    env = load_environment(tasks=[write_task(tmp_path / "tasks", "counter_slow", description="SLOW: a sum")],
                           out_dir=tmp_path / "out")
    client = openai.AsyncOpenAI(base_url=base_url, api_key="x", max_retries=0)
    seen = spy_on_setup(env)

    async def play():
        await asyncio.wait_for(env.rollout(client, "scripted", env.dataset[0]), timeout=1.0)

    with pytest.raises(TimeoutError):
        asyncio.run(play())
    episode = seen["state"]["episode"]
    assert episode.finished and episode.trajectory is not None and episode.trajectory.result.exit_reason == "error"
