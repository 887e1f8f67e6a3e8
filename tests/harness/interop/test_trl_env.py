"""The trl environment adapter against a real ``harness serve-env`` server (loopback, bwrap sandboxes):
its methods driven by hand, their schemas as transformers builds them, and one GRPOTrainer step on
CPU with a tiny random model whose reward column is the adapter's ``get_reward``."""

from __future__ import annotations

import copy
import inspect
import threading
import time
from pathlib import Path

import pytest

from harness.interop.trl_env import (
    FALLBACK_DESCRIPTION,
    RESERVED,
    StepwiseEnvError,
    record_replies,
    stepwise_environment,
)
from harness.tools import toolset
from harness.trajectory import Trajectory
from tests.harness.interop.serve_env_server import TOKEN, free_port, serving
from tests.helpers.waiting import wait_until

FIX = {"file_path": "stats_window.py", "old_string": "self.values.pop()", "new_string": "self.values.pop(0)"}


@pytest.fixture(autouse=True)
def token_in_environment(monkeypatch):
    """The adapter finds the test server's token where the docs put it: $STEPWISE_ENV_TOKEN."""
    monkeypatch.setenv("STEPWISE_ENV_TOKEN", TOKEN)


@pytest.fixture
def server(tmp_path):
    out_dir = tmp_path / "trajectories"
    with serving(out_dir) as url:
        yield url, out_dir


def episodes(out_dir: Path) -> list[Trajectory]:
    return [Trajectory.load(p) for p in sorted(out_dir.glob("*.json"))]


def tool_methods(env) -> dict:
    """What trl offers the model: the class's public functions but reset and get_reward, bound."""
    return {name: getattr(env, name) for name, _ in inspect.getmembers(type(env), predicate=inspect.isfunction)
            if name not in RESERVED and not name.startswith("_")}


def get_json_schema(function) -> dict:
    """The schema transformers builds from ``function``'s signature and docstring, as trl offers it.
    Imported here: transformers brings torch (seconds), so not when the suite is collected."""
    from transformers.utils import get_json_schema

    return get_json_schema(function)


def as_type_hints_say_it(schema: dict) -> dict:
    """``schema`` reduced to what a signature and docstring can carry: every property described (the
    fallback where the registry gives none), an array's object items without their inner properties, no
    empty ``required``."""
    schema = copy.deepcopy(schema)
    parameters = schema["function"]["parameters"]
    for name, spec in parameters["properties"].items():
        spec.setdefault("description", FALLBACK_DESCRIPTION(name))
        items = spec.get("items")
        if isinstance(items, dict) and items.get("type") == "object":
            spec["items"] = {"type": "object"}
    if not parameters.get("required"):
        parameters.pop("required", None)
    return schema


@pytest.mark.slow  # imports transformers (torch)
@pytest.mark.parametrize("arm", ["base", "dbg"])
def test_the_methods_give_the_registrys_schemas(arm):
    env = stepwise_environment("http://127.0.0.1:1", arm=arm)()
    methods = tool_methods(env)
    assert list(methods) == sorted(s["function"]["name"] for s in toolset(arm))
    for schema in toolset(arm):
        name = schema["function"]["name"]
        assert get_json_schema(methods[name]) == as_type_hints_say_it(schema), name
    # The reduction loses only what it says: the breakpoints' item properties, the absent descriptions.
    if arm == "dbg":
        add = get_json_schema(methods["add_breakpoint"])["function"]["parameters"]["properties"]
        assert add["breakpoints"]["items"] == {"type": "object"} and add["line"] == {
            "type": "integer", "description": "1-based line"}


@pytest.mark.slow  # a reset imports OpenEnv
def test_bad_factory_arguments_and_an_unreachable_server_are_clear_errors():
    with pytest.raises(ValueError, match="unknown arm"):
        stepwise_environment("http://127.0.0.1:8100", arm="nope")
    with pytest.raises(ValueError, match="http:// or ws://"):
        stepwise_environment("127.0.0.1:8100")
    env = stepwise_environment(f"http://127.0.0.1:{free_port()}")()
    assert env.done() == "Error: no episode is running (reset starts one)."
    with pytest.raises(StepwiseEnvError, match="cannot reach .*serve-env"):
        env.reset()
    assert env.get_reward() is None
    with pytest.raises(StepwiseEnvError, match="task must be a task name"):
        env.reset(task=3)
    with pytest.raises(StepwiseEnvError, match="plays the 'dbg' arm"):
        env.reset(arm="base")


@pytest.mark.slow
def test_the_servers_tool_schemas_are_the_methods(server):
    from harness.interop.openenv_client import StepwiseGenericClient

    url, _ = server
    for arm in ("base", "dbg"):
        with StepwiseGenericClient(url, token=TOKEN, message_timeout_s=120).sync() as client:
            offered = client.reset(arm=arm).observation["tools"]
        methods = tool_methods(stepwise_environment(url, arm=arm)())
        assert sorted(methods) == sorted(s["function"]["name"] for s in offered)
        for schema in offered:
            assert get_json_schema(methods[schema["function"]["name"]]) == as_type_hints_say_it(schema)


@pytest.mark.slow
def test_a_fix_through_the_edit_tool_is_rewarded(server):
    url, out_dir = server
    env = stepwise_environment(url)()
    prompt = env.reset(task="running_average")
    assert "stats_window" in prompt
    assert env.start_debugger(file="test_stats_window.py")
    assert "stats_window.py" in env.edit_file(**FIX)
    assert env.get_reward() == 1.0  # ended with done by get_reward: the model never called it
    assert env.get_reward() == 1.0 and env.bash(command="true").startswith("Error: no episode")
    [doc] = episodes(out_dir)
    assert doc.result.verified is True and doc.result.exit_reason == "done"
    assert [s.tool for s in doc.steps] == ["start_debugger", "edit_file", "done"]


@pytest.mark.slow
def test_done_alone_is_not_rewarded_and_nothing_is_played_after_it(server):
    url, out_dir = server
    env = stepwise_environment(url, arm="base", task="running_average")()
    env.reset(prompt=[{"role": "user", "content": ""}])  # a dataset row: its other columns are ignored
    assert env.done()
    assert env.edit_file(**FIX) == "Error: the episode is over; no more tool calls are played."
    assert env.get_reward() == 0.0
    [doc] = episodes(out_dir)
    assert doc.result.verified is False and [s.tool for s in doc.steps] == ["done"]


@pytest.mark.slow
def test_bad_arguments_get_the_episodes_own_answer(server):
    url, out_dir = server
    env = stepwise_environment(url)()
    env.reset()
    missing = env.edit_file(file_path="stats_window.py")  # no old_string: the session's argument check
    assert missing.startswith("Error: edit_file needs 'old_string'")
    assert env.select_frame(index=True).startswith("Error: select_frame: 'index' must be a whole number")
    # An argument no schema has reaches the episode untouched, which refuses it as for any policy, naming
    # the arguments the tool takes; nothing was done.
    surprise = env.edit_file(**FIX, surprise={"nested": [1]})
    assert surprise.startswith("Error: edit_file does not take 'surprise'") and "file_path" in surprise
    assert env.edit_file(**FIX).startswith("Successfully replaced 1")
    assert env.get_reward() == 1.0
    [doc] = episodes(out_dir)
    assert [step.tool for step in doc.steps] == ["edit_file", "select_frame", "edit_file", "edit_file", "done"]
    assert doc.result.verified is True


@pytest.mark.slow
def test_instances_do_not_share_episodes_and_a_reset_closes_the_last(server):
    url, out_dir = server
    env_class = stepwise_environment(url)
    a, b = env_class(), env_class()
    a.reset()
    a.reset()  # the first episode is closed (as error), and its session freed
    b.reset()
    a.edit_file(**FIX)
    assert b.get_reward() == 0.0  # b never fixed anything, though a fixed its own copy
    c = env_class()
    c.reset()  # the server holds two sessions at most: b's was closed by get_reward
    assert a.get_reward() == 1.0 and c.get_reward() == 0.0
    results = sorted((d.result.exit_reason, d.result.verified) for d in episodes(out_dir))
    assert results == [("done", False), ("done", False), ("done", True), ("error", False)]


@pytest.mark.slow
def test_a_task_the_server_does_not_serve_fails_before_training(server):
    url, out_dir = server
    with pytest.raises(StepwiseEnvError, match=r"does not serve task\(s\) no_such_task; .*--task.*running_average"):
        stepwise_environment(url, tasks=["running_average", "no_such_task"])
    with pytest.raises(StepwiseEnvError, match=r"does not serve task\(s\) no_such_task"):
        stepwise_environment(url, task="no_such_task")
    with pytest.raises(StepwiseEnvError, match="would not list its tasks.*token"):
        stepwise_environment(url, tasks=["running_average"], token="x" * 32)
    assert stepwise_environment(url, tasks=["running_average"]).__name__ == "StepwiseDbg"
    # Without tasks=, a row naming an unserved task is refused at its reset, with the server's reason.
    env = stepwise_environment(url)()
    with pytest.raises(StepwiseEnvError, match="refused the reset.*not served here"):
        env.reset(task="no_such_task")
    assert env.get_reward() is None and episodes(out_dir) == []


@pytest.mark.slow
def test_one_grpo_step_is_rewarded_by_the_episodes(server, tmp_path, monkeypatch):
    from datasets import Dataset
    from trl import GRPOConfig, GRPOTrainer

    from training.tiny import build_tiny_model

    monkeypatch.setenv("TRL_EXPERIMENTAL_SILENCE", "1")
    url, out_dir = server
    base = stepwise_environment(url)

    class HalfFixed(base):
        """Every other instance fixes the bug through its edit tool before the model plays: a random model
        fixes nothing, and a group of equal rewards would teach nothing and show nothing."""

        made = 0

        def __init__(self):
            super().__init__()
            self._fixes = HalfFixed.made % 2 == 0
            HalfFixed.made += 1

        def reset(self, **row):
            prompt = super().reset(**row)
            if self._fixes:
                self.edit_file(**FIX)
            return prompt

    model = build_tiny_model(tmp_path / "tiny")
    rows = [{"prompt": [{"role": "user", "content": "Fix the failing test."}], "task": "running_average"}] * 2
    args = GRPOConfig(output_dir=str(tmp_path / "out"), use_cpu=True, bf16=False, max_steps=1,
                      per_device_train_batch_size=2, num_generations=2, max_completion_length=8,
                      logging_steps=1, report_to="none", save_strategy="no", seed=0)
    trainer = GRPOTrainer(model=str(model), args=args, train_dataset=Dataset.from_list(rows),
                          environment_factory=HalfFixed)
    trainer.train()
    logged = [entry for entry in trainer.state.log_history if "rewards/HalfFixed/mean" in entry]
    assert len(logged) == 1 and trainer.state.global_step == 1
    assert logged[0]["rewards/HalfFixed/mean"] == 0.5 and logged[0]["reward"] == 0.5
    assert sorted(trainer._logs["rewards"]["HalfFixed"]) == [0.0, 1.0]  # one column, per rollout
    assert sorted(trainer._logs["advantages"])[0] < 0 < sorted(trainer._logs["advantages"])[-1]
    for prompt in trainer._logs["prompt"]:  # the row's prompt, then the episode's own from reset
        assert prompt[-1]["content"].startswith("Fix the failing test.") and "stats_window" in prompt[-1]["content"]
    offered = sorted(tool.__name__ for tool in trainer._env_tools[None])
    assert offered == sorted(s["function"]["name"] for s in toolset("dbg"))
    docs = episodes(out_dir)
    assert len(docs) == 2 and all(d.result.exit_reason == "done" for d in docs)
    assert sorted(d.result.verified for d in docs) == [False, True]


DOCS = Path(__file__).resolve().parents[3] / "docs" / "researchers" / "interop.md"


def docs_snippet() -> str:
    """The Python block of the docs' "trl's GRPO against the server" section."""
    text = DOCS.read_text(encoding="utf-8")
    section = text[text.index("### trl's GRPO against the server"):]
    return section[section.index("```python\n") + len("```python\n"):section.index("\n```", section.index("```python"))]


@pytest.mark.slow
def test_the_docs_snippet_trains_one_step(tmp_path, monkeypatch):
    """The snippet as written, but for what a CPU test cannot have: a 7B model, long completions, many
    steps. Every replaced text must be in it, so the docs cannot drift from what runs."""
    from training.tiny import build_tiny_model

    monkeypatch.setenv("TRL_EXPERIMENTAL_SILENCE", "1")
    out_dir = tmp_path / "trajectories"
    model = build_tiny_model(tmp_path / "tiny")
    with serving(out_dir, tasks=("bulk_upload_batches", "sensor_summary_reuse"), max_sessions=4) as url:
        code = docs_snippet()
        for old, new in {'"Qwen/Qwen2.5-7B-Instruct"': repr(str(model)),
                         '"http://127.0.0.1:8100"': repr(url),
                         '"runs/grpo-stepwise"': repr(str(tmp_path / "run")),
                         "max_completion_length=4096": "max_completion_length=8",
                         "GRPOConfig(": 'GRPOConfig(use_cpu=True, bf16=False, report_to="none", save_strategy="no", '
                                        "max_steps=1, logging_steps=1, seed=0, "}.items():
            assert code.count(old) == 1, old
            code = code.replace(old, new)
        namespace: dict = {}
        exec(compile(code, str(DOCS), "exec"), namespace)
    trainer = namespace["trainer"]
    assert trainer.state.global_step == 1
    [logged] = [entry for entry in trainer.state.log_history if "rewards/StepwiseDbg/mean" in entry]
    assert logged["rewards/StepwiseDbg/mean"] == 0.0  # random weights fix nothing
    docs = episodes(out_dir)  # one episode per rollout, each ended by get_reward's done and verified
    assert len(docs) == 4 and len({d.task for d in docs}) == 1  # one prompt, four generations of it
    assert docs[0].task in ("bulk_upload_batches", "sensor_summary_reuse") and docs[0].split == "train"
    assert all(d.result.exit_reason == "done" and d.result.verified is False for d in docs)
    for doc in docs:  # record_replies played the closing text reply, then get_reward sent done
        assert [s.tool for s in doc.steps[-2:]] == ["<invalid>", "done"], [s.tool for s in doc.steps]
        assert "reply" in doc.steps[-2].arguments and doc.steps[-1].extra.get("sent_by") == "harness"


@pytest.mark.slow
def test_an_episode_lost_to_the_server_is_not_scored(tmp_path):
    out_dir = tmp_path / "trajectories"
    with serving(out_dir, reply_timeout=1) as url:
        env = stepwise_environment(url)()
        env.reset()
        # No reply within --reply-timeout: the server closes the episode (as error) and writes it.
        wait_until(lambda: [d for d in episodes(out_dir) if d.result.exit_reason == "error"],
                   "the server to close the episode no reply came for")
        answer = env.edit_file(**FIX)
        assert answer.startswith("Error: the episode was lost (it ended as error: no reply came within 1 s")
        assert env.get_reward() is None  # not the model's failure, so no 0.0 either
    [doc] = episodes(out_dir)
    assert doc.result.exit_reason == "error" and doc.steps == []


@pytest.mark.slow
def test_a_reset_on_a_full_server_waits_for_a_free_session(tmp_path, capfd):
    """More rollouts than --max-sessions: the extra one waits for a session instead of failing, and
    says so; one that waits past its bound fails with what to change."""

    with serving(tmp_path / "trajectories", max_sessions=1) as url:
        first = stepwise_environment(url)()
        first.reset()
        waited: dict = {}
        second = stepwise_environment(url, wait_for_session_s=120)()
        thread = threading.Thread(target=lambda: waited.update(prompt=second.reset()))
        thread.start()
        time.sleep(2)  # the second reset is waiting now
        assert thread.is_alive() and "prompt" not in waited
        assert first.get_reward() == 0.0  # gives its session back
        thread.join(120)
        assert "stats_window.py" in waited["prompt"]
        assert "is full; waiting up to 120 s" in capfd.readouterr().err
        impatient = stepwise_environment(url, wait_for_session_s=1)()
        with pytest.raises(StepwiseEnvError, match="stayed full for 1 s; start it with --max-sessions"):
            impatient.reset()
        assert second.get_reward() == 0.0


@pytest.mark.slow
def test_a_trainers_trajectory_names_its_model_and_marks_the_done_the_adapter_sent(server):
    url, out_dir = server
    env = stepwise_environment(url, model="org/policy-7b")()
    env.reset()
    env.edit_file(**FIX)
    assert env.get_reward() == 1.0  # the model never called done: the adapter did
    [doc] = episodes(out_dir)
    assert doc.policy["model"] == "org/policy-7b" and doc.policy["kind"] == "openenv"
    assert [s.tool for s in doc.steps] == ["edit_file", "done"]
    assert doc.steps[-1].extra.get("sent_by") == "harness" and "sent_by" not in doc.steps[0].extra


@pytest.mark.slow
def test_the_models_closing_text_reply_is_recorded_before_the_adapters_done(server):
    url, out_dir = server
    env = stepwise_environment(url, model="org/policy-7b")()
    env.reset()
    env.edit_file(**FIX)
    closing = [{"role": "assistant", "content": "I fixed the window; the test should pass now."}]
    assert record_replies(completions=[closing], environments=[env], prompts=[[]]) == [None]
    assert env.get_reward() == 1.0
    [doc] = episodes(out_dir)
    assert [s.tool for s in doc.steps] == ["edit_file", "<invalid>", "done"]
    assert doc.steps[1].arguments == {"reply": closing[0]["content"]} and "sent_by" not in doc.steps[1].extra
    assert doc.steps[-1].extra.get("sent_by") == "harness"
    # A rollout that ended on a tool call (trl's iteration limit) has no closing reply to record.
    assert record_replies(completions=[[{"role": "assistant", "content": "", "tool_calls": [{}]}]],
                          environments=[env]) == [None]
