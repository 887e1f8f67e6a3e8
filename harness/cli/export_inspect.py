"""``python -m harness export-inspect TRAJECTORY... --out LOG.eval`` — trajectories as one Inspect AI log
(``--out FOLDER/``: named as Inspect names its own logs, in ``--format eval`` or ``json``).

One sample per trajectory (messages with their tool calls, the verifier's verdict as the
``stepwise_verifier`` score, the document itself in the sample's metadata), so ``inspect view``
shows Stepwise episodes beside other evals and ``harness score`` / ``compare`` / the web app's
import read them back. Folders are searched for ``*.json`` trajectories (an eval folder's eval.json
and report.json left out). A log holds one model and one arm: ``--arm`` / ``--model`` pick them
from mixed input. Exit status: 0 when every file was exported, 1 when some were refused, 2 when
nothing could be written.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from harness.arms import ARMS
from harness.cli.score import trajectory_paths
from harness.eval.runner import MANIFEST
from harness.trajectory import Trajectory, TrajectoryError

EVAL_FOLDER_FILES = (MANIFEST, "report.json")  # what `harness eval --out DIR` writes beside the trajectories


def trajectory_files(paths: list[str]) -> tuple[list[Path], list[str]]:
    """``harness score``'s expansion of files and folders, less what is not a trajectory document here
    (Inspect logs, an eval folder's own files)."""
    files, failed = trajectory_paths(paths)
    named = {Path(name) for name in paths}  # a file given by name is read (and refused with a reason if need be)
    kept = [p for p in files if p in named or (p.suffix == ".json" and p.name not in EVAL_FOLDER_FILES)]
    return kept, [f"{row['file']}: {row['error']}" for row in failed]


def main(argv: list[str]) -> int:
    from harness.interop.inspect_log import listed_by_inspect_view, model_of, write_trajectory_log

    p = argparse.ArgumentParser(prog="python -m harness export-inspect", description=(__doc__ or "").split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("trajectories", nargs="+", help="trajectory files, or folders holding them")
    p.add_argument("--out", required=True, help="the log to write: NAME.eval (Inspect's format) or NAME.json, or "
                                                "a folder (ending in /, or existing): the log gets Inspect's own "
                                                "kind of name there, which `inspect view` lists in both formats")
    p.add_argument("--format", choices=("eval", "json"), default="eval", help="the log's format when --out is a "
                                                                              "folder (default: eval)")
    p.add_argument("--arm", choices=ARMS, help="export only this arm's trajectories")
    p.add_argument("--model", help="export only this model's trajectories (as the log names it: provider/model)")
    p.add_argument("--force", action="store_true", help="replace --out when it exists")
    args = p.parse_args(argv)
    folder = args.out.endswith("/") or Path(args.out).is_dir()
    out = Path(args.out)
    if not folder and out.exists() and not args.force:
        print(f"error: {out} exists; give another --out or --force to replace it", file=sys.stderr)
        return 2
    files, problems = trajectory_files(args.trajectories)
    trajectories = []
    for path in files:
        try:
            trajectory = Trajectory.load(path)
        except TrajectoryError as exc:
            problems.append(str(exc))
            continue
        if (args.arm and trajectory.arm != args.arm) or (args.model and args.model not in (model_of(trajectory), (trajectory.policy or {}).get("model"))):
            continue
        trajectories.append(trajectory)
    for problem in problems:
        print(f"skipped {problem}", file=sys.stderr)
    if not trajectories:
        print("error: no trajectory to export" + (" (none matches --arm/--model)" if files and not problems else ""),
              file=sys.stderr)
        return 2
    try:
        out = write_trajectory_log(trajectories, out, source=", ".join(args.trajectories),
                                   log_format=args.format if folder else None)
    except TrajectoryError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if out.suffix == ".json" and not listed_by_inspect_view(out):
        print(f"note: inspect view does not list {out.name}: it lists a .json log only when its name starts with "
              "a timestamp, as Inspect names its own (give a folder as --out to get such a name)", file=sys.stderr)
    print(f"export-inspect: {len(trajectories)} trajectories -> {out}")
    return 1 if problems else 0
