"""The plan step of an evaluation: what to play, what an earlier run already finished, the manifest
check (one OUT holds one experiment) and the policy's preflight, all before any episode starts."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from corpus.format import Task, TaskFormatError, load_task
from harness.eval.config import EvalConfig
from harness.policies import Policy
from harness.scoring import PolicyConfig, load_policy_config
from harness.trajectory import RERUN_ON_RESUME, Trajectory, TrajectoryError

MANIFEST = "eval.json"


@dataclass(frozen=True)
class PlannedEpisode:
    task: Task
    arm: str
    run: int

    def path(self, out_dir: Path) -> Path:
        return Path(out_dir) / "trajectories" / self.task.name / f"{self.arm}-run{self.run}.json"


@dataclass(frozen=True)
class EvalPlan:
    episodes: list[PlannedEpisode]  # every episode of the evaluation, in report order
    todo: list[PlannedEpisode]  # those to play now (not finished by an earlier run)
    scoring_config: PolicyConfig

    @property
    def skipped(self) -> int:
        return len(self.episodes) - len(self.todo)


def plan(tasks: Sequence[Task], arms: Sequence[str], runs: int) -> list[PlannedEpisode]:
    return [PlannedEpisode(task, arm, run) for run in range(1, runs + 1) for task in tasks for arm in arms]


def load_played(path: Path) -> Trajectory | None:
    """The trajectory at ``path``, finished or not; None when there is none (or it is not valid)."""
    if not path.is_file():
        return None
    try:
        return Trajectory.load(path)
    except TrajectoryError:
        return None


def finished_document(path: Path) -> Trajectory | None:
    """The trajectory at ``path`` if it is a finished episode (valid, not a crash, not an infra error),
    else None: the episode is (re)played."""
    trajectory = load_played(path)
    return None if trajectory is None or trajectory.result.exit_reason in RERUN_ON_RESUME else trajectory


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
                                "tasks": [t.name for t in config.tasks],
                                "task_folders": {t.name: str(Path(t.path).resolve()) for t in config.tasks},
                                "preferences": {t.name: t.preference for t in config.tasks}}, indent=1),
                    encoding="utf-8")


def manifest_tasks(out: Path) -> list[Task]:
    """The tasks OUT's manifest says it evaluates, loaded from the folders it names, each with the
    preference label the evaluation used: a report reads them from here whatever became of the catalog
    the tasks were taken from. ValueError names what is missing."""
    path = Path(out) / MANIFEST
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ValueError(f"{path} cannot be read ({exc})") from None
    folders, preferences = manifest.get("task_folders"), manifest.get("preferences") or {}
    if not isinstance(folders, dict) or not isinstance(preferences, dict):
        raise ValueError(f"{path} names no task folders (written before they were recorded); report it with "
                         "the tasks given again")
    tasks = []
    for name in manifest.get("tasks") or []:
        folder = folders.get(name)
        if not isinstance(folder, str) or not folder:
            raise ValueError(f"{path} names no folder for the task {name}")
        try:
            task = load_task(folder)
        except TaskFormatError as exc:
            raise ValueError(f"{path}: the task {name} is not where the evaluation found it: {exc}") from None
        preference = preferences.get(name)
        tasks.append(dataclasses.replace(task, preference=preference) if isinstance(preference, str) else task)
    return tasks


def plan_eval(config: EvalConfig) -> EvalPlan:
    """Check the config and find what is left to play; a bad config raises here, before any episode."""
    if not config.tasks:
        raise ValueError("no tasks to evaluate: check --split or --tasks")
    if config.runs < 1 or config.workers < 1:
        raise ValueError("--runs and --workers must be at least 1")
    scoring_config = load_policy_config(config.scoring_config)
    episodes = plan(config.tasks, config.arms, config.runs)
    todo = [e for e in episodes if finished_document(e.path(Path(config.out))) is None]
    return EvalPlan(episodes, todo, scoring_config)


def preflight_and_record(config: EvalConfig, eval_plan: EvalPlan, policy: Policy) -> None:
    """Check the policy's endpoint when there is something to play, then write the manifest."""
    if eval_plan.todo and config.preflight:
        policy.preflight()  # a wrong URL, key or model ends it here, before anything is written
    check_manifest(config)
