"""``python -m harness score TRAJECTORY.json... [--config FILE]`` — the scorers' verdicts on recorded
trajectories: JSON on stdout (a readable summary when stdout is a terminal, or with --format text).

Folders are searched for ``*.json`` trajectories and ``*.eval`` Inspect logs; an Inspect log of the
``stepwise/debug_repair`` task (or one ``export-inspect`` wrote) is scored sample by sample, each row's
file being ``LOG#ID (epoch N)``. Each file's task is looked up under --tasks-dir by
the document's task name (for line numbers and the recorded evidence); a task that is not there is
scored from the document alone. ``--write`` stores each verdict in its file's ``quality`` field.
Exit status: 0 when every file was scored, 1 when some could not be, 2 for a bad config or usage.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from corpus.format import TASKS_DIR
from harness.records.quality import Quality
from harness.scoring import PolicyConfigError, ScoringError, TaskMeta, load_policy_config, score_trajectory
from harness.trajectory import TrajectoryError, write_document

MAX_FILE_BYTES = 64 * 1024 * 1024


def trajectory_paths(paths: list[str]) -> tuple[list[Path], list[dict]]:
    """Files, and folders searched for ``*.json``; a missing path is a failure row."""
    files, failed = [], []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            files += sorted(p for pattern in ("*.json", "*.eval") for p in path.rglob(pattern)
                            if p.is_file() and not p.name.startswith("."))
        elif path.is_file():
            files.append(path)
        else:
            failed.append({"file": name, "error": "no such file or folder"})
    return files, failed


def read_document(path: Path) -> dict:
    """The JSON document in ``path``; raises ScoringError naming the file and the problem."""
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise ScoringError(f"{size / 2**20:.0f} MB is more than the {MAX_FILE_BYTES // 2**20} MB a trajectory "
                               "file may hold")
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise ScoringError(f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except UnicodeDecodeError:
        raise ScoringError("not UTF-8 text") from None
    except RecursionError:
        raise ScoringError("nested too deeply to be a trajectory") from None
    except OSError as exc:
        raise ScoringError(f"cannot be read ({exc.strerror or exc})") from None


def score_document(doc, label: str, config, tasks_dir: str) -> dict:
    """One document's row: its verdicts, or the error that kept it from being scored."""
    try:
        task = TaskMeta.for_document(doc, tasks_dir) if isinstance(doc, dict) else None
        quality = score_trajectory(doc, task or TaskMeta(), config)
    except ScoringError as exc:
        return {"file": label, "error": str(exc)}
    except Exception as exc:  # a scorer bug must not hide the other files' verdicts
        return {"file": label, "error": f"the scorer failed on this document ({type(exc).__name__}: {exc}); "
                                       "please report it with the file"}
    return {"file": label, "episode_id": doc.get("episode_id"), "task": doc.get("task"), "arm": doc.get("arm"),
            "quality": quality}


def score_file(path: Path, config, tasks_dir: str, write: bool) -> dict:
    try:
        doc = read_document(path)
    except ScoringError as exc:
        return {"file": str(path), "error": str(exc)}
    row = score_document(doc, str(path), config, tasks_dir)
    if write and "error" not in row:
        doc["quality"] = row["quality"].to_json()
        write_document(doc, path)
    return row


def score_inspect_log(path: Path, config, tasks_dir: str, write: bool) -> list[dict]:
    """A row per sample of an Inspect log; the log itself is never rewritten."""
    from harness.interop.inspect_log import log_trajectories

    try:
        samples = log_trajectories(path)
    except TrajectoryError as exc:
        return [{"file": str(path), "error": str(exc).removeprefix(f"{path}: ")}]
    if write:
        print(f"{path}: an Inspect log is scored but not rewritten (--write stores verdicts in trajectory files; "
              "export-inspect the scored trajectories instead)", file=sys.stderr)
    return [score_document(s.document, f"{path}#{s.sample}", config, tasks_dir) if s.document is not None
            else {"file": f"{path}#{s.sample}", "error": s.error} for s in samples]


def _as_json(row: dict) -> dict:
    return {**row, "quality": row["quality"].to_json()} if "quality" in row else row


def _yes_no(value) -> str:
    return "n/a" if value is None else ("yes" if value else "no")


def render_text(rows: list[dict]) -> str:
    lines = []
    for row in rows:
        if "error" in row:
            lines += [f"{row['file']}: error: {row['error']}", ""]
            continue
        q: Quality = row["quality"]
        policy, relevance = q.policy, q.edit_relevance
        verdict = (f"{policy.version} {policy.score:.2f} {'passed' if policy.passed else 'REJECTED'}" if policy
                   else "no policy verdict")
        lines.append(f"{row['file']}  {row.get('task')}/{row.get('arm')}  verified {_yes_no(q.verified)}  "
                     f"{verdict}  edit relevant {_yes_no(q.edit_relevant)}")
        for kind, reasons in (("hard", policy.hard_reasons if policy else ()),
                              ("soft", policy.soft_reasons if policy else ())):
            for reason in reasons:
                lines.append(f"  {kind}: {reason.rule}: {reason.message}")
        for edit in relevance.edits if relevance and relevance.debugger_started else ():
            informed = "informed by:" if edit.links else "no debugger observation is linked to it"
            lines.append(f"  edit at turn {edit.turn} ({edit.file}): {informed}")
            for link in edit.links:
                lines.append(f"    <- turn {link.turn} [{link.criterion} {link.criterion_name}] {link.reason}")
        lines.append("")
    scored = sum("error" not in r for r in rows)
    lines.append(f"{scored} scored, {len(rows) - scored} could not be scored")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m harness score", description=(__doc__ or "").split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("trajectories", nargs="+", help="trajectory files, or folders holding them")
    p.add_argument("--config", help="policy config: a released version name (pdb_policy_v1) or a JSON file")
    p.add_argument("--tasks-dir", default=str(TASKS_DIR), help="where tasks are looked up by name")
    p.add_argument("--format", choices=("auto", "json", "text"), default="auto",
                   help="json, text, or auto: text on a terminal, JSON otherwise")
    p.add_argument("--write", action="store_true", help="store each verdict in the file's quality field")
    args = p.parse_args(argv)
    try:
        config = load_policy_config(args.config)
    except PolicyConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    files, rows = trajectory_paths(args.trajectories)
    from harness.interop.inspect_log import is_inspect_log

    for path in files:
        if is_inspect_log(path):
            rows += score_inspect_log(path, config, args.tasks_dir, args.write)
        else:
            rows.append(score_file(path, config, args.tasks_dir, args.write))
    text = args.format == "text" or (args.format == "auto" and sys.stdout.isatty())
    if text:
        sys.stdout.write(render_text(rows))
    else:
        json.dump({"policy": {"version": config.version, "fingerprint": config.fingerprint()},
                   "scored": sum("error" not in r for r in rows), "failed": sum("error" in r for r in rows),
                   "results": [_as_json(row) for row in rows]}, sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
    return 0 if all("error" not in r for r in rows) else 1
