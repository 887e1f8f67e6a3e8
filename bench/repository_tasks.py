"""Repository tasks (real bugs): environment build time and size, episode start and verification, next to
a small task (medians; never asserted in tests).

    .venv/bin/python bench/repository_tasks.py [--task corpus/real/pysnooper-3] [--runs 5] [--out-dir bench/results]

- environment, cold: a fresh cache (no wheelhouse, no pip for that Python yet): everything from the index;
- environment, warm: the environment removed, rebuilt offline from the wheelhouse (``offline=True``);
- episode start: materialize the workspace (hard links for the repository) and acquire a bwrap sandbox
  with its debug service and session open, the environment already built;
- verification: the published fix written into the workspace, then the verifier's fresh workspace and
  test run (``fail_to_pass`` + ``pass_to_pass`` for the repository task).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.report import BenchRun, Table, add_out_dir  # noqa: E402
from corpus.format import load_repository, load_task, task_dirs  # noqa: E402
from corpus.materialize import materialize  # noqa: E402
from corpus.repository import source  # noqa: E402
from corpus.repository.corpus_root import REAL_TASKS_DIR  # noqa: E402
from corpus.repository.environment import build_environment, environment_path, folder_size  # noqa: E402
from harness.repository_task import prepare, verify_repository  # noqa: E402
from harness.sandbox.backends import get_backend  # noqa: E402
from harness.sandbox.backends.base import SandboxSpec  # noqa: E402
from harness.verify import verify  # noqa: E402


def median_ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:.0f} ms"


def environment_builds(task) -> tuple[float, float, int, int]:
    spec = task.spec.environment
    saved = os.environ.get("STEPWISE_CACHE")
    cache = Path(tempfile.mkdtemp(prefix="stepwise-bench-cache-"))
    os.environ["STEPWISE_CACHE"] = str(cache)
    try:
        started = time.monotonic()
        build_environment(spec)
        cold = time.monotonic() - started
        env_size = folder_size(environment_path(spec))
        house_size = folder_size(cache / "wheelhouse")
        shutil.rmtree(environment_path(spec))
        started = time.monotonic()
        build_environment(spec, offline=True)
        warm = time.monotonic() - started
    finally:
        if saved is None:
            os.environ.pop("STEPWISE_CACHE", None)
        else:
            os.environ["STEPWISE_CACHE"] = saved
        shutil.rmtree(cache, ignore_errors=True)
    return cold, warm, env_size, house_size


def write_published_fix(task, root: Path) -> None:
    """Every file the fix touches, as the fixed commit has it, into the workspace at ``root``: one the fix
    adds is created (sanic 1), one it deletes removed, and a hard link into the cache never written through."""
    git_dir = task.history()
    for name in task.spec.origin.get("fix_files", []):
        data = source.read_file(git_dir, task.spec.repo.fixed_commit, name)
        target = root / name
        target.unlink(missing_ok=True)
        if data is not None:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)


def repository_episode(task, backend) -> tuple[float, float]:
    work = Path(tempfile.mkdtemp(prefix="stepwise-bench-repo-"))
    try:
        started = time.monotonic()
        session = prepare(task, work / "workspace")
        box = backend.acquire(SandboxSpec(workspace=session.workspace.path, arm="dbg",
                                          protected_files=tuple(session.workspace.protected_files),
                                          python=str(session.environment.python), env=session.env))
        start = time.monotonic() - started
        try:
            write_published_fix(task, Path(box.workspace))
            started = time.monotonic()
            result = verify_repository(box, session, task)
            verification = time.monotonic() - started
            assert result.verified, result.reason
        finally:
            backend.release(box)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return start, verification


def small_episode(task, backend) -> tuple[float, float]:
    work = Path(tempfile.mkdtemp(prefix="stepwise-bench-small-"))
    try:
        started = time.monotonic()
        workspace = materialize(task, work / "workspace")
        box = backend.acquire(SandboxSpec(workspace=workspace.path, arm="dbg",
                                          protected_files=tuple(workspace.protected_files)))
        start = time.monotonic() - started
        try:
            for name, text in task.correct_files.items():
                (Path(box.workspace) / name).write_text(text)
            started = time.monotonic()
            verify(box, workspace, task)
            verification = time.monotonic() - started
        finally:
            backend.release(box)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return start, verification


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--task", type=Path, default=REAL_TASKS_DIR / "pysnooper-3")
    parser.add_argument("--runs", type=int, default=5)
    add_out_dir(parser)
    args = parser.parse_args(argv)
    run = BenchRun("repository_tasks", out_dir=args.out_dir)
    task = load_repository(args.task)
    small = load_task(task_dirs()[0])
    cold, warm, env_size, house_size = environment_builds(task)
    build_environment(task.spec.environment)  # the machine's own cache, for the episodes below
    backend = get_backend("bwrap")
    repo = [repository_episode(task, backend) for _ in range(args.runs)]
    tiny = [small_episode(small, backend) for _ in range(args.runs)]
    backend.close()
    env_table = Table(["environment of " + task.name, "time", "size"], align="lrr", title="Environment build")
    env_table.add("cold (empty cache: pip for the Python, every pin from the index)", f"{cold:.1f} s",
                  f"{env_size / 2**20:.1f} MB")
    env_table.add("warm (rebuilt offline from the wheelhouse)", f"{warm:.1f} s", f"{house_size / 2**20:.1f} MB wheelhouse")
    episodes = Table(["task", "episode start (median)", "verification (median)"], align="lrr",
                     title=f"Episodes, bwrap, {args.runs} runs each")
    episodes.add(f"{task.name} (repository, Python {task.spec.environment.python})",
                 median_ms([r[0] for r in repo]), median_ms([r[1] for r in repo]))
    episodes.add(f"{small.name} (small task)", median_ms([r[0] for r in tiny]), median_ms([r[1] for r in tiny]))
    run.write([env_table, episodes], data={"cold_s": cold, "warm_s": warm, "env_bytes": env_size,
                                           "wheelhouse_bytes": house_size, "repository": repo, "small": tiny})
    return 0


if __name__ == "__main__":
    sys.exit(main())
