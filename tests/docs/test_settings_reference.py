"""The settings reference is generated from the declared variables, and every variable the code reads is declared."""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from docs.gen.settings import settings_page
from webapp import environment as variables

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("harness", "corpus", "training", "validation", "webapp")
READERS = {"get", "getenv", "setdefault", "pop", "env_bool", "env_list", "number", "raw"}


def _names_read(tree: ast.AST) -> set[str]:
    """Variable names passed as the first literal to an environment reader, or used as os.environ[NAME]."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            environ = isinstance(func, ast.Attribute) and "environ" in ast.unparse(func.value)
            if name in READERS and (environ or name in {"getenv", "env_bool", "env_list", "number", "raw"}):
                found.add(node.args[0].value)
        if isinstance(node, ast.Subscript) and "environ" in ast.unparse(node.value) \
                and isinstance(node.slice, ast.Constant):
            found.add(node.slice.value)
    return {name for name in found if isinstance(name, str) and re.fullmatch(r"[A-Z][A-Z0-9_]+", name)}


@pytest.mark.slow  # parses every module of the project
def test_every_environment_variable_the_code_reads_is_declared():
    read = {}
    files = [p for package in PACKAGES for p in (ROOT / package).rglob("*.py")] + [ROOT / "tests" / "conftest.py"]
    for path in files:
        for name in _names_read(ast.parse(path.read_text(encoding="utf-8"))):
            read.setdefault(name, path.relative_to(ROOT))
    for script in (ROOT / "scripts").iterdir():
        if script.is_file():
            for name in re.findall(r"\$\{([A-Z_]+):-", script.read_text(encoding="utf-8", errors="replace")):
                read.setdefault(name, script.relative_to(ROOT))
    assert len(read) > 40, "the scan found too few reads to be looking at the code"
    declared = set(variables.BY_NAME) | {a for v in variables.VARIABLES for a in v.aliases} | variables.INTERNAL
    undeclared = {name: str(path) for name, path in read.items() if name not in declared}
    assert not undeclared, f"declare these in webapp/environment.py: {undeclared}"
    for quota in variables.QUOTA_NAMES:
        assert f"STEPWISE_QUOTA_{quota.upper()}" in variables.BY_NAME


def test_a_changed_default_or_meaning_shows_on_the_page_and_in_the_setting(monkeypatch):
    page = settings_page()
    assert "| `STEPWISE_JOB_HEARTBEAT_S` | `2.0` |" in page
    changed = dataclasses.replace(variables.BY_NAME["STEPWISE_JOB_HEARTBEAT_S"], default=7.5,
                                  meaning="a heartbeat, now slower")
    new = tuple(changed if v.name == changed.name else v for v in variables.VARIABLES)
    assert "| `STEPWISE_JOB_HEARTBEAT_S` | `7.5` | a heartbeat, now slower |" in settings_page(new)
    # the settings read the default from the same declaration
    monkeypatch.setitem(variables.BY_NAME, changed.name, changed)
    monkeypatch.delenv(changed.name, raising=False)
    assert variables.number(changed.name) == 7.5
    added = new + (variables.Variable("STEPWISE_BRAND_NEW", "a new knob", default=3, read_by="harness"),)
    assert "| `STEPWISE_BRAND_NEW` | `3` | a new knob |" in settings_page(added)


def test_aliases_are_read_and_a_bad_number_says_what_to_set(monkeypatch):
    monkeypatch.delenv("STEPWISE_DEBUG", raising=False)
    monkeypatch.setenv("DJANGO_DEBUG", "1")
    assert variables.raw("STEPWISE_DEBUG") == "1"
    monkeypatch.setenv("STEPWISE_SESSION_POLL_S", "two")
    with pytest.raises(ImproperlyConfigured, match=r"STEPWISE_SESSION_POLL_S='two': expected a number .* e\.g\. "
                                                   r"STEPWISE_SESSION_POLL_S=2\.0"):
        variables.number("STEPWISE_SESSION_POLL_S")
    monkeypatch.setenv("STEPWISE_JOB_MAX_SENDS", "2.5")
    with pytest.raises(ImproperlyConfigured, match="expected a whole number"):
        variables.number("STEPWISE_JOB_MAX_SENDS", int)
