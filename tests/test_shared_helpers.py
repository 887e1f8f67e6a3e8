"""The rules the shared test helpers keep (tests/helpers/__init__.py): importing them loads no Django,
no library test imports a web app test module, and no module takes helpers from a test module."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
HELPERS = sorted(p.stem for p in (TESTS / "helpers").glob("*.py") if p.stem != "__init__")


def imported_modules(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.append(node.module)
        elif isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
    return found


def test_importing_every_helper_loads_no_django():
    code = (f"import sys; import {', '.join(f'tests.helpers.{name}' for name in HELPERS)}; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('django', 'channels', 'celery')))")
    shown = subprocess.run([sys.executable, "-c", code], cwd=TESTS.parent, capture_output=True, text=True,
                           timeout=120)

    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.strip() == "[]"


def test_no_library_test_or_helper_imports_a_web_app_test_module():
    libraries = [p for folder in ("helpers", "harness", "corpus", "validation", "training")
                 for p in (TESTS / folder).rglob("*.py")]

    wrong = {str(p.relative_to(TESTS)): m for p in libraries for m in imported_modules(p)
             if m.startswith("tests.webapp")}

    assert wrong == {}


def test_no_module_imports_from_a_test_module():
    modules = [*TESTS.rglob("*.py"), *(TESTS.parent / "bench").glob("*.py")]

    wrong = {str(p.relative_to(TESTS.parent)): m for p in modules for m in imported_modules(p)
             if m.startswith("tests.") and m.rsplit(".", 1)[-1].startswith("test_")}

    assert wrong == {}
