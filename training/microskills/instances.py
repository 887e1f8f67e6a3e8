"""Instantiating a skill on a corpus task: the file, line and function to work on come from the task's
recorded evidence (a line where the bug shows at runtime), the test file from the tests that import
that module, the library from the dependency manifest, the one-line fix from buggy vs correct. A task
that lacks what a skill needs gets no instance."""

from __future__ import annotations

import difflib
import re
from pathlib import PurePosixPath

from corpus.format import Task
from corpus.materialize import strip_bug_markers
from harness.scoring.commands import is_test_path
from harness.scoring.source import function_at
from training.microskills.schema import MicroSkill, SkillInstance

_EXCEPTION = re.compile(r"\b(?!Assertion)[A-Z]\w*(?:Error|Exception)\b")


def _modules(task: Task) -> dict[str, str]:
    """The non-test files of the agent's workspace, as it sees them."""
    return {**task.shared_files, **{n: strip_bug_markers(t) for n, t in task.buggy_files.items()}}


def evidence_target(task: Task) -> tuple[str, int, str, str | None] | None:
    """(file, line, function, the test file it names) of the first evidence item in a module."""
    modules = _modules(task)
    for item in task.evidence:
        if item.file in modules and not is_test_path(item.file):
            found = function_at(modules[item.file], item.line)
            named = item.test.split("::", 1)[0] if item.test else None
            return item.file, item.line, found.name if found else "<module>", named
    return None


def test_file_for(task: Task, module: str) -> str | None:
    """The test file that imports ``module`` (else the first test file)."""
    tests = sorted(task.test_files)
    stem = PurePosixPath(module).stem
    importing = re.compile(rf"^\s*(from|import)\s+{re.escape(stem)}\b", re.MULTILINE)
    return next((name for name in tests if importing.search(task.test_files[name])), tests[0] if tests else None)


def library_of(task: Task, module: str) -> str | None:
    """The import name of a dependency ``module`` imports (``python-dateutil`` -> ``dateutil``)."""
    text = _modules(task).get(module, "")
    for requirement in task.dependencies:
        dist = re.split(r"[<>=!~\[; ]", requirement, maxsplit=1)[0].strip().lower()
        for name in dict.fromkeys([dist, dist.replace("-", "_"), dist.removeprefix("python-"),
                                   dist.removeprefix("py")]):
            if name and re.search(rf"^\s*(from|import)\s+{re.escape(name)}\b", text, re.MULTILINE):
                return name
    return None


def one_line_fix(task: Task) -> tuple[str, int, str, str] | None:
    """(file, line, buggy line, fixed line) when the first change of a module is one line for one."""
    correct = task.correct_files
    for name, text in sorted(_modules(task).items()):
        if name not in correct:
            continue
        before, after = text.splitlines(), strip_bug_markers(correct[name]).splitlines()
        for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, before, after, autojunk=False).get_opcodes():
            if tag == "equal":
                continue
            if tag == "replace" and i2 - i1 == 1 and j2 - j1 == 1 and text.count(before[i1].strip()) == 1:
                return name, i1 + 1, before[i1].strip(), after[j1].strip()
            break
    return None


def stale_variant(line: str, text: str) -> str | None:
    """The line as an older revision might have held it (a space more after the first bracket, or a
    doubled space), which no longer matches the file: what the failed-edit exercise starts from."""
    for candidate in (line.replace("(", "( ", 1), line.replace("[", "[ ", 1), line.replace(" ", "  ", 1)):
        if candidate != line and candidate not in text:
            return candidate
    return None


def instantiate(skill: MicroSkill, task: Task) -> SkillInstance | None:
    """The skill on ``task``, or None when the task lacks what the skill needs."""
    needs = skill.needs
    fields: dict = {}
    if "debugger" in needs and task.preference == "avoid":
        return None
    if "deadlock" in needs and not ("deadlock" in task.tags or task.meta.get("failure") == "hang"):
        return None
    if "exception" in needs and not _EXCEPTION.search(task.description):
        return None
    target = evidence_target(task)
    if "evidence" in needs:
        if target is None:
            return None
        fields["file"], fields["line"], fields["function"], _ = target
    if target is not None:  # the test the evidence names, else one that imports the module
        fields["test_file"] = target[3] if target[3] in task.test_files else test_file_for(task, target[0])
    else:
        fields["test_file"] = next(iter(sorted(task.test_files)), None)
    if fields.get("test_file") is None:
        return None
    if "dependency" in needs:
        package = library_of(task, fields.get("file", ""))
        if package is None:
            return None
        fields["package"] = package
    if "one_line_fix" in needs:
        fix = one_line_fix(task)
        if fix is None:
            return None
        fix_file, fix_line, old, new = fix
        stale = stale_variant(old, _modules(task)[fix_file])
        if stale is None:
            return None
        fields.update(fix_file=fix_file, fix_line=fix_line, old_text=old, new_text=new, stale_text=stale)
    return SkillInstance(skill, task, fields)
