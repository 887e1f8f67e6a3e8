"""A generator's run made into committed tasks (``python -m corpus publish-generated``), rerunning nothing.

A run made with ``--repo`` over a checkout of a real bug's fixed commit holds a copy of the repository
(``OUT/sources/``) that its tasks point at; the committed form names the real corpus's history and the
commit instead (``corpus.repository.spec.history_repo``). Publishing checks that the copy is that commit's
tree, then copies each kept task's ``meta.json`` (its ``repo`` rewritten, its ``category`` its operator's
now) and ``planted.patch``, and writes the run's record (``corpus.generated_corpus``). A run made with
``--from-real`` is copied as it is. A run still going publishes what it has decided so far; publishing it
again later adds the rest.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from corpus.generated_corpus import (
    KEPT,
    REPORT_FILE,
    RUNS_FOLDER,
    STATE_FILE,
    change_identity,
    read_state,
    run_id,
    state_counts,
    task_run_id,
)
from corpus.plant.edits import PatchError, apply_patch
from corpus.plant.materialize import PATCH_FILE, left_out_of_snapshot
from corpus.real_bugs import RealBugNotFound, real_bug, real_bugs_at
from corpus.recategorize import declared_category
from corpus.repository.source import SourceError, full_commit, git, read_file
from corpus.repository.spec import GIT_VERSION, history_repo
from corpus.repository.task import RepositoryTask


class PublishError(ValueError):
    """The run cannot be published; the message names the run and what is wrong."""


@dataclass
class Published:
    run: str  # its record's name
    from_real: str
    published: list[str] = field(default_factory=list)
    skipped: dict[str, str] = field(default_factory=dict)  # task -> why it was left out
    untracked: list[str] = field(default_factory=list)  # files of the copy the commit lacks (not modules)
    record: Path | None = None


def publish(run: Path, into: Path, from_real: str | None = None) -> Published:
    run = Path(run)
    if not (run / STATE_FILE).is_file():
        raise PublishError(f"{run}: no {STATE_FILE}; give a 'python -m corpus generate' output folder (--out)")
    state = read_state(run)
    metas = {}
    for entry in state.values():
        if entry["outcome"] == KEPT and entry.get("task"):
            path = run / "tasks" / entry["task"] / "meta.json"
            if not path.is_file():
                raise PublishError(f"{run}: kept task {entry['task']} has no meta.json")
            metas[entry["task"]] = json.loads(path.read_text(encoding="utf-8"))
    report = json.loads((run / REPORT_FILE).read_text(encoding="utf-8")) if (run / REPORT_FILE).is_file() else None
    project, version, seed = _identity(run, metas, report)
    match = GIT_VERSION.match(version)
    if match is None:
        raise PublishError(f"{run}: its repository version {version} is not a git commit; publish takes runs made "
                           "at a real bug's fixed commit (--repo over a clean checkout of it, or --from-real)")
    named = {m["repo"].get("from_real") for m in metas.values()} - {None}  # a --from-real run names its bug
    environments = [m.get("environment") for m in metas.values()]
    bug = _bug(run, project, match.group(1), from_real or (min(named) if len(named) == 1 else None), environments)
    try:
        git_dir = bug.history()
        commit = full_commit(git_dir, match.group(1))
    except SourceError as exc:
        raise PublishError(f"{run}: {exc}") from None
    if commit != full_commit(git_dir, bug.spec.repo.fixed_commit):
        raise PublishError(f"{run}: it was made at {commit[:12]}, not at {bug.name}'s fixed commit "
                           f"{bug.spec.repo.fixed_commit[:12]}")
    result = Published(run=run_id(bug.name, seed), from_real=bug.name)
    snapshots = {(run / "tasks" / name / meta["repo"]["snapshot"]).resolve()
                 for name, meta in metas.items() if "snapshot" in meta["repo"]}
    for snapshot in sorted(snapshots):
        problems, result.untracked = snapshot_differences(snapshot, git_dir, commit)
        if problems:
            raise PublishError(f"{run}: its copy {snapshot.name} is not {bug.name}'s fixed commit {commit[:12]}: "
                               f"{problems[0]}" + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""))
    into.mkdir(parents=True, exist_ok=True)
    texts: dict[str, str | None] = {}
    others = published_changes(into, but=result.run)
    for name, meta in sorted(metas.items()):
        why = _refusal(into / name, meta, result.run, run / "tasks" / name, git_dir, commit, texts)
        same = others.get(change_identity(meta, (run / "tasks" / name / PATCH_FILE).read_text(encoding="utf-8")))
        if why is None and same is not None:
            why = f"the same change was published as {same[0]} by run {same[1]} (another commit of {project})"
        if why:
            result.skipped[name] = why
            continue
        # The category its operator declares now: a run made before an operator's category changed publishes
        # tasks that load.
        category = declared_category(meta) or meta.get("category")
        _write_task(into / name, {**meta, "category": category,
                                  "repo": history_repo(project, version, bug.spec.repo.source, bug.name)},
                    run / "tasks" / name / PATCH_FILE)
        result.published.append(name)
    record = {"run": result.run, "from_real": bug.name, "repo": project, "version": version, "seed": seed,
              **state_counts(state.values()), "published": result.published, "skipped": result.skipped,
              "untracked": result.untracked, "generate_report": report}
    (into / RUNS_FOLDER).mkdir(exist_ok=True)
    result.record = into / RUNS_FOLDER / f"{result.run}.json"
    _write_json(result.record, record)
    return result


def _identity(run: Path, metas: dict[str, dict], report: dict | None) -> tuple[str, str, int]:
    """The project, version and seed every kept task (or, with none kept yet, the report) names."""
    seen = {(m["repo"]["name"], m["repo"]["version"], int(m["generator"]["seed"])) for m in metas.values()}
    if report is not None and not seen:
        seen = {(report["repo"], report["version"], int(report["seed"]))}
    if not seen:
        raise PublishError(f"{run}: no task kept yet and no {REPORT_FILE}; nothing to publish")
    if len(seen) > 1:
        raise PublishError(f"{run}: its tasks name {len(seen)} repository versions or seeds; publish one run at a time")
    return next(iter(seen))


def _bug(run: Path, project: str, commit: str, from_real: str | None, environments: list) -> RepositoryTask:
    """The real bug named, else the one fixed at ``commit`` (whose environment the tasks ran in, when several are)."""
    if from_real is not None:
        try:
            bug = real_bug(from_real)
        except RealBugNotFound as exc:
            raise PublishError(f"--from-real {exc}") from None
        if bug.spec.repo.name != project:
            raise PublishError(f"{run}: its project is {project}, {bug.name}'s is {bug.spec.repo.name}")
        return bug
    bugs = real_bugs_at(project, commit)
    if not bugs:
        raise PublishError(f"{run}: {project} at {commit[:12]} is no real bug's fixed commit; publish takes runs made "
                           "at one (the lead's checkout of corpus/real/<bug>'s fixed commit)")
    return sorted(bugs, key=lambda b: (b.spec.environment.to_dict() not in environments, b.name))[0]


def snapshot_differences(snapshot: Path, git_dir: Path, commit: str) -> tuple[list[str], list[str]]:
    """How a generator's copy of a checkout differs from ``commit``'s tree, beyond what a copy leaves out
    (``corpus.plant.materialize.left_out_of_snapshot``, links): (problems, untracked non-module files)."""
    tracked = {}
    for entry in git(git_dir, "ls-tree", "-r", "-z", commit).stdout.split("\0"):
        if entry:
            info, path = entry.split("\t", 1)
            mode, kind, sha = info.split()
            if kind == "blob" and mode != "120000":
                tracked[path] = sha
    on_disk: dict[str, Path] = {}
    for folder, dirs, files in os.walk(snapshot):
        dirs[:] = [d for d in dirs if not os.path.islink(os.path.join(folder, d))]
        for name in files:
            full = Path(folder) / name
            if not full.is_symlink():
                on_disk[full.relative_to(snapshot).as_posix()] = full
    problems, untracked = [], []
    for rel, full in sorted(on_disk.items()):
        sha = tracked.get(rel)
        if sha is None:
            if rel.endswith(".py"):
                problems.append(f"it holds {rel}, which the commit does not (an untracked module)")
            else:
                untracked.append(rel)
            continue
        data = full.read_bytes()
        if hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest() != sha:
            problems.append(f"{rel} differs from the commit's")
    for rel in sorted(set(tracked) - set(on_disk)):
        if not any(left_out_of_snapshot(part) for part in rel.split("/")):
            problems.append(f"it lacks {rel}, which the commit has")
    return problems, untracked


def published_changes(into: Path, but: str) -> dict[tuple[str, ...], tuple[str, str]]:
    """The changes of the tasks already in ``into`` that other runs than ``but`` published: (task, run) by
    ``change_identity``."""
    changes = {}
    for meta_file in sorted(into.glob("*/meta.json")):
        try:
            meta = json.loads(meta_file.read_text(encoding="utf-8"))
            patch = (meta_file.parent / PATCH_FILE).read_text(encoding="utf-8")
        except (OSError, ValueError):
            continue  # not a task folder the check would accept; check_generated reports it
        run = task_run_id(meta)
        if run is not None and run != but:
            changes.setdefault(change_identity(meta, patch), (meta_file.parent.name, run))
    return changes


def _refusal(target: Path, meta: dict, run: str, source: Path, git_dir: Path, commit: str,
             texts: dict[str, str | None]) -> str | None:
    """Why a kept task is left out, or None: another run published a task of that name, or its patch does not
    apply to the commit's file."""
    if (target / "meta.json").is_file():
        other = task_run_id(json.loads((target / "meta.json").read_text(encoding="utf-8")))
        if other != run:
            return f"a task of that name was published by run {other}"
    file = str(meta["generator"]["file"])
    if file not in texts:
        data = read_file(git_dir, commit, file)
        texts[file] = data.decode("utf-8") if data is not None else None
    correct = texts[file]
    if correct is None:
        return f"{file} is not in the commit"
    try:
        apply_patch(correct, (source / PATCH_FILE).read_text(encoding="utf-8"))
    except (PatchError, OSError, ValueError, IndexError) as exc:
        return f"its planted.patch does not apply to the commit's {file} ({exc})"
    return None


def _write_task(folder: Path, meta: dict, patch: Path) -> None:
    partial = folder.with_name(f".{folder.name}.part")
    shutil.rmtree(partial, ignore_errors=True)
    partial.mkdir(parents=True)
    _write_json(partial / "meta.json", meta)
    shutil.copyfile(patch, partial / PATCH_FILE)
    shutil.rmtree(folder, ignore_errors=True)
    partial.rename(folder)


def _write_json(path: Path, data: dict) -> None:
    partial = path.with_name(f".{path.name}.part")
    partial.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    partial.replace(path)
