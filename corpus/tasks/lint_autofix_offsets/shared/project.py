"""`lint --fix` over a whole project: which files changed, and one line per file for the log."""

from dataclasses import dataclass

from autofix import autofix, summary


@dataclass
class ProjectResult:
    changed: dict
    log: list
    left: int


def fix_project(files):
    """files: path -> text. Only files whose text changed are returned in ``changed``."""
    changed, log, left = {}, [], 0
    for path in sorted(files):
        if not path.endswith(".py"):
            continue
        report = autofix(files[path])
        if report.text != files[path]:
            changed[path] = report.text
        left += len(report.remaining)
        log.append(f"{path}: {summary(report)}")
    return ProjectResult(changed, log, left)
