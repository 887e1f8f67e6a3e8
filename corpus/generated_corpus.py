"""The committed generated tasks (``corpus/generated/``) and the records of the runs that made them.

A published task is ``<root>/<task>/{meta.json, planted.patch}``, its ``repo`` naming a real bug's history
and fixed commit (``corpus.repository.spec.parse_generated``); each run that contributed tasks has a record,
``<root>/_runs/<bug>-seed<seed>.json``: what its state file decided (``decided`` candidates by outcome, kept ones by
label and operator), the tasks it published and those it left out (and why), and the generator's own report.

``check_generated`` is the corpus's standing check (CI): every task loads, its planted patch applies to its
tree (materialized once per history commit, never an environment), every function's mutations share one
split, no change is published twice (from two commits of one project), each task's category is its
operator's (``corpus.recategorize``), and every run's record matches the task folders.
"""

from __future__ import annotations

import json
import time
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from corpus.format import Task, TaskFormatError, load_task, task_dirs
from corpus.plant.edits import PatchError, apply_patch
from corpus.recategorize import declared_category, operator_name
from corpus.repository.corpus_root import GENERATED_TASKS_DIR
from corpus.repository.source import SourceError
from corpus.repository.task import GeneratedTask
from corpus.splits import SPLITS, hash_split

RUNS_FOLDER = "_runs"
# A generator's output folder: every decision as it is made, and the run's report.
STATE_FILE = "generate-state.jsonl"
REPORT_FILE = "generate-report.json"
KEPT = "kept"


def run_id(from_real: str, seed: int) -> str:
    """A run's name in the corpus: the real bug whose fixed tree it planted in, and its seed (which decides
    every candidate: the same bug and seed give the same tasks)."""
    return f"{from_real}-seed{seed}"


def task_run_id(meta: dict) -> str | None:
    repo, generator = meta.get("repo"), meta.get("generator")
    if not isinstance(repo, dict) or not isinstance(generator, dict) or not repo.get("from_real"):
        return None
    return run_id(str(repo["from_real"]), int(generator.get("seed", 0)))


def read_state(run: Path) -> dict[str, dict]:
    """A run's decisions by candidate key (the last one stands, as when the run resumes)."""
    entries: dict[str, dict] = {}
    for line in (run / STATE_FILE).read_text(encoding="utf-8").splitlines():
        try:
            entry = json.loads(line)
            entries[entry["key"]] = entry
        except (json.JSONDecodeError, KeyError, TypeError):
            continue  # a half-written last line of a run still going
    return entries


def state_counts(entries: Iterable[dict]) -> dict:
    """Candidates by outcome, kept ones by label, and outcomes by operator (the key's second field)."""
    outcomes: Counter = Counter()
    labels: Counter = Counter()
    by_operator: dict[str, Counter] = defaultdict(Counter)
    for entry in entries:
        outcomes[entry["outcome"]] += 1
        by_operator[str(entry["key"]).split("|")[1] if "|" in str(entry["key"]) else "?"][entry["outcome"]] += 1
        if entry["outcome"] == KEPT and entry.get("label"):
            labels[entry["label"]] += 1
    return {"decided": sum(outcomes.values()), "kept": outcomes[KEPT],
            "rejected": {k: v for k, v in sorted(outcomes.items()) if k != KEPT}, "labels": dict(sorted(labels.items())),
            "by_operator": {op: dict(sorted(c.items())) for op, c in sorted(by_operator.items())}}


def split_straddles(tasks: Iterable[GeneratedTask]) -> list[str]:
    """One line per function whose mutations are not all in one split, or a task whose split is not its
    group's (``corpus.splits.hash_split`` of ``split_group``)."""
    lines = []
    groups: dict[str, list[GeneratedTask]] = defaultdict(list)
    for task in tasks:
        group = task.meta.get("split_group")
        if not isinstance(group, str) or task.meta.get("split") not in SPLITS:
            lines.append(f"{task.name}: split_group or split missing (every generated task carries both)")
            continue
        groups[group].append(task)
    for group, members in sorted(groups.items()):
        wanted = hash_split(group)
        wrong = sorted(t.name for t in members if t.meta["split"] != wanted)
        if wrong:
            lines.append(f"{group}: {len(wrong)} of its {len(members)} task(s) are not in its split {wanted} "
                         f"(first {wrong[0]}); a function's mutations share one split")
    return lines


def category_mismatches(tasks: Iterable[Task]) -> list[str]:
    """One line per task whose category is not the one its operator declares (an operator's category changed
    after it was published): ``python -m corpus publish-generated --recategorize`` mends them."""
    lines = []
    for task in tasks:
        wanted = declared_category(task.meta)
        if wanted is None:
            lines.append(f"{task.name}: its generator.operator {operator_name(task.meta)!r} is no registered operator")
        elif task.category != wanted:
            lines.append(f"{task.name}: category {task.category!r}, but its operator {operator_name(task.meta)} "
                         f"declares {wanted!r} (python -m corpus publish-generated --recategorize)")
    return lines


def change_identity(meta: dict, patch: str) -> tuple[str, ...]:
    """What makes two generated tasks the same bug, whatever commit of the project each was planted at: the
    project, file, function and operator, and the patch's hunks: the lines it removes and adds with the lines
    around them (which tell apart one edit at two places of a function), without the hunks' line numbers or
    the indentation, which other commits may shift."""
    generator, repo = meta.get("generator") or {}, meta.get("repo") or {}
    edit = [line[0] + line[1:].strip() for line in patch.splitlines()
            if line[:1] in " -+" and not line.startswith(("---", "+++"))]
    return (str(repo.get("name")), str(generator.get("file")), str(generator.get("function")),
            str(generator.get("operator")), "\n".join(edit))


def repeated_changes(tasks: Iterable[GeneratedTask]) -> list[str]:
    """One line per change published more than once (the same mutation planted at two commits of a project
    would be one bug counted twice, and could sit in two splits' worth of training data)."""
    seen: dict[tuple[str, ...], list[str]] = defaultdict(list)
    for task in tasks:
        seen[change_identity(task.meta, task.planted_patch)].append(task.name)
    return [f"{names[0]}: the same change is published {len(names)} times (also {', '.join(names[1:])}); keep one"
            for names in (sorted(n) for n in seen.values()) if len(names) > 1]


def heldout_fixed_trees(tasks: Iterable[GeneratedTask], real_splits: dict[str, str]) -> list[str]:
    """One line per heldout real bug whose fixed tree (which shows its fix) holds generated tasks outside
    heldout: training on them shows the model that bug's fixed code."""
    counts: Counter = Counter()
    for task in tasks:
        bug = task.meta["repo"].get("from_real")
        if bug and real_splits.get(bug) == "heldout" and task.meta.get("split") != "heldout":
            counts[bug] += 1
    return [f"{bug}: {n} generated task(s) outside heldout are planted in the fixed tree of this heldout real bug"
            for bug, n in sorted(counts.items())]


@dataclass
class GeneratedCheck:
    tasks: int = 0
    runs: int = 0
    trees: int = 0  # history commits materialized (once per machine) to apply the patches
    problems: list[str] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)  # load, trees, patches, runs

    @property
    def ok(self) -> bool:
        return not self.problems


def check_generated(root: Path = GENERATED_TASKS_DIR) -> GeneratedCheck:
    check = GeneratedCheck()
    began = time.monotonic()
    tasks: list[GeneratedTask] = []
    for folder in task_dirs(root):
        try:
            task = load_task(folder)
        except TaskFormatError as exc:
            check.problems.append(str(exc) + (" (python -m corpus publish-generated --recategorize sets its "
                                              "operator's)" if exc.field == "category" else ""))
            continue
        if not isinstance(task, GeneratedTask) or not task.in_history:
            check.problems.append(f"{folder.name}: not a generated task naming a history and commit (publish runs "
                                  "with 'python -m corpus publish-generated')")
            continue
        tasks.append(task)
    check.tasks = len(tasks)
    check.problems += split_straddles(tasks) + repeated_changes(tasks) + category_mismatches(tasks)
    check.seconds["load"] = time.monotonic() - began
    _check_patches(tasks, check)
    began = time.monotonic()
    check.problems += _check_runs(root, tasks, check)
    check.seconds["runs"] = time.monotonic() - began
    return check


def _check_patches(tasks: list[GeneratedTask], check: GeneratedCheck) -> None:
    """Each planted patch applies to its tree and changes it; the tree of each history commit is
    materialized once (the real bugs' cache), and its files read once."""
    trees: dict[tuple[str, str], Path | str] = {}
    texts: dict[tuple[Path, str], str | None] = {}
    spent = 0.0
    began = time.monotonic()
    for task in sorted(tasks, key=lambda t: t.name):
        key = (task.spec.repo.source, task.spec.repo.fixed_commit)
        if key not in trees:
            started = time.monotonic()
            try:
                trees[key] = task.snapshot
            except (TaskFormatError, SourceError) as exc:
                trees[key] = str(exc)
            spent += time.monotonic() - started
        tree = trees[key]
        if isinstance(tree, str):
            check.problems.append(f"{task.name}: its tree cannot be materialized ({tree})")
            continue
        path = (tree, task.planted_file)
        if path not in texts:
            file = tree / task.planted_file
            texts[path] = file.read_text(encoding="utf-8") if file.is_file() else None
        correct = texts[path]
        if correct is None:
            check.problems.append(f"{task.name}: {task.planted_file} is not in {task.spec.repo.source} at "
                                  f"{task.spec.repo.fixed_commit[:12]}")
            continue
        try:
            planted = apply_patch(correct, task.planted_patch)
        except (PatchError, OSError, ValueError, IndexError) as exc:
            check.problems.append(f"{task.name}: planted.patch does not apply to its tree ({exc})")
            continue
        if planted == correct:
            check.problems.append(f"{task.name}: planted.patch changes nothing")
    check.trees = sum(1 for tree in trees.values() if not isinstance(tree, str))
    check.seconds["trees"] = spent
    check.seconds["patches"] = time.monotonic() - began - spent


def read_run_records(root: Path) -> tuple[dict[str, dict], list[str]]:
    """The records under ``root/_runs`` by run, and one line per record that is not readable JSON."""
    records, problems = {}, []
    for path in sorted((root / RUNS_FOLDER).glob("*.json")):
        try:
            records[path.stem] = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            problems.append(f"{RUNS_FOLDER}/{path.name}: not readable JSON ({exc})")
    return records, problems


def _check_runs(root: Path, tasks: list[GeneratedTask], check: GeneratedCheck) -> list[str]:
    by_run: dict[str, set[str]] = defaultdict(set)
    for task in tasks:
        by_run[task_run_id(task.meta) or "?"].add(task.name)
    records, problems = read_run_records(root)
    check.runs = len(records)
    for run, names in sorted(by_run.items()):
        if run not in records:
            problems.append(f"{len(names)} task(s) of run {run} (first {min(names)}) have no record "
                            f"{RUNS_FOLDER}/{run}.json")
    for run, record in sorted(records.items()):
        published = set(record.get("published", []))
        skipped = record.get("skipped", {})
        present = by_run.get(run, set())
        if published != present:
            missing, extra = sorted(published - present), sorted(present - published)
            problems.append(f"{RUNS_FOLDER}/{run}.json lists {len(published)} task(s), the folders hold {len(present)}"
                            + (f"; missing {missing[0]}" if missing else "") + (f"; unlisted {extra[0]}" if extra else ""))
        if record.get("kept") != len(published) + len(skipped):
            problems.append(f"{RUNS_FOLDER}/{run}.json counts {record.get('kept')} kept but lists {len(published)} "
                            f"published and {len(skipped)} left out")
    return problems
