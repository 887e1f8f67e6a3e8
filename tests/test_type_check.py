"""The type checker in scripts/test: it rejects a type error under the project's configuration."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHECKER = Path(sys.executable).parent / "basedpyright"


def check(*paths: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(CHECKER), "--project", str(ROOT / "pyproject.toml"), *paths], cwd=ROOT,
                          capture_output=True, text=True, timeout=240)


@pytest.mark.slow
def test_a_type_error_fails_the_check(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def half(n: int) -> int:\n    return n // 2\n\n\nhalf('ten')\n", encoding="utf-8")
    good = tmp_path / "good.py"
    good.write_text("def half(n: int) -> int:\n    return n // 2\n\n\nhalf(10)\n", encoding="utf-8")
    failed = check(str(bad))
    assert failed.returncode != 0
    assert "reportArgumentType" in failed.stdout
    assert check(str(good)).returncode == 0
