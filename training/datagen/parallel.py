"""Playing a generator's jobs on worker threads: an episode spends its time waiting on the sandbox and
the teacher, not in Python. A progress bar for people, ``on_progress`` for programs (the web app's
jobs); Ctrl-C drops the queued jobs, lets the running ones finish, and a rerun resumes."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from typing import TypeVar

from tqdm import tqdm

from training.datagen.summary import (
    GenerationProgress,
    GenerationSummary,
    JobOutcome,
    ProgressCallback,
    notify,
)

log = logging.getLogger(__name__)
Job = TypeVar("Job")


def run_jobs(jobs: Sequence[Job], play: Callable[[Job], JobOutcome], *, summary: GenerationSummary,
             workers: int, on_progress: ProgressCallback | None, progress_bar: bool, desc: str,
             key: Callable[[Job], str] = str, group: Callable[[Job], str | None] = lambda job: None,
             ) -> list[JobOutcome]:
    """Play every job (``play`` records its own outcome) and fold the outcomes into ``summary``."""
    total = summary.planned
    done = summary.skipped
    notify(on_progress, GenerationProgress(summary.kind, "started", done, total,
                                           message=f"{len(jobs)} to play, {done} finished earlier"))
    outcomes = []
    bar = tqdm(total=total, initial=done, desc=desc, unit="job", disable=not progress_bar, dynamic_ncols=True)
    with bar, ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
        futures = {pool.submit(play, job): job for job in jobs}
        try:
            for future in as_completed(futures):
                job = futures[future]
                try:
                    outcome = future.result()
                except Exception as exc:  # a job that fails is reported and retried on the next run
                    log.exception("generation job %s failed", key(job))
                    name = key(job)
                    outcome = JobOutcome(name, name, None, None, [], error=f"{type(exc).__name__}: {exc}")
                summary.add(outcome, group(job))
                outcomes.append(outcome)
                done += 1
                bar.set_postfix(kept=summary.kept, rejected=summary.rejected)
                bar.update(1)
                verdict = "failed" if outcome.error else "kept" if outcome.kept else "rejected"
                notify(on_progress, GenerationProgress(summary.kind, "running", done, total, summary.kept,
                                                       summary.rejected, outcome.key, f"{outcome.key}: {verdict}"))
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise
    return outcomes
