"""``python -m harness experiment FILE``: two models behind two real loopback endpoints with different
canned behaviour (only the models are fake), real bwrap episodes on the fixture tasks; the comparison,
its plots, and a second run that does no work."""

from __future__ import annotations

import json

import pytest
import yaml

from harness.cli import experiment as experiment_cli
from harness.experiment import ExperimentError, load_experiment
from tests.helpers.model_server import CannedModel, ModelServer

PYTEST = ("bash", {"command": "python -m pytest -q"})
READ = ("bash", {"command": "sed -n '1,40p' stats_window.py"})
FIX_AVERAGE = ("edit_file", {"file_path": "stats_window.py", "old_string": "self.values.pop()",
                             "new_string": "self.values.pop(0)"})
# "fixer" opens the debugger on running_average in the dbg arm and fixes it in both arms;
# "reader" only ever runs the tests.
FIXER = {"running_average": {
    "dbg": [("start_debugger", {"file": "test_stats_window.py"}),
            ("add_breakpoint", {"file": "stats_window.py", "line": 11}), ("continue_execution", {}),
            ("examine_locals", {}), READ, FIX_AVERAGE, PYTEST],
    "base": [READ, FIX_AVERAGE, PYTEST]},
    "tag_defaults": {"any": [PYTEST]}}
READER = {"running_average": {"any": [PYTEST]}, "tag_defaults": {"any": [PYTEST]}}


@pytest.fixture
def servers():
    fixer, reader = ModelServer(CannedModel(FIXER, usage=(1000, 50))), ModelServer(CannedModel(READER))
    yield fixer, reader
    fixer.close()
    reader.close()


def write_experiment(tmp_path, fixture_tasks_dir, fixer_url, reader_url) -> str:
    (tmp_path / "models").mkdir(exist_ok=True)
    (tmp_path / "models" / "reader.yaml").write_text(yaml.safe_dump({
        "name": "reader", "model": "canned", "base_url_env": "READER_URL",
        "request": {"max_retries": 1, "backoff_s": 0.01}}), encoding="utf-8")
    path = tmp_path / "experiment.yaml"
    path.write_text(yaml.safe_dump({
        "name": "two canned models", "out": str(tmp_path / "out"), "tasks": ["running_average", "tag_defaults"],
        "tasks_dir": str(fixture_tasks_dir), "runs": 1, "max_turns": 8, "workers": 2, "sandbox": "bwrap",
        "max_infra_errors": 2,
        "models": [
            {"name": "fixer", "model": "canned", "base_url": fixer_url,
             "prices": {"input_per_million": 3.0, "output_per_million": 15.0},
             "request": {"max_retries": 1, "backoff_s": 0.01}},
            {"model_config": "models/reader.yaml"},
        ]}), encoding="utf-8")
    return str(path)


@pytest.mark.slow
def test_an_experiment_compares_two_models_resumes_as_a_whole_and_a_finished_one_does_no_work(
        servers, fixture_tasks_dir, tmp_path, capsys, monkeypatch):
    fixer, reader = servers
    monkeypatch.setenv("READER_URL", reader.url)
    path = write_experiment(tmp_path, fixture_tasks_dir, fixer.url, None)
    # reader's server dies right after its preflight: its evaluation is stopped by the breaker, fixer's runs.
    reader.die_after(1)
    assert experiment_cli.main([path, "--no-progress"]) == 3
    captured = capsys.readouterr()
    assert "fixer: 4 episode(s) played, 0 already done; complete" in captured.out
    assert "reader: " in captured.out and "stopped: the model endpoint failed" in captured.out
    assert "incomplete" in captured.err
    out = tmp_path / "out"
    assert "**Incomplete**: reader:" in (out / "comparison.md").read_text()

    reader.restart()
    assert experiment_cli.main([path, "--no-progress"]) == 0
    out_text = capsys.readouterr().out
    assert "fixer: 0 episode(s) played, 4 already done; complete" in out_text
    assert "reader: 4 episode(s) played, 0 already done; complete" in out_text
    comparison = (out / "comparison.md").read_text()
    assert comparison.startswith("# Experiment: two canned models")
    assert "| metric | fixer | reader |" in comparison
    assert "| start rate | 50.0% | 0.0% |" in comparison
    assert "| pass@1 dbg | 50.0% | 0.0% |" in comparison
    assert "| Δ pass@1 (dbg - base) | +0.0 pp | +0.0 pp |" in comparison and "| Δ 95% CI |" in comparison
    assert "| median turns to fix dbg (D_both) | 8.0 | – |" in comparison
    assert "| edit relevance |" in comparison
    # fixer, dbg arm: 8 + 2 turns of 1000 + 50 tokens at $3 / $15 per million; one solved task.
    assert "| tokens per solved task dbg | 10.5k | – |" in comparison
    assert "| cost per solved task dbg | $0.0375 | – |" in comparison
    summary = json.loads((out / "comparison.json").read_text())
    assert [m["label"] for m in summary["models"]] == ["fixer", "reader"]
    fixer_dbg = summary["models"][0]["overall"]["arms"]["dbg"]
    assert fixer_dbg["usage"]["cost_per_solved_task"] == pytest.approx(0.0375)
    assert summary["models"][0]["overall"]["start_rate"]["rate"] == 0.5
    for name in ("solve_rate", "debugger_opened", "turns_to_fix", "engagement", "edit_relevance", "lift", "cost"):
        assert (out / f"{name}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert f"({name}.png)" in comparison
    assert (out / "models" / "fixer" / "report.md").is_file() and (out / "models" / "reader" / "report.md").is_file()
    doc = json.loads((out / "models" / "fixer" / "trajectories" / "running_average" / "dbg-run1.json").read_text())
    assert doc["policy"]["params"]["prices"]["input_per_million"] == 3.0

    trajectories = sorted(out.rglob("trajectories/*/*.json"))
    assert len(trajectories) == 8
    before = {p: p.stat().st_mtime_ns for p in trajectories}
    requests = (len(fixer.requests), len(reader.requests))
    assert experiment_cli.main([path, "--no-progress"]) == 0
    assert "0 episode(s) played in all" in capsys.readouterr().out
    assert (len(fixer.requests), len(reader.requests)) == requests  # not even a preflight
    assert {p: p.stat().st_mtime_ns for p in trajectories} == before


def test_a_bad_endpoint_stops_the_experiment_before_any_episode_listing_every_problem(
        servers, fixture_tasks_dir, tmp_path, capsys, monkeypatch):
    fixer, _ = servers
    monkeypatch.delenv("READER_URL", raising=False)
    path = write_experiment(tmp_path, fixture_tasks_dir, fixer.url.replace("/v1", "/nope/v1"), None)
    assert experiment_cli.main([path, "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert "fixer: " in err and "answered 404" in err
    assert "reader: no model endpoint is configured: set READER_URL (named by base_url_env in" in err
    assert not (tmp_path / "out" / "models").exists()


def test_a_malformed_experiment_file_names_each_field(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump({"runz": 2, "arms": ["dbg", "gdb"], "split": "heldout", "tasks": ["a"], "models": [
        {"model_config": "no-such-config"}, {"policy": "claude"}, {"model": "m", "sampling": {"temprature": 1}},
        {"name": "x", "model_config": "vllm-local", "modle": "y"}]}), encoding="utf-8")
    with pytest.raises(ExperimentError) as caught:
        load_experiment(path)
    text = str(caught.value)
    assert "runz: unknown key (did you mean runs?)" in text
    assert "arms.1: 'gdb' is not one of ['base', 'dbg']" in text
    with pytest.raises(ExperimentError) as caught:
        load_experiment(_without(path, "runz", "arms", "tasks"))
    text = str(caught.value)
    assert "models[0]: no-such-config: no such file (shipped model configs:" in text
    assert "models[1].policy: policy spec 'claude': expected KIND:TARGET" in text
    assert "models[2].sampling.temprature: unknown key (did you mean temperature?)" in text
    assert "models[3].modle: unknown key beside model_config" in text


def _without(path, *keys):
    data = yaml.safe_load(path.read_text())
    for key in keys:
        data.pop(key)
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


def test_the_shipped_control_experiment_loads():
    experiment = load_experiment("control")
    assert [m.slug for m in experiment.models] == ["qwen2-5-coder-7b-vllm", "gpt-5-4", "claude-sonnet-4-6"]
    assert (experiment.split, experiment.runs, experiment.max_turns) == ("heldout", 3, 50)
    assert {m.model_config.api_key_env for m in experiment.models} == {None, "OPENAI_API_KEY", "ANTHROPIC_API_KEY"}
