"""The two Python environments the interop adapters live in (pyproject.toml's ``interop`` and
``verifiers`` extras, made by scripts/setup): this one (.venv: Inspect AI, OpenEnv, openai >= 3) and
.venv-verifiers (verifiers 0.4.0, which pins openai < 3)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
VERIFIERS_PYTHON = REPO / ".venv-verifiers" / "bin" / "python"
# The test modules that import verifiers, so run in its environment (test_environments.py runs them there).
VERIFIERS_MODULES = ("test_verifiers_v1.py",)
IN_VERIFIERS_ENVIRONMENT = importlib.util.find_spec("verifiers") is not None


def verifiers_python() -> Path:
    """The verifiers environment's interpreter; a clear failure (never a skip) when it was not made."""
    assert VERIFIERS_PYTHON.is_file(), (f"{VERIFIERS_PYTHON} is missing: run scripts/setup, which makes the "
                                        "verifiers environment (.venv-verifiers)")
    return VERIFIERS_PYTHON
