"""Policies without a sandbox: reply parsing, script files, the OpenAI endpoint, a tiny local model."""

from __future__ import annotations

import json

import pytest

from harness.policies import EndpointError, PolicyError, make_policy, parse_spec
from harness.policies.parsing import parse_text_tool_call, turn_from_reply
from harness.prompts import DEBUGGER_BLOCK, system_prompt
from tests.harness.conftest import completion

MESSAGES = [{"role": "system", "content": "s"}, {"role": "user", "content": "fix it"}]
TOOLS = [{"type": "function", "function": {"name": "bash", "parameters": {"type": "object"}}}]


def test_the_arms_prompts_differ_by_exactly_the_debugger_block():
    base, dbg = system_prompt("base"), system_prompt("dbg")
    assert DEBUGGER_BLOCK not in base
    assert dbg.replace(DEBUGGER_BLOCK, "").replace("\n\n", "\n") == base.replace("\n\n", "\n")


def test_text_tool_call_is_parsed_with_its_arguments():
    parsed = parse_text_tool_call('Let me look.\n<tool_call>\n{"name": "bash", "arguments": '
                                  '{"command": "ls"}}\n</tool_call>')
    assert (parsed.call.name, parsed.call.arguments, parsed.error) == ("bash", {"command": "ls"}, None)


def test_arguments_given_as_a_json_string_are_decoded():
    parsed = parse_text_tool_call('<tool_call>{"name": "print_variable", "arguments": "{\\"name\\": \\"x\\"}"}'
                                  "</tool_call>")
    assert parsed.call.arguments == {"name": "x"}


@pytest.mark.parametrize(("text", "reason"), [
    ("I will now fix the bug.", "no tool call"),
    ('<tool_call>{"name": "bash", "arguments": {"command": </tool_call>', "not valid JSON"),
    ('<tool_call>{"arguments": {}}</tool_call>', 'string "name"'),
    ('<tool_call>{"name": "bash", "arguments": [1, 2]}</tool_call>', "must be a JSON object"),
])
def test_a_reply_without_a_usable_call_becomes_an_error_that_shows_the_format(text, reason):
    turn = turn_from_reply(text)
    assert turn.tool_call is None
    assert reason in turn.error
    assert "<tool_call>" in turn.error and turn.error.startswith("Error:")
    assert turn.message == {"role": "assistant", "content": text}


def test_only_the_first_of_several_calls_is_kept():
    turn = turn_from_reply('<tool_call>{"name": "bash", "arguments": {"command": "ls"}}</tool_call>'
                           '<tool_call>{"name": "done", "arguments": {}}</tool_call>')
    assert turn.tool_call.name == "bash" and turn.extra_tool_calls == 1
    assert len(turn.message["tool_calls"]) == 1


def test_policy_specs_name_the_problem():
    assert parse_spec("openai:Qwen/Qwen3?temperature=0.5&max_tokens=64") == (
        "openai", "Qwen/Qwen3", {"temperature": 0.5, "max_tokens": 64})
    with pytest.raises(PolicyError, match="KIND:TARGET"):
        make_policy("gpt-4o")
    with pytest.raises(PolicyError, match="unknown option"):
        make_policy("script:x.json?temperature=1")
    with pytest.raises(PolicyError, match="no such file"):
        make_policy("script:/nonexistent/calls.json")


def test_script_policy_issues_its_calls_then_done(write_script):
    policy = make_policy(f"script:{write_script([{'name': 'bash', 'arguments': {'command': 'ls'}}])}")
    policy.reset(task="t", arm="dbg")
    first, second = policy.act(MESSAGES, TOOLS), policy.act(MESSAGES, TOOLS)
    assert (first.tool_call.name, first.tool_call.arguments) == ("bash", {"command": "ls"})
    assert second.tool_call.name == "done"
    assert first.message["tool_calls"][0]["function"] == {"name": "bash", "arguments": '{"command": "ls"}'}


def test_script_policy_picks_the_task_and_arm_entry(write_script):
    path = write_script([], tasks={"t": {"base": [{"name": "bash", "arguments": {"command": "b"}}],
                                         "dbg": [{"name": "start_debugger", "arguments": {"file": "x"}}]}})
    policy = make_policy(f"script:{path}")
    policy.reset(task="t", arm="dbg")
    assert policy.act(MESSAGES, TOOLS).tool_call.name == "start_debugger"
    policy.reset(task="t", arm="base")
    assert policy.act(MESSAGES, TOOLS).tool_call.arguments == {"command": "b"}
    policy.reset(task="other", arm="base")
    assert policy.act(MESSAGES, TOOLS).tool_call.name == "done"


def test_a_malformed_script_file_names_the_entry(write_script):
    path = write_script([{"name": "bash", "arguments": {}}, {"arguments": {"x": 1}}])
    with pytest.raises(PolicyError, match=r"tool_calls\[1\]\.name: missing"):
        make_policy(f"script:{path}")


def test_openai_policy_reads_native_and_text_calls_and_usage(chat_server, monkeypatch):
    monkeypatch.setenv("STEPWISE_OPENAI_BASE_URL", chat_server.url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    chat_server.queue(completion(tool_calls=[("bash", {"command": "pytest -q"})], usage=(100, 20)),
                      completion(content='<tool_call>{"name": "done", "arguments": {}}</tool_call>', usage=(150, 9)))
    policy = make_policy("openai:fixture-model?temperature=0")
    native, text = policy.act(MESSAGES, TOOLS), policy.act(MESSAGES, TOOLS)
    assert (native.tool_call.name, native.tool_call.arguments, native.tool_call.id) == (
        "bash", {"command": "pytest -q"}, "call_0")
    assert native.usage == {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120}
    assert text.tool_call.name == "done" and text.usage["completion_tokens"] == 9
    sent = chat_server.requests[0]
    assert sent["path"] == "/v1/chat/completions" and sent["authorization"] == "Bearer sk-test"
    assert sent["body"]["tools"] == TOOLS and sent["body"]["model"] == "fixture-model"


def test_openai_policy_retries_a_rate_limit_then_succeeds(chat_server):
    chat_server.queue((429, {"error": {"message": "slow down"}}), (503, {"error": "busy"}),
                      completion(tool_calls=[("done", {})]))
    policy = make_policy(f"openai:m?base_url={chat_server.url}&backoff_s=0.01")
    turn = policy.act(MESSAGES, TOOLS)
    assert turn.tool_call.name == "done"
    assert len(chat_server.requests) == 3


def test_openai_policy_gives_up_on_a_client_error_with_a_clear_reason(chat_server):
    chat_server.queue((401, {"error": {"message": "bad key"}}))
    policy = make_policy(f"openai:m?base_url={chat_server.url}&backoff_s=0.01")
    with pytest.raises(EndpointError, match="HTTP 401: bad key.*Set STEPWISE_OPENAI_API_KEY"):
        policy.act(MESSAGES, TOOLS)
    assert len(chat_server.requests) == 1


def test_openai_policy_strips_non_chat_fields_from_messages(chat_server):
    chat_server.queue(completion(tool_calls=[("done", {})]))
    policy = make_policy(f"openai:m?base_url={chat_server.url}")
    policy.act([{"role": "user", "content": "x", "usage": {"total_tokens": 3}}], TOOLS)
    assert chat_server.requests[0]["body"]["messages"] == [{"role": "user", "content": "x"}]


@pytest.mark.slow
def test_hf_policy_generates_from_a_tiny_random_model(tiny_model_dir):
    policy = make_policy(f"hf:{tiny_model_dir}?max_new_tokens=8")
    turn = policy.act(MESSAGES, TOOLS)
    assert turn.usage["completion_tokens"] <= 8 and turn.usage["prompt_tokens"] > 10
    assert turn.message["role"] == "assistant"
    assert (turn.tool_call is None) == (turn.error is not None)
    assert json.dumps(turn.message)  # recordable as JSON


def test_run_refuses_an_unknown_task_or_policy_with_a_clear_message(fixture_tasks_dir, capsys):
    from harness.cli import run as run_cli

    assert run_cli.main(["--task", "no_such_task", "--tasks-dir", str(fixture_tasks_dir),
                         "--policy", "script:x.json"]) == 2
    assert "no_such_task" in capsys.readouterr().err
    assert run_cli.main(["--task", "running_average", "--tasks-dir", str(fixture_tasks_dir),
                         "--policy", "claude"]) == 2
    assert "KIND:TARGET" in capsys.readouterr().err



def unreadable_file(tmp_path, kind: str):
    """A path a hostile user might give: a folder, or JSON nested deeper than the parser can follow."""
    if kind == "folder":
        return tmp_path
    path = tmp_path / "deep.json"
    path.write_text('{"a": ' * 50_000 + "1" + "}" * 50_000)
    return path


@pytest.mark.parametrize(("spec", "kind", "message"), [
    ("script", "folder", "is a folder; give the script file"),
    ("script", "nested", "nested too deeply"),
    ("replay", "folder", "is a folder; give a trajectory file"),
    ("replay", "nested", "nested too deeply"),
])
def test_a_script_or_replay_file_that_cannot_be_read_is_a_policy_error(tmp_path, spec, kind, message):
    with pytest.raises(PolicyError, match=message):
        make_policy(f"{spec}:{unreadable_file(tmp_path, kind)}")

def test_run_refuses_an_out_that_is_a_folder_before_playing(fixture_tasks_dir, write_script, tmp_path, capsys):
    from harness.cli import run as run_cli

    script = write_script([{"name": "bash", "arguments": {"command": "true"}}])
    (tmp_path / "runs").mkdir()

    code = run_cli.main(["--task", "running_average", "--tasks-dir", str(fixture_tasks_dir),
                         "--policy", f"script:{script}", "--out", str(tmp_path / "runs")])

    assert code == 2
    assert f"out={tmp_path / 'runs'} is a folder; give the trajectory file to write" in capsys.readouterr().err
    assert list((tmp_path / "runs").iterdir()) == [] and not (tmp_path / "runs.events.jsonl").exists()


def test_tool_call_json_nested_past_the_bound_is_refused_however_deep():
    from harness.tools.toolbox import as_arguments

    fine = parse_text_tool_call('<tool_call>{"name": "add_breakpoint", "arguments": '
                                '{"breakpoints": [{"file": "a.py", "lines": [3]}]}}</tool_call>')
    just_past = parse_text_tool_call('<tool_call>{"name": "bash", "arguments": {"c": ' + "[" * 40 + "]" * 40
                                     + "}}</tool_call>")

    assert fine.call is not None and fine.call.arguments["breakpoints"][0]["lines"] == [3]
    assert just_past.call is None and "nested more than 32 levels deep" in just_past.error
    assert "nested too deeply" in as_arguments("[" * 50_000 + "]" * 50_000)[1]
