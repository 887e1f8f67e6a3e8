"""``python -m training microskills`` — short exercises of single debugger habits, kept by their evaluators."""

from __future__ import annotations

import argparse
import json
import sys

from harness.sandbox.backends import DEFAULT_BACKEND
from training.cli.common import names_list
from training.errors import TrainingError


def _list_skills() -> str:
    from training.microskills import SKILLS

    lines = []
    for skill in SKILLS:
        chain = " -> ".join(skill.skill_chain)
        lines.append(f"{skill.name} ({skill.level}, {skill.max_turns} turns; {chain}): {skill.description}")
        lines.append(f"    needs: {', '.join(sorted(skill.needs)) or 'nothing'}; tools: "
                     f"{', '.join(sorted(skill.allowed_tools))}")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m training microskills",
        description="Each skill on corpus tasks that fit it, played by the teacher(s) under the skill's tool "
                    "allow-list and turn budget; only trajectories the skill's evaluator accepts are kept in "
                    "OUT/accepted/<skill>/. Rerunning with the same --out skips finished exercises.")
    parser.add_argument("--teacher", action="append", metavar="SPEC",
                        help="a policy spec (openai:MODEL, hf:PATH, script:FILE); repeat it to let teachers take turns")
    parser.add_argument("--skills", type=names_list, default=["all"], help="'all' (default) or comma-separated names")
    parser.add_argument("--out", help="the output folder (resumable)")
    parser.add_argument("--split", help="train (the default without --tasks) or validation; heldout is refused")
    parser.add_argument("--tasks", type=names_list, default=[], help="comma-separated task names (of that split)")
    parser.add_argument("--per-skill", type=int, default=3, help="tasks per skill at most (default 3)")
    parser.add_argument("--attempts", type=int, default=2, help="candidates per exercise at most (default 2)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--sandbox", default=DEFAULT_BACKEND)
    parser.add_argument("--list", action="store_true", help="list the skills and exit")
    parser.add_argument("--no-progress", action="store_true")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON instead of a table")
    args = parser.parse_args(argv)
    if args.list:
        print(_list_skills())
        return 0
    if not args.teacher or not args.out:
        parser.error("--teacher and --out are required (or --list)")
    from training.microskills import MicroskillConfig, run_microskills

    split = args.split or (None if args.tasks else "train")
    try:
        result = run_microskills(MicroskillConfig(
            teachers=args.teacher, out=args.out, skills=args.skills, split=split, tasks=args.tasks,
            per_skill=args.per_skill, attempts=args.attempts, workers=args.workers, sandbox=args.sandbox,
            progress_bar=not args.no_progress))
    except (TrainingError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result.summary.to_json()) if args.json
          else result.summary.markdown() + f"\nkept examples: {result.out / 'accepted'}")
    return 1 if result.summary.failed else 0
