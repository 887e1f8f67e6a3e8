"""The real-bug corpus as a whole: its splits and its statistics page.

Splits keep near-identical bugs on one side: bugs of one project whose fixes touch a common file form one
group (joined transitively), and a group goes wholly to train, validation or heldout, chosen by a stable
hash of its first bug's name (about 70 / 15 / 15). A group holding a bug the previous splits already
placed keeps that side, so adding a bug (which may join an existing group and sort first in it) never
moves a placed one; only when a new bug joins two groups placed on different sides must one move.
"""

from __future__ import annotations

import hashlib
import json
import statistics
from collections import defaultdict
from pathlib import Path

from corpus.repository.task import RepositoryTask, patch_lines

SPLITS = (("train", 70), ("validation", 15), ("heldout", 15))


def near_identical_groups(tasks: list[RepositoryTask]) -> list[list[str]]:
    """Names grouped: one project's bugs whose fixes share a file, transitively."""
    parent = {t.name: t.name for t in tasks}

    def root(name: str) -> str:
        while parent[name] != name:
            parent[name] = parent[parent[name]]
            name = parent[name]
        return name

    owner: dict[tuple[str, str], str] = {}
    for task in sorted(tasks, key=lambda t: t.name):
        for path in task.fix_files:
            key = (task.spec.repo.name, path)
            if key in owner:
                parent[root(task.name)] = root(owner[key])
            else:
                owner[key] = task.name
    groups: dict[str, list[str]] = defaultdict(list)
    for task in tasks:
        groups[root(task.name)].append(task.name)
    return sorted(sorted(g) for g in groups.values())


def assign_splits(tasks: list[RepositoryTask], previous: dict[str, str] | None = None) -> dict[str, str]:
    out = {}
    known = {name for name, _share in SPLITS}
    for group in near_identical_groups(tasks):
        placed = [previous[name] for name in group if previous and previous.get(name) in known]
        if placed:
            split = placed[0]
        else:
            point = int(hashlib.sha256(group[0].encode()).hexdigest(), 16) % 100
            split = next(name for name, upto in _cumulative() if point < upto)
        out.update({name: split for name in group})
    return dict(sorted(out.items()))


def _cumulative():
    total = 0
    for name, share in SPLITS:
        total += share
        yield name, total


def statistics_markdown(tasks: list[RepositoryTask], splits: dict[str, str]) -> str:
    """The statistics page: per project and overall."""
    by_project: dict[str, list[RepositoryTask]] = defaultdict(list)
    for task in tasks:
        by_project[task.spec.repo.name].append(task)
    lines = ["# Real-bug corpus: statistics", "",
             "Written by `python -m corpus real-stats` from `corpus/real/` (do not edit).", "",
             "| project | bugs | Python | license | median fix lines | median files fixed | fail_to_pass | pass_to_pass | "
             "median pins | C locale | train / validation / heldout |",
             "| --- | ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |"]
    for project, group in sorted(by_project.items()):
        counts = [sum(1 for t in group if splits.get(t.name) == s) for s, _ in SPLITS]
        lines.append(
            f"| {project} | {len(group)} | {', '.join(sorted({t.spec.environment.python for t in group}))} | "
            f"{group[0].spec.repo.license} | {statistics.median(patch_lines(t.fix_patch) for t in group):g} | "
            f"{statistics.median(len(t.fix_files) for t in group):g} | "
            f"{sum(len(t.spec.tests.fail_to_pass) for t in group)} | {sum(len(t.spec.tests.pass_to_pass) for t in group)} | "
            f"{statistics.median(len(t.spec.environment.requirements) for t in group):g} | "
            f"{sum(1 for t in group if t.spec.environment.env)} | {' / '.join(map(str, counts))} |")
    groups = near_identical_groups(tasks)
    lines += ["", f"{len(tasks)} bugs from {len(by_project)} projects; {len(groups)} groups of near-identical bugs "
              "(one project's bugs whose fixes share a file), each kept on one side of the splits."]
    return "\n".join(lines) + "\n"


def write_splits(root: Path, tasks: list[RepositoryTask]) -> dict[str, str]:
    previous = None
    try:
        previous = json.loads((root / "splits.json").read_text())
    except (OSError, ValueError):
        pass
    splits = assign_splits(tasks, previous if isinstance(previous, dict) else None)
    (root / "splits.json").write_text(json.dumps(splits, indent=1) + "\n")
    return splits
