"""The evidence check: each meta.json evidence item must hold under the buggy version.

``install_recorder`` puts the recorder plugin and its spec into a workspace; after the traced run,
``evidence_problems`` compares what was recorded with what meta.json says, one plain reason per item.
"""

from __future__ import annotations

import ast
import json
import shutil
from pathlib import Path

from corpus.format import Evidence
from validation.runner import PLUGIN_DIR

PLUGIN_SOURCE = Path(__file__).with_name("evidence_plugin.py")
PLUGIN_NAME = "_stepwise_evidence"


def install_recorder(workspace: Path, evidence: tuple[Evidence, ...]) -> list[str]:
    """Put the recorder and its spec into the workspace; the plugin names to load."""
    folder = workspace / PLUGIN_DIR
    folder.mkdir(exist_ok=True)
    shutil.copyfile(PLUGIN_SOURCE, folder / f"{PLUGIN_NAME}.py")
    spec = [{"file": e.file, "line": e.line, "expression": e.expression, "test": e.test} for e in evidence]
    (folder / "spec.json").write_text(json.dumps(spec), encoding="utf-8")
    return [PLUGIN_NAME]


def read_observed(workspace: Path) -> dict[int, dict]:
    """index -> the first record for that evidence item."""
    path = workspace / PLUGIN_DIR / "observed.jsonl"
    observed: dict[int, dict] = {}
    if path.is_file():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                entry = json.loads(line)
            except json.JSONDecodeError:
                continue  # a half-written last line from a run killed mid-write
            observed.setdefault(entry["index"], entry)
    return observed


def static_evidence_problems(evidence: tuple[Evidence, ...], workspace_files: dict[str, str]) -> list[str]:
    """Problems found without running anything: the file must be in the workspace, the line in it."""
    problems = []
    for i, item in enumerate(evidence):
        where = f"evidence[{i}] at {item.file}:{item.line}"
        if not item.why.strip():
            problems.append(f"{where}: 'why' is empty; say in a sentence how this value reveals the bug")
        if item.file not in workspace_files:
            problems.append(f"{where}: no such file in the workspace; 'file' must be a path of a buggy/, "
                            f"shared/ or tests/ module as materialized ({', '.join(sorted(workspace_files))})")
            continue
        n_lines = len(workspace_files[item.file].splitlines())
        if item.line > n_lines:
            problems.append(f"{where}: the file has only {n_lines} lines")
        try:
            compile(item.expression, "<evidence>", "eval")
        except SyntaxError as exc:
            problems.append(f"{where}: expression `{item.expression}` is not a Python expression ({exc.msg})")
        if item.test is not None and not _defines_test(item.test, workspace_files):
            problems.append(f"{where}: test {item.test!r} is not a test function of the task's test files; "
                            "name it as 'test_file.py::test_name'")
    return problems


def _defines_test(test: str, workspace_files: dict[str, str]) -> bool:
    file, _, name = test.partition("::")
    name = name.rsplit("::", 1)[-1]  # a test in a class: test_file.py::TestX::test_y
    try:
        tree = ast.parse(workspace_files.get(file, ""))
    except SyntaxError:
        return False
    return file in workspace_files and any(
        isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name for node in ast.walk(tree))


def evidence_problems(evidence: tuple[Evidence, ...], observed: dict[int, dict], *, hung: bool = False) -> list[str]:
    """One reason per item that does not hold; ``hung``: the run was stopped at its time limit (what
    was recorded before that still counts)."""
    problems = []
    for i, item in enumerate(evidence):
        where = f"evidence[{i}] at {item.file}:{item.line}"
        entry = observed.get(i)
        if entry is None and hung:
            problems.append(f"{where}: line not reached before the buggy tests hung (stopped at timeout_s); "
                            "pick a line that runs before the hang, inside the loop or wait that never ends")
        elif entry is None and item.test:
            problems.append(f"{where}: line never reached while {item.test} ran; pick a line that test runs "
                            "(a pdb breakpoint there must stop)")
        elif entry is None:
            problems.append(f"{where}: line never reached by the buggy tests; pick a line that runs "
                            "(a pdb breakpoint there must stop)")
        elif "error" in entry:
            problems.append(f"{where}: `{item.expression}` raised {entry['error']}")
        elif entry["repr"] != item.observed:
            problems.append(f"{where}: `{item.expression}` gave {entry['repr']}, meta says {item.observed}")
    return problems
