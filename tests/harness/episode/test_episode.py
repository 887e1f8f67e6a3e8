"""Real episodes on a real task (the fixture tasks, tests/fixtures) in a bwrap sandbox, driven by scripted,
HTTP and tiny-model policies."""

from __future__ import annotations

import json

import pytest

from harness.cli import run as run_cli
from harness.episode import play_and_score, run_episode, score_episode
from harness.policies import make_policy
from harness.records.quality import Quality
from harness.sandbox.backends import get_backend
from harness.sandbox.pool import SandboxPool
from harness.trajectory import events_path_for, load_trajectory, read_events, validation_errors

FIX = {"name": "edit_file", "arguments": {"file_path": "stats_window.py", "old_string": "self.values.pop()",
                                          "new_string": "self.values.pop(0)"}}
PYTEST = {"name": "bash", "arguments": {"command": "python -m pytest -q"}}
DEBUG_THEN_FIX = [
    {"name": "start_debugger", "arguments": {"file": "test_stats_window.py"}},
    {"name": "add_breakpoint", "arguments": {"file": "stats_window.py", "line": 11}},
    {"name": "continue_execution", "arguments": {}},
    {"name": "print_variable", "arguments": {"name": "self.values"}},
    FIX, PYTEST,
]


def assert_chat_is_consistent(doc):
    """Every assistant tool call is answered by a tool message with its id, in order."""
    pending = []
    for message in doc.messages[2:]:
        if message["role"] == "assistant":
            assert not pending
            pending = [c["id"] for c in message.get("tool_calls", [])]
        elif message["role"] == "tool":
            assert message["tool_call_id"] == pending.pop(0)
    assert doc.messages[0]["role"] == "system" and doc.messages[1]["role"] == "user"


@pytest.mark.slow
def test_a_fix_found_with_the_debugger_is_verified(running_average, write_script, tmp_path):
    events = []
    out = tmp_path / "episode.json"
    doc = run_episode(running_average, make_policy(f"script:{write_script(DEBUG_THEN_FIX)}"), arm="dbg",
                      out=out, on_event=events.append, split="heldout")
    assert validation_errors(doc.to_json(check=False)) == []
    assert doc.result.verified is True and doc.result.exit_reason == "done"
    assert doc.result.tests.to_json() == {"passed": 2, "failed": 0}
    assert "+            self.values.pop(0)" in doc.result.patch
    assert [s.tool for s in doc.steps][:4] == ["start_debugger", "add_breakpoint", "continue_execution",
                                                     "print_variable"]
    assert doc.steps[2].position == ("stats_window.py", 11)
    assert "[1, 2, 6]" in doc.steps[3].observation
    assert doc.steps[-1].tool == "done" and [s.turn for s in doc.steps] == list(range(1, 8))
    assert_chat_is_consistent(doc)
    assert load_trajectory(out) == doc
    assert [e["event"] for e in events][0] == "header" and events[-1]["event"] == "result"
    assert [e["event"] for e in read_events(events_path_for(out))] == [e["event"] for e in events]
    assert doc.split == "heldout" and doc.arm == "dbg" and doc.policy["kind"] == "script"


@pytest.mark.slow
def test_done_without_a_fix_is_not_verified(running_average, write_script, tmp_path, capsys):
    script = write_script([PYTEST])
    code = run_cli.main(["--task", str(running_average.path), "--policy", f"script:{script}", "--arm", "base",
                         "--sandbox", "bwrap", "--out", str(tmp_path / "t.json")])
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert code == 0
    assert {k: summary[k] for k in ("verified", "turns", "exit_reason", "debugger_started")} == {
        "verified": False, "turns": 2, "exit_reason": "done", "debugger_started": False}
    doc = load_trajectory(tmp_path / "t.json")
    # Nothing changed: the task's known failure is the verdict, without running the tests again.
    assert doc.result.extra["verification"] == "skipped: workspace unchanged" and doc.result.patch == ""
    assert doc.result.extra["outcome"] == "failed" and doc.result.tests.to_json() == {"passed": 0, "failed": 0}
    assert validation_errors(doc.to_json(check=False)) == []
    assert "1 failed" in doc.steps[0].observation


@pytest.mark.slow
def test_an_edit_restored_byte_for_byte_gets_the_known_failure(running_average, write_script, tmp_path):
    undo = {"name": "edit_file", "arguments": {"file_path": "stats_window.py", "old_string": "self.values.pop(0)",
                                               "new_string": "self.values.pop()"}}
    doc = run_episode(running_average, make_policy(f"script:{write_script([FIX, PYTEST, undo])}"), arm="base",
                      out=tmp_path / "t.json")
    assert "2 passed" in doc.steps[1].observation  # it was fixed, then put back
    result = doc.result
    assert result.exit_reason == "done" and result.verified is False
    assert result.extra["verification"] == "skipped: workspace unchanged" and result.extra["outcome"] == "failed"
    assert validation_errors(doc.to_json(check=False)) == []


@pytest.mark.slow
def test_an_edit_kept_gets_real_verification(running_average, write_script, tmp_path):
    spoil = {"name": "bash", "arguments": {"command": "echo '# note' >> stats_window.py"}}
    doc = run_episode(running_average, make_policy(f"script:{write_script([spoil])}"), arm="base",
                      out=tmp_path / "t.json")
    result = doc.result
    assert "verification" not in result.extra and result.extra["outcome"] == "failed"
    assert result.tests.to_json() == {"passed": 1, "failed": 1} and "+# note" in result.patch


@pytest.mark.slow
def test_running_out_of_turns_after_an_edit_is_verified_at_the_end(running_average, write_script, tmp_path):
    read = {"name": "bash", "arguments": {"command": "wc -l stats_window.py"}}
    doc = run_episode(running_average, make_policy(f"script:{write_script([read, FIX, read, read])}"),
                      arm="base", max_turns=3, out=tmp_path / "t.json")
    assert doc.result.exit_reason == "max_turns" and len(doc.steps) == 3
    assert doc.result.verified is True


@pytest.mark.slow
def test_an_edit_made_through_bash_counts_as_a_change(running_average, write_script, tmp_path):
    sed = {"name": "bash", "arguments": {"command": "sed -i 's/values.pop()/values.pop(0)/' stats_window.py"}}
    doc = run_episode(running_average, make_policy(f"script:{write_script([sed, sed])}"), arm="base",
                      max_turns=1, out=tmp_path / "t.json")
    assert doc.result.exit_reason == "max_turns" and doc.result.verified is True


@pytest.mark.slow
def test_running_out_of_turns_without_a_change_is_not_verified(running_average, write_script, tmp_path):
    doc = run_episode(running_average, make_policy(f"script:{write_script([PYTEST, PYTEST])}"), arm="base",
                      max_turns=1, out=tmp_path / "t.json")
    assert doc.result.exit_reason == "max_turns" and doc.result.verified is False
    assert "never changed" in doc.result.reason


@pytest.mark.slow
def test_malformed_tool_calls_get_error_observations_and_the_episode_goes_on(running_average, write_script,
                                                                            tmp_path):
    calls = [
        {"content": "I think the bug is in add()."},
        {"content": '<tool_call>{"name": "bash", "arguments": {"command": </tool_call>'},
        {"name": "no_such_tool", "arguments": {}},
        {"name": "edit_file", "arguments": {"file_path": "stats_window.py"}},
        {"name": "start_debugger", "arguments": {"file": "test_stats_window.py"}},  # not in the base arm
        {"name": "write_file", "arguments": {"file_path": "test_stats_window.py", "content": "x = 1\n"}},
    ]
    doc = run_episode(running_average, make_policy(f"script:{write_script(calls)}"), arm="base",
                      out=tmp_path / "t.json")
    assert validation_errors(doc.to_json(check=False)) == []
    assert doc.result.exit_reason == "done" and doc.result.verified is False
    steps = doc.steps
    assert [s.tool for s in steps[:2]] == ["<invalid>", "<invalid>"]
    assert all(s.error and s.observation.startswith("Error:") for s in steps[:6])
    assert "no tool call" in steps[0].observation and "not valid JSON" in steps[1].observation
    assert doc.messages[3] == {"role": "user", "content": steps[0].observation}
    assert steps[-1].tool == "done" and not steps[-1].error
    # The protected test was not replaced: the workspace is as materialized.
    assert doc.result.extra["verification"] == "skipped: workspace unchanged"
    assert_chat_is_consistent(doc)


@pytest.mark.slow
def test_an_interrupted_episode_is_recorded_as_a_crash(running_average, write_script, tmp_path):
    def stop_at_second_step(event):
        if event["event"] == "step" and event["step"]["turn"] == 2:
            raise KeyboardInterrupt

    out = tmp_path / "t.json"
    with pytest.raises(KeyboardInterrupt):
        run_episode(running_average, make_policy(f"script:{write_script([PYTEST, PYTEST, FIX])}"), arm="base",
                    out=out, on_event=stop_at_second_step)
    doc = load_trajectory(out)
    assert doc.result.exit_reason == "crash" and doc.result.verified is False
    assert [s.turn for s in doc.steps] == [1, 2]


@pytest.mark.slow
def test_replaying_a_trajectory_in_a_pooled_sandbox_reissues_its_calls(running_average, write_script,
                                                                       tmp_path):
    first = run_episode(running_average, make_policy(f"script:{write_script(DEBUG_THEN_FIX)}"), arm="dbg",
                        out=tmp_path / "first.json")
    with SandboxPool(get_backend("bwrap"), size=1) as pool:
        assert pool.wait_ready(timeout_s=60)
        again = run_episode(running_average, make_policy(f"replay:{tmp_path / 'first.json'}"), arm="dbg",
                            backend=pool, out=tmp_path / "again.json")
        assert pool.warm_acquires == 1
    assert again.sandbox == "bwrap"
    assert [(s.tool, s.arguments) for s in again.steps] == [(s.tool, s.arguments)
                                                                   for s in first.steps]
    assert again.result.verified is True and again.policy["kind"] == "replay"


@pytest.mark.slow
def test_openai_policy_plays_an_episode_over_http(running_average, chat_server, tmp_path):
    from tests.harness.conftest import completion

    chat_server.queue(
        completion(tool_calls=[("bash", {"command": "sed -n '8,12p' stats_window.py"})], usage=(300, 12)),
        completion(content='Found it.\n<tool_call>{"name": "edit_file", "arguments": {"file_path": '
                           '"stats_window.py", "old_string": "self.values.pop()", "new_string": '
                           '"self.values.pop(0)"}}</tool_call>', usage=(420, 40)),
        completion(content="Looks right to me.", usage=(500, 5)),
        completion(tool_calls=[("done", {})], usage=(520, 3)),
    )
    policy = make_policy(f"openai:fixture-model?base_url={chat_server.url}")
    doc = run_episode(running_average, policy, arm="dbg", out=tmp_path / "t.json")
    assert validation_errors(doc.to_json(check=False)) == []
    assert [s.tool for s in doc.steps] == ["bash", "edit_file", "<invalid>", "done"]
    assert "self.values.pop()" in doc.steps[0].observation
    assert doc.result.verified is True
    assert [s.usage["total_tokens"] for s in doc.steps] == [312, 460, 505, 523]
    assert doc.result.usage == {"prompt_tokens": 1740, "completion_tokens": 60, "total_tokens": 1800}
    sent = chat_server.requests[-1]["body"]
    assert {t["function"]["name"] for t in sent["tools"]} >= {"start_debugger", "bash", "done"}
    assert sent["messages"][3]["role"] == "tool" and sent["messages"][3]["tool_call_id"] == "call_0"
    assert_chat_is_consistent(doc)


@pytest.mark.slow
def test_a_tiny_random_hf_model_plays_a_well_formed_episode(running_average, tiny_model_dir, tmp_path):
    policy = make_policy(f"hf:{tiny_model_dir}?max_new_tokens=12")
    doc = run_episode(running_average, policy, arm="dbg", max_turns=3, out=tmp_path / "t.json")
    assert validation_errors(doc.to_json(check=False)) == []
    assert len(doc.steps) == 3 and doc.result.exit_reason in ("max_turns", "done")
    assert doc.policy["kind"] == "hf" and doc.policy["model"] == str(tiny_model_dir)
    assert doc.policy["params"]["max_new_tokens"] == 12
    assert all(s.usage["completion_tokens"] <= 12 for s in doc.steps)
    assert "<tool_call>" in doc.messages[0]["content"]  # the text call format is explained


def test_an_endpoint_that_refuses_ends_the_episode_as_an_infra_error(running_average, chat_server, tmp_path):
    from tests.harness.conftest import completion

    chat_server.queue(completion(tool_calls=[("bash", {"command": "ls"})]),
                      (401, {"error": {"message": "invalid api key"}}))
    policy = make_policy(f"openai:fixture-model?base_url={chat_server.url}")
    doc = run_episode(running_average, policy, arm="base", out=tmp_path / "t.json")
    assert validation_errors(doc.to_json(check=False)) == []
    assert doc.result.exit_reason == "infra_error" and doc.result.verified is False
    assert "HTTP 401" in doc.result.reason and len(doc.steps) == 1


@pytest.mark.slow
def test_the_model_killing_every_process_it_can_does_not_end_the_episode(running_average, write_script, tmp_path):
    # kill -KILL -1 used to kill the debug service too and end the episode as a crash; the
    # service is out of the model's reach now (tests/harness/sandbox/test_service_isolation.py).
    kill_all = {"name": "bash", "arguments": {"command": "kill -KILL -1"}}
    doc = run_episode(running_average, make_policy(f"script:{write_script([kill_all, PYTEST])}"), arm="base",
                      out=tmp_path / "t.json")
    assert validation_errors(doc.to_json(check=False)) == []
    assert doc.result.exit_reason == "done" and doc.result.verified is False
    assert [step.tool for step in doc.steps] == ["bash", "bash", "done"]
    assert "failed" in doc.steps[1].observation  # pytest ran in the shell that replaced the killed one


@pytest.mark.slow
def test_a_scorer_adds_its_quality_record_and_a_failing_one_changes_nothing(running_average, write_script,
                                                                           tmp_path):
    script = write_script([PYTEST])
    seen, events = [], []

    def scorer(trajectory):
        seen.append(trajectory.result.exit_reason)
        return Quality(None, extra={"score": 0.25})

    out = tmp_path / "scored.json"
    played = run_episode(running_average, make_policy(f"script:{script}"), arm="dbg", max_turns=1, out=out)
    assert played.quality is None and load_trajectory(out).quality is None  # playing does not score
    doc = score_episode(played, scorer, out=out, on_event=events.append)
    assert seen == ["max_turns"] and doc.quality == {"verified": None, "edit_relevant": None, "score": 0.25}
    assert load_trajectory(out).quality == doc.quality
    assert read_events(events_path_for(out))[-1]["quality"] == doc.quality
    assert [e["event"] for e in events] == ["quality"] and events[0]["quality"] == doc.quality

    def broken(trajectory):
        raise RuntimeError("scorer bug")

    doc = play_and_score(running_average, make_policy(f"script:{script}"), scorer=broken, arm="dbg", max_turns=1,
                         out=tmp_path / "unscored.json")
    assert doc.quality is None and doc.result.exit_reason == "max_turns"
    assert load_trajectory(tmp_path / "unscored.json").quality is None


@pytest.mark.slow
@pytest.mark.parametrize("backend", ["bwrap", pytest.param("docker", marks=pytest.mark.docker)])
def test_a_program_past_the_memory_limit_ends_the_episode_as_limit_timed_by_the_host(running_average, write_script,
                                                                                     backend, tmp_path):
    from harness.sandbox.backends.base import Limits

    hog = {"name": "bash", "arguments": {"command": "python3 -c \"b = [bytearray(32 * 2**20) for _ in range(64)]\""}}
    doc = run_episode(running_average, make_policy(f"script:{write_script([hog, PYTEST])}"), arm="base",
                      out=tmp_path / "t.json", backend=backend, limits=Limits(memory_mb=256, tool_timeout_s=60))

    assert validation_errors(doc.to_json(check=False)) == []
    assert doc.result.exit_reason == "limit" and doc.result.verified is False
    assert "memory limit reached" in doc.result.reason
    assert len(doc.steps) == 1 and doc.steps[0].duration_ms > 0
