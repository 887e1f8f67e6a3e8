"""The OpenAI-compatible policy against real HTTP servers on loopback (only the model is canned):
the preflight, the error taxonomy, retries and Retry-After, concurrency, text tool calls, model configs."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime

import pytest
import yaml

from harness.cli import check_endpoint as check_cli
from harness.policies import ContextExhausted, EndpointError, make_policy
from harness.policies.endpoint import BASE_URL_VARIABLES, retry_after_seconds
from harness.policies.model_config import MODELS_DIR, ModelConfigError, load_model_config
from harness.tools import toolset
from harness.trajectory import Trajectory
from tests.helpers.model_server import CONTEXT_ERROR, ModelServer, Reply, closed_port, completion

MESSAGES = [{"role": "system", "content": "s"}, {"role": "user", "content": "fix stats_window.py"}]
TOOLS = toolset("dbg")


@pytest.fixture
def server():
    model_server = ModelServer()
    yield model_server
    model_server.close()


def policy_for(server_or_url, *, sleeps=None, **options):
    url = server_or_url if isinstance(server_or_url, str) else server_or_url.url
    from harness.policies.openai import OpenAIPolicy
    return OpenAIPolicy(options.pop("model", "canned"), base_url=url, backoff_s=0.01,
                        sleep=(sleeps.append if sleeps is not None else lambda s: None), **options)


def write_config(tmp_path, name="model.yaml", **fields):
    path = tmp_path / name
    path.write_text(yaml.safe_dump(fields), encoding="utf-8")
    return path


# ---- preflight -------------------------------------------------------------------------------------

def test_preflight_checks_the_model_list_and_a_one_token_completion_with_the_tools(server):
    check = policy_for(server).preflight()
    assert check.model == "canned" and check.models_served == ["canned"]
    get, post = server.requests
    assert (get["method"], get["path"]) == ("GET", "/v1/models")
    assert post["path"] == "/v1/chat/completions" and post["body"]["max_tokens"] == 1
    assert [t["function"]["name"] for t in post["body"]["tools"]] == [t["function"]["name"] for t in TOOLS]


def test_preflight_names_the_variable_to_set_when_nothing_listens(monkeypatch):
    monkeypatch.setenv("STEPWISE_OPENAI_BASE_URL", f"http://127.0.0.1:{closed_port()}/v1")
    policy = make_policy("openai:canned")
    with pytest.raises(EndpointError) as caught:
        policy.preflight()
    assert caught.value.kind == "unreachable"
    assert "set STEPWISE_OPENAI_BASE_URL (or OPENAI_BASE_URL) to the base URL" in str(caught.value)
    assert "now comes from STEPWISE_OPENAI_BASE_URL" in str(caught.value)


def test_preflight_names_the_key_variable_on_401(monkeypatch):
    server = ModelServer(api_key="sk-right")
    try:
        monkeypatch.setenv("STEPWISE_OPENAI_BASE_URL", server.url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-wrong")
        monkeypatch.delenv("STEPWISE_OPENAI_API_KEY", raising=False)
        with pytest.raises(EndpointError) as caught:
            make_policy("openai:canned").preflight()
    finally:
        server.close()
    assert caught.value.kind == "auth"
    assert "HTTP 401" in str(caught.value) and "a key from OPENAI_API_KEY" in str(caught.value)
    assert "Set STEPWISE_OPENAI_API_KEY (or OPENAI_API_KEY) to a valid API key" in str(caught.value)
    assert len(server.requests) == 1  # a refused key is not retried


def test_preflight_lists_what_the_endpoint_serves_for_an_unknown_model(server):
    with pytest.raises(EndpointError, match=r"does not serve the model 'gpt-x'; it serves: canned\. "
                                            r"Set the model name in --policy openai:MODEL") as caught:
        policy_for(server, model="gpt-x").preflight()
    assert caught.value.kind == "unknown_model"


def test_preflight_says_how_to_serve_tools_when_the_server_rejects_them():
    server = ModelServer(served=None)  # no model list: the completion decides
    server.queue(Reply(400, {"object": "error", "code": 400, "message": '"auto" tool choice requires '
                                                                         "--enable-auto-tool-choice and --tool-call-parser to be set"}))
    try:
        with pytest.raises(EndpointError) as caught:
            policy_for(server).preflight()
    finally:
        server.close()
    assert caught.value.kind == "tools_rejected"
    assert "--enable-auto-tool-choice --tool-call-parser hermes" in str(caught.value)
    assert "tool_call_format: text" in str(caught.value)


def test_check_endpoint_command_reports_ready_or_what_to_set(server, tmp_path, capsys):
    assert check_cli.main(["--policy", f"openai:canned?base_url={server.url}"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"ok: {server.url} serves 'canned'") and f"{len(TOOLS)} tool definition(s) accepted" in out
    config = write_config(tmp_path, model="canned", base_url_env="MY_MODEL_URL")
    assert check_cli.main(["--model-config", str(config)]) == 2
    assert f"set MY_MODEL_URL (named by base_url_env in {config})" in capsys.readouterr().err
    assert check_cli.main(["--policy", "script:/nope.json"]) == 2
    assert "no such file" in capsys.readouterr().err


# ---- the error taxonomy during an episode ----------------------------------------------------------

def test_a_500_answered_once_is_retried_and_the_turn_succeeds(server):
    server.queue(Reply(500, {"error": {"message": "internal error"}}))
    sleeps = []
    turn = policy_for(server, sleeps=sleeps).act(MESSAGES, TOOLS)
    assert turn.tool_call.name == "done" and len(server.chat_requests) == 2 and len(sleeps) == 1


def test_retry_after_is_honoured_in_seconds_and_as_a_date(server):
    later = format_datetime(datetime.now(UTC) + timedelta(seconds=30), usegmt=True)
    server.queue(Reply(429, {"error": {"message": "slow down"}}, {"Retry-After": "7"}),
                 Reply(503, {"error": {"message": "busy"}}, {"Retry-After": later}))
    sleeps = []
    assert policy_for(server, sleeps=sleeps).act(MESSAGES, TOOLS).tool_call.name == "done"
    assert sleeps[0] == 7.0 and 25 < sleeps[1] <= 30
    assert retry_after_seconds({"retry-after-ms": "1500"}) == 1.5 and retry_after_seconds({}) is None


def test_a_retry_after_past_the_cap_waits_only_the_cap(server):
    server.queue(Reply(429, {"error": {"message": "slow down"}}, {"Retry-After": "3600"}))
    sleeps = []
    policy_for(server, sleeps=sleeps, max_retry_after_s=20).act(MESSAGES, TOOLS)
    assert sleeps == [20]


def test_a_client_error_is_not_retried_and_is_an_endpoint_error(server):
    server.queue(Reply(400, {"error": {"message": "messages[3]: unexpected role"}}))
    with pytest.raises(EndpointError, match="HTTP 400: messages\\[3\\]: unexpected role") as caught:
        policy_for(server).act(MESSAGES, TOOLS)
    assert caught.value.kind == "rejected" and len(server.chat_requests) == 1


def test_transient_failures_past_the_retries_are_an_endpoint_error(server):
    server.queue(*[Reply(503, {"error": {"message": "overloaded"}})] * 3)
    with pytest.raises(EndpointError, match="still failing after 3 attempt") as caught:
        policy_for(server, max_retries=2).act(MESSAGES, TOOLS)
    assert caught.value.kind == "unavailable"


def test_a_context_length_error_is_context_exhausted(server):
    server.queue(Reply(400, CONTEXT_ERROR))
    with pytest.raises(ContextExhausted, match="no longer fits the context window of 'canned'"):
        policy_for(server).act(MESSAGES, TOOLS)
    assert len(server.chat_requests) == 1


def test_a_server_that_dies_mid_request_is_retried_then_reported_unreachable(server):
    server.die_after(0)
    with pytest.raises(EndpointError, match="cannot reach the model endpoint") as caught:
        policy_for(server, max_retries=2).act(MESSAGES, TOOLS)
    assert caught.value.kind == "unreachable" and "tried 3 time(s)" in str(caught.value)
    assert len(server.chat_requests) == 1  # the one dropped; the retries found nothing listening


def test_max_concurrent_requests_bounds_the_requests_in_flight():
    server = ModelServer(handle_delay_s=0.05)
    policy = policy_for(server, max_concurrent_requests=1)
    try:
        threads = [threading.Thread(target=policy.act, args=(MESSAGES, TOOLS)) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        server.close()
    assert len(server.chat_requests) == 4 and server.max_in_flight == 1


def test_the_text_format_sends_no_tools_and_reads_the_tool_call_from_the_reply(server):
    server.queue(Reply(200, completion(content='<tool_call>{"name": "bash", "arguments": {"command": "ls"}}'
                                               "</tool_call>")))
    policy = policy_for(server, tool_call_format="text")
    turn = policy.act(MESSAGES, TOOLS)
    assert policy.text_tool_calls and "tools" not in server.chat_requests[0]["body"]
    assert (turn.tool_call.name, turn.tool_call.arguments) == ("bash", {"command": "ls"})


def test_extra_body_adds_fields_and_a_null_removes_one(server):
    policy_for(server, extra_body={"max_tokens": None, "max_completion_tokens": 512}).act(MESSAGES, TOOLS)
    body = server.chat_requests[0]["body"]
    assert "max_tokens" not in body and body["max_completion_tokens"] == 512


# ---- model configs ---------------------------------------------------------------------------------

def test_a_model_config_drives_the_requests_and_is_recorded_without_the_key(server, tmp_path, monkeypatch):
    monkeypatch.setenv("CANNED_KEY", "sk-secret-value")
    path = write_config(tmp_path, name="canned", model="canned", base_url=server.url, api_key_env="CANNED_KEY",
                        sampling={"temperature": 0.3, "top_p": 0.9, "max_tokens": 256, "seed": 7},
                        max_concurrent_requests=2, prices={"input_per_million": 1.0, "output_per_million": 4.0})
    config = load_model_config(path)
    policy = config.make_policy()
    policy.act(MESSAGES, TOOLS)
    sent = server.chat_requests[0]
    assert sent["authorization"] == "Bearer sk-secret-value"
    assert {k: sent["body"][k] for k in ("model", "temperature", "top_p", "max_tokens", "seed")} == {
        "model": "canned", "temperature": 0.3, "top_p": 0.9, "max_tokens": 256, "seed": 7}
    params = policy.info().params
    assert params["api_key_env"] == "CANNED_KEY" and params["model_config"] == str(path)
    assert params["prices"] == {"input_per_million": 1.0, "output_per_million": 4.0, "currency": "USD"}
    assert params["max_concurrent_requests"] == 2 and params["seed"] == 7
    assert "sk-secret-value" not in repr(policy.info().to_dict())


def test_a_bad_model_config_names_the_file_and_each_field(tmp_path):
    path = write_config(tmp_path, model="m", sampling={"temprature": 0.2, "max_tokens": 0},
                        tool_call_format="json", base_url="localhost:8000", base_url_env="X")
    with pytest.raises(ModelConfigError) as caught:
        load_model_config(path)
    text = str(caught.value)
    assert text.startswith(f"model config {path}:")
    assert "sampling.temprature: unknown key (did you mean temperature?)" in text
    assert "sampling.max_tokens: 0 is less than the minimum of 1" in text
    assert "tool_call_format: 'json' is not one of ['native', 'text']" in text
    assert "base_url: 'localhost:8000' does not match" in text
    assert "base_url, base_url_env: give one of them, not both" in text
    (tmp_path / "broken.yaml").write_text("model: [unclosed\n", encoding="utf-8")
    with pytest.raises(ModelConfigError, match="line 2: not valid YAML"):
        load_model_config(tmp_path / "broken.yaml")
    with pytest.raises(ModelConfigError, match="no such file \\(shipped model configs: .*vllm-local"):
        load_model_config("no-such-model")


def test_every_shipped_model_config_loads():
    names = sorted(p.stem for p in MODELS_DIR.glob("*.yaml"))
    assert {"vllm-local", "openai", "anthropic"} <= set(names)
    for name in names:
        assert load_model_config(name).model


def test_compose_points_the_app_at_vllm_through_the_variable_the_harness_reads():
    from pathlib import Path

    compose = yaml.safe_load((Path(__file__).resolve().parents[3] / "docker-compose.yml").read_text())
    app_env = compose["x-app"]["environment"]
    endpoint_vars = [name for name in app_env if "URL" in name and name not in ("DATABASE_URL", "REDIS_URL")]
    assert endpoint_vars == [BASE_URL_VARIABLES[0]]
    assert app_env[BASE_URL_VARIABLES[0]].endswith("http://vllm:8000/v1}")
    served = " ".join(compose["services"]["vllm"]["command"])
    local = load_model_config("vllm-local")
    assert f"--served-model-name ${{VLLM_SERVED_NAME:-{local.model}}}" in served
    assert local.base_url_env == BASE_URL_VARIABLES[0]


def test_a_connect_timeout_is_unreachable_at_once_in_the_preflight():
    # A firewall that drops packets cannot be made on loopback reliably: httpx's mock transport stands in
    # for the network and raises what httpx raises then.
    import httpx

    attempts = []

    def black_hole(request):
        attempts.append(request.url.path)
        raise httpx.ConnectTimeout("timed out", request=request)

    from harness.policies.openai import OpenAIPolicy
    policy = OpenAIPolicy("canned", base_url="http://10.255.255.1:8001/v1",
                          client=httpx.Client(transport=httpx.MockTransport(black_hole)))
    with pytest.raises(EndpointError, match="cannot reach the model endpoint.*ConnectTimeout") as caught:
        policy.preflight()
    assert caught.value.kind == "unreachable" and attempts == ["/v1/models"]


def test_harness_run_checks_the_endpoint_before_the_episode(fixture_tasks_dir, tmp_path, capsys):
    from harness.cli import run as run_cli

    url = f"http://127.0.0.1:{closed_port()}/v1"
    code = run_cli.main(["--task", "running_average", "--tasks-dir", str(fixture_tasks_dir),
                         "--policy", f"openai:canned?base_url={url}", "--out", str(tmp_path / "t.json")])
    assert code == 2 and "cannot reach the model endpoint" in capsys.readouterr().err
    assert not (tmp_path / "t.json").exists()


@pytest.mark.slow  # a transformers model (torch)
def test_an_hf_model_past_its_context_is_context_exhausted(tiny_model_dir):
    policy = make_policy(f"hf:{tiny_model_dir}?max_new_tokens=8")
    policy.model.config.max_position_embeddings = 16  # the conversation below is longer than that
    with pytest.raises(ContextExhausted, match="no longer fits the model's context of 16"):
        policy.act(MESSAGES, TOOLS)


def test_a_model_that_will_not_stop_after_one_token_still_passes_the_preflight(server):
    # What a reasoning model's API answers when max_completion_tokens is 1.
    server.queue(Reply(400, {"error": {"message": "Could not finish the message because max_tokens or model output "
                                                  "limit was reached. Please try again with higher max_tokens.",
                                       "type": "invalid_request_error"}}))
    check = policy_for(server).preflight()
    assert "that is all it refused" in check.checks[-1]
    server.queue(Reply(400, {"error": {"message": "Unsupported parameter: 'top_k'"}}))
    with pytest.raises(EndpointError, match="HTTP 400: Unsupported parameter: 'top_k'"):
        policy_for(server).preflight()


def test_a_reply_cut_at_the_token_limit_mid_episode_is_an_unusable_turn_not_an_infra_error(server):
    server.queue(Reply(400, {"error": {"message": "Could not finish the message because max_tokens or model output "
                                                  "limit was reached. Please try again with higher max_tokens."}}))
    turn = policy_for(server).act(MESSAGES, TOOLS)
    assert turn.tool_call is None and "cut off at the output token limit" in turn.error
    assert len(server.chat_requests) == 1


@pytest.mark.parametrize("body", [
    {"choices": [{"message": "done"}]},
    {"choices": "none"},
    {"object": "chat.completion"},
])
def test_a_malformed_completion_is_an_endpoint_error_not_a_crash(server, body):
    server.queue(Reply(200, body))
    with pytest.raises(EndpointError, match="answered without a choices\\[0\\]\\.message object"):
        policy_for(server).act(MESSAGES, TOOLS)


def test_odd_content_and_tool_calls_in_a_reply_become_an_unusable_turn(server):
    server.queue(Reply(200, {"choices": [{"message": {"role": "assistant", "content": 42, "tool_calls": "bash"}}]}))
    turn = policy_for(server).act(MESSAGES, TOOLS)
    assert turn.tool_call is None and turn.error.startswith("Error:") and turn.message["content"] == "42"


def test_a_base_url_without_a_scheme_is_refused_at_once_naming_where_it_came_from(monkeypatch):
    monkeypatch.setenv("STEPWISE_OPENAI_BASE_URL", "localhost:8001/v1")
    with pytest.raises(EndpointError, match="base URL 'localhost:8001/v1' is not usable .*set STEPWISE_OPENAI_BASE_URL "
                                            ".*now comes from STEPWISE_OPENAI_BASE_URL"):
        make_policy("openai:canned").preflight()


@pytest.mark.slow
@pytest.mark.parametrize("where", ["text", "native"])
def test_a_reply_nested_past_any_tool_call_is_an_unusable_turn_and_the_episode_goes_on(
        where, fixture_tasks_dir, tmp_path):
    """A deeply nested JSON array inside <tool_call> ended the episode with a RecursionError."""
    from harness.cli import run as run_cli

    nested = "[" * 100_000 + "]" * 100_000
    reply = (completion(content=f"<tool_call>{{\"name\": \"bash\", \"arguments\": {nested}}}</tool_call>")
             if where == "text" else completion([("bash", {})]))
    if where == "native":
        reply["choices"][0]["message"]["tool_calls"][0]["function"]["arguments"] = f'{{"command": {nested}}}'
    server = ModelServer()
    server.queue(Reply(200, completion([("done", {})])), Reply(200, reply))  # the preflight, then turn 1
    out = tmp_path / "t.json"
    try:
        code = run_cli.main(["--task", "running_average", "--tasks-dir", str(fixture_tasks_dir), "--arm", "base",
                             "--policy", f"openai:canned?base_url={server.url}", "--max-turns", "3",
                             "--no-score", "--out", str(out)])
    finally:
        server.close()

    trajectory = Trajectory.load(out)
    first = trajectory.steps[0]
    assert code == 0 and trajectory.result.exit_reason == "done"
    assert first.error and "nested too deeply" in first.observation, first.observation
    assert "RecursionError" not in out.read_text()
