"""A project's history and the trees extracted from it, each once per machine.

A history is a git bundle (what the corpus vendors), a bare repository or a clone. A bundle is
cloned (bare) into the cache once; a tree at a commit is extracted into
``<cache>/trees/<project>/<commit>/`` once, its files made read-only because workspaces hard-link
them (see ``corpus.repository.workspace``).
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import stat
import subprocess
import tarfile
import tempfile
from pathlib import Path


class SourceError(RuntimeError):
    """A history that cannot be read, or a commit it lacks; the message says what to give instead."""


def cache_root() -> Path:
    return Path(os.environ.get("STEPWISE_CACHE", Path.home() / ".cache" / "stepwise"))


def git(git_dir: Path, *args: str, text: bool = True, check: bool = True) -> subprocess.CompletedProcess:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "GIT_TERMINAL_PROMPT": "0", "HOME": str(cache_root()),
           "GIT_CONFIG_NOSYSTEM": "1", "LC_ALL": "C"}
    proc = subprocess.run(["git", "--git-dir", str(git_dir), "-c", "core.quotepath=off", *args], capture_output=True,
                          text=text, env=env)
    if check and proc.returncode != 0:
        err = proc.stderr if text else proc.stderr.decode(errors="replace")
        raise SourceError(f"git {args[0]} failed in {git_dir}: {err.strip()[-300:]}")
    return proc


def _lock(path: Path):
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = open(path, "w")
    fcntl.flock(handle, fcntl.LOCK_EX)
    return handle


def open_history(path: str | Path) -> Path:
    """The git directory to read ``path`` (a bundle file, a bare repository or a clone) through."""
    path = Path(path).expanduser()
    if path.is_file():
        digest = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
        target = cache_root() / "git" / f"{path.stem}-{digest}.git"
        with _lock(target.with_suffix(".lock")):
            if not (target / "HEAD").is_file():
                staging = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}-"))
                proc = subprocess.run(["git", "clone", "--quiet", "--bare", "--no-hardlinks", str(path), str(staging / "g")],
                                      capture_output=True, text=True)
                if proc.returncode != 0:
                    shutil.rmtree(staging, ignore_errors=True)
                    raise SourceError(f"{path} is not a git bundle git can read ({proc.stderr.strip()[-200:]}); "
                                      "give a bundle, a bare repository or a clone")
                # Every ref of the bundle, not only its branches: tags keep the task commits reachable.
                git(staging / "g", "fetch", "--quiet", str(path), "+refs/*:refs/*", check=False)
                os.replace(staging / "g", target)
                shutil.rmtree(staging, ignore_errors=True)
        return target
    if (path / "HEAD").is_file() and (path / "objects").is_dir():
        return path
    if (path / ".git").exists():
        return path / ".git"
    raise SourceError(f"{path} is not a git history: give a git bundle, a bare repository or a clone")


def has_commit(git_dir: Path, commit: str) -> bool:
    return git(git_dir, "cat-file", "-e", f"{commit}^{{commit}}", check=False).returncode == 0


def full_commit(git_dir: Path, commit: str) -> str:
    return git(git_dir, "rev-parse", "--verify", f"{commit}^{{commit}}").stdout.strip()


def read_file(git_dir: Path, commit: str, path: str) -> bytes | None:
    proc = git(git_dir, "show", f"{commit}:{path}", text=False, check=False)
    return proc.stdout if proc.returncode == 0 else None


def list_files(git_dir: Path, commit: str) -> list[str]:
    return [p for p in git(git_dir, "ls-tree", "-r", "--name-only", "-z", commit).stdout.split("\0") if p]


def changed_files(git_dir: Path, old: str, new: str) -> list[tuple[str, str]]:
    """(status letter, path) for every file that differs between two commits (renames as delete + add)."""
    out = git(git_dir, "diff", "--no-renames", "--name-status", "-z", old, new).stdout.split("\0")
    return [(out[i], out[i + 1]) for i in range(0, len(out) - 1, 2) if out[i]]


def diff(git_dir: Path, old: str, new: str, paths: list[str]) -> str:
    if not paths:
        return ""
    return git(git_dir, "diff", "--no-renames", "--no-color", old, new, "--", *paths).stdout


def tree(git_dir: Path, project: str, commit: str) -> Path:
    """The files of ``commit``, extracted once into the cache (read-only: workspaces hard-link them)."""
    commit = full_commit(git_dir, commit)
    target = cache_root() / "trees" / project / commit
    if (target / ".stepwise-complete").exists():
        return target
    with _lock(target.parent / f"{commit}.lock"):
        if (target / ".stepwise-complete").exists():
            return target
        staging = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{commit}-"))
        archive = git(git_dir, "archive", "--format=tar", commit, text=False).stdout
        with tempfile.TemporaryFile() as handle:
            handle.write(archive)
            handle.seek(0)
            with tarfile.open(fileobj=handle) as tar:
                for member in tar.getmembers():
                    # git archive writes only files, folders and links inside the tree; links are kept
                    # as links (a workspace copies them as such), nothing else is extracted.
                    if member.isfile() or member.isdir() or member.issym():
                        if member.issym() and (member.linkname.startswith("/") or ".." in member.linkname.split("/")):
                            continue
                        tar.extract(member, staging, set_attrs=False)
        for dirpath, _dirs, files in os.walk(staging):
            for name in files:
                path = Path(dirpath) / name
                if not path.is_symlink():
                    path.chmod(stat.S_IMODE(path.stat().st_mode) & ~0o222 | 0o444)
        (staging / ".stepwise-complete").write_text(commit + "\n")
        shutil.rmtree(target, ignore_errors=True)
        os.replace(staging, target)
    return target
