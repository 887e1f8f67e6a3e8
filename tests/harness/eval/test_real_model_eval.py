"""``python -m harness eval`` of a model behind an OpenAI-compatible endpoint: real HTTP servers on
loopback with a canned model (``model_server``), real bwrap episodes over the fixture tasks.
A bad endpoint ends the evaluation before any episode; an endpoint that fails mid-way leaves
infra-error episodes out of the metrics, listed, and played again on resume."""

from __future__ import annotations

import json
import re

import pytest
import yaml

from harness.cli import evaluate as evaluate_cli
from harness.eval.breaker import InfraBreaker
from harness.trajectory import Trajectory
from tests.helpers.model_server import (
    CONTEXT_ERROR,
    CannedModel,
    ModelServer,
    Reply,
    closed_port,
    completion,
)

TASKS = "running_average,tag_defaults,price_rounding"
PYTEST = ("bash", {"command": "python -m pytest -q"})
FIX_AVERAGE = ("edit_file", {"file_path": "stats_window.py", "old_string": "self.values.pop()",
                             "new_string": "self.values.pop(0)"})
# The canned model fixes running_average (and runs the tests first) and only runs the tests elsewhere.
SCRIPTS = {"running_average": {"any": [PYTEST, FIX_AVERAGE]}, "tag_defaults": {"any": [PYTEST]},
           "price_rounding": {"any": [PYTEST]}}


@pytest.fixture
def server():
    model_server = ModelServer(CannedModel(SCRIPTS))
    yield model_server
    model_server.close()


def model_config(tmp_path, url: str, **fields) -> str:
    path = tmp_path / "canned.yaml"
    path.write_text(yaml.safe_dump({"name": "canned", "model": "canned", "base_url": url,
                                    "request": {"max_retries": 1, "backoff_s": 0.01}, **fields}), encoding="utf-8")
    return str(path)


def eval_argv(fixture_tasks_dir, out, *options, tasks=TASKS) -> list[str]:
    return ["--tasks", tasks, "--tasks-dir", str(fixture_tasks_dir), "--arms", "base,dbg", "--runs", "1",
            "--max-turns", "6", "--workers", "1", "--no-progress", "--out", str(out), *options]


def documents(out) -> dict[str, dict]:
    return {f"{p.parent.name}/{p.stem}": Trajectory.load(p) for p in (out / "trajectories").rglob("*.json")}


def test_an_unreachable_endpoint_ends_the_eval_before_any_episode(fixture_tasks_dir, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("STEPWISE_OPENAI_BASE_URL", f"http://127.0.0.1:{closed_port()}/v1")
    out = tmp_path / "eval"
    assert evaluate_cli.main(eval_argv(fixture_tasks_dir, out, "--policy", "openai:canned")) == 2
    err = capsys.readouterr().err
    assert "error: cannot reach the model endpoint" in err
    assert "set STEPWISE_OPENAI_BASE_URL (or OPENAI_BASE_URL) to the base URL" in err
    assert not (out / "trajectories").exists() and not (out / "eval.json").exists()


def test_a_401_ends_the_eval_before_any_episode_naming_the_key_variable(fixture_tasks_dir, tmp_path, capsys,
                                                                         monkeypatch):
    server = ModelServer(CannedModel(SCRIPTS), api_key="sk-right")
    monkeypatch.setenv("CANNED_KEY", "sk-wrong")
    out = tmp_path / "eval"
    try:
        code = evaluate_cli.main(eval_argv(fixture_tasks_dir, out, "--model-config",
                                           model_config(tmp_path, server.url, api_key_env="CANNED_KEY")))
    finally:
        server.close()
    assert code == 2
    err = capsys.readouterr().err
    assert "HTTP 401: Incorrect API key provided" in err
    assert f"Set CANNED_KEY (named by api_key_env in {tmp_path / 'canned.yaml'}) to a valid API key" in err
    assert [r["path"] for r in server.requests] == ["/v1/models"]
    assert not (out / "trajectories").exists()


@pytest.mark.slow
def test_a_500_answered_once_is_retried_and_the_episode_succeeds(server, fixture_tasks_dir, tmp_path):
    out = tmp_path / "eval"
    # The preflight's one-token completion, then the episode's first turn is answered 500 once.
    server.queue(Reply(200, completion([("done", {})])), Reply(500, {"error": {"message": "internal error"}}))
    argv = eval_argv(fixture_tasks_dir, out, "--model-config", model_config(tmp_path, server.url), "--arms", "dbg",
                     tasks="running_average")
    assert evaluate_cli.main(argv) == 0
    doc = documents(out)["running_average/dbg-run1"]
    assert doc.result.exit_reason == "done" and doc.result.verified is True
    first, again = [r for r in server.chat_requests if r["body"]["max_tokens"] != 1][:2]
    assert first["body"] == again["body"]  # the same turn, sent again after the 500
    assert doc.result.usage == {"prompt_tokens": 300, "completion_tokens": 30, "total_tokens": 330}


@pytest.mark.slow
def test_a_server_killed_mid_eval_leaves_infra_errors_out_of_the_metrics_and_resume_plays_exactly_those(
        server, fixture_tasks_dir, tmp_path, capsys):
    out = tmp_path / "eval"
    argv = eval_argv(fixture_tasks_dir, out, "--model-config", model_config(tmp_path, server.url),
                     "--max-infra-errors", "10")
    # Preflight (1 completion), running_average base (3 turns) and dbg (3), then the server dies
    # during tag_defaults/base's first turn: that episode and the three after it cannot reach the model.
    server.die_after(1 + 3 + 3)
    assert evaluate_cli.main(argv) == 3
    captured = capsys.readouterr()
    assert "2 episode(s) run" not in captured.out and "6 episode(s) run, 0 already done" in captured.out
    assert "4 episode(s) ended as infra errors" in captured.err and "rerun the same command" in captured.err
    docs = documents(out)
    infra = sorted(k for k, d in docs.items() if d.result.exit_reason == "infra_error")
    assert infra == ["price_rounding/base-run1", "price_rounding/dbg-run1", "tag_defaults/base-run1",
                     "tag_defaults/dbg-run1"]
    assert "cannot reach the model endpoint" in docs["tag_defaults/base-run1"].result.reason
    report = json.loads((out / "report.json").read_text())
    overall = report["overall"]
    assert overall["arms"]["base"]["pass_at_1"] == 1.0 and overall["arms"]["dbg"]["pass_at_1"] == 1.0
    assert overall["arms"]["base"]["episodes"] == 1 and overall["arms"]["base"]["infra_errors"] == 2
    assert overall["lift"]["pairs"] == 1 and overall["start_rate"]["trajectories"] == 1
    assert "infra_error" not in overall["arms"]["base"]["exit_reasons"]
    assert sorted(report["per_task"]) == ["running_average"]
    assert [(e["task"], e["arm"]) for e in report["infra_errors"]] == [
        ("price_rounding", "base"), ("price_rounding", "dbg"), ("tag_defaults", "base"), ("tag_defaults", "dbg")]
    markdown = (out / "report.md").read_text()
    assert "## Infra errors (4 episodes, not counted)" in markdown
    assert "| tag_defaults | base | 1 | cannot reach the model endpoint" in markdown
    kept = {p: p.stat().st_mtime_ns for p in (out / "trajectories" / "running_average").glob("*.json")}

    server.restart()
    before = len(server.chat_requests)
    assert evaluate_cli.main(argv) == 0
    assert "4 episode(s) run, 2 already done" in capsys.readouterr().out
    played = {CannedModel.task_of(r["body"]["messages"]) for r in server.chat_requests[before:]
              if r["body"]["max_tokens"] != 1}
    assert played == {"tag_defaults", "price_rounding"}
    assert {p: p.stat().st_mtime_ns for p in kept} == kept
    docs = documents(out)
    assert all(d.result.exit_reason == "done" for d in docs.values())
    report = json.loads((out / "report.json").read_text())
    assert report["infra_errors"] == [] and report["overall"]["arms"]["base"]["episodes"] == 3
    assert report["overall"]["arms"]["base"]["pass_at_1"] == pytest.approx(1 / 3)


@pytest.mark.slow
def test_the_circuit_breaker_stops_the_eval_when_the_endpoint_is_gone(server, fixture_tasks_dir, tmp_path, capsys):
    out = tmp_path / "eval"
    argv = eval_argv(fixture_tasks_dir, out, "--model-config", model_config(tmp_path, server.url),
                     "--max-infra-errors", "2")
    server.die_after(1 + 3)  # preflight, running_average/base; dead from running_average/dbg on
    assert evaluate_cli.main(argv) == 3
    err = capsys.readouterr().err
    docs = documents(out)
    # The breaker trips after the second infra error in a row; the one episode the worker may already
    # have started by then finishes, the rest of the list is never played.
    order = ["running_average/base-run1", "running_average/dbg-run1", "tag_defaults/base-run1",
             "tag_defaults/dbg-run1"]
    assert sorted(docs) in (order[:3], order)
    assert all(docs[k].result.exit_reason == "infra_error" for k in docs if k != order[0])
    assert re.search(r"error: stopped: the model endpoint failed [23] episodes in a row", err)
    assert "the 5 not finished (infra errors included) are played" in err
    assert json.loads((out / "report.json").read_text())["overall"]["arms"]["base"]["episodes"] == 1


@pytest.mark.slow
def test_a_context_length_error_ends_the_episode_as_context_exhausted_and_counts_as_a_failure(
        server, fixture_tasks_dir, tmp_path):
    out = tmp_path / "eval"
    # The preflight's completion, a first turn that runs the tests, then a conversation too long for the model.
    server.queue(Reply(200, completion([("done", {})])), Reply(200, completion([PYTEST])), Reply(400, CONTEXT_ERROR))
    argv = eval_argv(fixture_tasks_dir, out, "--model-config", model_config(tmp_path, server.url), "--arms", "base",
                     tasks="running_average")
    assert evaluate_cli.main(argv) == 0
    doc = documents(out)["running_average/base-run1"]
    assert doc.result.exit_reason == "context_exhausted" and doc.result.verified is False
    assert "maximum context length is 4096 tokens" in doc.result.reason
    assert len(doc.steps) == 1
    base = json.loads((out / "report.json").read_text())["overall"]["arms"]["base"]
    assert base["exit_reasons"] == {"context_exhausted": 1} and base["episodes"] == 1 and base["pass_at_1"] == 0.0


def test_the_breaker_counts_infra_errors_in_a_row_only():
    breaker = InfraBreaker(2)
    assert not breaker.record("infra_error", "down")
    assert not breaker.record("done")
    assert not breaker.record("infra_error", "down again")
    assert breaker.record("infra_error", "still down") and "last: still down" in breaker.message(3)
