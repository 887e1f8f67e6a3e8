"""What a project's tests need beyond its runtime requirements, read from its own files (never run).

- a test extra declared in setup.py, setup.cfg or pyproject.toml (``test``, ``tests``, ``testing``);
- test requirements files (not development ones: linters and release tools run no test): ``test_requirements.txt``, ``requirements-test*.txt``, ``requirements/test*.txt``,
  ``test-requirements.txt``, ``tests/requirements.txt`` (``-r`` includes followed inside the tree);
- tox.ini's ``deps`` lines that are plain requirements;
- pytest, always (the harness runs pytest).
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

EXTRA_NAMES = ("test", "tests", "testing")
REQUIREMENT = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*(\[[A-Za-z0-9._,-]+\])?\s*((===|==|!=|<=|>=|~=|<|>)\s*[A-Za-z0-9.*+!_-]+\s*,?\s*)*$")
FILE_PATTERNS = ("test_requirements*.txt", "test-requirements*.txt", "requirements-test*.txt", "requirements_test*.txt",
                 "requirements/test*.txt", "tests/requirements*.txt")


def _extras_blocks(tree: Path) -> list[str]:
    """The text where each file declares its extras: setup.py's ``extras_require`` dict literals, setup.cfg's
    ``[options.extras_require]`` section, pyproject's ``[project.optional-dependencies]`` table."""
    blocks = []
    setup_py = tree / "setup.py"
    if setup_py.is_file():
        text = setup_py.read_text(errors="replace")
        for match in re.finditer(r"extras_require\s*=\s*\{", text):
            depth, end = 0, match.end() - 1
            for end in range(match.end() - 1, min(len(text), match.end() + 4000)):
                depth += {"{": 1, "}": -1}.get(text[end], 0)
                if depth == 0:
                    break
            blocks.append(text[match.end():end])
    for name, header in (("setup.cfg", "options.extras_require"), ("pyproject.toml", "project.optional-dependencies"),
                         ("pyproject.toml", "tool.flit.metadata.requires-extra")):
        path = tree / name
        if path.is_file():
            match = re.search(rf"(?ms)^\[{re.escape(header)}\]\s*$(.*?)(?=^\[|\Z)", path.read_text(errors="replace"))
            if match:
                blocks.append(match.group(1))
    return blocks


def declared_extras(tree: Path) -> list[str]:
    blocks = _extras_blocks(tree)
    return [extra for extra in EXTRA_NAMES
            if any(re.search(rf"(?m)(['\"]{extra}['\"]\s*:|^\s*{extra}\s*=)", block) for block in blocks)]


def _requirement_lines(path: Path, tree: Path, seen: set[Path]) -> list[str]:
    if path in seen or not path.is_file():
        return []
    seen.add(path)
    out = []
    for raw in path.read_text(errors="replace").splitlines():
        line = raw.split(" #")[0].split(";")[0].strip()
        if line.startswith(("-r ", "--requirement ")):
            include = (path.parent / line.split(None, 1)[1]).resolve()
            if include.is_relative_to(tree.resolve()):
                out += _requirement_lines(include, tree, seen)
        elif line and REQUIREMENT.match(line):
            out.append(line)
    return out


def requirement_files(tree: Path) -> list[Path]:
    return sorted({p for pattern in FILE_PATTERNS for p in tree.glob(pattern) if p.is_file()})


def tox_deps(tree: Path) -> list[str]:
    tox = tree / "tox.ini"
    if not tox.is_file():
        return []
    out, inside = [], False
    for raw in tox.read_text(errors="replace").splitlines():
        if re.match(r"^\s*deps\s*=", raw):
            inside = True
            raw = raw.split("=", 1)[1]
        elif inside and (not raw.startswith((" ", "\t")) or not raw.strip()):
            inside = False
        if inside:
            line = raw.split("#")[0].strip()
            if line and REQUIREMENT.match(line) and "{" not in line:
                out.append(line)
    return out


def test_requirements(tree: Path) -> list[str]:
    """Requirement strings for the tests (unpinned; the resolver constrains them)."""
    lines: list[str] = []
    seen: set[Path] = set()
    for path in requirement_files(tree):
        lines += _requirement_lines(path, tree, seen)
    lines += tox_deps(tree)
    lines.append("pytest")
    # Linters, coverage and doc tools run no test: left out so old pins do not block the install.
    skip = re.compile(r"^(flake8|pylint|mypy|black|isort|coverage|pytest-cov|codecov|coveralls|sphinx|tox|twine|"
                      r"pre-commit|docutils|readme|check-manifest|bumpversion|wheel|setuptools|pip)\b", re.I)
    # One line per package (old pip refuses a package given twice): the first file's wins.
    by_name: dict[str, str] = {}
    for line in lines:
        name = re.split(r"[\[<>=!~ ;]", line, maxsplit=1)[0].lower().replace("_", "-")
        if not skip.match(line):
            by_name.setdefault(name, line)
    return list(by_name.values())


def declared_requirements(tree: Path, extras: list[str]) -> list[str]:
    """The runtime (and ``extras``) requirements pyproject.toml declares ([project] or flit's metadata): what
    the environment needs when the project itself cannot be built to ask (an old build backend)."""
    path = tree / "pyproject.toml"
    if not path.is_file():
        return []
    try:
        data = tomllib.loads(path.read_text(errors="replace"))
    except tomllib.TOMLDecodeError:
        return []
    project = data.get("project") or {}
    flit = (data.get("tool") or {}).get("flit", {}).get("metadata") or {}
    found = list(project.get("dependencies") or []) + list(flit.get("requires") or [])
    for table in (project.get("optional-dependencies") or {}, flit.get("requires-extra") or {}):
        for extra in extras:
            found += list(table.get(extra) or [])
    return [r for r in (str(x).split(";")[0].strip() for x in found) if r]
