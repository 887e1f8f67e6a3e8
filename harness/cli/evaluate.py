"""``python -m harness eval`` — the paired with/without-debugger evaluation of one policy.

    python -m harness eval --policy openai:MODEL --split heldout --arms base,dbg --runs 3 \\
        --max-turns 50 --workers 4 --out evals/MODEL

Resumable: rerunning with the same --out skips finished episodes and plays again those the model
endpoint failed (``infra_error``). Writes OUT/trajectories/ (each document with its ``quality`` record
from harness.scoring), OUT/report.json, OUT/report.md and the PNG plots.

Exit status: 0 every episode played; 2 bad input, or the endpoint failed its preflight (the message
says what to set); 3 incomplete: the circuit breaker stopped the evaluation, or some episodes ended as
infra errors (the report is written without them; rerun the same command to play them).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from corpus.format import TASKS_DIR, TaskFormatError, load_task, load_tasks, task_dirs
from harness.arms import ARMS
from harness.eval.breaker import DEFAULT_LIMIT
from harness.eval.runner import EvalConfig, EvalResult, EvalStopped, run_eval
from harness.policies import PolicyError
from harness.policies.model_config import load_model_config
from harness.sandbox.backends import BACKEND_NAMES, DEFAULT_BACKEND
from harness.workspace_task import load_workspace_task, workspace_folders

INCOMPLETE = 3


def tasks_for(split: str | None, names: str | None, tasks_dir: str, origins: str = "hand-written") -> list:
    """The tasks named by --tasks (under --tasks-dir, else a real or generated task of that name), else those
    of --split among --origins (each task's split read from its origin's registry, corpus.task_splits)."""
    from corpus.task_splits import ORIGINS, TaskSplits

    registry = TaskSplits(tasks_dir=tasks_dir)
    if names:
        wanted = [n.strip() for n in names.split(",") if n.strip()]
        here = {p.name for p in task_dirs(tasks_dir)}
        for name in wanted:
            if name not in here and registry.folder_of(name) is None:
                raise TaskFormatError(name, "name", f"no such task under {tasks_dir} (nor a real or generated task)")
        return [load_tasks(tasks_dir, [n])[0] if n in here else load_task(registry.folder_of(n) or n) for n in wanted]
    if split is None:
        raise TaskFormatError("?", "split", "give --split or --tasks a,b,c")
    chosen = [o.strip() for o in origins.split(",") if o.strip()]
    unknown = [o for o in chosen if o not in ORIGINS]
    if unknown or not chosen:
        raise ValueError(f"--origins takes {', '.join(ORIGINS)} (comma-separated), got {origins!r}")
    members = registry.in_split(split, chosen)
    if not members:
        raise TaskFormatError(split, "split", f"no {', '.join(chosen)} task is in this split (see corpus/splits.json, "
                                              "corpus/real/splits.json and generated tasks' meta.json)")
    hand = set(registry.in_split(split, ["hand-written"])) if "hand-written" in chosen else set()
    # A hand-written task is looked up under --tasks-dir as ever; the others in their own corpus.
    return [load_tasks(tasks_dir, [n])[0] if n in hand else load_task(registry.folder_of(n) or n) for n in members]


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m harness eval", description="The paired with/without-debugger evaluation of one policy (resumable).")
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--policy", help="policy spec, e.g. openai:MODEL, hf:PATH, script:FILE")
    which.add_argument("--model-config", help="a model config YAML (endpoint, key variable, model, sampling, "
                                              "prices), or the name of one in harness/configs/models/")
    p.add_argument("--split", default="heldout", help="split of the corpus's tasks (default heldout)")
    p.add_argument("--origins", default="hand-written",
                   help="where --split draws its tasks from: hand-written, real and/or generated, comma-separated "
                        "(default hand-written)")
    p.add_argument("--tasks", help="comma-separated task names instead of a split")
    p.add_argument("--workspaces", help="a folder of bug folders (code and tests, no fixed version) instead of "
                                        "corpus tasks: each verified by its own tests, marked unvalidated")
    p.add_argument("--tasks-dir", default=str(TASKS_DIR), help="where tasks are looked up")
    p.add_argument("--arms", default="base,dbg", help="arms to run (default base,dbg)")
    p.add_argument("--runs", type=int, default=3, help="attempts per task and arm (default 3)")
    p.add_argument("--max-turns", type=int, default=50, help="turn budget per episode (default 50)")
    p.add_argument("--workers", type=int, default=2, help="episodes in parallel (default 2)")
    p.add_argument("--sandbox", choices=BACKEND_NAMES, default=DEFAULT_BACKEND)
    p.add_argument("--model-label", help="the model's name in reports (default: the policy spec)")
    p.add_argument("--policy-config", "--scoring-config", dest="scoring_config",
                   help="pdb_policy config for the quality records: a released version "
                        "(default pdb_policy_v1) or a JSON file")
    p.add_argument("--max-infra-errors", type=int, default=DEFAULT_LIMIT,
                   help=f"stop after this many episodes in a row failed on the model endpoint (default {DEFAULT_LIMIT})")
    p.add_argument("--out", required=True, help="output folder (reused to resume)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    return p


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    arms = [a.strip() for a in args.arms.split(",") if a.strip()]
    bad = [a for a in arms if a not in ARMS]
    if bad or not arms:
        print(f"error: --arms takes base and/or dbg, got {args.arms!r}", file=sys.stderr)
        return 2
    if args.runs < 1 or args.workers < 1 or args.max_turns < 1 or args.max_infra_errors < 1:
        print("error: --runs, --workers, --max-turns and --max-infra-errors must be at least 1", file=sys.stderr)
        return 2
    try:
        if args.workspaces and args.tasks:
            raise ValueError("give --tasks or --workspaces, not both")
        if args.workspaces:
            tasks = [load_workspace_task(folder) for folder in workspace_folders(args.workspaces)]
        else:
            tasks = tasks_for(None if args.tasks else args.split, args.tasks, args.tasks_dir, args.origins)
        model_config = load_model_config(args.model_config) if args.model_config else None
        result = run_eval(EvalConfig(
            policy=args.policy or "", model_config=model_config, tasks=tasks, out=Path(args.out), arms=arms,
            runs=args.runs, max_turns=args.max_turns, workers=args.workers, sandbox=args.sandbox,
            split="workspace" if args.workspaces else None if args.tasks else args.split, model=args.model_label, progress=not args.no_progress,
            scoring_config=args.scoring_config, max_consecutive_infra_errors=args.max_infra_errors))
    except EvalStopped as exc:
        print(summary_line(exc.result), file=sys.stderr)
        print(f"error: {exc}", file=sys.stderr)
        return INCOMPLETE
    except (TaskFormatError, PolicyError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(summary_line(result))
    if result.infra_errors:
        print(f"{result.infra_errors} episode(s) ended as infra errors (the model endpoint failed): they are listed "
              f"in the report and left out of its numbers; rerun the same command to play them.", file=sys.stderr)
        return INCOMPLETE
    return 0


def summary_line(result: EvalResult) -> str:
    overall = result.report["overall"]
    return (f"{result.ran} episode(s) run, {result.skipped} already done; pass@1 base "
            f"{overall['arms']['base']['pass_at_1']}, dbg {overall['arms']['dbg']['pass_at_1']}, "
            f"Δ {overall['lift']['delta']}; report: {result.report_paths[1]}")
