"""Running a repository task's tests: the command, its environment, and reading each test's outcome.

One definition used by the importer (a local run, to learn which tests fail and which pass), by
validation and by the harness (the same command inside a sandbox). Tests run as
``python -m pytest -v`` with the task's interpreter, the project's own configuration but no
``addopts`` (coverage or lint flags need plugins the environment may lack) and no cache folder.
"""

from __future__ import annotations

import re
import subprocess
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from corpus.repository.spec import EnvironmentSpec

PYTEST_OPTIONS = ("-v", "-p", "no:cacheprovider", "-o", "addopts=", "--color=no", "-rfE")
# ``-v`` lines: "path::test[param with spaces] PASSED [ 40%]" (the percentage since pytest 3.3).
# A thread the tests start may write into that line (pytest-httpbin's server: "... PASSEDpytest-httpbin server
# hit an exception ..."), or between the id and its outcome, which then opens the next line: a test misread as
# not passed failed correct code. Failures are read again from the short summary below (and the verifier
# counts them in pytest's own report), so a line read generously never turns a failure into a pass.
_OUTCOMES = "PASSED|FAILED|ERROR|SKIPPED|XFAIL|XPASS|xfail|xpass"
OUTCOME = re.compile(rf"^(?P<id>\S+\.py::.*?) (?P<outcome>{_OUTCOMES})(?:\s+\[\s*\d+%\])?.*$", re.MULTILINE)
SPLIT_OUTCOME = re.compile(rf"^(?P<id>\S+\.py::[^\n]*?) *\n(?P<outcome>{_OUTCOMES})\b", re.MULTILINE)
# The short summary: "FAILED path::test[param] - AssertionError: ..." (the message after " - " since pytest 5;
# "FAIL path::test" before pytest 3.10).
SHORT = re.compile(r"^(?P<outcome>FAILED|FAIL|ERROR) (?P<id>\S+\.py(?:::.*?)?)(?: - .*)?$", re.MULTILINE)
# The locale BugsInPy's machines ran under differs from a modern C.UTF-8: a bug that shows only there
# needs these (tried after the default, see corpus.importers.bugsinpy.importer).
C_LOCALE = {"LC_ALL": "C", "LANG": "C", "PYTHONCOERCECLOCALE": "0", "PYTHONUTF8": "0"}


def pytest_argv(python: str, node_ids: Sequence[str]) -> list[str]:
    return [python, "-m", "pytest", *PYTEST_OPTIONS, "--", *node_ids]


def test_environment(spec: EnvironmentSpec, *, workspace: str, python: str, extra: dict[str, str] | None = None) -> dict:
    """The variables a task's tests run under: its interpreter's folder first on PATH, the package importable
    from the workspace, the task's own variables (its locale) last."""
    install = workspace if spec.install_path in (".", "") else f"{workspace}/{spec.install_path}"
    env = {"PATH": f"{Path(python).parent}:/usr/local/bin:/usr/bin:/bin", "PYTHONPATH": install,
           "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PYTHONDONTWRITEBYTECODE": "1", "PYTHONNOUSERSITE": "1",
           "PYTHONHASHSEED": "0", "PIP_NO_INDEX": "1", "SETUPTOOLS_SCM_PRETEND_VERSION": "0.0.0"}
    env.update(spec.env)
    env.update(extra or {})
    return {k: v for k, v in env.items() if v != ""}


@dataclass
class RunOutcomes:
    outcomes: dict[str, str]  # node id -> PASSED / FAILED / ERROR / SKIPPED ...
    returncode: int
    output: str
    duration_s: float
    timed_out: bool = False
    notes: list[str] = field(default_factory=list)

    def matching(self, node_id: str) -> dict[str, str]:
        """The outcomes of ``node_id`` and of everything under it (a class, a parametrized test)."""
        return {k: v for k, v in self.outcomes.items()
                if k == node_id or k.startswith(node_id + "::") or k.startswith(node_id + "[")}

    def passed(self, node_id: str) -> bool:
        found = self.matching(node_id)
        return bool(found) and all(v in ("PASSED", "SKIPPED", "XFAIL", "xfail") for v in found.values())

    def failed(self, node_id: str) -> bool:
        found = self.matching(node_id)
        if not found:  # not even collected: an import or collection error fails it
            return self.returncode not in (0, 5) and not self.timed_out
        return any(v in ("FAILED", "ERROR") for v in found.values())

    def tail(self, lines: int = 8) -> str:
        return " | ".join(line for line in self.output.strip().splitlines()[-lines:] if line.strip())


def parse_outcomes(output: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for match in OUTCOME.finditer(output):
        found.setdefault(match.group("id"), match.group("outcome").upper())
    for match in SPLIT_OUTCOME.finditer(output):
        if not OUTCOME.match(match.group(0)):  # an id line that holds its own outcome was read above
            found.setdefault(match.group("id"), match.group("outcome").upper())
    for match in SHORT.finditer(output):
        found[match.group("id")] = "ERROR" if match.group("outcome") == "ERROR" else "FAILED"
    return found


def run_local(workspace: Path, spec: EnvironmentSpec, python: Path, node_ids: Sequence[str], *,
              timeout_s: float = 300, extra_env: dict[str, str] | None = None) -> RunOutcomes:
    """The tests run as a plain subprocess (the importer's check; validation runs them in sandboxes)."""
    with tempfile.TemporaryDirectory(prefix="stepwise-testrun-") as home:
        env = test_environment(spec, workspace=str(workspace), python=str(python), extra=extra_env)
        env.update({"HOME": home, "TMPDIR": home})
        started = time.monotonic()
        try:
            proc = subprocess.run(pytest_argv(str(python), node_ids), cwd=workspace, env=env, capture_output=True,
                                  text=True, timeout=timeout_s, errors="replace")
        except subprocess.TimeoutExpired as exc:
            out = (exc.stdout or b"").decode(errors="replace") if isinstance(exc.stdout, bytes) else (exc.stdout or "")
            return RunOutcomes(parse_outcomes(out), -9, out, time.monotonic() - started, timed_out=True)
    output = proc.stdout + proc.stderr
    return RunOutcomes(parse_outcomes(output), proc.returncode, output, time.monotonic() - started)
