"""The frameworks' own command lines with their real OpenAI-compatible providers: ``inspect eval
stepwise/debug_repair --model openai/NAME`` (the project's environment) and ``vf-eval`` (the verifiers
environment, .venv-verifiers) against the loopback server of conftest.py — a scripted fake standing in
for a remote model provider (it fixes the FIXABLE task, gives up on the GIVEUP one). Real sandboxes,
real verifier; no network."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from harness.interop.defaults import TRAJECTORY_FOLDER
from tests.harness.interop.environments import REPO, verifiers_python


def provider_env(base_url: str) -> dict:
    """The process environment a provider reads: the fake server's URL and a key it accepts."""
    return {**os.environ, "PYTHONPATH": str(REPO), "OPENAI_BASE_URL": base_url, "OPENAI_API_KEY": "not-a-real-key",
            "INSPECT_LOG_LEVEL": "warning", "INSPECT_DISPLAY": "plain"}


# How a user points each provider at an OpenAI-compatible server. The fake has no Responses API, which
# Inspect's openai/ provider prefers for names it does not know, so openai/ is told to use chat
# completions, as docs/researchers/interop.md tells users of vLLM, SGLang and the like.
PROVIDERS = {
    "openai/scripted": (["-M", "responses_api=false"], {}),
    "vllm/scripted": ([], {"VLLM_BASE_URL": "{base_url}", "VLLM_API_KEY": "not-a-real-key"}),
}


@pytest.mark.slow
@pytest.mark.parametrize("model", PROVIDERS)
def test_inspect_eval_with_a_real_provider_scores_a_scripted_fix(model, model_server, two_tasks, tmp_path):
    base_url, requests = model_server
    options, variables = PROVIDERS[model]
    inspect = Path(sys.executable).with_name("inspect")
    proc = subprocess.run(
        [str(inspect), "eval", "stepwise/debug_repair", "--model", model, *options,
         "-T", f"tasks={','.join(str(t) for t in two_tasks)}", "-T", "max_turns=6",
         "--log-dir", str(tmp_path / "logs"), "--log-format", "json"],
        capture_output=True, text=True, timeout=300, cwd=tmp_path,
        env={**provider_env(base_url), **{k: v.format(base_url=base_url) for k, v in variables.items()}})
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    [log_file] = (tmp_path / "logs").glob("*.json")
    log = json.loads(log_file.read_text(encoding="utf-8"))
    assert log["status"] == "success" and log["eval"]["model"] == model
    scores = {s["id"]: s["scores"]["stepwise_verifier"]["value"] for s in log["samples"]}
    assert scores == {"counter_fixable": "C", "counter_giveup": "I"}
    assert requests and all(r["model"] == "scripted" for r in requests)  # the provider, not a mock, asked
    # Without -T out, the trajectory files land beside the eval's own log.
    assert sorted(p.name.split(".")[0] for p in (tmp_path / "logs" / TRAJECTORY_FOLDER).glob("*.json")) == [
        "counter_fixable", "counter_giveup"]


@pytest.mark.slow
def test_vf_eval_scores_a_scripted_fix(model_server, two_tasks, tmp_path):
    base_url, requests = model_server
    vf_eval = verifiers_python().with_name("vf-eval")
    proc = subprocess.run(
        [str(vf_eval), "stepwise-debug-repair", "--model", "scripted", "--client.base-url", base_url,
         "--client.api-key-var", "STEPWISE_TEST_NO_KEY", "--env.taskset.tasks", json.dumps([str(t) for t in two_tasks]),
         "--env.taskset.max-turns", "6", "--output-dir", str(tmp_path / "outputs"), "--no-push"],
        capture_output=True, text=True, timeout=300, cwd=tmp_path, env=provider_env(base_url))
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    [traces] = (tmp_path / "outputs").rglob("traces.jsonl")
    episodes = [json.loads(line) for line in traces.read_text(encoding="utf-8").splitlines()]
    verdicts = {e["task"]["data"]["name"]: [(t["info"]["stepwise"]["verified"], t["metrics"]["total"])
                                           for t in e["traces"]] for e in episodes}
    assert verdicts == {"counter_fixable": [(True, 1.0)], "counter_giveup": [(False, 0.0)]}
    assert requests and all(r["model"] == "scripted" for r in requests)
    # Without --env.taskset.out-dir, the trajectory files land in vf-eval's default output folder.
    written = sorted((tmp_path / "outputs" / TRAJECTORY_FOLDER).glob("*.json"))
    assert sorted(t["info"]["stepwise"]["trajectory"] for e in episodes for t in e["traces"]) == [
        str(Path("outputs") / TRAJECTORY_FOLDER / p.name) for p in written]


def vf_eval(tmp_path, *options: str) -> subprocess.CompletedProcess:
    """vf-eval with a config that is only read and saved (--dry-run): nothing is played."""
    return subprocess.run(
        [str(verifiers_python().with_name("vf-eval")), "stepwise-debug-repair", "--model", "scripted",
         "--client.base-url", "http://127.0.0.1:9/v1", "--output-dir", str(tmp_path / "outputs"), "--no-push",
         "--dry-run", *options],
        capture_output=True, text=True, timeout=300, cwd=tmp_path, env=provider_env("http://127.0.0.1:9/v1"))


@pytest.mark.slow
def test_vf_eval_refuses_heldout_for_training_in_one_message_and_takes_the_trajectory_folder(tmp_path):
    from corpus.splits import tasks_in_split

    heldout = tasks_in_split("heldout")[0]
    proc = vf_eval(tmp_path, "--env.taskset.for-training", "true", "--env.taskset.tasks", json.dumps([heldout]))
    said = proc.stdout + proc.stderr
    assert proc.returncode != 0 and "Traceback" not in said, said[-3000:]
    assert f"task(s) {heldout} are heldout" in said and "training" in said

    proc = vf_eval(tmp_path, "--env.taskset.out-dir", str(tmp_path / "mine"))
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    [saved] = (tmp_path / "outputs").rglob("eval.json")
    assert json.loads(saved.read_text(encoding="utf-8"))["env"]["taskset"]["out_dir"] == str(tmp_path / "mine")
