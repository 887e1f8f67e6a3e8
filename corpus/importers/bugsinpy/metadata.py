"""Reading BugsInPy's per-project and per-bug files, whatever their encoding.

``projects/<name>/project.info`` names the upstream repository; ``bugs/<n>/bug.info`` the Python
version, the buggy and fixed commits and the test files; ``run_test.sh`` the tests (pytest node ids,
``python -m unittest`` dotted ids, ``tox``/``nosetests`` targets); ``requirements.txt`` the pins of the
environment BugsInPy used (UTF-8 or UTF-16, with or without a byte-order mark).
"""

from __future__ import annotations

import codecs
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path

INFO_LINE = re.compile(r'^\s*([A-Za-z_]+)\s*=\s*"?(.*?)"?\s*$')


def decode(data: bytes) -> str:
    """Text of a metadata file: UTF-16 (with a BOM, or detected by its NUL bytes) or UTF-8."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return data.decode("utf-16")
    if data.startswith(codecs.BOM_UTF8):
        return data[3:].decode("utf-8", errors="replace")
    if len(data) >= 4 and data[1:2] == b"\0" and data[3:4] == b"\0":
        return data.decode("utf-16-le", errors="replace")
    if len(data) >= 4 and data[0:1] == b"\0" and data[2:3] == b"\0":
        return data.decode("utf-16-be", errors="replace")
    return data.decode("utf-8", errors="replace")


def read_info(path: Path) -> dict[str, str]:
    if not path.is_file():
        return {}
    out = {}
    for line in decode(path.read_bytes()).splitlines():
        match = INFO_LINE.match(line)
        if match:
            out[match.group(1)] = match.group(2)
    return out


def read_text(path: Path) -> str:
    return decode(path.read_bytes()) if path.is_file() else ""


@dataclass
class BugRecord:
    number: str
    python: str
    buggy_commit: str
    fixed_commit: str
    test_files: list[str]
    run_test: str
    requirements: str
    setup: str
    problems: list[str] = field(default_factory=list)


def read_bug(folder: Path) -> BugRecord:
    info = read_info(folder / "bug.info")
    version = re.match(r"(\d+\.\d+)", info.get("python_version", ""))
    record = BugRecord(number=folder.name, python=version.group(1) if version else "",
                       buggy_commit=info.get("buggy_commit_id", "").strip(),
                       fixed_commit=info.get("fixed_commit_id", "").strip(),
                       test_files=[t.strip() for t in info.get("test_file", "").split(";") if t.strip()],
                       run_test=read_text(folder / "run_test.sh"), requirements=read_text(folder / "requirements.txt"),
                       setup=read_text(folder / "setup.sh"))
    if not (folder / "bug.info").is_file():
        record.problems.append("no bug.info")
    for key, value in (("python_version", record.python), ("buggy_commit_id", record.buggy_commit),
                       ("fixed_commit_id", record.fixed_commit)):
        if not value:
            record.problems.append(f"bug.info has no {key}")
    return record


def bug_folders(project_dir: Path, numbers: list[str] | None = None) -> list[Path]:
    bugs = project_dir / "bugs"
    found = sorted((p for p in bugs.iterdir() if p.is_dir()), key=lambda p: (not p.name.isdigit(), int(p.name) if p.name.isdigit() else 0, p.name)) if bugs.is_dir() else []
    if numbers:
        wanted = set(numbers)
        found = [p for p in found if p.name in wanted]
    return found


# -- tests ----------------------------------------------------------------------------------------
RUNNERS = ("pytest", "py.test", "tox", "nosetests", "unittest")


def test_commands(run_test: str) -> list[list[str]]:
    """The test-running commands of run_test.sh, as argument lists (other lines are ignored)."""
    commands = []
    for raw in run_test.replace("&&", "\n").replace(";", "\n").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            words = shlex.split(line)
        except ValueError:
            continue
        if words and any(Path(w).name in RUNNERS or w in RUNNERS for w in words[:4]):
            commands.append(words)
    return commands


def node_ids(run_test: str, exists) -> tuple[list[str], list[str]]:
    """(pytest node ids, problems) from run_test.sh; ``exists(path)`` says whether a file is in the tree
    (to turn ``tests.test_x.TestY.test_z`` into ``tests/test_x.py::TestY::test_z``)."""
    ids: list[str] = []
    problems: list[str] = []
    for words in test_commands(run_test):
        is_unittest = "unittest" in words
        is_nose = any(Path(w).name == "nosetests" for w in words)
        after_runner = False
        skip_next = False
        for word in words:
            if not after_runner:
                after_runner = Path(word).name in RUNNERS or word in RUNNERS
                continue
            if skip_next:
                skip_next = False
                continue
            if word.startswith("-"):
                skip_next = word in ("-k", "-m", "-p", "-c", "-e", "--rootdir", "-o")
                continue
            if ".py" in word.split("::")[0] and not is_nose:
                ids.append(word)
            elif is_nose and ":" in word:
                path, _, rest = word.partition(":")
                ids.append("::".join([path, *rest.split(".")]))
            elif (is_unittest or is_nose) and re.fullmatch(r"[A-Za-z_][\w.]*", word):
                converted = dotted_to_node(word, exists)
                if converted:
                    ids.append(converted)
                else:
                    problems.append(f"{word!r} names no test file in the repository")
            elif word.endswith(".py") or "/" in word:
                ids.append(word)
    return list(dict.fromkeys(ids)), problems


def dotted_to_node(dotted: str, exists) -> str | None:
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        path = "/".join(parts[:cut]) + ".py"
        if exists(path):
            return "::".join([path, *parts[cut:]])
    return None
