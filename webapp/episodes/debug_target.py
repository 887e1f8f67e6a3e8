"""Which test file a live session's start_debugger form offers first: the one that holds the failing
test, so a person starts where a model would be pointed, not at whichever test file sorts last."""

from __future__ import annotations

import re
from pathlib import PurePosixPath


def _imports(text: str, module: str) -> bool:
    return re.search(rf"^\s*(from|import)\s+([\w.]+\.)?{re.escape(module)}\b", text, re.MULTILINE) is not None


def test_file_to_debug(task_files: dict | None, meta: dict | None) -> str | None:
    """The test module to start the debugger on, by the first rule that finds one: a test file the
    task's ``failing_tests`` names (``file::test``); one that imports the module the task's evidence
    points at; one that imports a buggy module; the first test module."""
    tests = {p: t for p, t in ((task_files or {}).get("tests") or {}).items() if p.endswith(".py")}
    if not tests:
        return None
    meta = meta if isinstance(meta, dict) else {}
    failing = meta.get("failing_tests")
    for node in failing if isinstance(failing, list) else []:
        file = str(node).split("::", 1)[0]
        if file in tests:
            return file
    evidence = meta.get("evidence")
    pointed = [e.get("file") for e in evidence if isinstance(e, dict)] if isinstance(evidence, list) else []
    buggy = list((task_files or {}).get("buggy") or {})
    candidates = sorted(tests, key=lambda p: (not PurePosixPath(p).name.startswith("test_"), p))
    for group in (pointed, buggy):
        modules = [PurePosixPath(f).stem for f in group if isinstance(f, str) and f.endswith(".py")]
        for path in candidates:
            if any(_imports(str(tests[path]), module) for module in modules):
                return path
    return candidates[0]
