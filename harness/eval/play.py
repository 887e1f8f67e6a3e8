"""The play step of an evaluation: the planned episodes still to do on a thread pool (an episode
spends its time waiting on the sandbox and the model, not in Python), each played then scored, with
the progress bar, ``on_progress`` and the circuit breaker (``harness.eval.breaker``)."""

from __future__ import annotations

from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path

from tqdm import tqdm

from harness.episode import run_episode, score_episode, split_of_task
from harness.eval.breaker import InfraBreaker
from harness.eval.config import EvalConfig, EvalProgress
from harness.eval.plan import EvalPlan, PlannedEpisode
from harness.policies.threads import PolicyPerThread
from harness.sandbox.backends import UNCONFINED_BACKEND, get_backend
from harness.sandbox.backends.base import Limits, SandboxSource
from harness.sandbox.pool import SandboxPool
from harness.scoring import PolicyConfig, episode_scorer
from harness.trajectory import EpisodeResult, ExitReason, Trajectory


@dataclass(frozen=True)
class Played:
    ran: int  # episodes played now
    stopped: bool  # the breaker stopped the evaluation (queued episodes were dropped)


def _each_completed(pending: set[Future]):
    """Each future of ``pending`` as it finishes, while the caller may cancel (and remove) the others
    (``as_completed`` would wait forever on a future cancelled after it started waiting)."""
    while pending:
        done, _ = wait(pending, return_when=FIRST_COMPLETED)
        for future in done:
            pending.discard(future)
            yield future


def _cancel_queued_on_interrupt(pool: ThreadPoolExecutor):
    def guarded(iterator):
        try:
            yield from iterator
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise
    return guarded


def play_one(config: EvalConfig, episode: PlannedEpisode, policies: PolicyPerThread,
             source: SandboxSource | None, scoring_config: PolicyConfig) -> Trajectory:
    """Play one episode, then score it (the quality event and the document at its path)."""
    if source is None:  # made by play_eval whenever there is an episode to play
        raise RuntimeError("no sandbox source")
    path = episode.path(Path(config.out))
    trajectory = run_episode(episode.task, policies.get(), arm=episode.arm, backend=source,
                             max_turns=config.max_turns, out=path,
                             split=config.split or split_of_task(episode.task.name),
                             limits=config.limits, header_extra={"run": episode.run})
    return score_episode(trajectory, config.scorer or episode_scorer(episode.task, scoring_config), out=path)


def _sandbox_source(config: EvalConfig, todo: list[PlannedEpisode]) -> SandboxSource | None:
    """One warm pool for the whole evaluation (workers + 1 sandboxes), unless the caller brought one;
    none when nothing is left to play."""
    if config.pool is not None or not todo:
        return config.pool
    return SandboxPool(get_backend(config.sandbox, allow_local=config.sandbox == UNCONFINED_BACKEND),
                       size=config.workers + 1, limits=config.limits or Limits())


def play_eval(config: EvalConfig, eval_plan: EvalPlan, policies: PolicyPerThread, breaker: InfraBreaker) -> Played:
    """Play ``eval_plan.todo``; on Ctrl-C, queued episodes are dropped and running ones finish (a rerun
    resumes). The sandbox source made here is closed here; the policies are the caller's."""
    todo, total = eval_plan.todo, len(eval_plan.episodes)
    source = _sandbox_source(config, todo)
    stopped, played, verified, infra, done = False, 0, 0, 0, eval_plan.skipped
    try:
        bar = tqdm(total=total, initial=done, desc=f"eval {config.label}", unit="episode",
                   disable=not config.progress, dynamic_ncols=True)
        with bar, ThreadPoolExecutor(max_workers=config.workers) as pool:
            futures = {pool.submit(play_one, config, e, policies, source, eval_plan.scoring_config): e
                       for e in todo}
            pending = set(futures)
            stop = _cancel_queued_on_interrupt(pool)
            for future in stop(_each_completed(pending)):
                episode = futures[future]
                ended: EpisodeResult | None = None
                try:
                    ended = future.result().result
                except Exception as exc:  # run_episode records its own failures; this is a last resort
                    bar.write(f"{episode.task.name}/{episode.arm}/run{episode.run}: {type(exc).__name__}: {exc}")
                exit_reason = None if ended is None else str(ended.exit_reason)
                ok = ended is not None and ended.verified
                verified += ok
                infra += exit_reason == ExitReason.INFRA_ERROR
                done, played = done + 1, played + 1
                bar.set_postfix({"verified": verified, **({"infra_errors": infra} if infra else {})})
                bar.update(1)
                if config.on_progress is not None:
                    config.on_progress(EvalProgress(done, total, episode.task.name, episode.arm, episode.run,
                                                    exit_reason, ok))
                if breaker.record(exit_reason, None if ended is None else ended.reason) and not stopped:
                    stopped = True  # queued episodes are dropped; running ones finish
                    pending.difference_update([f for f in list(pending) if f.cancel()])
    finally:
        if source is not None and source is not config.pool:
            source.close()
    return Played(played, stopped)
