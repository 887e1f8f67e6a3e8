"""A repository task's workspace: the tree at the buggy (or fixed) commit, hard-linked from the cache.

No file of the repository is copied per episode: each is a hard link to the cached tree (read-only;
the harness's file tools replace a file by rename, which breaks the link, so the cache is never
changed through a workspace). Only the task's test-side files are written fresh, from the fixed
commit, and made read-only: they are what the model must not change. Where the destination lies on
another file system than the cache, files are copied (and the result says so).
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path

from corpus.repository.task import RepositoryTask

# setuptools_scm writes a version module at build time (``write_to`` / ``version_file``); the project imports
# it, and a workspace is never built, so it is written as a build would (``SETUPTOOLS_SCM_PRETEND_VERSION``).
SCM_VERSION_FILE = re.compile(r"""(?:write_to|version_file)["']?\s*[=:]\s*["']([\w./-]+\.py)["']""")
PRETEND_VERSION = "0.0.0"


def generated_files(tree: Path) -> dict[str, str]:
    """Files a build of the project would generate that its code imports: setuptools_scm's version module."""
    out = {}
    for name in ("setup.py", "setup.cfg", "pyproject.toml"):
        path = tree / name
        if path.is_file():
            for match in SCM_VERSION_FILE.finditer(path.read_text(errors="replace")):
                target = match.group(1)
                if ".." not in target.split("/") and not target.startswith("/") and not (tree / target).exists():
                    out[target] = f"# generated as setuptools_scm would\nversion = {PRETEND_VERSION!r}\n__version__ = version\n"
    return out


def write_generated(tree: Path, dest: Path) -> list[str]:
    written = []
    for name, text in generated_files(tree).items():
        target = dest / name
        if not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text)
            written.append(name)
    return written


@dataclass
class LinkStats:
    linked: int = 0
    copied: int = 0


def link_tree(src: Path, dest: Path) -> LinkStats:
    """Mirror ``src`` into the empty folder ``dest``: folders made, files hard-linked (copied across file
    systems). A workspace holds no symbolic links (the sandbox's set-up and the file tools never follow
    one): a link to a file of the tree becomes that file, any other link is left out."""
    stats = LinkStats()
    root = src.resolve()
    for dirpath, dirnames, filenames in os.walk(src):
        here = Path(dirpath)
        target_dir = dest / here.relative_to(src)
        target_dir.mkdir(exist_ok=True)
        dirnames[:] = [name for name in dirnames if not (here / name).is_symlink()]
        for name in filenames:
            if name == ".stepwise-complete" and here == src:
                continue
            origin, target = here / name, target_dir / name
            if origin.is_symlink():
                pointed = origin.resolve()
                if not (pointed.is_file() and pointed.is_relative_to(root)):
                    continue
                origin = pointed
            try:
                os.link(origin, target)
                stats.linked += 1
            except OSError:
                shutil.copy2(origin, target)
                target.chmod(stat.S_IMODE(origin.stat().st_mode) | stat.S_IWUSR)
                stats.copied += 1
    return stats


@dataclass
class RepositoryWorkspace:
    path: Path
    task: str
    variant: str
    protected_files: list[str]
    test_files: dict[str, str]  # name -> text, as written (the fixed commit's test side)
    links: LinkStats

    @property
    def buggy_files(self) -> dict[str, str]:
        return {}


def _write_fresh(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() or path.is_symlink():
        path.unlink()  # breaks the hard link: the cached tree keeps its own text
    path.write_bytes(data)


def materialize_repository(task: RepositoryTask, dest: str | Path | None = None, *,
                           variant: str = "buggy") -> RepositoryWorkspace:
    """The repository at the buggy commit with the fix's test files (``variant="buggy"``, what episodes
    get), or at the fixed commit (``"fixed"``, for validation), in ``dest`` (empty or absent)."""
    if variant not in ("buggy", "fixed", "correct"):
        raise ValueError("variant must be 'buggy' or 'fixed'")
    spec = task.spec
    path = Path(dest) if dest is not None else Path(tempfile.mkdtemp(prefix=f"stepwise-{task.name}-"))
    path.mkdir(parents=True, exist_ok=True)
    if any(path.iterdir()):
        raise FileExistsError(f"{path} is not empty; materialize into a fresh folder")
    tree = task.tree("buggy" if variant == "buggy" else "fixed")
    links = link_tree(tree, path)
    write_generated(tree, path)
    tests: dict[str, str] = {}
    for name in spec.tests.files:
        data = task.test_file_bytes(name)
        target = path / name
        if data is None:  # the fix deleted it: the workspace must not keep the old one
            if target.exists():
                target.unlink()
            continue
        _write_fresh(target, data)
        target.chmod(0o444)
        tests[name] = data.decode("utf-8", errors="replace")
    return RepositoryWorkspace(path=path, task=task.name, variant="buggy" if variant == "buggy" else "fixed",
                               protected_files=sorted(tests), test_files=tests, links=links)
