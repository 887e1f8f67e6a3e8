"""Stepwise as an OpenEnv package: OpenEnv's own ``openenv validate`` run from the project root (it passes:
the uv.lock scripts/setup makes, openenv-core a core dependency), and the ``server.app`` module its layout
names (``openenv.yaml``: ``app: server.app:app``)."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.harness.interop.environments import REPO

# OpenEnv's command line, and a server process importing OpenEnv: seconds each.
pytestmark = pytest.mark.slow

OPENENV = Path(sys.executable).parent / "openenv"
UV = Path(sys.executable).parent / "uv"  # the dev extra's uv; scripts/setup runs `uv lock` with it


def test_openenv_validate_passes_from_the_root():
    assert (REPO / "uv.lock").is_file(), "uv.lock is missing: scripts/setup makes it (uv lock)"
    shown = subprocess.run([str(OPENENV), "validate", "."], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert shown.returncode == 0, shown.stdout + shown.stderr
    assert "Ready for multi-mode deployment" in shown.stdout
    done = subprocess.run([str(OPENENV), "validate", ".", "--json"], cwd=REPO, capture_output=True, text=True,
                          timeout=120)
    report = json.loads(done.stdout)
    # openenv.yaml, uv.lock, pyproject's `server` script (a main), openenv-core among the core dependencies,
    # server/app.py with main() under a __main__ guard.
    assert (report["validation_type"], report["passed"], report["issues"]) == ("local_environment", True, [])
    docs = (REPO / "docs" / "researchers" / "interop.md").read_text(encoding="utf-8")
    assert "`openenv validate .`" in docs and "uv.lock" in docs and "scripts/setup" in docs


def test_uv_lock_is_uvs_lock_of_this_pyproject_and_never_committed():
    assert UV.is_file() and (REPO / "uv.lock").is_file(), "run scripts/setup: it installs uv and makes uv.lock"
    # `uv lock --check` fails when the lock does not resolve pyproject.toml as it is now: an empty or made-up
    # file, or one left from an older pyproject, would not pass.
    checked = subprocess.run([str(UV), "lock", "--check", "--python", sys.executable], cwd=REPO, capture_output=True,
                             text=True, timeout=600)
    assert checked.returncode == 0, checked.stderr[-3000:]
    lock = tomllib.loads((REPO / "uv.lock").read_text(encoding="utf-8"))
    locked = {package["name"] for package in lock["package"]}
    assert {"stepwise", "openenv-core", "verifiers", "inspect-ai", "vllm"} <= locked
    # It records the index's address, so git ignores it (the project names no outside host).
    ignored = subprocess.run(["git", "check-ignore", "--quiet", "uv.lock"], cwd=REPO)
    tracked = subprocess.run(["git", "ls-files", "uv.lock"], cwd=REPO, capture_output=True, text=True)
    assert ignored.returncode == 0 and tracked.stdout == ""


def test_server_app_is_serve_env_and_its_app_needs_the_token(monkeypatch):
    shown = subprocess.run([sys.executable, "server/app.py", "--help"], cwd=REPO, capture_output=True, text=True,
                           timeout=120)
    assert shown.returncode == 0, shown.stderr
    assert "usage: python -m harness serve-env" in shown.stdout and "--max-sessions" in shown.stdout

    monkeypatch.chdir(REPO)
    monkeypatch.delenv("STEPWISE_ENV_TOKEN", raising=False)
    monkeypatch.syspath_prepend(str(REPO))
    sys.modules.pop("server.app", None)
    import server.app as app_module

    with pytest.raises(RuntimeError, match=r"set \$STEPWISE_ENV_TOKEN"):
        app_module.__getattr__("app")
    monkeypatch.setenv("STEPWISE_ENV_TOKEN", "t" * 32)
    application = app_module.__getattr__("app")
    assert {getattr(route, "path", None) for route in application.routes} >= {"/ws", "/health"}
