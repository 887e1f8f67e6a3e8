"""Validating many tasks at once: in parallel threads (each task's work is sandboxed subprocesses),
with a tqdm progress bar on stderr."""

from __future__ import annotations

import sys
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from tqdm import tqdm

from harness.sandbox.backends import DEFAULT_BACKEND, get_backend
from harness.sandbox.backends.base import SandboxError
from harness.sandbox.pool import SandboxPool
from validation.checks import DEFAULT_MAX_SECONDS, validate_task
from validation.order import FILE_ORDER, RunOrder
from validation.report import TaskVerdict


def _failed(folder: Path, reason: str) -> TaskVerdict:
    verdict = TaskVerdict(folder.name)
    verdict.reject(reason)
    return verdict


def validate_all(folders: list[Path], *, sandbox: str = DEFAULT_BACKEND, workers: int = 4,
                 max_seconds: float = DEFAULT_MAX_SECONDS, progress: bool = True,
                 repeat: int = 1, order: RunOrder = FILE_ORDER, fix_probes: bool = True) -> list[TaskVerdict]:
    """A verdict per task folder, sorted by task name; never raises for a bad task.

    The runs take warm sandboxes from one ``SandboxPool`` of ``sandbox`` (exec only, no service)."""
    try:
        source = SandboxPool(get_backend(sandbox), size=max(1, workers), service=False)
    except SandboxError as exc:  # the backend itself is unusable: every task fails with the reason
        return [_failed(folder, f"sandbox {sandbox!r} failed: {exc}") for folder in folders]

    def one(folder: Path) -> TaskVerdict:
        try:
            return validate_task(folder, sandbox=source, max_seconds=max_seconds, repeat=repeat, order=order,
                                 fix_probes=fix_probes)
        except Exception as exc:  # one broken task must not take the whole report down
            return _failed(folder, f"validator error ({type(exc).__name__}: {exc}); report this with the task")

    verdicts = []
    with source, ThreadPoolExecutor(max_workers=max(1, workers)) as pool, \
            tqdm(total=len(folders), desc="validating", unit="task", file=sys.stderr,
                 disable=not progress) as bar:
        for future in as_completed([pool.submit(one, folder) for folder in folders]):
            verdict = future.result()
            verdicts.append(verdict)
            bar.set_postfix_str(f"{verdict.task}: {'pass' if verdict.ok else 'FAIL'}", refresh=False)
            bar.update(1)
    return sorted(verdicts, key=lambda v: v.task)
