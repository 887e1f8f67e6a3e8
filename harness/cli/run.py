"""``python -m harness run`` — one episode of one task with one policy; prints a one-line JSON summary.

    python -m harness run --task NAME_OR_DIR --policy SPEC --arm dbg --sandbox bwrap \\
        --max-turns 50 --out runs/episode.json
    python -m harness run --workspace BUG_FOLDER --policy SPEC ...   # a folder of code and tests, as it is

A --workspace folder has no fixed version: the episode is verified by the folder's own tests and the
trajectory is marked unvalidated (``task_source``); see docs/harness/test-layouts.md.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import UTC, datetime
from pathlib import Path

from corpus.format import TASKS_DIR, TaskFormatError, resolve_task
from harness.arms import ARMS
from harness.episode import run_episode, score_episode, split_of_task
from harness.policies import PolicyError, make_policy
from harness.sandbox.backends import BACKEND_NAMES, DEFAULT_BACKEND
from harness.scoring import PolicyConfigError, episode_scorer
from harness.trajectory import Trajectory
from harness.workspace_task import load_workspace_task


def summary(trajectory: Trajectory, out: Path) -> dict:
    result, quality = trajectory.result, trajectory.scored
    policy = quality.policy if quality else None
    return {"verified": result.verified, "turns": len(trajectory.steps), "exit_reason": str(result.exit_reason),
            "debugger_started": trajectory.debugger_started, "reason": result.reason,
            "policy_score": policy.score if policy else None, "policy_passed": policy.passed if policy else None,
            "edit_relevant": quality.edit_relevant if quality else None, "out": str(out)}


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m harness run", description="Run one episode of a task with a policy and print a one-line JSON summary.")
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--task", help="a task name under --tasks-dir, or a task folder")
    which.add_argument("--workspace", help="a folder of code and its tests (no fixed version): played as it is, "
                                           "verified by its own tests, marked unvalidated")
    p.add_argument("--tasks-dir", default=str(TASKS_DIR), help="where task names are looked up")
    p.add_argument("--policy", required=True,
                   help="openai:MODEL | hf:PATH_OR_NAME | script:FILE | replay:TRAJECTORY (options after ?)")
    p.add_argument("--arm", choices=ARMS, default="dbg", help="toolset: base, or base + debugger")
    p.add_argument("--sandbox", choices=BACKEND_NAMES, default=DEFAULT_BACKEND,
                   help="sandbox backend (local: no isolation, development only)")
    p.add_argument("--max-turns", type=int, default=50, help="turn budget (one tool call per turn)")
    p.add_argument("--out", help="trajectory file (default: trajectories/TASK-ARM-TIME.json)")
    p.add_argument("--split", help="split label recorded in the trajectory (default: the task's split)")
    p.add_argument("--policy-config", help="pdb_policy config for the quality record: a released version "
                                           "(default pdb_policy_v1) or a JSON file")
    p.add_argument("--no-score", action="store_true", help="leave the trajectory without a quality record")
    return p


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    if args.max_turns < 1:
        print("error: --max-turns must be at least 1", file=sys.stderr)
        return 2
    try:
        task = load_workspace_task(args.workspace) if args.workspace else resolve_task(args.task, args.tasks_dir)
        scorer = None if args.no_score else episode_scorer(task, args.policy_config)
        policy = make_policy(args.policy)
    except (TaskFormatError, PolicyError, PolicyConfigError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        policy.preflight()  # a wrong endpoint URL, key or model name ends it here, saying what to set
    except PolicyError as exc:
        policy.close()
        print(f"error: {exc}", file=sys.stderr)
        return 2
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
    out = Path(args.out or f"trajectories/{task.name}-{args.arm}-{stamp}.json")
    try:
        trajectory = run_episode(task, policy, arm=args.arm, backend=args.sandbox, max_turns=args.max_turns,
                                 out=out, split=args.split or ("workspace" if args.workspace else split_of_task(task.name)))
    except ValueError as exc:  # what run_episode checks before it plays (e.g. --out is a folder)
        print(f"error: {exc}", file=sys.stderr)
        return 2
    finally:
        policy.close()
    print(json.dumps(summary(score_episode(trajectory, scorer, out=out), out)))
    return 0
