"""No regular expression over the debugger's output: where the program is, why it stopped and how a run
ended travel as records (issue 40). An AST scan of the debugger, the session and the tools finds every
use of ``re`` and names where it is; only the uses listed here, each with why it reads no debugger
output, may stay. The one-mark truncation adds up the cuts it was handed (``filtering.Cut``) and a
collection error loses the installation folders its record names: neither reads text back. The
legacy-document upgrade (harness/records/legacy.py) is the one reader of old answer text, and the scan
sees its regexes, so it can find one."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SCANNED = ("harness/debugger", "harness/tools", "harness/session.py")
JUSTIFIED = {
    ("harness/debugger/stepwise_channel.py", "NONCE"): "the harness's command line, read by the in-process "
                                                       "debugger: its input, not output",
    ("harness/tools/workspace_tools.py", "NO_TESTS_RAN"): "pytest's summary in run_tests' shell output, not the "
                                                          "debugger's",
}


def regex_uses(path: Path) -> set[tuple[str, str]]:
    """(file, the top-level name whose statement uses ``re``) for every use of the module in ``path``."""
    tree = ast.parse(path.read_text(), str(path))
    aliases = {alias.asname or alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
               for alias in node.names if alias.name == "re"}
    shown = str(path.relative_to(ROOT))
    found = {(shown, "from re import")
             for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module == "re"}
    for statement in tree.body:
        if any(isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases
               for node in ast.walk(statement)):
            if isinstance(statement, ast.Assign) and isinstance(statement.targets[0], ast.Name):
                found.add((shown, statement.targets[0].id))
            else:
                found.add((shown, getattr(statement, "name", type(statement).__name__)))
    return found


def test_only_justified_regexes_remain_where_debugger_output_passes():
    uses: set[tuple[str, str]] = set()
    for entry in SCANNED:
        for path in sorted((ROOT / entry).rglob("*.py")) if (ROOT / entry).is_dir() else [ROOT / entry]:
            uses |= regex_uses(path)
    assert uses == set(JUSTIFIED), f"a regex where debugger output passes: {sorted(uses - set(JUSTIFIED))}; " \
        f"stale justifications: {sorted(set(JUSTIFIED) - uses)}"


def test_the_scan_finds_the_legacy_upgrades_regexes():
    assert {name for _, name in regex_uses(ROOT / "harness/records/legacy.py")} >= {"_ENVELOPE_OPEN",
                                                                                  "_ENVELOPE_CLOSE"}
