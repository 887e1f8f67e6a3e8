"""The interop frameworks' environments hold together: in this one Inspect's OpenAI-compatible
providers load (pip check alone was silent while every one of them refused to start), in
.venv-verifiers verifiers and its openai client do, and the tests that import verifiers pass there."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.harness.interop.environments import REPO, VERIFIERS_MODULES, verifiers_python

# Inspect's providers a user points at an OpenAI-compatible server (vLLM, SGLang, Ollama, a gateway).
OPENAI_COMPATIBLE = ("openai/any-model", "openai-api/local/any-model", "vllm/any-model", "sglang/any-model",
                     "ollama/any-model", "openrouter/any/model")


def pip_check(python) -> subprocess.CompletedProcess:
    return subprocess.run([str(python), "-m", "pip", "check", "--disable-pip-version-check"],
                          capture_output=True, text=True, timeout=120)


@pytest.mark.slow  # pip check, and Inspect imported
def test_this_environment_resolves_and_inspect_loads_its_openai_compatible_providers(monkeypatch):
    from inspect_ai.model import get_model

    proc = pip_check(sys.executable)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    for name in ("OPENAI", "LOCAL", "VLLM", "SGLANG", "OLLAMA", "OPENROUTER"):
        monkeypatch.setenv(f"{name}_API_KEY", "not-a-real-key")
    for model in OPENAI_COMPATIBLE:  # constructing one checks the openai package it needs; nothing is sent
        api = get_model(model, base_url="http://127.0.0.1:9/v1", memoize=False).api
        assert model.endswith(api.model_name), model


@pytest.mark.slow  # pip check, and verifiers imported, in the other environment
def test_verifiers_environment_resolves_and_loads_verifiers_and_its_client():
    python = verifiers_python()
    proc = pip_check(python)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    probe = ("import openai, verifiers.v1 as vf\n"
             "from openai import AsyncOpenAI\n"
             "AsyncOpenAI(base_url='http://127.0.0.1:9/v1', api_key='k')\n"
             "vf.EvalClientConfig(base_url='http://127.0.0.1:9/v1', api_key_var='NO_KEY')\n"
             "from harness.interop.verifiers_v1 import load_environment\n"
             "print(openai.__version__)")
    proc = subprocess.run([str(python), "-c", probe], capture_output=True, text=True, timeout=300, cwd=REPO,
                          env={**os.environ, "PYTHONPATH": str(REPO)})
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.strip().startswith("2.")


@pytest.mark.slow
def test_the_tests_that_import_verifiers_pass_in_its_environment():
    proc = subprocess.run(
        [str(verifiers_python()), "-m", "pytest", "-n", "0", "-q", "-p", "no:cacheprovider",
         *[str(REPO / "tests" / "harness" / "interop" / name) for name in VERIFIERS_MODULES]],
        capture_output=True, text=True, timeout=900, cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert proc.returncode == 0, proc.stdout[-5000:] + proc.stderr[-2000:]
    assert " passed" in proc.stdout and " failed" not in proc.stdout
