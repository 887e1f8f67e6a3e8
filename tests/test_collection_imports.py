"""Collecting the suite imports no heavy framework. Every xdist worker collects every test module, the
deselected ones of ``-m "not slow"`` too, so a framework imported at a test module's top (or by a project
module such a test imports) is paid by each worker before its first test: torch and transformers, Inspect
AI, OpenEnv with gradio and fastmcp, matplotlib's pyplot took about 25 s a worker. The tests that need one
import it where they use it; the project modules import them where they draw, train or serve."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.conftest import REPO_ROOT

# Seconds each to import, and needed only by the tests that train, serve, evaluate or plot.
HEAVY = ("torch", "transformers", "peft", "trl", "datasets", "openenv", "gradio", "fastmcp", "inspect_ai",
         "openai", "matplotlib")


@pytest.mark.slow  # collects the whole suite once more
def test_collecting_the_suite_imports_no_heavy_framework(tmp_path):
    listed = tmp_path / "loaded.txt"
    collected = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:xdist", "-p", "no:cacheprovider",
         "-p", "tests.helpers.loaded_modules", "tests"],
        cwd=REPO_ROOT, capture_output=True, text=True, timeout=600,
        env={**os.environ, "STEPWISE_LOADED_MODULES": str(listed), "PYTHONPATH": str(REPO_ROOT)})

    assert collected.returncode == 0, collected.stdout[-3000:] + collected.stderr[-3000:]
    loaded = listed.read_text(encoding="utf-8").split()
    assert "django" in loaded and "harness" in loaded  # the list is the collecting process's own
    assert [name for name in HEAVY if name in loaded] == []
