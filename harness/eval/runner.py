"""The paired runner: every task in both arms, ``runs`` times, in parallel, resumable.

Trajectories land at ``OUT/trajectories/<task>/<arm>-run<r>.json`` (events next to them). A rerun
with the same ``OUT`` skips every episode whose document exists and did not crash or fail on the
model endpoint (``infra_error``), so an evaluation interrupted half-way continues where it stopped.
Episodes run on a thread pool: an episode spends its time waiting on the sandbox and the model, not
in Python.

Before the first episode the policy's preflight checks its endpoint (one cheap request): a wrong URL,
key or model name stops the evaluation at once with an ``EndpointError`` saying what to set. While it
runs, the circuit breaker (``harness.eval.breaker``) stops it when the endpoint has failed several
episodes in a row; the report is still written, then ``EvalStopped`` is raised.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path

from tqdm import tqdm

from corpus.format import Task
from harness.arms import ARMS
from harness.episode import Scorer, run_episode, split_of_task
from harness.eval.breaker import DEFAULT_LIMIT, InfraBreaker
from harness.eval.metrics import EpisodeOutcome, outcome_from_trajectory
from harness.eval.plots import write_plots
from harness.eval.report import build_report, write_report
from harness.policies import Policy, make_policy
from harness.policies.model_config import ModelConfig
from harness.policies.threads import PolicyPerThread
from harness.sandbox.backends import get_backend
from harness.sandbox.backends.base import Limits, SandboxSource
from harness.sandbox.pool import SandboxPool
from harness.scoring import (
    PolicyConfig,
    PolicyConfigSource,
    ScoringError,
    episode_scorer,
    load_policy_config,
    score_trajectory,
)
from harness.trajectory import (
    NOT_MODEL_OUTCOMES,
    RERUN_ON_RESUME,
    ExitReason,
    TrajectoryError,
    load_trajectory,
    write_document,
)


@dataclass(frozen=True)
class PlannedEpisode:
    task: Task
    arm: str
    run: int

    def path(self, out_dir: Path) -> Path:
        return Path(out_dir) / "trajectories" / self.task.name / f"{self.arm}-run{self.run}.json"


@dataclass
class EvalConfig:
    policy: str  # the policy spec, e.g. "openai:Qwen/Qwen3-Coder-30B"
    tasks: Sequence[Task]
    out: Path
    arms: Sequence[str] = ARMS
    runs: int = 3
    max_turns: int = 50
    workers: int = 2
    sandbox: str = "bwrap"
    split: str | None = None
    model: str | None = None  # the label in reports; the spec when None
    progress: bool = True
    limits: Limits | None = None
    scorer: Scorer | None = None  # a custom scorer(document) -> quality record; None: harness.scoring, as below
    policy_config: PolicyConfigSource = None  # the pdb_policy config for quality records (None: pdb_policy_v1)
    pool: SandboxSource | None = None  # where sandboxes come from; default: a warm SandboxPool of `sandbox`
    model_config: ModelConfig | None = None  # a model config file's settings; used instead of `policy`
    max_consecutive_infra_errors: int = DEFAULT_LIMIT  # the circuit breaker (harness.eval.breaker)
    preflight: bool = True  # check the policy's endpoint before the first episode
    on_progress: Callable[[EvalProgress], None] | None = None  # after each episode, in the caller's thread

    @property
    def label(self) -> str:
        """The model's name in reports."""
        return self.model or (self.model_config.label if self.model_config else self.policy)

    def make_policy(self) -> Policy:
        return self.model_config.make_policy() if self.model_config else make_policy(self.policy)


@dataclass(frozen=True)
class EvalProgress:
    """One episode finished (or was dropped by the breaker): ``done`` of ``total`` now."""

    done: int
    total: int
    task: str
    arm: str
    run: int
    exit_reason: str | None  # None: no document came back (a fault of the runner itself)
    verified: bool = False


@dataclass
class EvalResult:
    report: dict
    report_paths: tuple[Path, Path]
    plots: list[Path]
    ran: int  # episodes played now
    skipped: int  # episodes already finished by an earlier run
    outcomes: list[EpisodeOutcome] = field(default_factory=list)
    stopped: str | None = None  # why the circuit breaker stopped the evaluation

    @property
    def infra_errors(self) -> int:
        """Episodes the model endpoint failed: left out of the metrics, played again on resume."""
        return len(self.report.get("infra_errors") or [])


class EvalStopped(RuntimeError):
    """The circuit breaker stopped the evaluation; the report of what finished is written (``result``)."""

    def __init__(self, message: str, result: EvalResult):
        super().__init__(message)
        self.result = result


def plan(tasks: Sequence[Task], arms: Sequence[str], runs: int) -> list[PlannedEpisode]:
    return [PlannedEpisode(task, arm, run) for run in range(1, runs + 1) for task in tasks for arm in arms]


def finished_document(path: Path) -> dict | None:
    """The document at ``path`` if it is a finished episode (valid, not a crash, not an infra error),
    else None: the episode is (re)played."""
    if not path.is_file():
        return None
    try:
        doc = load_trajectory(path)
    except TrajectoryError:
        return None
    return None if doc["result"]["exit_reason"] in RERUN_ON_RESUME else doc


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


MANIFEST = "eval.json"


def check_manifest(config: EvalConfig) -> None:
    """Record what OUT evaluates; refuse to resume it with another policy or turn budget, which would
    mix two experiments in one report. More tasks or runs may be added to an existing OUT."""
    out = Path(config.out)
    path = out / MANIFEST
    if config.model_config is not None:
        mine = {"policy": f"openai:{config.model_config.model}", "model_settings": config.model_config.identity()}
    else:
        mine = {"policy": config.policy}
    mine |= {"max_turns": config.max_turns, "sandbox": config.sandbox}
    if path.is_file():
        try:
            theirs = json.loads(path.read_text(encoding="utf-8"))
        except (json.JSONDecodeError, UnicodeDecodeError):
            theirs = {}
        clash = [k for k in mine if k in theirs and theirs[k] != mine[k]]
        if clash:
            raise ValueError(f"{out} already holds an evaluation with " + ", ".join(
                f"{k}={theirs[k]!r}" for k in clash) + "; resume it with the same settings or use another --out")
    out.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({**mine, "arms": list(config.arms), "runs": config.runs, "split": config.split,
                                "tasks": [t.name for t in config.tasks]}, indent=1), encoding="utf-8")


def with_quality(doc: dict, episode: PlannedEpisode, policy_config: PolicyConfig, path: Path) -> dict:
    """``doc`` with a quality record from ``policy_config``; an episode recorded before scoring (or
    scored under another policy version) is scored now and its file updated."""
    policy = (doc.get("quality") or {}).get("policy") or {}
    if policy.get("version") == policy_config.version:
        return doc
    try:
        doc["quality"] = score_trajectory(doc, episode.task, policy_config).to_json()
    except ScoringError:
        return doc  # it stays unscored and counts as such in the report
    write_document(doc, path)
    return doc


def run_eval(config: EvalConfig) -> EvalResult:
    if not config.tasks:
        raise ValueError("no tasks to evaluate: check --split or --tasks")
    if config.runs < 1 or config.workers < 1:
        raise ValueError("--runs and --workers must be at least 1")
    out = Path(config.out)
    policy_config = load_policy_config(config.policy_config)  # a bad config stops here, before any episode
    breaker = InfraBreaker(config.max_consecutive_infra_errors)
    policies = PolicyPerThread(config.make_policy)
    episodes = plan(config.tasks, config.arms, config.runs)
    todo = [e for e in episodes if finished_document(e.path(out)) is None]
    try:
        if todo and config.preflight:
            policies.first.preflight()  # a wrong URL, key or model ends it here, before anything is written
        check_manifest(config)
    except BaseException:
        policies.close()
        raise
    model = config.label
    # One warm pool for the whole evaluation (workers + 1 sandboxes), unless the caller brought one.
    source = config.pool
    if source is None and todo:
        source = SandboxPool(get_backend(config.sandbox, allow_local=config.sandbox == "local"),
                             size=config.workers + 1, limits=config.limits or Limits())
    stopped, played = False, 0
    try:
        bar = tqdm(total=len(episodes), initial=len(episodes) - len(todo), desc=f"eval {model}",
                   unit="episode", disable=not config.progress, dynamic_ncols=True)

        def play(episode: PlannedEpisode) -> dict:
            if source is None:  # made above whenever there is an episode to play
                raise RuntimeError("no sandbox source")
            return run_episode(episode.task, policies.get(), arm=episode.arm, backend=source,
                               max_turns=config.max_turns, out=episode.path(out),
                               split=config.split or split_of_task(episode.task.name),
                               limits=config.limits, header_extra={"run": episode.run},
                               scorer=config.scorer or episode_scorer(episode.task, policy_config))

        verified = infra = 0
        done = len(episodes) - len(todo)
        with bar, ThreadPoolExecutor(max_workers=config.workers) as pool:
            futures = {pool.submit(play, e): e for e in todo}
            pending = set(futures)
            # On Ctrl-C, queued episodes are dropped; running ones finish; a rerun resumes.
            stop = _cancel_queued_on_interrupt(pool)
            for future in stop(_each_completed(pending)):
                episode = futures[future]
                ended: dict = {}
                try:
                    ended = future.result()["result"]
                except Exception as exc:  # run_episode records its own failures; this is a last resort
                    bar.write(f"{episode.task.name}/{episode.arm}/run{episode.run}: {type(exc).__name__}: {exc}")
                verified += bool(ended.get("verified"))
                infra += ended.get("exit_reason") == ExitReason.INFRA_ERROR
                done, played = done + 1, played + 1
                bar.set_postfix(verified=verified, **({"infra_errors": infra} if infra else {}))
                bar.update(1)
                if config.on_progress is not None:
                    config.on_progress(EvalProgress(done, len(episodes), episode.task.name, episode.arm, episode.run,
                                                    ended.get("exit_reason"), bool(ended.get("verified"))))
                if breaker.record(ended.get("exit_reason"), ended.get("reason")) and not stopped:
                    stopped = True  # queued episodes are dropped; running ones finish
                    pending.difference_update([f for f in list(pending) if f.cancel()])
        info = policies.first.info().to_dict()
    finally:
        policies.close()
        if source is not None and source is not config.pool:
            source.close()
    outcomes = []
    for episode in episodes:
        doc = finished_document(episode.path(out))
        if doc is None:  # a crash (an unverified attempt) or an infra error (listed apart) after this run
            try:
                doc = load_trajectory(episode.path(out))
            except TrajectoryError:
                continue  # never played (the breaker stopped the evaluation first)
        if config.scorer is None and doc["result"]["exit_reason"] not in NOT_MODEL_OUTCOMES:
            doc = with_quality(doc, episode, policy_config, episode.path(out))
        outcomes.append(outcome_from_trajectory(doc, run=episode.run, preference=episode.task.preference))
    report = build_report(outcomes, model=model, policy=info, split=config.split, runs=config.runs,
                          max_turns=config.max_turns, sandbox=config.sandbox)
    plots = write_plots([report], out)
    paths = write_report(report, out, [str(p) for p in plots])
    left = sum(finished_document(e.path(out)) is None for e in episodes) if stopped else 0
    result = EvalResult(report, paths, plots, ran=played, skipped=len(episodes) - len(todo), outcomes=outcomes,
                        stopped=breaker.message(left) if stopped else None)
    if result.stopped:
        raise EvalStopped(result.stopped, result)
    return result
