"""The paired runner: every task in both arms, ``runs`` times, in parallel, resumable.

Trajectories land at ``OUT/trajectories/<task>/<arm>-run<r>.json`` (events next to them). A rerun
with the same ``OUT`` skips every episode whose document exists and did not crash, so an evaluation
interrupted half-way continues where it stopped. Episodes run on a thread pool: an episode spends
its time waiting on the sandbox and the model, not in Python.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

from tqdm import tqdm

from corpus.format import Task
from harness.arms import ARMS
from harness.episode import run_episode, split_of_task
from harness.eval.metrics import EpisodeOutcome, outcome_from_trajectory
from harness.eval.plots import write_plots
from harness.eval.report import build_report, write_report
from harness.policies import make_policy
from harness.policies.threads import PolicyPerThread
from harness.sandbox.backends import get_backend
from harness.sandbox.backends.base import Limits, SandboxSource
from harness.sandbox.pool import SandboxPool
from harness.scoring import PolicyConfig, ScoringError, episode_scorer, load_policy_config, score_trajectory
from harness.trajectory import TrajectoryError, load_trajectory, write_document


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
    scorer: object = None  # a custom scorer(document) -> quality record; None: harness.scoring, as below
    policy_config: object = None  # the pdb_policy config for quality records (None: pdb_policy_v1)
    pool: SandboxSource | None = None  # where sandboxes come from; default: a warm SandboxPool of `sandbox`


@dataclass
class EvalResult:
    report: dict
    report_paths: tuple[Path, Path]
    plots: list[Path]
    ran: int  # episodes played now
    skipped: int  # episodes already finished by an earlier run
    outcomes: list[EpisodeOutcome] = field(default_factory=list)


def plan(tasks: Sequence[Task], arms: Sequence[str], runs: int) -> list[PlannedEpisode]:
    return [PlannedEpisode(task, arm, run) for run in range(1, runs + 1) for task in tasks for arm in arms]


def finished_document(path: Path) -> dict | None:
    """The document at ``path`` if it is a finished episode (valid and not a crash), else None."""
    if not path.is_file():
        return None
    try:
        doc = load_trajectory(path)
    except TrajectoryError:
        return None
    return None if doc["result"]["exit_reason"] == "crash" else doc


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
    mine = {"policy": config.policy, "max_turns": config.max_turns, "sandbox": config.sandbox}
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
    check_manifest(config)
    episodes = plan(config.tasks, config.arms, config.runs)
    todo = [e for e in episodes if finished_document(e.path(out)) is None]
    policies = PolicyPerThread(lambda: make_policy(config.policy))
    model = config.model or config.policy
    # One warm pool for the whole evaluation (workers + 1 sandboxes), unless the caller brought one.
    source = config.pool
    if source is None and todo:
        source = SandboxPool(get_backend(config.sandbox, allow_local=config.sandbox == "local"),
                             size=config.workers + 1, limits=config.limits or Limits())
    try:
        bar = tqdm(total=len(episodes), initial=len(episodes) - len(todo), desc=f"eval {model}",
                   unit="episode", disable=not config.progress, dynamic_ncols=True)

        def play(episode: PlannedEpisode) -> dict:
            return run_episode(episode.task, policies.get(), arm=episode.arm, backend=source,
                               max_turns=config.max_turns, out=episode.path(out),
                               split=config.split or split_of_task(episode.task.name),
                               limits=config.limits, header_extra={"run": episode.run},
                               scorer=config.scorer or episode_scorer(episode.task, policy_config))

        verified = 0
        with bar, ThreadPoolExecutor(max_workers=config.workers) as pool:
            futures = {pool.submit(play, e): e for e in todo}
            # On Ctrl-C, queued episodes are dropped; running ones finish; a rerun resumes.
            stop = _cancel_queued_on_interrupt(pool)
            for future in stop(as_completed(futures)):
                episode = futures[future]
                try:
                    doc = future.result()
                    verified += bool(doc["result"]["verified"])
                except Exception as exc:  # run_episode records its own failures; this is a last resort
                    bar.write(f"{episode.task.name}/{episode.arm}/run{episode.run}: {type(exc).__name__}: {exc}")
                bar.set_postfix(verified=verified)
                bar.update(1)
        info = policies.first.info().to_dict()
    finally:
        policies.close()
        if source is not None and source is not config.pool:
            source.close()
    outcomes = []
    for episode in episodes:
        doc = finished_document(episode.path(out))
        if doc is None:  # still crashed after this run: count it as an unverified attempt
            try:
                doc = load_trajectory(episode.path(out))
            except TrajectoryError:
                continue
        if config.scorer is None:
            doc = with_quality(doc, episode, policy_config, episode.path(out))
        outcomes.append(outcome_from_trajectory(doc, run=episode.run, preference=episode.task.preference))
    report = build_report(outcomes, model=model, policy=info, split=config.split, runs=config.runs,
                          max_turns=config.max_turns, sandbox=config.sandbox)
    plots = write_plots([report], out)
    paths = write_report(report, out, [str(p) for p in plots])
    return EvalResult(report, paths, plots, ran=len(todo), skipped=len(episodes) - len(todo),
                      outcomes=outcomes)
