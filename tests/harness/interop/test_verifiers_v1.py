"""The native verifiers.v1 environment plays whole Stepwise episodes through v1's own machinery (its
env, agents, rollouts, interception server and eval client, and ``vf-eval``'s runner) against the
loopback OpenAI-compatible server of conftest.py (scripted tool calls). No network."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
import verifiers.v1 as vf

from corpus.format import TASKS_DIR, resolve_task
from corpus.repository.corpus_root import REAL_TASKS_DIR
from corpus.splits import tasks_in_split
from corpus.task_splits import task_splits
from harness.interop import verifiers_env
from harness.interop.verifiers_v1 import (
    TASKSET_ID,
    DebugRepairEnv,
    DebugRepairHarness,
    DebugRepairTaskset,
    evaluate,
    load_environment,
)
from harness.scoring.rubric import Rubric
from harness.trajectory import Trajectory  # noqa: E402
from tests.helpers.tasks import write_task


def client_for(base_url: str, train: bool = False):
    # An unset key variable: the client sends "EMPTY" (and reads no Prime config).
    kind = vf.TrainClientConfig if train else vf.EvalClientConfig
    return kind(base_url=base_url, api_key_var="STEPWISE_TEST_NO_KEY")


def by_task(episodes) -> dict:
    assert all(len(episode.traces) == 1 for episode in episodes)
    return {episode.traces[0].task.data.name: episode.traces[0] for episode in episodes}


# -- loading -------------------------------------------------------------------------------------
def test_the_taskset_id_names_the_stepwise_taskset_harness_and_env():
    from verifiers.v1.utils.loaders import environment_class, harness_class, taskset_class

    assert taskset_class(TASKSET_ID) is DebugRepairTaskset
    assert harness_class(TASKSET_ID) is DebugRepairHarness
    assert environment_class(TASKSET_ID) is DebugRepairEnv


def test_the_taskset_takes_the_declared_defaults_and_bounds_its_episodes():
    from harness.interop import defaults
    from harness.interop.verifiers_v1 import DebugRepairTasksetConfig

    config = DebugRepairTasksetConfig()
    assert (config.split, config.max_turns) == (defaults.SPLIT, defaults.MAX_TURNS)
    assert config.out_dir == str(defaults.trajectory_folder())
    assert config.max_episodes == defaults.MAX_EPISODES < 128  # vf-eval's own --max-concurrent default


@pytest.mark.slow
def test_episodes_beyond_max_episodes_wait_for_a_free_one(model_server, two_tasks, tmp_path):
    base_url, _ = model_server
    env = load_environment(tasks=two_tasks, max_turns=6, out_dir=tmp_path / "out", max_episodes=1)

    asyncio.run(evaluate(env, client_for(base_url), "scripted", max_concurrent=2))

    first, second = sorted((Trajectory.load(p) for p in (tmp_path / "out").glob("*.json")),
                           key=lambda t: t.started_at or "")
    assert first.finished_at and second.started_at and first.finished_at <= second.started_at


LOADERS = pytest.mark.parametrize("load", [verifiers_env.load_environment, load_environment], ids=["classic", "v1"])


@LOADERS
def test_heldout_is_refused_for_training(load):
    with pytest.raises(ValueError, match="heldout.*training"):
        load(split="heldout", for_training=True, tasks=[])


@LOADERS
def test_a_heldout_task_is_refused_for_training_whatever_the_split(load):
    heldout = next(name for name in tasks_in_split("heldout") if (TASKS_DIR / name).is_dir())
    with pytest.raises(ValueError, match=f"{heldout}.*heldout"):
        load(split="train", for_training=True, tasks=[heldout])


@LOADERS
def test_a_heldout_real_bug_given_by_its_folder_is_refused_for_training(load):
    # Its split is in the real corpus's own splits file, not corpus/splits.json.
    registry = task_splits()
    real = next(name for name, split in sorted(registry.real().items()) if split == "heldout")
    with pytest.raises(ValueError, match=f"{real}.*heldout"):
        load(split="train", for_training=True, tasks=[str(REAL_TASKS_DIR / real)])


def test_unknown_weights_are_refused_in_the_config(two_tasks):
    with pytest.raises(ValueError, match="unknown scoring component"):
        load_environment(tasks=two_tasks, weights={"luck": 1.0})


def test_a_rubric_config_file_sets_the_weights_and_the_policy_config(two_tasks, tmp_path):
    rubric = tmp_path / "rubric.json"
    rubric.write_text(json.dumps({"weights": {"verified": 0.5, "edit_relevance": 0.5},
                                  "policy_config": "pdb_policy_v1"}), encoding="utf-8")
    env = load_environment(tasks=two_tasks, out_dir=tmp_path / "out", weights=rubric)
    task = next(iter(env.taskset))
    assert task.rubric.weighed == {"verified": 0.5, "edit_relevance": 0.5}
    assert task.data.policy_config == "pdb_policy_v1"


def test_the_classic_loader_offers_the_v1_env(two_tasks, tmp_path):
    env = verifiers_env.load_environment(tasks=two_tasks, out_dir=tmp_path / "out", api="v1")
    assert isinstance(env, DebugRepairEnv)
    tasks = list(env.taskset)
    assert [t.data.name for t in tasks] == ["counter_fixable", "counter_giveup"]
    for task in tasks:
        assert [m.role for m in task.data.prompt] == ["system", "user"]
        assert "counter.py" in task.data.prompt[1].content


# -- playing -------------------------------------------------------------------------------------
@pytest.mark.slow
def test_episodes_play_through_v1_and_the_reward_is_the_rubric(model_server, two_tasks, tmp_path):
    base_url, requests = model_server
    env = load_environment(tasks=two_tasks, max_turns=6, out_dir=tmp_path / "out",
                           weights={"weights": {"verified": 0.7, "policy": 0.3}})

    episodes = asyncio.run(evaluate(env, client_for(base_url), "scripted"))

    traces = by_task(episodes)
    fixed, gave_up = traces["counter_fixable"], traces["counter_giveup"]
    assert all(episode.ok for episode in episodes)
    # The trajectory documents: the verifier's verdict, the tools the episode played.
    assert Trajectory.from_json(fixed.state.trajectory).result.verified is True
    assert Trajectory.from_json(gave_up.state.trajectory).result.verified is False
    assert [s.tool for s in Trajectory.from_json(fixed.state.trajectory).steps] == ["edit_file", "done"]
    # v1's rewards are the rubric's components with the config's weights; the reward is its total.
    rubric = Rubric.from_config({"weights": {"verified": 0.7, "policy": 0.3}})
    for trace, task in zip((fixed, gave_up), two_tasks, strict=True):
        score = rubric.score(trace.state.trajectory, resolve_task(task))
        assert {name: (r.score, r.weight) for name, r in trace.rewards.items()} == {
            "verified": (score.values["verified"], 0.7), "policy": (score.values["policy"], 0.3)}
        assert trace.reward == pytest.approx(score.total) == pytest.approx(trace.metrics["total"])
    assert fixed.rewards["verified"].score == 1.0 and gave_up.rewards["verified"].score == 0.0
    assert fixed.metrics["verified"] == 1.0 and gave_up.metrics["verified"] == 0.0
    # Every model call went through v1's interception: recorded on the trace, then to the server.
    assert [fixed.num_turns, gave_up.num_turns] == [2, 1]
    assert fixed.num_branches == 1  # each turn's conversation extends the last: one sequence to train on
    assert len(requests) == 3 and all(r["model"] == "scripted" and r["tools"] for r in requests)
    assert fixed.info["stepwise"]["exit_reason"] == "done"
    assert Trajectory.load(fixed.info["stepwise"]["trajectory"]).result.verified is True


@pytest.mark.slow
def test_vf_eval_runs_the_taskset_by_id_and_writes_its_traces(model_server, two_tasks, tmp_path):
    from verifiers.v1.cli.eval.runner import run_eval
    from verifiers.v1.configs.cli.eval import EvalConfig

    base_url, _ = model_server
    config = EvalConfig.model_validate({
        "env": {"taskset": {"id": TASKSET_ID, "tasks": [str(t) for t in two_tasks], "max_turns": 6,
                            "out_dir": str(tmp_path / "out")},
                "agent": {"harness": {"id": TASKSET_ID}}},
        "model": "scripted", "client": {"base_url": base_url, "api_key_var": "STEPWISE_TEST_NO_KEY"},
        "push": False, "rich": None, "output_dir": str(tmp_path / "outputs")})

    episodes = asyncio.run(run_eval(config))

    rewards = {name: trace.reward for name, trace in by_task(episodes).items()}
    assert rewards == {"counter_fixable": 1.0, "counter_giveup": 0.0}
    lines = [json.loads(line) for line in
             (tmp_path / "outputs" / config.run.dir / "traces.jsonl").read_text().splitlines()]
    assert len(lines) == 2


@pytest.mark.slow
def test_a_rollout_whose_model_calls_fail_closes_its_episode(model_server, two_tasks, tmp_path):
    base_url, _ = model_server
    env = load_environment(tasks=two_tasks[:1], out_dir=tmp_path / "out")

    episodes = asyncio.run(evaluate(env, client_for(base_url + "/nowhere"), "scripted"))  # 404s

    trace = episodes[0].traces[0]
    assert not trace.ok and trace.errors
    assert Trajectory.from_json(trace.state.trajectory).result.exit_reason == "error"
    assert trace.rewards == {}  # a failed rollout is not scored


@pytest.mark.slow
def test_a_training_client_is_refused_a_heldout_task(model_server, tmp_path):
    base_url, requests = model_server
    heldout = next(name for name in tasks_in_split("heldout") if (TASKS_DIR / name).is_dir())
    env = load_environment(split="heldout", tasks=[heldout], out_dir=tmp_path / "out")

    episodes = asyncio.run(evaluate(env, client_for(base_url, train=True), "scripted"))

    trace = episodes[0].traces[0]
    assert not trace.ok
    assert "cannot be played for training" in trace.errors[-1].message
    assert requests == [] and trace.state.trajectory is None


@pytest.mark.slow
def test_a_cancelled_rollout_closes_its_episode(model_server, tmp_path, monkeypatch):
    base_url, _ = model_server
    env = load_environment(tasks=[write_task(tmp_path / "tasks", "counter_slow", description="SLOW: a sum")],
                           out_dir=tmp_path / "out")
    seen: list = []
    launch = DebugRepairHarness.launch

    async def spy(self, ctx, trace, *args, **kwargs):  # keeps the trace where the test can see it
        seen.append(trace)
        return await launch(self, ctx, trace, *args, **kwargs)

    monkeypatch.setattr(DebugRepairHarness, "launch", spy)

    async def play():  # the model takes 2 s to answer
        await asyncio.wait_for(evaluate(env, client_for(base_url), "scripted"), timeout=1.5)

    with pytest.raises(TimeoutError):
        asyncio.run(play())
    assert seen and Trajectory.from_json(seen[0].state.trajectory).result.exit_reason == "error"


DOCS = Path(__file__).resolve().parents[3] / "docs" / "researchers" / "interop.md"


@pytest.mark.slow
def test_the_docs_python_example_runs_as_written(model_server, two_tasks, tmp_path, monkeypatch):
    """The verifiers.v1 section's Python block, imports and all, against the scripted server: only the
    address, the key variable and the task (a small one the server gives up on: reward 0) differ."""
    text = DOCS.read_text(encoding="utf-8")
    section = text[text.index("## verifiers.v1"):]
    snippet = section[section.index("```python\n") + len("```python\n"):]
    snippet = snippet[:snippet.index("```")]
    assert "import verifiers.v1 as vf" in snippet and "verifiers_v1.evaluate(" in snippet
    assert all(part in snippet for part in ("http://127.0.0.1:8000/v1", "\"OPENAI_API_KEY\"", "tasks=[\"bulk_upload_batches\"]"))
    base_url, requests = model_server
    monkeypatch.chdir(tmp_path)  # the default trajectory folder is relative: outputs/stepwise-trajectories
    namespace: dict = {}
    exec(compile(snippet.replace("http://127.0.0.1:8000/v1", base_url)
                 .replace('"OPENAI_API_KEY"', '"STEPWISE_TEST_NO_KEY"')
                 .replace('tasks=["bulk_upload_batches"]', f"tasks=[{str(two_tasks[1])!r}]"), str(DOCS), "exec"),
         namespace)
    [trace] = [trace for episode in namespace["episodes"] for trace in episode.traces]
    assert trace.ok and trace.reward == 0.0 and requests
    assert [p.name.split("-")[0] for p in (tmp_path / "outputs" / "stepwise-trajectories").glob("*.json")] == [
        two_tasks[1].name]
