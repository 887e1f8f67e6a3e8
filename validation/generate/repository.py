"""A repository the generator plants bugs in: its source and test files, and its version."""

from __future__ import annotations

import hashlib
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

from corpus.plant.materialize import SKIPPED_DIRS

TEST_DIR_NAMES = frozenset({"test", "tests", "testing"})
NOT_SOURCE = frozenset({"setup.py", "conftest.py", "noxfile.py", "fabfile.py", "docs/conf.py"})
MAX_SOURCE_BYTES = 512 * 1024  # a larger module is generated code or data, not a place to plant a bug


class RepositoryError(ValueError):
    """The folder cannot be used: the message says what is wrong and what to do."""


@dataclass(frozen=True)
class Repository:
    root: Path
    name: str
    sources: tuple[str, ...]  # paths relative to root, POSIX
    tests: tuple[str, ...]
    version: str  # the git commit when the folder is a clean git checkout, else a hash of its files

    @classmethod
    def scan(cls, root: str | Path, name: str | None = None, version: str | None = None) -> Repository:
        """``version``: what the folder is known to be (a commit it was extracted from); default: its own."""
        path = Path(root).resolve()
        if not path.is_dir():
            raise RepositoryError(f"{root}: not a folder; give the repository's root folder (--repo DIR)")
        sources: list[str] = []
        tests: list[str] = []
        for folder, dirs, files in os.walk(path):
            dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRS and not d.startswith(".")
                             and not d.endswith(".egg-info"))
            rel_folder = Path(folder).relative_to(path)
            in_tests = any(part in TEST_DIR_NAMES for part in rel_folder.parts)
            for file_name in sorted(files):
                if not file_name.endswith(".py"):
                    continue
                rel = (rel_folder / file_name).as_posix()
                full = Path(folder) / file_name
                if full.is_symlink():
                    continue
                if in_tests or file_name.startswith("test_") or file_name.endswith("_test.py"):
                    tests.append(rel)
                elif rel not in NOT_SOURCE and file_name not in NOT_SOURCE and full.stat().st_size <= MAX_SOURCE_BYTES:
                    sources.append(rel)
        if not sources:
            raise RepositoryError(f"{root}: no Python source files outside test folders; point --repo at a "
                                  "project's root folder")
        if not tests:
            raise RepositoryError(f"{root}: no test files (test_*.py, *_test.py or a tests/ folder); the generator "
                                  "keeps only bugs that a test catches")
        return cls(root=path, name=name or path.name, sources=tuple(sources), tests=tuple(tests),
                   version=version or _version(path, sources + tests))


def _version(root: Path, files: list[str]) -> str:
    try:
        head = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True, text=True,
                              timeout=10)
        dirty = subprocess.run(["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True, timeout=30)
        if head.returncode == 0 and dirty.returncode == 0 and not dirty.stdout.strip():
            return f"git:{head.stdout.strip()}"
    except (OSError, subprocess.SubprocessError):
        pass
    digest = hashlib.sha256()
    for rel in sorted(files):
        digest.update(rel.encode() + b"\0" + (root / rel).read_bytes() + b"\0")
    return f"sha256:{digest.hexdigest()[:16]}"
